from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Decline")


@_attrs_define
class Decline:
    """
    Attributes:
        invitation (str | Unset):
    """

    invitation: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        invitation = self.invitation

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if invitation is not UNSET:
            field_dict["invitation"] = invitation

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        invitation = d.pop("invitation", UNSET)

        decline = cls(
            invitation=invitation,
        )

        return decline
