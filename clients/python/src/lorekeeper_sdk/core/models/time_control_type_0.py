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

T = TypeVar("T", bound="TimeControlType0")


@_attrs_define
class TimeControlType0:
    """
    Attributes:
        kind (Literal['none']):
    """

    kind: Literal["none"]

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = cast(Literal["none"], d.pop("kind"))
        if kind != "none":
            raise ValueError(f"kind must match const 'none', got '{kind}'")

        time_control_type_0 = cls(
            kind=kind,
        )

        return time_control_type_0
