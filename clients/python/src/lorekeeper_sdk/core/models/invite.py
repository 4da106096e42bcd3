from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Invite")


@_attrs_define
class Invite:
    """
    Attributes:
        seat (int | Unset):
        expires_in_s (int | Unset):
    """

    seat: int | Unset = UNSET
    expires_in_s: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        expires_in_s = self.expires_in_s

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if seat is not UNSET:
            field_dict["seat"] = seat
        if expires_in_s is not UNSET:
            field_dict["expires_in_s"] = expires_in_s

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        seat = d.pop("seat", UNSET)

        expires_in_s = d.pop("expires_in_s", UNSET)

        invite = cls(
            seat=seat,
            expires_in_s=expires_in_s,
        )

        return invite
