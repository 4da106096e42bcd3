"""What the lobby lists: each game's entry and the shelves it sits on, and reading a shelf.

The projector lists a game (`listing_of`) from the game as loaded and its table; the seating
service lists it too, at once, when a seat is taken or freed (no event is appended then). A
LobbyIndex keeps the shelves (adapters/redis/lobby.py): sorted indexes a page reads in
O(log N + page size).

A game's **place** on every shelf is `<10^13 - created ms, 13 digits>:<game id>`: newest
first, ties by id, and the same for the game's whole life. A cursor is a place,
so paging goes on from where it was whatever is created, finished or moved meanwhile: a game
that stays on the shelf is listed exactly once, one that leaves or arrives may or may not be.

Shelves (docs/players.md):

- public games (visibility `public`) by status (`open`, `active`, `over`, `expired`, and
  `all` for the first three), each also by scenario;
- each member's games (its creator and seated players) by status, and `all`;
- `waiting` (a player's games where it is that player's turn or decision) and `invited`
  (seats reserved for the player: named seats, rematches);
- the bots' `waiting` shelf (player id `bots`) and the reconciler's shelves (player id
  `system`): `starting` (games whose seats are all taken but whose first turn, or
  the seed step their creation promised, was not appended, after a crash between the two;
  not a game in a seed step, SEED-2, whose deadline
  puts it on the expiring set), `breath` (active games in a breath phase, whose job it
  checks) and `clocked` (active games whose clock runs, whose deadline it checks).
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from domain import GameState, is_started
from domain.seeds import in_seed_step
from lorekeeper.clocks.reading import clock_json, now_ms, refreshed
from lorekeeper.errors import Refused
from lorekeeper.games.game import Game
from lorekeeper.games.ports import EventStore
from lorekeeper.players.ports import Listing, ListingPage, LobbyIndex, Shelf, TableStore
from lorekeeper.players.tables import EXPIRED, STARTED, Table

LISTED = ("open", "active", "over")  # the public shelf `all`
BOTS = "bots"  # the player id of the bots' waiting shelf
SYSTEM = "system"  # the player id of the shelf `starting`: seats all taken, no first turn yet
MAX_PAGE = 100
RATED_SCAN = 1000  # the most games a page filtered by rating reads (docs/ratings.md)
_PLACE = re.compile(r"[0-9]{13}:[A-Za-z0-9._:-]{1,128}")
_SCENARIO_KEY = re.compile(r"[A-Za-z0-9_.-]{1,64}")


def to_act(state: GameState) -> int | None:
    """The seat the game waits for: a pending decision's seat, else the active seat; None
    while the server resolves a breath phase (R-TRN-6), before the game starts, or once it
    is over."""
    if state.is_over or state.phase == "breath" or not is_started(state):
        return None
    if state.pending is not None and state.pending.seat is not None:
        return state.pending.seat
    return state.active


def lobby_entry(game: Game) -> dict[str, Any]:
    state = game.state
    entry = {
        "game_id": game.id,
        "scenario": state.scenario,
        "seats": len(state.players),
        "status": status_of(state, None),
        "active_seat": state.active,
        "to_act": to_act(state),
        "turn": state.turn,
        "phase": state.phase,
        "winner": "draw" if state.draw else state.winner,
        "version": state.version,
        "last_activity": game.head_time_ms,
    }
    if game.clock is not None:  # as they stood at its last event; pages bring them up to now
        entry["clock"] = clock_json(game.clock, game.head_time_ms)
    if state.practice:  # a fork: never rated (FRK-2)
        entry["practice"] = True
    return entry


def status_of(state: GameState, table: Table | None) -> str:
    if table is not None and table.status == EXPIRED:
        return "expired"
    if state.is_over:
        return "over"
    return "active" if is_started(state) else "open"


def place_of(created_ms: int, game_id: str) -> str:
    return f"{10**13 - created_ms:013d}:{game_id}"


def scenario_key(name: str) -> str:
    """A scenario's name as it appears in shelf keys (a digest for any unusual name)."""
    if _SCENARIO_KEY.fullmatch(name):
        return name
    return "h-" + hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def listing_of(game: Game, table: Table | None, created_ms: int) -> Listing:
    """The game's listing; a game without a table (created before tables existed, or by
    GameService.create_game directly) is public, with no players."""
    state = game.state
    status = status_of(state, table)
    entry = {**lobby_entry(game), "status": status, "created_ms": created_ms,
             "visibility": "public" if table is None else table.visibility}  # fmt: skip
    if table is not None:
        entry["seating"] = [seat.public(n) for n, seat in enumerate(table.seats)]
        if status == "open":
            entry["expires_ms"] = table.expires_ms
        if table.rematch is not None:
            entry["rematch"] = table.rematch
    shelves = _shelves(state, table, status) + _watched(entry, status)
    expires = table.expires_ms if table is not None and status == "open" else None
    stamp = (game.version, 0 if table is None else table.rev)
    return Listing(game.id, stamp, created_ms, tuple(shelves), entry, expires)


def _shelves(state: GameState, table: Table | None, status: str) -> list[Shelf]:
    shelves: list[Shelf] = []
    if table is None or table.visibility == "public":
        key = scenario_key(state.scenario)
        for listed in (status, "all") if status in LISTED else (status,):
            shelves += [Shelf("public", listed), Shelf("public", listed, key)]
    if table is None:
        return shelves
    members = {s.player_id for s in table.seats if s.kind == "player" and s.player_id}
    if table.owner is not None:
        members.add(table.owner)
    for player_id in sorted(members):
        shelves += [
            Shelf("player", status, None, player_id),
            Shelf("player", "all", None, player_id),
        ]
    if status == "open" and table.status == STARTED and not in_seed_step(state):
        shelves.append(Shelf("player", "starting", None, SYSTEM))
    if status == "open":
        for seat in table.seats:
            if seat.kind == "reserved" and seat.player_id:
                shelves.append(Shelf("player", "invited", None, seat.player_id))
    acting = to_act(state)
    if status == "active" and acting is not None:
        holder = table.seats[acting]
        if holder.kind == "player" and holder.player_id:
            shelves.append(Shelf("player", "waiting", None, holder.player_id))
        elif holder.kind == "bot":
            shelves.append(Shelf("player", "waiting", None, BOTS))
    return list(dict.fromkeys(shelves))


def _watched(entry: dict[str, Any], status: str) -> list[Shelf]:
    """The reconciler's shelves a game sits on: its breath phase, its running clock."""
    if status != "active":
        return []
    shelves = []
    if entry["phase"] == "breath":
        shelves.append(Shelf("player", "breath", None, SYSTEM))
    if (entry.get("clock") or {}).get("running") is not None:
        shelves.append(Shelf("player", "clocked", None, SYSTEM))
    return shelves


def _rated_within(entry: dict[str, Any], low: int, high: int) -> bool:
    """Whether every seated player's rating (as it sat down) is within [low, high], and
    there is one."""
    rated = [s["player"]["rating"] for s in entry.get("seating", ())
             if s.get("kind") == "player" and "rating" in s.get("player", {})]  # fmt: skip
    return bool(rated) and all(low <= r <= high for r in rated)


def shelf_entries(index: LobbyIndex, shelf: Shelf) -> Iterator[dict[str, Any]]:
    """Every listing on a shelf, a page at a time (the reconciler's shelves: as many as the
    games in that state, not every game stored)."""
    after = None
    while True:
        page = index.page(shelf, after, MAX_PAGE)
        yield from page.entries
        if page.next_cursor is None:
            return
        after = page.next_cursor


# -- reading shelves ---------------------------------------------------------------------------


def decode_cursor(cursor: str) -> str:
    """The place a cursor names (a cursor is a place: `<13 digits>:<game id>`, opaque to
    clients); 400 invalid_query for anything else."""
    if not _PLACE.fullmatch(cursor):
        raise Refused("invalid_query", "cursor: not a cursor this server gave",
                      errors={"cursor": ["unknown cursor"]})  # fmt: skip
    return cursor


class LobbyReader:
    """Pages of shelves: the public lobby and a player's games."""

    def __init__(self, index: LobbyIndex, clock: Callable[[], int] = now_ms) -> None:
        self._index = index
        self._now = clock

    def public(
        self,
        status: str | None,
        scenario: str | None,
        cursor: str | None,
        limit: int,
        *,
        ratings: tuple[int | None, int | None] | None = None,
    ) -> ListingPage:
        """A page of public games; with `ratings` (low, high; None: unbounded), only the
        games whose seated players were all rated within them as they sat down."""
        shelf = Shelf(
            "public", status or "all", None if scenario is None else scenario_key(scenario)
        )
        if ratings is None:
            return self._page(shelf, cursor, limit)
        return self._rated_page(shelf, cursor, limit, ratings)

    def _rated_page(
        self, shelf: Shelf, cursor: str | None, limit: int, ratings: tuple[int | None, int | None]
    ) -> ListingPage:
        """Pages of the shelf read until `limit` games fit or RATED_SCAN were read: a page may
        hold fewer, and its cursor goes on from the last game read."""
        low, high = ratings[0] or 0, 10**9 if ratings[1] is None else ratings[1]
        if low > high:
            return ListingPage([], None)
        kept: list[dict[str, Any]] = []
        after, read = cursor, 0
        while len(kept) < limit and read < RATED_SCAN:
            page = self._page(shelf, after, min(MAX_PAGE, limit - len(kept)))
            read += len(page.entries)
            kept += [e for e in page.entries if _rated_within(e, low, high)]
            after = page.next_cursor
            if after is None:
                break
        return ListingPage(kept, after)

    def mine(
        self, player_id: str, status: str | None, cursor: str | None, limit: int
    ) -> ListingPage:
        return self._page(Shelf("player", status or "all", None, player_id), cursor, limit)

    def count(self, player_id: str, status: str) -> int:
        return self._index.count(Shelf("player", status, None, player_id))

    def _page(self, shelf: Shelf, cursor: str | None, limit: int) -> ListingPage:
        after = None if cursor is None else decode_cursor(cursor)
        page = self._index.page(shelf, after, min(max(limit, 1), MAX_PAGE))
        now = self._now()
        for entry in page.entries:  # each seat's time left, now (null: no time control)
            shown = entry.get("clock")
            entry["clock"] = None if shown is None else refreshed(shown, now)
        return page


class Lister:
    """Lists games in the lobby index: the one place that writes it (the projector after
    each projection; the seating service when a seat changes hands, which appends nothing).
    The index keeps a game's newest listing whatever order the writes come in."""

    def __init__(
        self,
        events: EventStore,
        tables: TableStore,
        index: LobbyIndex,
        *,
        remember: int = 4096,
        on_listed: Callable[[Sequence[tuple[Game, Table | None]]], object] | None = None,
    ) -> None:
        self._events = events
        self._on_listed = on_listed  # the players' notifications (lorekeeper/push/notifications.py)
        self.tables = tables
        self.index = index
        self._created: OrderedDict[str, int] = OrderedDict()  # table-less games: event 1's time
        self._remember = remember
        self._lock = threading.Lock()

    def list_games(self, games: Sequence[Game]) -> list[bool]:
        """Write each game's listing, with its table as stored now (read after the game, so
        the table is at least as new as the game's state); then tell `on_listed`. (The
        projector writes its rounds' listings with its other writes: `listings_of`.)"""
        if not games:
            return []
        tables = self.tables.load_many([g.id for g in games])
        written = self.index.update(self.listings_of(games, tables))
        if self._on_listed is not None:
            self._on_listed(list(zip(games, tables, strict=True)))
        return written

    def listings_of(self, games: Sequence[Game], tables: Sequence[Table | None]) -> list[Listing]:
        """The games' listings, with their tables (a projection round writes them with its
        other writes: lorekeeper/projections/projector.py)."""
        return [listing_of(g, t, self._created_ms(g.id, t))
                for g, t in zip(games, tables, strict=True)]  # fmt: skip

    def _created_ms(self, game_id: str, table: Table | None) -> int:
        if table is not None:
            return table.created_ms
        with self._lock:
            known = self._created.get(game_id)
        if known is not None:
            return known
        first = self._events.read(game_id, 1, 1)
        created = first[0].time_ms if first else 0
        with self._lock:
            self._created[game_id] = created
            while len(self._created) > self._remember:
                self._created.popitem(last=False)
        return created
