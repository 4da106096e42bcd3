from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.order_options_breath_cost import OrderOptionsBreathCost


T = TypeVar("T", bound="OrderOptions")


@_attrs_define
class OrderOptions:
    """Present in the order phase, for the seat to act (R-TRN-4): the listed single-unit
    `order` actions may be merged into one (their `units`, `breath`, `roost` and
    `remove_tokens` joined, each unit once, fewer tokens removed if wished) with at most
    `max_units` units, costing at most `lore`: `breath_cost` of each unit in `breath`
    (R-BRE-1) plus `token_cost` per token removed (R-BRE-9).

        Attributes:
            max_units (int): The scenario's orders_per_turn.
            lore (int): The seat's lore: what orders may cost.
            units (list[str]): Units with a listed order.
            breath_cost (OrderOptionsBreathCost): Each of those dragons' breath cost.
            token_cost (int): Lore per effect token removed.
    """

    max_units: int
    lore: int
    units: list[str]
    breath_cost: OrderOptionsBreathCost
    token_cost: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        max_units = self.max_units

        lore = self.lore

        units = self.units

        breath_cost = self.breath_cost.to_dict()

        token_cost = self.token_cost

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "max_units": max_units,
                "lore": lore,
                "units": units,
                "breath_cost": breath_cost,
                "token_cost": token_cost,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.order_options_breath_cost import OrderOptionsBreathCost

        d = dict(src_dict)
        max_units = d.pop("max_units")

        lore = d.pop("lore")

        units = cast(list[str], d.pop("units"))

        breath_cost = OrderOptionsBreathCost.from_dict(d.pop("breath_cost"))

        token_cost = d.pop("token_cost")

        order_options = cls(
            max_units=max_units,
            lore=lore,
            units=units,
            breath_cost=breath_cost,
            token_cost=token_cost,
        )

        order_options.additional_properties = d
        return order_options

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
