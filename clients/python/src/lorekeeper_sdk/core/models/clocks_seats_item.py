from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ClocksSeatsItem")


@_attrs_define
class ClocksSeatsItem:
    """
    Attributes:
        seat (int):
        remaining_ms (int):
        timeouts (int):
    """

    seat: int
    remaining_ms: int
    timeouts: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        remaining_ms = self.remaining_ms

        timeouts = self.timeouts

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "remaining_ms": remaining_ms,
                "timeouts": timeouts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        remaining_ms = d.pop("remaining_ms")

        timeouts = d.pop("timeouts")

        clocks_seats_item = cls(
            seat=seat,
            remaining_ms=remaining_ms,
            timeouts=timeouts,
        )

        clocks_seats_item.additional_properties = d
        return clocks_seats_item

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
