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

from ..types import UNSET, Unset

T = TypeVar("T", bound="AutoPassCommand")


@_attrs_define
class AutoPassCommand:
    """Pass every reaction window automatically (or stop doing so).

    Attributes:
        type_ (Literal['auto_pass']):
        enabled (bool):
        command_id (str | Unset): Idempotency key in the body (same as the Idempotency-Key header).
    """

    type_: Literal["auto_pass"]
    enabled: bool
    command_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        enabled = self.enabled

        command_id = self.command_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "enabled": enabled,
            }
        )
        if command_id is not UNSET:
            field_dict["command_id"] = command_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["auto_pass"], d.pop("type"))
        if type_ != "auto_pass":
            raise ValueError(f"type must match const 'auto_pass', got '{type_}'")

        enabled = d.pop("enabled")

        command_id = d.pop("command_id", UNSET)

        auto_pass_command = cls(
            type_=type_,
            enabled=enabled,
            command_id=command_id,
        )

        return auto_pass_command
