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

from ..models.signing_keys_response_200_keys_item_status import (
    SigningKeysResponse200KeysItemStatus,
)

T = TypeVar("T", bound="SigningKeysResponse200KeysItem")


@_attrs_define
class SigningKeysResponse200KeysItem:
    """
    Attributes:
        key_id (str):
        alg (Literal['Ed25519']):
        public_key (str):
        status (SigningKeysResponse200KeysItemStatus):
    """

    key_id: str
    alg: Literal["Ed25519"]
    public_key: str
    status: SigningKeysResponse200KeysItemStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key_id = self.key_id

        alg = self.alg

        public_key = self.public_key

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key_id": key_id,
                "alg": alg,
                "public_key": public_key,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key_id = d.pop("key_id")

        alg = cast(Literal["Ed25519"], d.pop("alg"))
        if alg != "Ed25519":
            raise ValueError(f"alg must match const 'Ed25519', got '{alg}'")

        public_key = d.pop("public_key")

        status = SigningKeysResponse200KeysItemStatus(d.pop("status"))

        signing_keys_response_200_keys_item = cls(
            key_id=key_id,
            alg=alg,
            public_key=public_key,
            status=status,
        )

        signing_keys_response_200_keys_item.additional_properties = d
        return signing_keys_response_200_keys_item

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
