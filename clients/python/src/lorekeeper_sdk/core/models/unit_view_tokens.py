from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="UnitViewTokens")


@_attrs_define
class UnitViewTokens:
    """
    Attributes:
        poison (int):
        frost (int):
        fire (int):
    """

    poison: int
    frost: int
    fire: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        poison = self.poison

        frost = self.frost

        fire = self.fire

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "poison": poison,
                "frost": frost,
                "fire": fire,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        poison = d.pop("poison")

        frost = d.pop("frost")

        fire = d.pop("fire")

        unit_view_tokens = cls(
            poison=poison,
            frost=frost,
            fire=fire,
        )

        unit_view_tokens.additional_properties = d
        return unit_view_tokens

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
