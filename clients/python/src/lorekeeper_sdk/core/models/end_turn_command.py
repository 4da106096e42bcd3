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

T = TypeVar("T", bound="EndTurnCommand")


@_attrs_define
class EndTurnCommand:
    """R-TRN-8.

    Attributes:
        type_ (Literal['end_turn']):
        command_id (str | Unset): Idempotency key in the body (same as the Idempotency-Key header).
    """

    type_: Literal["end_turn"]
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
        type_ = cast(Literal["end_turn"], d.pop("type"))
        if type_ != "end_turn":
            raise ValueError(f"type must match const 'end_turn', got '{type_}'")

        command_id = d.pop("command_id", UNSET)

        end_turn_command = cls(
            type_=type_,
            command_id=command_id,
        )

        return end_turn_command
