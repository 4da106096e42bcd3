"""Which games are rated (docs/ratings.md): chosen at creation with `options.rated`, and only
where a rating means something.

A rated game is public, between players only (no built-in bot, no anonymous token seat),
with the server's committed dice (no chosen seed, no scripted dice: a creator could fix the
result), and not a practice game. Bot accounts are players: their games may be rated.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from lorekeeper.errors import Refused
from lorekeeper.players.tables import Table

RATED = "rated"
PRACTICE = "practice"


def is_rated(table: Table | None) -> bool:
    """Whether the game of this table is rated: asked for, and still fit for it."""
    if table is None or table.options.get(RATED) is not True:
        return False
    if table.options.get(PRACTICE) or table.visibility != "public" or len(table.seats) < 2:
        return False
    return all(seat.kind == "player" and seat.player_id for seat in table.seats)


def check_rated_creation(
    options: Mapping[str, Any], visibility: str, seat_kinds: Iterable[str], host: str | None
) -> None:
    """Refuse (422 `cannot_be_rated`) a creation asking for a rated game that cannot be one."""
    if options.get(RATED) is not True:
        return
    problem = None
    if host is None:
        problem = "a rated game is created by a player"
    elif options.get(PRACTICE):
        problem = "a practice game is never rated"
    elif visibility != "public":
        problem = "a rated game is public"
    elif "seed" in options or "dice" in options:
        problem = "a rated game uses the server's committed dice: not with `seed` or `dice`"
    elif any(kind in ("bot", "token") for kind in seat_kinds):
        problem = "a rated game is between players: no bot or token seat"
    if problem is not None:
        raise Refused("cannot_be_rated", problem, errors={"options": {RATED: [problem]}})
