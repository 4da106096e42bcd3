from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BoardViewEngagementsItem")


@_attrs_define
class BoardViewEngagementsItem:
    """
    Attributes:
        attacker (str):
        defender (str):
    """

    attacker: str
    defender: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attacker = self.attacker

        defender = self.defender

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attacker": attacker,
                "defender": defender,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        attacker = d.pop("attacker")

        defender = d.pop("defender")

        board_view_engagements_item = cls(
            attacker=attacker,
            defender=defender,
        )

        board_view_engagements_item.additional_properties = d
        return board_view_engagements_item

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
