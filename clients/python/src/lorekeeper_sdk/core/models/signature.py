from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Signature")


@_attrs_define
class Signature:
    """Ed25519 over the statement docs/audit.md (section 6) spells out.

    Attributes:
        alg (Literal['Ed25519']):
        key_id (str):
        signature (str):
    """

    alg: Literal["Ed25519"]
    key_id: str
    signature: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        alg = self.alg

        key_id = self.key_id

        signature = self.signature

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "alg": alg,
                "key_id": key_id,
                "signature": signature,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        alg = cast(Literal["Ed25519"], d.pop("alg"))
        if alg != "Ed25519":
            raise ValueError(f"alg must match const 'Ed25519', got '{alg}'")

        key_id = d.pop("key_id")

        signature = d.pop("signature")

        signature = cls(
            alg=alg,
            key_id=key_id,
            signature=signature,
        )

        signature.additional_properties = d
        return signature

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
