from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.table_seat_player import TableSeatPlayer


T = TypeVar("T", bound="TableSeat")


@_attrs_define
class TableSeat:
    """
    Attributes:
        seat (int):
        kind (str):
        player (TableSeatPlayer | Unset): The holder (`player`), the one it waits for (`reserved`), or the one who
            turned it down (`declined`, a reserved seat).
        bot (str | Unset):
        invitation_expires_ms (int | Unset):
    """

    seat: int
    kind: str
    player: TableSeatPlayer | Unset = UNSET
    bot: str | Unset = UNSET
    invitation_expires_ms: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        kind = self.kind

        player: dict[str, Any] | Unset = UNSET
        if not isinstance(self.player, Unset):
            player = self.player.to_dict()

        bot = self.bot

        invitation_expires_ms = self.invitation_expires_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seat": seat,
                "kind": kind,
            }
        )
        if player is not UNSET:
            field_dict["player"] = player
        if bot is not UNSET:
            field_dict["bot"] = bot
        if invitation_expires_ms is not UNSET:
            field_dict["invitation_expires_ms"] = invitation_expires_ms

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.table_seat_player import TableSeatPlayer

        d = dict(src_dict)
        seat = d.pop("seat")

        kind = d.pop("kind")

        _player = d.pop("player", UNSET)
        player: TableSeatPlayer | Unset
        if isinstance(_player, Unset):
            player = UNSET
        else:
            player = TableSeatPlayer.from_dict(_player)

        bot = d.pop("bot", UNSET)

        invitation_expires_ms = d.pop("invitation_expires_ms", UNSET)

        table_seat = cls(
            seat=seat,
            kind=kind,
            player=player,
            bot=bot,
            invitation_expires_ms=invitation_expires_ms,
        )

        table_seat.additional_properties = d
        return table_seat

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
