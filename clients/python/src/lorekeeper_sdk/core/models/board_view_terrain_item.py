from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BoardViewTerrainItem")


@_attrs_define
class BoardViewTerrainItem:
    """
    Attributes:
        hex_ (list[int]): `[col, row]` in odd-r offset coordinates (R-BRD-1).
        kind (str):
    """

    hex_: list[int]
    kind: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        hex_ = self.hex_

        kind = self.kind

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "hex": hex_,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        hex_ = cast(list[int], d.pop("hex"))

        kind = d.pop("kind")

        board_view_terrain_item = cls(
            hex_=hex_,
            kind=kind,
        )

        board_view_terrain_item.additional_properties = d
        return board_view_terrain_item

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
