from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.signature import Signature


T = TypeVar("T", bound="TreeHead")


@_attrs_define
class TreeHead:
    """
    Attributes:
        tree_size (int):
        root_hash (str):
        timestamp_ms (int):
        signature (Signature | Unset): Ed25519 over the statement docs/audit.md (section 6) spells out.
    """

    tree_size: int
    root_hash: str
    timestamp_ms: int
    signature: Signature | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tree_size = self.tree_size

        root_hash = self.root_hash

        timestamp_ms = self.timestamp_ms

        signature: dict[str, Any] | Unset = UNSET
        if not isinstance(self.signature, Unset):
            signature = self.signature.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tree_size": tree_size,
                "root_hash": root_hash,
                "timestamp_ms": timestamp_ms,
            }
        )
        if signature is not UNSET:
            field_dict["signature"] = signature

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.signature import Signature

        d = dict(src_dict)
        tree_size = d.pop("tree_size")

        root_hash = d.pop("root_hash")

        timestamp_ms = d.pop("timestamp_ms")

        _signature = d.pop("signature", UNSET)
        signature: Signature | Unset
        if isinstance(_signature, Unset):
            signature = UNSET
        else:
            signature = Signature.from_dict(_signature)

        tree_head = cls(
            tree_size=tree_size,
            root_hash=root_hash,
            timestamp_ms=timestamp_ms,
            signature=signature,
        )

        tree_head.additional_properties = d
        return tree_head

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
