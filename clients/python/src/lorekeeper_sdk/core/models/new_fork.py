from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.new_fork_dice import NewForkDice
from ..models.new_fork_seats import NewForkSeats
from ..types import UNSET, Unset

T = TypeVar("T", bound="NewFork")


@_attrs_define
class NewFork:
    """A fork of a finished game (`POST /games/{game_id}/forks`, docs/play/forks.md).

    Attributes:
        version (int): The event after which the fork starts. 1 to the game's version.
        seats (NewForkSeats | Unset): Who plays the other seats. `hot_seat` (the default): the caller holds them all.
        seat (int | Unset): The caller's seat (default 0).
        bot (str | Unset): With `bot`: which bot (`battler`, the default).
        friend (str | Unset): With `friend`: the player's id; none: an invitation.
        dice (NewForkDice | Unset): `committed` (the default): fresh committed dice. `chosen`: the owner may choose the
            next faces with `choose_dice`.
        rated (bool | Unset): A fork is never rated. `true` is refused (422, FRK-2).
    """

    version: int
    seats: NewForkSeats | Unset = UNSET
    seat: int | Unset = UNSET
    bot: str | Unset = UNSET
    friend: str | Unset = UNSET
    dice: NewForkDice | Unset = UNSET
    rated: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        version = self.version

        seats: str | Unset = UNSET
        if not isinstance(self.seats, Unset):
            seats = self.seats.value

        seat = self.seat

        bot = self.bot

        friend = self.friend

        dice: str | Unset = UNSET
        if not isinstance(self.dice, Unset):
            dice = self.dice.value

        rated = self.rated

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "version": version,
            }
        )
        if seats is not UNSET:
            field_dict["seats"] = seats
        if seat is not UNSET:
            field_dict["seat"] = seat
        if bot is not UNSET:
            field_dict["bot"] = bot
        if friend is not UNSET:
            field_dict["friend"] = friend
        if dice is not UNSET:
            field_dict["dice"] = dice
        if rated is not UNSET:
            field_dict["rated"] = rated

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        version = d.pop("version")

        _seats = d.pop("seats", UNSET)
        seats: NewForkSeats | Unset
        if isinstance(_seats, Unset):
            seats = UNSET
        else:
            seats = NewForkSeats(_seats)

        seat = d.pop("seat", UNSET)

        bot = d.pop("bot", UNSET)

        friend = d.pop("friend", UNSET)

        _dice = d.pop("dice", UNSET)
        dice: NewForkDice | Unset
        if isinstance(_dice, Unset):
            dice = UNSET
        else:
            dice = NewForkDice(_dice)

        rated = d.pop("rated", UNSET)

        new_fork = cls(
            version=version,
            seats=seats,
            seat=seat,
            bot=bot,
            friend=friend,
            dice=dice,
            rated=rated,
        )

        return new_fork
