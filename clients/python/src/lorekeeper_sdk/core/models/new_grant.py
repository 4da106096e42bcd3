from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.new_grant_role import NewGrantRole

T = TypeVar("T", bound="NewGrant")


@_attrs_define
class NewGrant:
    """
    Attributes:
        role (NewGrantRole):
    """

    role: NewGrantRole

    def to_dict(self) -> dict[str, Any]:
        role = self.role.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "role": role,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        role = NewGrantRole(d.pop("role"))

        new_grant = cls(
            role=role,
        )

        return new_grant
