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

T = TypeVar("T", bound="RequestTakebackCommand")


@_attrs_define
class RequestTakebackCommand:
    """TKB-2 (docs/play/takebacks.md): the seat whose turn it is asks to take back its
    commands since information last came out (a die, a card, another seat's decision, a
    new turn). Appends TakebackRequested (`seat`, `to_version`). Refused with 403
    `forbidden` (TKB-1: the game has no takebacks; TKB-6: not two seats in play), 409
    `not_your_turn` (TKB-2), or 409 `wrong_phase` (TKB-2: nothing to take back, or a
    decision pending; TKB-5: asked already since its last command).

        Attributes:
            type_ (Literal['request_takeback']):
            command_id (str | Unset): Idempotency key in the body (same as the Idempotency-Key header).
    """

    type_: Literal["request_takeback"]
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
        type_ = cast(Literal["request_takeback"], d.pop("type"))
        if type_ != "request_takeback":
            raise ValueError(f"type must match const 'request_takeback', got '{type_}'")

        command_id = d.pop("command_id", UNSET)

        request_takeback_command = cls(
            type_=type_,
            command_id=command_id,
        )

        return request_takeback_command
