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

T = TypeVar("T", bound="PassCommand")


@_attrs_define
class PassCommand:
    """Declines a reaction window (R-FLY-4).

    Attributes:
        type_ (Literal['pass']):
        command_id (str | Unset): Idempotency key in the body (same as the Idempotency-Key header).
    """

    type_: Literal["pass"]
    command_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        command_id = self.command_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if command_id is not UNSET:
            field_dict["command_id"] = command_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["pass"], d.pop("type"))
        if type_ != "pass":
            raise ValueError(f"type must match const 'pass', got '{type_}'")

        command_id = d.pop("command_id", UNSET)

        pass_command = cls(
            type_=type_,
            command_id=command_id,
        )

        return pass_command
