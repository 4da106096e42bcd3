from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.grant_role import GrantRole

T = TypeVar("T", bound="GrantReadTokenResponse201")


@_attrs_define
class GrantReadTokenResponse201:
    """
    Attributes:
        id (str):
        role (GrantRole):
        issued_by (str): A player id, or `seat:<n>` for a seat token.
        created_ms (int):
        token (str): Shown once.
    """

    id: str
    role: GrantRole
    issued_by: str
    created_ms: int
    token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        role = self.role.value

        issued_by = self.issued_by

        created_ms = self.created_ms

        token = self.token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "role": role,
                "issued_by": issued_by,
                "created_ms": created_ms,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        role = GrantRole(d.pop("role"))

        issued_by = d.pop("issued_by")

        created_ms = d.pop("created_ms")

        token = d.pop("token")

        grant_read_token_response_201 = cls(
            id=id,
            role=role,
            issued_by=issued_by,
            created_ms=created_ms,
            token=token,
        )

        grant_read_token_response_201.additional_properties = d
        return grant_read_token_response_201

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
