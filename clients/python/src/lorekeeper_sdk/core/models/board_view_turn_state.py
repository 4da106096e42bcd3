from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BoardViewTurnState")


@_attrs_define
class BoardViewTurnState:
    """
    Attributes:
        ordered (list[str]):
        moved (list[str]):
        battled (list[str]):
        breath_paid (list[str]):
    """

    ordered: list[str]
    moved: list[str]
    battled: list[str]
    breath_paid: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        ordered = self.ordered

        moved = self.moved

        battled = self.battled

        breath_paid = self.breath_paid

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "ordered": ordered,
                "moved": moved,
                "battled": battled,
                "breath_paid": breath_paid,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        ordered = cast(list[str], d.pop("ordered"))

        moved = cast(list[str], d.pop("moved"))

        battled = cast(list[str], d.pop("battled"))

        breath_paid = cast(list[str], d.pop("breath_paid"))

        board_view_turn_state = cls(
            ordered=ordered,
            moved=moved,
            battled=battled,
            breath_paid=breath_paid,
        )

        board_view_turn_state.additional_properties = d
        return board_view_turn_state

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
