from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.seat_spec_bot import SeatSpecBot
from ..models.seat_spec_kind import SeatSpecKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="SeatSpec")


@_attrs_define
class SeatSpec:
    """`me` (needs a player key), `player` (with `player_id`), `open`, `invite` (with an
    optional `expires_in_s`), `bot` (with `bot`), `token`. A field another kind does
    not take is refused (422).

        Attributes:
            kind (SeatSpecKind):
            player_id (str | Unset):
            bot (SeatSpecBot | Unset):
            expires_in_s (int | Unset):
    """

    kind: SeatSpecKind
    player_id: str | Unset = UNSET
    bot: SeatSpecBot | Unset = UNSET
    expires_in_s: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind.value

        player_id = self.player_id

        bot: str | Unset = UNSET
        if not isinstance(self.bot, Unset):
            bot = self.bot.value

        expires_in_s = self.expires_in_s

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
            }
        )
        if player_id is not UNSET:
            field_dict["player_id"] = player_id
        if bot is not UNSET:
            field_dict["bot"] = bot
        if expires_in_s is not UNSET:
            field_dict["expires_in_s"] = expires_in_s

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = SeatSpecKind(d.pop("kind"))

        player_id = d.pop("player_id", UNSET)

        _bot = d.pop("bot", UNSET)
        bot: SeatSpecBot | Unset
        if isinstance(_bot, Unset):
            bot = UNSET
        else:
            bot = SeatSpecBot(_bot)

        expires_in_s = d.pop("expires_in_s", UNSET)

        seat_spec = cls(
            kind=kind,
            player_id=player_id,
            bot=bot,
            expires_in_s=expires_in_s,
        )

        return seat_spec
