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

T = TypeVar("T", bound="AnswerTakebackCommand")


@_attrs_define
class AnswerTakebackCommand:
    """TKB-3, TKB-4: the other seat answers an open request. `accept: true` appends
    TakenBack (`seat`, `to_version`, `by`): the game is as it stood at `to_version`, and
    the events since stay in the stream. `accept: false` appends TakebackDeclined
    (`seat`, `by`). Refused with 409 `wrong_phase` when no request waits (the seat that
    asked played on, or information came out), 403 `forbidden` for the seat that asked.

        Attributes:
            type_ (Literal['answer_takeback']):
            accept (bool):
            command_id (str | Unset): Idempotency key in the body (same as the Idempotency-Key header).
    """

    type_: Literal["answer_takeback"]
    accept: bool
    command_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        accept = self.accept

        command_id = self.command_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "accept": accept,
            }
        )
        if command_id is not UNSET:
            field_dict["command_id"] = command_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["answer_takeback"], d.pop("type"))
        if type_ != "answer_takeback":
            raise ValueError(f"type must match const 'answer_takeback', got '{type_}'")

        accept = d.pop("accept")

        command_id = d.pop("command_id", UNSET)

        answer_takeback_command = cls(
            type_=type_,
            accept=accept,
            command_id=command_id,
        )

        return answer_takeback_command
