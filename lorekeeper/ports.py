"""The ports: what the application needs from the outside world, and the values they carry.

Each port is declared here once. `adapters/` implements every one of them twice, on Redis and
in memory, and both implementations pass the same contract suite (tests/adapters,
tests/workers). The application (`lorekeeper/`) and its callers use only these protocols.

| port | Redis | in memory |
|---|---|---|
| EventStore | RedisStreamEventStore | InMemoryEventStore |
| ProjectionStore | RedisProjectionStore | InMemoryProjectionStore |
| JobQueue | RQJobQueue | InMemoryJobQueue |
| SeatTokenStore | RedisSeatTokenStore | InMemorySeatTokenStore |
| DiceStore | RedisDiceStore | InMemoryDiceStore |
| RateLimiter | RedisRateLimiter | InMemoryRateLimiter (and Unlimited) |
| PlayerStore | RedisPlayerStore | InMemoryPlayerStore |
| TableStore | RedisTableStore | InMemoryTableStore |
| LobbyIndex | RedisLobbyIndex | InMemoryLobbyIndex |
| BotQueue | RQJobQueue | InMemoryJobQueue |
| Feed | RedisStreamFeed | InMemoryFeed |
| ConcurrencyLimiter | RedisConcurrencyLimiter | InMemoryConcurrencyLimiter |
| DeadlineIndex | RedisDeadlineIndex | InMemoryDeadlineIndex |
| TimeOutQueue | RQJobQueue | InMemoryJobQueue |
| RoundReader | RedisRoundReader | SequentialRoundReader (lorekeeper/projector.py) |
| RoundWriter | RedisRoundWriter | SequentialRoundWriter (lorekeeper/projector.py) |
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, Protocol

from lorekeeper.audit.chain import GENESIS
from lorekeeper.dice import DiceConfig
from lorekeeper.tables import Table

GAME_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")


def is_game_id(game_id: str) -> bool:
    """Whether `game_id` is an id a game can have (every store refuses any other)."""
    return GAME_ID.fullmatch(game_id) is not None


# -- the event store --------------------------------------------------------------------------


@dataclass(frozen=True)
class NewEvent:
    type: str
    payload: Mapping[str, Any]
    schema: int = 1
    command: Mapping[str, Any] | None = None  # the command body, on an append's first event
    # `command`'s canonical JSON when it was written already (the command's hash was made of
    # it): the record takes it instead of writing it again. None: written from `command`.
    command_json: str | None = None
    # `payload`'s canonical JSON when written already (from the domain's record): the record
    # takes it instead of writing it again. None: written from `payload`.
    payload_json: str | None = None


@dataclass(frozen=True)
class StoredEvent:
    version: int
    type: str
    schema: int
    payload: dict[str, Any]
    seat: int | None
    command_id: str | None
    time_ms: int
    prev_hash: str = GENESIS
    hash: str = ""  # "" only for an event stored before the chain existed
    command: dict[str, Any] | None = None

    def __init__(
        self,
        version: int,
        type: str,
        schema: int,
        payload: dict[str, Any],
        seat: int | None,
        command_id: str | None,
        time_ms: int,
        prev_hash: str = GENESIS,
        hash: str = "",
        command: dict[str, Any] | None = None,
    ) -> None:
        # Every event read or written is one of these: its fields go into the instance's
        # dict at once, where the frozen dataclass's own __init__ calls object.__setattr__
        # per field (3.6 -> 1.3 µs; the fields stay frozen after). tests/adapters checks that
        # this signature is the fields'.
        self.__dict__.update(version=version, type=type, schema=schema, payload=payload,
                             seat=seat, command_id=command_id, time_ms=time_ms,
                             prev_hash=prev_hash, hash=hash, command=command)  # fmt: skip


@dataclass(frozen=True)
class AppendResult:
    """`version` is the game's version after the append (for a duplicate: after the first)."""

    version: int
    events: tuple[StoredEvent, ...]
    duplicate: bool


class Tail(NamedTuple):
    version: int  # the game's version; 0 for an unknown game
    events: list[StoredEvent]  # its events from the version asked for on


class EventStore(Protocol):
    """One append-only stream of events per game (tests/adapters/test_event_store_contract.py).

    Versions run 1, 2, 3… without gaps; an append of several events is all or nothing;
    `append` checks the command id (idempotency) before the expected version, so a retry with
    a stale version still gets its first result; payloads are stored as canonical JSON
    (lorekeeper/audit/chain.py: integers only), so what `read` returns is what JSON gives back.
    Every event is a link of the game's hash chain: its `prev_hash` and `hash` are computed
    inside the append, under the atomicity that assigns its version. The first event of an
    append may carry the `command` that caused it. Errors: GameNotFound, GameExists,
    VersionConflict, IdempotencyMismatch (lorekeeper/errors.py); ValueError for a call no
    game could accept (a malformed id, no events, a float in a payload).
    """

    def create(
        self,
        game_id: str,
        events: Sequence[NewEvent],
        seat: int | None = None,
        *,
        command_id: str | None = None,
        command_hash: str | None = None,
    ) -> AppendResult:
        """Start a game with its first events; GameExists if it has any. With a command id,
        a create seen before gives its first result (`duplicate`, IdempotencyMismatch for
        another body), as `append` does: a resent create never fails for having worked.
        The game is listed (`list_game`) before anything is appended, so a game that exists
        is always listed, whatever fails after."""
        ...

    def list_game(self, game_id: str) -> None:
        """Name the game in the index `iter_game_ids` reads; naming it again changes nothing.
        `create` does it first; a creation answered again does it again, in case the index
        lost it (a coordination Redis that failed over, say)."""
        ...

    def append(
        self,
        game_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        *,
        seat: int | None,
        command_id: str | None,
        command_hash: str | None,
        time_ms: int | None = None,
    ) -> AppendResult:
        """Append at `expected_version`; `time_ms` is the time recorded on the events (None:
        the store's clock): a clocked game's commands carry the time they were decided at,
        which the deadlines they met were checked against (lorekeeper/clocks.py)."""
        ...

    def read(
        self, game_id: str, from_version: int = 1, limit: int | None = None
    ) -> list[StoredEvent]:
        """Events from `from_version` on, at most `limit`; GameNotFound for an unknown game."""
        ...

    def version(self, game_id: str) -> int:
        """The game's last version; 0 for an unknown game."""
        ...

    def tails(self, reads: Sequence[tuple[str, int]]) -> list[Tail]:
        """For each (game id, from_version): the game's version (0 for an unknown game) and
        its events from `from_version` on; several games in one go."""
        ...

    def command_result(
        self, game_id: str, command_id: str, command_hash: str | None = None
    ) -> AppendResult | None:
        """The first result of `command_id` in this game (`duplicate=True`), None if the id
        is unknown; GameNotFound for an unknown game. With `command_hash`, a different
        recorded hash raises IdempotencyMismatch (as a retried append would)."""
        ...

    def exists(self, game_id: str) -> bool: ...

    def iter_game_ids(self) -> Iterator[str]:
        """Every created game, a page at a time: what a pass over all games holds is a page,
        not one id per game ever created. A game created meanwhile may come or not, and one
        may come twice (on Redis, SSCAN's guarantee: the index may grow during the pass).
        An id may name no game: a creation that failed after it was listed (skip it)."""
        ...


# -- projections: the read model --------------------------------------------------------------


class Projection(NamedTuple):
    version: int
    view: dict[str, Any]  # the stored view: board_view for every seat (the API redacts it)


class ProjectionSave(NamedTuple):
    game_id: str
    version: int
    view: Mapping[str, Any]


class ProjectionStore(Protocol):
    """Each game's board view, saved with the version it shows
    (tests/workers/test_projection_store_contract.py). A save is guarded by version, so
    saving the same events twice, or two saves at once, changes nothing."""

    def load(self, game_id: str) -> Projection | None:
        """The stored view, or None when the game was never projected."""
        ...

    def wait_for(self, game_id: str, min_version: int, timeout_s: float) -> Projection | None:
        """The projection once its version is >= min_version; None if timeout_s passes first."""
        ...

    def save(self, saves: Sequence[ProjectionSave], *, replace_equal: bool = False) -> list[bool]:
        """Store each save whose version is newer (or equal, with replace_equal); for each,
        whether it was written. Each save stands alone (not one transaction)."""
        ...

    def checkpoints(self, game_ids: Sequence[str]) -> list[int]:
        """The stored version of each game; 0 when none."""
        ...

    def delete(self, game_id: str) -> None: ...


# -- snapshots: a game's state every so many events (lorekeeper/snapshots.py) ------------------


class SnapshotStore(Protocol):
    """Derived copies of a game's state, by version, so that a load need not fold from event 1
    (tests/adapters/test_snapshot_store_contract.py). Opaque bytes here: lorekeeper/snapshots.py
    makes and reads them. Losing any or all of them loses nothing but time."""

    def save(self, game_id: str, version: int, blob: bytes) -> None:
        """Keep `blob` as the game's snapshot at `version`, replacing one kept there before."""
        ...

    def latest(self, reads: Sequence[tuple[str, int | None]]) -> list[tuple[int, bytes] | None]:
        """For each (game id, at most this version; None: any): the newest snapshot at or
        before it, as (version, blob); None when there is none. Several games in one go."""
        ...

    def versions(self, game_id: str) -> list[int]:
        """The versions the game has snapshots at, in order."""
        ...

    def delete(self, game_id: str, keep: int | None = None) -> None:
        """Forget the game's snapshots (`keep`: all but the one at that version)."""
        ...


class ArchiveStore(Protocol):
    """Finished games' archives (lorekeeper/archive.py): one compressed blob of a game's stored
    events, which takes the place of its stream, its command ids and all its snapshots but
    the last (tests/adapters/test_archive_store_contract.py)."""

    def archive(self, game_id: str, version: int, blob: bytes) -> bool:
        """In one step, if the game's stream is still at `version`: keep `blob` as its archive
        and drop its stream, its command ids and its snapshots before `version`. False (and
        nothing changed) otherwise."""
        ...

    def versions(self, game_ids: Sequence[str]) -> list[int]:
        """Each game's archived version; 0 for a game not archived."""
        ...

    def load(self, game_id: str) -> bytes | None:
        """The game's archive; None for a game not archived."""
        ...


# -- jobs ---------------------------------------------------------------------------------------


class JobQueue(Protocol):
    """What the workers must do after an append (tests/workers/test_job_queue_contract.py):
    project the game's board view, and resolve a breath phase the append opened (R-TRN-6)."""

    def after_append(self, game_id: str, version: int, event_types: Sequence[str]) -> None:
        """`version` is the game's version after the append; `event_types` the appended
        events' types, in order. Called again for a retried command: idempotent."""
        ...


# -- secrets kept beside a game -----------------------------------------------------------------


class SeatTokenStore(Protocol):
    """Each game's seat tokens, as hashes (lorekeeper/seats.py). A game's tokens are final
    once it starts (a game created with every seat taken: at once); before that a seat may
    be given a token when it is taken and lose it when it is freed, and no process may keep
    a copy of the hashes (docs/players.md)."""

    def save(self, game_id: str, hashes: Mapping[int, str], *, final: bool = True) -> None:
        """Seat -> token hash: when the game is created, or a seat of an unstarted game is
        taken (`final` False: more may come, and a process keeps no copy)."""
        ...

    def release(self, game_id: str, seat: int) -> None:
        """Forget the seat's token (a player left an unstarted game)."""
        ...

    def seal(self, game_id: str) -> None:
        """The game's tokens are final from now on (it starts)."""
        ...

    def seats_for(self, game_ids: Sequence[str], token: str) -> list[int | None]:
        """The seat this token opens in each of these games (None where it opens none), in
        one go."""
        ...


class DiceStore(Protocol):
    """Each game's dice (its secret seed), written once at creation, never shown."""

    def save(self, game_id: str, config: DiceConfig) -> None: ...

    def load(self, game_id: str) -> DiceConfig | None: ...


class Quota(NamedTuple):
    """What one request left of its caller's bucket (the RateLimit header, docs/api.md)."""

    wait_s: float  # 0.0: allowed; else the seconds until it would be
    remaining: int  # whole requests left in the bucket (after this one, if allowed)
    reset_s: float  # seconds until the bucket gains another request (0.0 when it is full)


class Rate(NamedTuple):
    """A token bucket's size: at most `burst` requests, refilled `per_s` a second."""

    per_s: float
    burst: int


class RateLimiter(Protocol):
    def acquire(self, key: str) -> float:
        """Take one request from `key`'s bucket: 0.0 if allowed, else seconds until it would be."""
        ...

    def take(self, key: str) -> Quota:
        """`acquire`, with what is left of the bucket."""
        ...

    def take_each(self, buckets: Sequence[tuple[str, Rate]]) -> list[Quota]:
        """One request from each bucket (its key, its size), in one go; what each left, in
        order. A bucket that is empty takes nothing; the others take theirs all the same."""
        ...


# -- long requests: open streams and waits ----------------------------------------------------


class Slot(NamedTuple):
    """One long request a caller holds (an open event stream, a `min_version` wait)."""

    key: str
    id: str
    in_use: int  # how many the caller holds, this one included


class ConcurrencyLimiter(Protocol):
    """How many long requests each caller holds at once, across every API process
    (tests/adapters/test_concurrency_contract.py). A slot not released (its process died)
    lapses after its `ttl_s`."""

    def acquire(self, key: str, limit: int, ttl_s: float) -> Slot | None:
        """A slot if `key` holds fewer than `limit`; None otherwise."""
        ...

    def release(self, slot: Slot) -> None: ...


# -- following streams as they grow -------------------------------------------------------------


class FeedEntry(NamedTuple):
    position: str  # its place in the topic, a Redis stream id: "<version>-0" for a game's events
    item: Any  # what the topic carries: a StoredEvent for a game


class Feed(Protocol):
    """Append-only topics, followed many at once (tests/adapters/test_feed_contract.py). A
    game's events are the topic `game:<game_id>` (lorekeeper/streaming.py). One `wait` covers
    every topic a process follows (one blocking XREAD on Redis), so a thousand open streams
    cost one waiting read, not a thousand polls. An unknown topic is an empty one."""

    def read(self, topic: str, after: str, limit: int) -> list[FeedEntry]:
        """Up to `limit` entries after position `after` (\"0\": from the start), oldest first."""
        ...

    def wait(self, after: Mapping[str, str], timeout_s: float) -> dict[str, list[FeedEntry]]:
        """For each topic with entries after its position: those entries (a bounded number
        per topic, oldest first). Waits up to `timeout_s` for the first; {} if none came."""
        ...

    def wake(self) -> None:
        """Make a `wait` under way in another thread return at once (with what it has)."""
        ...


# -- players, tables and the lobby (docs/players.md) --------------------------------------------


@dataclass(frozen=True)
class ApiKey:
    """One of a player's API keys: `hash` (SHA-256 hex of the key) is all that is kept;
    `id`, its first 12 hex digits, names it in listings and in DELETE."""

    id: str
    hash: str
    created_ms: int


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    created_ms: int
    keys: tuple[ApiKey, ...] = ()


class PlayerStore(Protocol):
    """Players and the hashes of their API keys (tests/adapters/test_player_stores_contract.py).
    A key's lookup is read from the store on every request (no process keeps a copy), so a
    revoked key is refused at once everywhere."""

    def create(self, player: Player) -> None:
        """A new player with its first key(s)."""
        ...

    def load(self, player_id: str) -> Player | None: ...

    def player_of_key(self, key_hash: str) -> str | None:
        """The id of the player holding the key with this hash; None for none (or revoked)."""
        ...

    def add_key(
        self, player_id: str, key: ApiKey, *, max_keys: int, replacing: str | None = None
    ) -> bool:
        """Add `key` to the player's keys and, with `replacing`, revoke that key id in the same
        step (a rotation). False, changing nothing, when the player is unknown, would hold
        more than `max_keys`, or has no key `replacing`."""
        ...

    def revoke_key(self, player_id: str, key_id: str) -> bool:
        """Revoke one key (refused at once); False when the player has no such key."""
        ...


class TableStore(Protocol):
    """Each game's table: who holds which seat, its visibility, invitations and read-only
    grants (lorekeeper/tables.py; tests/adapters/test_player_stores_contract.py). Every change
    replaces the whole table if its revision is still the one read (compare and set)."""

    def create(self, table: Table) -> bool:
        """Store a new table; False if the game has one already."""
        ...

    def load(self, game_id: str) -> Table | None: ...

    def load_many(self, game_ids: Sequence[str]) -> list[Table | None]:
        """`load` of several games in one go."""
        ...

    def replace(self, table: Table, expected_rev: int) -> bool:
        """Store `table` (its `rev` is expected_rev + 1) if the stored one is still at
        `expected_rev`; False, changing nothing, otherwise."""
        ...


ShelfKind = Literal["public", "player"]


class Shelf(NamedTuple):
    """One list of games the lobby can page through: the public lobby by status (and
    scenario), or one player's games by status, or those waiting on the player."""

    kind: ShelfKind
    status: str  # open, active, over, expired, all; for a player also waiting, invited
    scenario: str | None = None  # public shelves only
    player_id: str | None = None  # player shelves only


class Listing(NamedTuple):
    """A game as the lobby lists it, computed by the projector (lorekeeper/lobby.py).
    `stamp` (game version, table revision) orders the listings of one game: an older one
    never replaces a newer one."""

    game_id: str
    stamp: tuple[int, int]
    created_ms: int
    shelves: tuple[Shelf, ...]
    entry: Mapping[str, Any]
    expires_ms: int | None = None  # an open game's end, if nobody fills it


class ListingPage(NamedTuple):
    entries: list[dict[str, Any]]
    next_cursor: str | None  # the last game's place on the shelf; None after the last page


class LobbyIndex(Protocol):
    """The lobby's shelves: sorted indexes of games, newest created first, that pages read in
    O(log N + page size) with stable cursors (tests/adapters/test_player_stores_contract.py).
    Each game sits on a shelf under the same place for its whole life, so a cursor (a place)
    stays valid while games are created and move between shelves."""

    def update(self, listings: Sequence[Listing]) -> list[bool]:
        """Move each game to its listing's shelves unless a listing of the same or a newer
        stamp is stored; for each, whether it was written."""
        ...

    def page(self, shelf: Shelf, after: str | None, limit: int) -> ListingPage:
        """Up to `limit` entries of the shelf after the place `after` (None: from the first)."""
        ...

    def count(self, shelf: Shelf) -> int: ...

    def expiring(self, now_ms: int, limit: int) -> list[str]:
        """Ids of open games whose expiry has passed, oldest first."""
        ...


class BotQueue(Protocol):
    """Where a bot's turn goes when the game waits on a bot seat (a worker plays it)."""

    def enqueue_bot_turn(self, game_id: str, version: int, seat: int) -> bool:
        """Queue the bot's move at `version`; False if that one was queued already."""
        ...


# -- clocks: deadlines (docs/api.md, "Clocks"; docs/workers.md) ---------------------------------


class Deadline(NamedTuple):
    """A clocked game's running deadline as of `version` (None: no clock runs), when its
    seat is to be told that time is running out, and what is timed (`key`: one notice each)."""

    game_id: str
    version: int
    deadline_ms: int | None
    warn_ms: int | None = None
    key: str | None = None
    seat: int | None = None
    period: str | None = None


class Due(NamedTuple):
    game_id: str
    version: int  # the version the deadline was scheduled at
    deadline_ms: int


class DeadlineIndex(Protocol):
    """Each clocked game's running deadline, sorted by time, so that the workers find the
    overdue ones in O(log N) (tests/adapters/test_deadline_index_contract.py). Derived data:
    the clocks are folded from the events; this only says where to look."""

    def schedule(self, deadlines: Sequence[Deadline]) -> list[bool]:
        """Keep each game's deadline (none: forget the game) unless one of the same or a
        newer version is kept; for each, whether it was written."""
        ...

    def due(self, now_ms: int, limit: int) -> list[Due]:
        """Games whose deadline is at or before `now_ms`, earliest first."""
        ...

    def claim_warnings(self, now_ms: int, limit: int) -> list[Deadline]:
        """The deadlines whose warning time has come, each handed to one caller only and
        once per `key` (a turn, a decision), however often it is scheduled again."""
        ...


class TimeOutQueue(Protocol):
    """Where an overdue clock goes: a job that applies the time-out (a worker runs it)."""

    def enqueue_time_out(self, game_id: str, version: int) -> bool:
        """Queue the time-out of the deadline scheduled at `version`; False if queued before."""
        ...


class TransparencyStore(Protocol):
    """The transparency log's leaves, append-only, in order (lorekeeper/transparency.py), and
    each game's salt. Each leaf has a unique name (`game_created:<game id>`,
    `game_finished:<game id>`): appending a name twice keeps the first leaf and answers its
    index. A game's salt, once kept, never changes. One on the coordination Redis."""

    def append(self, name: str, data: bytes, limit: int) -> int | None:
        """The leaf's index (its first one for a name seen before); None when the log holds
        `limit` leaves already."""
        ...

    def index_of(self, name: str) -> int | None: ...

    def size(self) -> int: ...

    def leaves(self, start: int, stop: int) -> list[bytes]:
        """Leaves `start` to `stop - 1` (fewer past the end)."""
        ...

    def salt(self, game_id: str, fresh: str, limit: int) -> str | None:
        """The game's salt: the one kept, or `fresh`, kept now, when it has none (once, even
        when two ask at once); None when it has none and the log holds `limit` leaves."""
        ...

    def salt_of(self, game_id: str) -> str | None: ...


@dataclass(frozen=True)
class Stores:
    """One backend's stores, as a composition root hands them to the application."""

    events: EventStore
    projections: ProjectionStore
    seats: SeatTokenStore
    dice: DiceStore
    players: PlayerStore
    tables: TableStore
    lobby: LobbyIndex
    deadlines: DeadlineIndex
    snapshots: SnapshotStore | None = None  # None: every load folds from the first event
    archives: ArchiveStore | None = None  # None: finished games keep their streams
    transparency: TransparencyStore | None = None  # None: no transparency log (issue 20)


# -- push: a player's notifications and webhooks (issue 16; docs/push.md) -----------------------


@dataclass(frozen=True)
class Note:
    """One notification for one player. `id` is stable: the same fact of the same game for
    the same player always has the same id, however often it is derived or delivered, so a
    client de-duplicates by it."""

    id: str
    type: str
    game_id: str
    body: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "type": self.type, "game_id": self.game_id, **self.body}


class NotificationLog(Protocol):
    """Each player's notifications, in order, bounded (the newest `max_len` are kept).
    A position is the entry's id in the player's log (a Redis stream id); the log is also the
    Feed of the topics `player:<id>` (lorekeeper/streaming.py)."""

    def record(
        self, game_id: str, stamp: tuple[int, int], facts: Mapping[str, Sequence[tuple[str, Note]]]
    ) -> int:
        """The facts that hold of a game at `stamp` (its version, its table's revision), per
        player: (fact key, note). Appends the note of each fact that did not hold at the
        game's previous recorded stamp, unless that stamp is as new; how many were added.
        Marks the players' webhook endpoints due (in the same step)."""
        ...

    def record_many(
        self, games: Sequence[tuple[str, tuple[int, int], Mapping[str, Sequence[tuple[str, Note]]]]]
    ) -> list[int]:
        """`record` of several games (one round trip on Redis): how many notes each added."""
        ...

    def append(self, player_id: str, note: Note) -> None:
        """One notice that is no fact of a game's state (say "time running out")."""
        ...

    def read(self, topic: str, after: str, limit: int) -> list[FeedEntry]: ...

    def head(self, player_id: str) -> str:
        """The position of the player's newest note ("0-0": none)."""
        ...

    def oldest(self, player_id: str) -> str | None:
        """The position of the player's oldest note still kept (None: none)."""
        ...


@dataclass(frozen=True)
class Endpoint:
    """A player's webhook endpoint (the secret is kept, never shown after it was made)."""

    id: str
    player_id: str
    url: str
    types: tuple[str, ...]  # which notifications it takes
    secret: str
    created_ms: int
    enabled: bool = True
    disabled_reason: str | None = None
    failures: int = 0  # deliveries in a row that failed
    cursor: str = "0-0"  # the position of the last note delivered (or skipped)

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "url": self.url, "types": list(self.types),
                "created_ms": self.created_ms, "enabled": self.enabled,
                "disabled_reason": self.disabled_reason, "failures": self.failures}  # fmt: skip


class WebhookStore(Protocol):
    """Endpoints, what each has delivered, when each is due, and its delivery log."""

    def add(self, endpoint: Endpoint, limit: int) -> bool:
        """Keep a new endpoint, unless the player has `limit` already."""
        ...

    def load(self, player_id: str, endpoint_id: str) -> Endpoint | None: ...

    def endpoints(self, player_id: str) -> list[Endpoint]: ...

    def delete(self, player_id: str, endpoint_id: str) -> bool: ...

    def update(self, endpoint: Endpoint) -> None:
        """Write the endpoint's state (enabled, failures, cursor); enabled ones are marked due
        by NotificationLog.record, disabled ones are not."""
        ...

    def lock(self, player_id: str, endpoint_id: str, token: str, lease_ms: int) -> bool:
        """Hold the endpoint's delivery lock (or extend it, with the same token)."""
        ...

    def unlock(self, player_id: str, endpoint_id: str, token: str) -> None: ...

    def schedule(self, player_id: str, endpoint_id: str, at_ms: int) -> None:
        """Mark the endpoint due at `at_ms`."""
        ...

    def settle(self, player_id: str, endpoint_id: str, cursor: str, head: str) -> bool:
        """The endpoint has delivered up to `cursor`: no longer due if `cursor` is the newest
        note of the player's log (checked with the log, atomically), else due now. True if
        settled."""
        ...

    def claim_due(self, now_ms: int, lease_ms: int, limit: int) -> list[tuple[str, str]]:
        """(player, endpoint) pairs due by `now_ms`, each pushed `lease_ms` on as it is
        handed out: claimed again only if the delivery has not settled by then."""
        ...

    def log(
        self, player_id: str, endpoint_id: str, attempt: Mapping[str, Any], keep: int
    ) -> None: ...

    def deliveries(self, player_id: str, endpoint_id: str) -> list[dict[str, Any]]:
        """The newest attempts first."""
        ...


class TicketStore(Protocol):
    """Single-use stream tickets: a ticket's hash -> its player, for a few seconds."""

    def issue(self, digest: str, player_id: str, ttl_s: int) -> None: ...

    def redeem(self, digest: str) -> str | None:
        """The ticket's player, once (the ticket is gone after)."""
        ...


@dataclass(frozen=True)
class PushStores:
    """One backend's push stores (apart from Stores, so that push is wired in one place)."""

    notes: NotificationLog
    webhooks: WebhookStore
    tickets: TicketStore


class Attempt(NamedTuple):
    """What one webhook delivery came to: the status answered (None: none), or why not."""

    status: int | None
    error: str | None
    duration_ms: int

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


class WebhookSender(Protocol):
    """Sends a signed delivery to an endpoint it checked (adapters/webhook_sender.py)."""

    def check(self, url: str) -> None:
        """Refused (`webhook_target_refused`) for a URL the server will not send to: another
        scheme, or a name that resolves to an address not allowed (loopback, private…)."""
        ...

    def send(self, url: str, headers: Mapping[str, str], body: bytes) -> Attempt: ...


# -- a projection round's reads and writes, together (lorekeeper/projector.py) -----------------


class RoundReads(NamedTuple):
    checkpoints: list[int]  # ProjectionStore.checkpoints's
    tails: list[Tail]  # EventStore.tails's
    tables: list[Table | None]  # TableStore.load_many's


class RoundReader(Protocol):
    """Reads what a projection round needs of its games, in this order: their projections'
    checkpoints, their new events, their tables (tests/adapters/test_round_io_contract.py):
    a checkpoint read before the events it is compared with, a table at least as new as the
    events. As few round trips as the stores allow (on one Redis, one)."""

    def read(self, reads: Sequence[tuple[str, int]], *, clear_pending: bool = False) -> RoundReads:
        """For each (game id, from version) of `reads` (EventStore.tails's). `clear_pending`:
        first clear the games' pending-projection flags (the workers' job queue's), in the
        same round trip where the stores allow, so an append the reads miss asks for another
        round; a reader made without the flags refuses it (TypeError)."""
        ...


# One game's facts for NotificationLog.record_many: (game id, stamp, facts by player).
NoteRecord = tuple[str, tuple[int, int], Mapping[str, Sequence[tuple[str, Note]]]]


@dataclass(frozen=True)
class RoundWrites:
    """What one projection round writes: the players' notes, the games' listings, the clocked
    games' deadlines, the projections (`replace_equal`: as ProjectionStore.save's)."""

    notes: Sequence[NoteRecord] = ()
    listings: Sequence[Listing] = ()
    deadlines: Sequence[Deadline] = ()
    saves: Sequence[ProjectionSave] = ()
    replace_equal: bool = False


class RoundWriter(Protocol):
    """Writes a projection round to the stores each part belongs to, the projections last
    (tests/adapters/test_round_io_contract.py): as few round trips as the stores allow
    (on one Redis, one), since each write round trip waits for the disk under appendfsync
    always (BENCHMARKS.md)."""

    def write(self, writes: RoundWrites) -> list[bool]:
        """Each save's result (whether it was written). A write before the saves that fails
        is raised, and no projection of the round is left newer than what was derived with
        it: the saves did not run, or those that wrote are deleted (to be projected again)."""
        ...


class Rounds(NamedTuple):
    """A backend's RoundReader and RoundWriter (the composition roots give Redis's)."""

    reader: RoundReader
    writer: RoundWriter
