"""A game's table: who holds each seat, who may read the game, and how long it waits.

The rules know seats by number only; the table says who holds them. It is kept beside the
game (a TableStore), not in its event stream: taking a seat is not a move of the game. Every
change is a pure function here (`Table` in, a new `Table` with `rev` + 1 out, or a refusal)
that the store then compares and sets on `rev` (seating.py runs them).

Seats (docs/players.md):

| kind | taken | who acts for it |
|---|---|---|
| `player` | yes | the player (its API key), and the seat token it was given on joining |
| `token` | yes | whoever holds the seat token (a game created without player keys) |
| `bot` | yes | the server's bot `bot` (lorekeeper/bots.py) |
| `open` | no | nobody yet: any player may join |
| `invite` | no | nobody yet: the holder of its invitation, until `expires_ms` |
| `reserved` | no | nobody yet: the player `player_id` only (a rematch, or a named seat) |
| `declined` | no | nobody: turned down by its invitation's holder or its player (`player_id`) |

A table's status is stored as `open`, `started` or `expired`; a started game that is over is
shown as `over` (`shown`), as the lobby lists it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from lorekeeper.errors import Refused

VISIBILITIES = ("public", "unlisted", "private")
ROLES = ("spectator", "auditor")
TAKEN = frozenset({"player", "token", "bot"})
FREE = frozenset({"open", "invite", "reserved", "declined"})
SEAT_KINDS = TAKEN | FREE
OPEN, STARTED, EXPIRED = "open", "started", "expired"
OVER = "over"  # shown, never stored: a started game that is over


@dataclass(frozen=True)
class Seat:
    kind: str
    # player: its holder; reserved: the one it waits for; declined: the one who declined
    player_id: str | None = None
    name: str | None = None  # the player's display name when it sat down
    bot: str | None = None
    invite_hash: str | None = None  # SHA-256 hex of the invitation token (also declined)
    expires_ms: int | None = None  # the invitation's end
    join_stamp: str | None = None  # the join's Idempotency-Key, as digests (join_keys.py)
    is_bot: bool | None = None  # player, reserved: the player is a bot account
    rating: int | None = None  # player: the player's rating when it sat down (docs/ratings.md)

    @property
    def is_taken(self) -> bool:
        return self.kind in TAKEN

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in vars_of(self).items() if v is not None}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seat:
        return cls(**data)

    def public(self, seat: int) -> dict[str, Any]:
        """What anyone who may read the game sees of the seat (never the invitation)."""
        shown: dict[str, Any] = {"seat": seat, "kind": self.kind}
        if self.kind in ("player", "reserved", "declined") and self.player_id is not None:
            shown["player"] = {"id": self.player_id, "name": self.name, "bot": bool(self.is_bot)}
            if self.rating is not None:
                shown["player"]["rating"] = self.rating
        if self.kind == "bot":
            shown["bot"] = self.bot
        if self.kind == "invite" and self.expires_ms is not None:
            shown["invitation_expires_ms"] = self.expires_ms
        return shown


@dataclass(frozen=True)
class Grant:
    """A read-only token for a private game, issued by one of its players."""

    id: str  # the first 12 hex digits of `hash`
    hash: str
    role: str  # spectator (reads the game) | auditor (also its export and audit)
    by: str  # who issued it: a player id, or `seat:<n>` for a seat token
    created_ms: int

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "role": self.role, "issued_by": self.by,
                "created_ms": self.created_ms}  # fmt: skip


@dataclass(frozen=True)
class Table:
    game_id: str
    visibility: str
    scenario: str
    created_ms: int
    seats: tuple[Seat, ...]
    owner: str | None = None  # the player who created the game (None: anonymous)
    status: str = OPEN  # open (waiting for seats), started, expired
    expires_ms: int | None = None  # an open table's end, if its seats are not all taken
    grants: tuple[Grant, ...] = ()
    rematch: str | None = None  # the game that is this one's rematch
    rematch_of: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)  # what a rematch repeats
    rev: int = 1

    @property
    def is_full(self) -> bool:
        return all(seat.is_taken for seat in self.seats)

    def seat_of(self, player_id: str) -> int | None:
        """The seat the player holds (a player holds at most one seat of a game)."""
        for number, seat in enumerate(self.seats):
            if seat.kind == "player" and seat.player_id == player_id:
                return number
        return None

    def is_member(self, player_id: str) -> bool:
        """A player of the game or its creator: may read it, invite, issue grants."""
        return player_id == self.owner or self.seat_of(player_id) is not None

    def bot_seats(self) -> dict[int, str]:
        return {n: s.bot for n, s in enumerate(self.seats) if s.kind == "bot" and s.bot}

    def grant_of(self, token_hash: str) -> Grant | None:
        return next((g for g in self.grants if g.hash == token_hash), None)

    def to_json(self) -> dict[str, Any]:
        data = vars_of(self)
        data["seats"] = [seat.to_json() for seat in self.seats]
        data["grants"] = [vars_of(grant) for grant in self.grants]
        data["options"] = dict(self.options)
        return {k: v for k, v in data.items() if v is not None}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Table:
        fields = dict(data)
        fields["seats"] = tuple(Seat.from_json(s) for s in fields.get("seats", ()))
        fields["grants"] = tuple(Grant(**g) for g in fields.get("grants", ()))
        return cls(**fields)


def vars_of(value: Any) -> dict[str, Any]:
    return {name: getattr(value, name) for name in value.__dataclass_fields__}


def changed(table: Table, **changes: Any) -> Table:
    return replace(table, rev=table.rev + 1, **changes)


# -- what may happen to a table -----------------------------------------------------------------


def require_open(table: Table) -> None:
    if table.status == STARTED:
        raise Refused("game_started", "the game has started: its seats are final")
    if table.status == EXPIRED:
        raise Refused("game_closed", "the game expired before its seats were all taken")


def take_seat(table: Table, seat: int, taker: Seat) -> Table:
    """`taker` (a taken seat) sits at `seat`, which must be free."""
    require_open(table)
    if table.seats[seat].kind not in FREE:
        raise Refused("seat_taken", f"seat {seat} is taken")
    seats = list(table.seats)
    seats[seat] = taker
    return changed(table, seats=tuple(seats))


def free_seat(table: Table, seat: int) -> Table:
    """The seat's player leaves: the seat is open again (only before the game starts)."""
    require_open(table)
    seats = list(table.seats)
    seats[seat] = Seat("open")
    return changed(table, seats=tuple(seats))


def invite_to(table: Table, seat: int, invite_hash: str, expires_ms: int) -> Table:
    """A free seat is reserved for the holder of a new invitation (replacing any earlier
    one); a reserved seat's player is released from it."""
    require_open(table)
    if table.seats[seat].is_taken:
        raise Refused("seat_taken", f"seat {seat} is taken")
    seats = list(table.seats)
    seats[seat] = Seat("invite", invite_hash=invite_hash, expires_ms=expires_ms)
    return changed(table, seats=tuple(seats))


def seat_for_join(
    table: Table, player_id: str, asked: int | None, invite_hash: str | None, now_ms: int
) -> int:
    """The free seat a joining player takes: the invitation's (by its hash), the one asked
    for (open, or reserved for the player), one reserved for the player, else the first open
    one (a private game's open seats take invitations only)."""
    if invite_hash is not None:
        number = invited_seat(table, invite_hash)
        if number is None:
            raise Refused("invitation_rejected", "this invitation is unknown or used")
        expires = table.seats[number].expires_ms
        if expires is not None and expires <= now_ms:
            raise Refused("invitation_rejected", "this invitation has expired")
        return number
    if asked is not None:
        if not 0 <= asked < len(table.seats):
            raise Refused("seat_taken", f"the game has no seat {asked}")
        wanted = table.seats[asked]
        if wanted.kind == "open" or (wanted.kind == "reserved" and wanted.player_id == player_id):
            return asked
        raise Refused("seat_taken", f"seat {asked} is not free for you")
    reserved = reserved_seat(table, player_id)
    if reserved is not None:
        return reserved
    for number, seat in enumerate(table.seats):
        if seat.kind == "open" and table.visibility != "private":
            return number
    raise Refused("seat_taken", "no seat of this game is free for you")


def invited_seat(table: Table, invite_hash: str) -> int | None:
    """The seat waiting for the holder of this invitation (by its hash)."""
    return next((n for n, s in enumerate(table.seats)
                 if s.kind == "invite" and s.invite_hash == invite_hash), None)  # fmt: skip


def reserved_seat(table: Table, player_id: str) -> int | None:
    return next((n for n, s in enumerate(table.seats)
                 if s.kind == "reserved" and s.player_id == player_id), None)  # fmt: skip


def seat_to_decline(
    table: Table, player_id: str | None, invite_hash: str | None
) -> tuple[int, bool]:
    """The seat the invitation (by its hash) or else the player may turn down, and whether
    it was declined already (declining twice answers the same); 403 `invitation_rejected`
    when there is none."""

    def is_for_caller(seat: Seat) -> bool:
        if invite_hash is not None:
            return seat.invite_hash == invite_hash
        return seat.player_id == player_id and seat.invite_hash is None

    for kinds in (("invite", "reserved"), ("declined",)):
        for number, seat in enumerate(table.seats):
            if seat.kind in kinds and is_for_caller(seat):
                return number, seat.kind == "declined"
    if invite_hash is not None:
        raise Refused("invitation_rejected", "this invitation is unknown or used")
    raise Refused("invitation_rejected", "no seat of this game is reserved for you")


def declined(table: Table, seat: int) -> Table:
    """The invitation or reservation of `seat` is turned down: the seat waits for nobody (a
    new invitation opens it again); it keeps who declined, for the game's players to see."""
    require_open(table)
    turned_down = table.seats[seat]
    if turned_down.kind not in ("invite", "reserved"):
        raise Refused("invitation_rejected", f"seat {seat} waits for no invitation")
    seats = list(table.seats)
    seats[seat] = Seat("declined", player_id=turned_down.player_id, name=turned_down.name,
                       invite_hash=turned_down.invite_hash, is_bot=turned_down.is_bot)  # fmt: skip
    return changed(table, seats=tuple(seats))


def shown(table: Table, is_over: bool) -> Table:
    """The table as a reader is shown it: `over` once its started game is over."""
    return replace(table, status=OVER) if is_over and table.status == STARTED else table


def started(table: Table) -> Table:
    if table.status == STARTED:
        return table
    require_open(table)
    if not table.is_full:
        raise Refused("seats_free", "the game starts once every seat is taken")
    return changed(table, status=STARTED, expires_ms=None)


def expired(table: Table) -> Table:
    require_open(table)
    return changed(table, status=EXPIRED)


def with_grant(table: Table, grant: Grant, max_grants: int) -> Table:
    if len(table.grants) >= max_grants:
        raise Refused("too_many_grants", f"a game has at most {max_grants} read-only tokens")
    return changed(table, grants=(*table.grants, grant))


def without_grant(table: Table, grant_id: str) -> Table:
    kept = tuple(g for g in table.grants if g.id != grant_id)
    if len(kept) == len(table.grants):
        raise Refused("grant_not_found", f"no read-only token {grant_id!r} for this game")
    return changed(table, grants=kept)


def with_rematch(table: Table, game_id: str) -> Table:
    return changed(table, rematch=game_id)


def rotated(seats: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """The seats of a rematch: each holder one seat on (seat n's goes to n + 1, the last to
    0); players are reserved their seat (they join to accept), bots keep playing, anonymous
    seats are open."""
    moved = seats[-1:] + seats[:-1]
    return tuple(_again(seat) for seat in moved)


def _again(seat: Seat) -> Seat:
    if seat.kind in ("player", "reserved") and seat.player_id is not None:
        return Seat("reserved", player_id=seat.player_id, name=seat.name, is_bot=seat.is_bot)
    if seat.kind == "bot":
        return seat
    return Seat("open")
