"""Who may read or act in a game: every access check, from what the request's token proved.

A request's `Caller` is what its bearer token proved: a player (an API key, checked on every
request: accounts.py), or a token to check per game: a seat token (`lks_`) or a
read-only grant (`lkv_`). A private game answers 404 to everyone else, as if it did not
exist (docs/players.md has the table). Every route asks one decision, `Access.admit`, so a
caller is let in or kept out of a game alike on all of them. What never changes is
remembered per process: a game's visibility, and a started game's seats; grants are read
every time (they may be revoked).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from lorekeeper.errors import GameNotFound, Refused, TokenMissing, TokenRejected
from lorekeeper.games.game import require_game_id
from lorekeeper.games.ports import EventStore, SeatTokenStore, is_game_id
from lorekeeper.games.seat_tokens import is_token_shaped
from lorekeeper.players.accounts import PlayerCaller
from lorekeeper.players.ports import TableStore
from lorekeeper.players.tables import STARTED, Grant, Table

GRANT_PREFIX = "lkv_"
_REMEMBERED = 4096


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class Caller:
    """What a request's bearer token proved: a player, or a token to check per game."""

    player: PlayerCaller | None = None
    token: str | None = None  # a seat token or a read-only grant (not checked yet)
    # game id -> the seat `token` opens there: a request's rate limit and its route both ask
    # (a Caller lives for one request: api/identity.py)
    seats: dict[str, int | None] = field(default_factory=dict, compare=False, repr=False)

    @property
    def player_id(self) -> str | None:
        return None if self.player is None else self.player.player_id

    @property
    def is_grant(self) -> bool:
        return self.token is not None and self.token.startswith(GRANT_PREFIX)


@dataclass(frozen=True)
class Admission:
    """What one caller may be in one game (Access.admit): a reader always; the seat it
    holds, or the read-only grant it holds, if any."""

    private: bool
    seat: int | None = None
    grant: Grant | None = None


class _Remembered:
    """Per game, what never changes once known: its visibility, and a started table (a
    started game's seats are final)."""

    def __init__(self) -> None:
        self._known: OrderedDict[str, tuple[str, Table | None]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> tuple[str, Table | None] | None:
        with self._lock:
            return self._known.get(game_id)

    def put(self, game_id: str, visibility: str, table: Table | None) -> None:
        seated = table if table is not None and table.status == STARTED else None
        with self._lock:
            self._known[game_id] = (visibility, seated)
            while len(self._known) > _REMEMBERED:
                self._known.popitem(last=False)


class Access:
    def __init__(self, events: EventStore, tables: TableStore, seats: SeatTokenStore) -> None:
        self._events = events
        self._tables = tables
        self._seats = seats
        self._remembered = _Remembered()

    def admit(self, game_id: str, caller: Caller) -> Admission:
        """The one access decision, every route's: what the caller may be in this game.
        GameNotFound for an unknown game, and for a private game the caller may not read
        (as if it did not exist); TokenRejected for a token that opens nothing here."""
        require_game_id(game_id)
        visibility, table = self._facts(game_id)
        private = visibility == "private"
        if caller.is_grant:
            grant = self._grant(game_id, caller)
            if grant is None:
                _refuse(private, game_id, "this read-only token is not one of this game")
            return Admission(private, grant=grant)
        if caller.token is not None:
            seat = self.token_seat(game_id, caller)
            if seat is None:
                _refuse(private, game_id, "this token is not a seat token of this game")
            return Admission(private, seat=seat)
        me = caller.player_id
        if me is not None:
            table = table or self._tables.load(game_id)
            seat = None if table is None else table.seat_of(me)
            if seat is not None or not private or (table is not None and may_read(table, me)):
                return Admission(private, seat=seat)
        if private:
            raise GameNotFound(game_id)
        return Admission(private)

    def reader(self, game_id: str, caller: Caller, *, audit: bool = False) -> int | None:
        """The seat whose view the caller reads (None: the public view); refusals as
        `admit`'s. `audit`: the export and audit routes, which a spectator grant of a
        private game does not open (an auditor grant does)."""
        admitted = self.admit(game_id, caller)
        grant = admitted.grant
        if audit and admitted.private and grant is not None and grant.role != "auditor":
            raise Refused("role_insufficient", "a spectator token does not open the export "
                          "and audit; ask a player for an auditor token")  # fmt: skip
        return admitted.seat

    def actor(self, game_id: str, caller: Caller) -> int:
        """The seat the caller acts for: TokenMissing without a token; `admit`'s refusals;
        403 `read_only_token` for a grant, `not_seated` for a reader who holds no seat."""
        require_game_id(game_id)
        if caller.token is None and caller.player is None:
            raise TokenMissing("this request needs `Authorization: Bearer <seat token or "
                               "player key>`")  # fmt: skip
        admitted = self.admit(game_id, caller)
        if admitted.grant is not None:
            raise Refused("read_only_token", "a read-only token cannot act in a game")
        if admitted.seat is None:
            raise Refused("not_seated", "you hold no seat of this game")
        return admitted.seat

    def verified_token(self, game_id: str, caller: Caller) -> str | None:
        """The identity the caller's seat token or grant proves in this game
        (`seat:<game>:<seat>`, `grant:<game>:<id>`), None when it proves none: what the rate
        limit counts against."""
        if caller.token is None or not is_game_id(game_id):
            return None
        if caller.is_grant:
            grant = self._grant(game_id, caller)
            return None if grant is None else f"grant:{game_id}:{grant.id}"
        seat = self.token_seat(game_id, caller)
        return None if seat is None else f"seat:{game_id}:{seat}"

    def _facts(self, game_id: str) -> tuple[str, Table | None]:
        """The game's visibility, and its table when started (both final); GameNotFound."""
        known = self._remembered.get(game_id)
        if known is not None:
            return known
        table = self._tables.load(game_id)
        if table is None:
            if not self._events.exists(game_id):
                raise GameNotFound(game_id)
            self._remembered.put(game_id, "public", None)  # a game without a table
            return "public", None
        self._remembered.put(game_id, table.visibility, table)
        return table.visibility, (table if table.status == STARTED else None)

    def token_seat(self, game_id: str, caller: Caller) -> int | None:
        """`seat_of_token` of the caller's token, looked up once a request."""
        seats = caller.seats
        if game_id not in seats:
            seats[game_id] = self.seat_of_token(game_id, caller.token or "")
        return seats[game_id]

    def seat_of_token(self, game_id: str, token: str) -> int | None:
        if not is_token_shaped(token):
            return None
        return self._seats.seats_for([game_id], token)[0]

    def _grant(self, game_id: str, caller: Caller) -> Grant | None:
        table = self._tables.load(game_id)  # never remembered: a grant may be revoked
        return None if table is None else table.grant_of(digest(caller.token or ""))

    def readable_table(self, game_id: str, caller: Caller) -> Table:
        """The game's table as stored now, if `admit` lets the caller in; GameNotFound for a
        game without a table."""
        self.admit(game_id, caller)
        table = self._tables.load(game_id)
        if table is None:
            raise GameNotFound(game_id)
        return table

    def table_opened_by(
        self, game_id: str, caller: Caller, opens: Callable[[Table], bool]
    ) -> Table:
        """The game's table, for a caller `admit` lets in or one `opens` lets in (an
        invitation opens a private game to its holder); GameNotFound for anyone else, as
        for a missing game."""
        try:
            return self.readable_table(game_id, caller)
        except GameNotFound:
            table = self._tables.load(game_id) if is_game_id(game_id) else None
            if table is None or not opens(table):
                raise
            return table


def may_read(table: Table, player_id: str) -> bool:
    """Whether the player may read the game, private or not: its creator, a player seated,
    a player a seat is reserved for."""
    return table.is_member(player_id) or is_reserved_for(table, player_id)


def is_reserved_for(table: Table, player_id: str) -> bool:
    return any(s.kind == "reserved" and s.player_id == player_id for s in table.seats)


def _refuse(private: bool, game_id: str, detail: str) -> None:
    """A token that opens nothing: 404 for a private game (as if there were none), else 401."""
    if private:
        raise GameNotFound(game_id)
    raise TokenRejected(detail)
