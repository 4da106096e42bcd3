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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from lorekeeper.audit.ports import TransparencyStore
from lorekeeper.clocks.ports import Deadline, DeadlineIndex
from lorekeeper.games.ports import (
    ArchiveStore,
    DiceStore,
    EventStore,
    ProjectionSave,
    ProjectionStore,
    SeatTokenStore,
    SnapshotStore,
    Tail,
)
from lorekeeper.players.ports import Listing, LobbyIndex, PlayerStore, TableStore
from lorekeeper.players.tables import Table
from lorekeeper.push.ports import NoteRecord


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


# -- players, tables and the lobby (docs/players.md) --------------------------------------------


# -- clocks: deadlines (docs/api.md, "Clocks"; docs/workers.md) ---------------------------------


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
