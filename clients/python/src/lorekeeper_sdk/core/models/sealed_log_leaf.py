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

T = TypeVar("T", bound="SealedLogLeaf")


@_attrs_define
class SealedLogLeaf:
    """A leaf as the log keeps it: SHA-256 of the game's 32-byte salt followed by the
    opening's canonical JSON. Its data is its canonical JSON.

        Attributes:
            commitment (str):
            format_ (Literal[2]):
    """

    commitment: str
    format_: Literal[2]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        commitment = self.commitment

        format_ = self.format_

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "commitment": commitment,
                "format": format_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        commitment = d.pop("commitment")

        format_ = cast(Literal[2], d.pop("format"))
        if format_ != 2:
            raise ValueError(f"format must match const 2, got '{format_}'")

        sealed_log_leaf = cls(
            commitment=commitment,
            format_=format_,
        )

        sealed_log_leaf.additional_properties = d
        return sealed_log_leaf

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
