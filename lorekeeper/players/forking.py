"""Forking a finished game (docs/play/forks.md): a practice game from its position at a
version, with the forker's seats, a friend or a bot.

Who may fork: whoever may read the finished game (a public game: any player; a private
one: its players and readers). Anyone else gets 404, as for a missing game. The fork
keeps the parent's visibility.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain.fork import CHOSEN, COMMITTED
from lorekeeper.bots import DEFAULT_BOT
from lorekeeper.errors import Refused
from lorekeeper.games.forks import plan_fork
from lorekeeper.players.access import Caller
from lorekeeper.players.hosting import Hosting
from lorekeeper.players.seating import CreatedTable, SeatSpec, require_player

HOT_SEAT, BOT, FRIEND = "hot_seat", "bot", "friend"


@dataclass(frozen=True)
class ForkRequest:
    """`POST /games/{id}/forks` as the API read it (api/forks.py)."""

    version: int
    seats: str = HOT_SEAT  # hot_seat: the forker holds every seat; bot; friend
    seat: int = 0  # the forker's seat, with a bot or a friend
    bot: str | None = None
    friend: str | None = None  # a player id; none: an invitation to share
    dice: str = COMMITTED

    @classmethod
    def from_json(cls, body: Mapping[str, Any]) -> ForkRequest:
        if body.get("rated"):
            raise Refused("invalid_body", "rated: a fork is a practice game, never rated "
                          "(FRK-2)", rule="FRK-2", errors={"rated": ["must be false"]})  # fmt: skip
        known = ("version", "seats", "seat", "bot", "friend", "dice")
        return cls(**{k: body[k] for k in known if k in body and body[k] is not None})


class Forking(Hosting):
    """Hosting (hosting.py), and forks of finished games."""

    def fork(self, caller: Caller, game_id: str, request: ForkRequest) -> CreatedTable:
        """A new practice game from `game_id`'s position at `request.version` (FRK-1..4)."""
        me = require_player(caller, "a fork")
        table = self.access.readable_table(game_id, caller)  # GameNotFound for outsiders
        count = len(table.seats)
        specs = self._fork_seats(request, count)
        choosers = [n for n, s in enumerate(specs) if s.kind in ("me", "token")]
        plan = plan_fork(self._log, game_id, request.version, dice=request.dice,
                         choosers=choosers)  # fmt: skip
        options = {"auto_decisions": plan.auto_decisions}
        return self.create(caller, plan.scenario, options, visibility=table.visibility,
                           seats=specs, fork=plan, body={"fork_of": game_id, "me": me})  # fmt: skip

    @staticmethod
    def _fork_seats(request: ForkRequest, count: int) -> list[SeatSpec]:
        """The fork's seats: the forker's, then tokens it holds (hot seat), a bot or a
        friend (a named player reserved the seat, or an invitation)."""
        if not 0 <= request.seat < count:
            raise Refused("invalid_body", f"seat: 0 to {count - 1}",
                          errors={"seat": [f"0 to {count - 1}"]})  # fmt: skip
        if request.dice not in (CHOSEN, COMMITTED):
            raise Refused("invalid_body", "dice: committed or chosen",
                          errors={"dice": ["committed or chosen"]})  # fmt: skip
        other = {
            HOT_SEAT: SeatSpec("token"),
            BOT: SeatSpec("bot", bot=request.bot or DEFAULT_BOT),
            FRIEND: SeatSpec("player", player_id=request.friend)
            if request.friend
            else SeatSpec("invite"),
        }.get(request.seats)
        if other is None:
            raise Refused("invalid_body", "seats: hot_seat, bot or friend",
                          errors={"seats": ["hot_seat, bot or friend"]})  # fmt: skip
        return [SeatSpec("me") if n == request.seat else other for n in range(count)]
