from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="IssuedKey")


@_attrs_define
class IssuedKey:
    """
    Attributes:
        key (str): Shown once.
        key_id (str):
        created_ms (int | Unset):
    """

    key: str
    key_id: str
    created_ms: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        key_id = self.key_id

        created_ms = self.created_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "key_id": key_id,
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

        created_ms = d.pop("created_ms", UNSET)

        issued_key = cls(
            key=key,
            key_id=key_id,
            created_ms=created_ms,
        )

        issued_key.additional_properties = d
        return issued_key

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
