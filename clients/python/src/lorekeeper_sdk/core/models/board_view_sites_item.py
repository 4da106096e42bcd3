from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BoardViewSitesItem")


@_attrs_define
class BoardViewSitesItem:
    """
    Attributes:
        hex_ (list[int]): `[col, row]` in odd-r offset coordinates (R-BRD-1).
        kind (str):
        capacity (int):
        riders (int):
        red_border (bool | Unset): Villages, and sites marked so (R-BRD-4).
    """

    hex_: list[int]
    kind: str
    capacity: int
    riders: int
    red_border: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        hex_ = self.hex_

        kind = self.kind

        capacity = self.capacity

        riders = self.riders

        red_border = self.red_border

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "hex": hex_,
                "kind": kind,
                "capacity": capacity,
                "riders": riders,
            }
        )
        if red_border is not UNSET:
            field_dict["red_border"] = red_border

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        hex_ = cast(list[int], d.pop("hex"))

        kind = d.pop("kind")

        capacity = d.pop("capacity")

        riders = d.pop("riders")

        red_border = d.pop("red_border", UNSET)

        board_view_sites_item = cls(
            hex_=hex_,
            kind=kind,
            capacity=capacity,
            riders=riders,
            red_border=red_border,
        )

        board_view_sites_item.additional_properties = d
        return board_view_sites_item

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
