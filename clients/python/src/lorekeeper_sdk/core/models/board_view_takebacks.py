from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BoardViewTakebacks")


@_attrs_define
class BoardViewTakebacks:
    """Only in a game with takebacks (TKB-1, docs/play/takebacks.md). `request`: the seat
    whose takeback request waits for the other seat's answer; null when none waits.

        Attributes:
            request (int | None):
    """

    request: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        request: int | None
        request = self.request

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "request": request,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_request(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        request = _parse_request(d.pop("request"))

        board_view_takebacks = cls(
            request=request,
        )

        board_view_takebacks.additional_properties = d
        return board_view_takebacks

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
