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

from ..models.trade_command_for import TradeCommandFor
from ..types import UNSET, Unset

T = TypeVar("T", bound="TradeCommand")


@_attrs_define
class TradeCommand:
    """Trades blood points in a village (R-SIT-5).

    Attributes:
        type_ (Literal['trade']):
        unit (str):
        blood (int):
        for_ (TradeCommandFor):
        command_id (str | Unset): Idempotency key in the body (same as the Idempotency-Key header).
    """

    type_: Literal["trade"]
    unit: str
    blood: int
    for_: TradeCommandFor
    command_id: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        unit = self.unit

        blood = self.blood

        for_ = self.for_.value

        command_id = self.command_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "unit": unit,
                "blood": blood,
                "for": for_,
            }
        )
        if command_id is not UNSET:
            field_dict["command_id"] = command_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["trade"], d.pop("type"))
        if type_ != "trade":
            raise ValueError(f"type must match const 'trade', got '{type_}'")

        unit = d.pop("unit")

        blood = d.pop("blood")

        for_ = TradeCommandFor(d.pop("for"))

        command_id = d.pop("command_id", UNSET)

        trade_command = cls(
            type_=type_,
            unit=unit,
            blood=blood,
            for_=for_,
            command_id=command_id,
        )

        return trade_command
