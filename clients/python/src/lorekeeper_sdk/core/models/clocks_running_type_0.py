from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ClocksRunningType0")


@_attrs_define
class ClocksRunningType0:
    """
    Attributes:
        seat (int):
        period (str):
        since_ms (int):
        deadline_ms (int):
        remaining_ms (int):
    """

    seat: int
    period: str
    since_ms: int
    deadline_ms: int
    remaining_ms: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        period = self.period

        since_ms = self.since_ms

        deadline_ms = self.deadline_ms

        remaining_ms = self.remaining_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "period": period,
                "since_ms": since_ms,
                "deadline_ms": deadline_ms,
                "remaining_ms": remaining_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat")

        period = d.pop("period")

        since_ms = d.pop("since_ms")

        deadline_ms = d.pop("deadline_ms")

        remaining_ms = d.pop("remaining_ms")

        clocks_running_type_0 = cls(
            seat=seat,
            period=period,
            since_ms=since_ms,
            deadline_ms=deadline_ms,
            remaining_ms=remaining_ms,
        )

        clocks_running_type_0.additional_properties = d
        return clocks_running_type_0

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
