from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="RotateKeyResponse201")


@_attrs_define
class RotateKeyResponse201:
    """
    Attributes:
        key (str): Shown once.
        key_id (str):
        revoked (str): The id of the key replaced.
        created_ms (int | Unset):
    """

    key: str
    key_id: str
    revoked: str
    created_ms: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        key_id = self.key_id

        revoked = self.revoked

        created_ms = self.created_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "key_id": key_id,
                "revoked": revoked,
            }
        )
        if created_ms is not UNSET:
            field_dict["created_ms"] = created_ms

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key = d.pop("key")

        key_id = d.pop("key_id")

        revoked = d.pop("revoked")

        created_ms = d.pop("created_ms", UNSET)

        rotate_key_response_201 = cls(
            key=key,
            key_id=key_id,
            revoked=revoked,
            created_ms=created_ms,
        )

        rotate_key_response_201.additional_properties = d
        return rotate_key_response_201

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
