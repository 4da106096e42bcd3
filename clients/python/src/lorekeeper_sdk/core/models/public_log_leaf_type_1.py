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

T = TypeVar("T", bound="PublicLogLeafType1")


@_attrs_define
class PublicLogLeafType1:
    """
    Attributes:
        format_ (Literal[1]):
        leaf_hash (str):
    """

    format_: Literal[1]
    leaf_hash: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        format_ = self.format_

        leaf_hash = self.leaf_hash

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "format": format_,
                "leaf_hash": leaf_hash,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        format_ = cast(Literal[1], d.pop("format"))
        if format_ != 1:
            raise ValueError(f"format must match const 1, got '{format_}'")

        leaf_hash = d.pop("leaf_hash")

        public_log_leaf_type_1 = cls(
            format_=format_,
            leaf_hash=leaf_hash,
        )

        public_log_leaf_type_1.additional_properties = d
        return public_log_leaf_type_1

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
