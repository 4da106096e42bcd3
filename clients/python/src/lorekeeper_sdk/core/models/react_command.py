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

from ..models.react_command_card import ReactCommandCard
from ..types import UNSET, Unset

T = TypeVar("T", bound="ReactCommand")


@_attrs_define
class ReactCommand:
    """Plays a Hold or Web card against a flying dragon (R-FLY-4).

    Attributes:
        type_ (Literal['react']):
        card (ReactCommandCard):
        hex_ (list[int]): `[col, row]` in odd-r offset coordinates (R-BRD-1).
        command_id (str | Unset): Idempotency key in the body (same as the Idempotency-Key header).
    """

    type_: Literal["react"]
    card: ReactCommandCard
    hex_: list[int]
    command_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        card = self.card.value

        hex_ = self.hex_

        command_id = self.command_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "card": card,
                "hex": hex_,
            }
        )
        if command_id is not UNSET:
            field_dict["command_id"] = command_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["react"], d.pop("type"))
        if type_ != "react":
            raise ValueError(f"type must match const 'react', got '{type_}'")

        card = ReactCommandCard(d.pop("card"))

        hex_ = cast(list[int], d.pop("hex"))

        command_id = d.pop("command_id", UNSET)

        react_command = cls(
            type_=type_,
            card=card,
            hex_=hex_,
            command_id=command_id,
        )

        return react_command
