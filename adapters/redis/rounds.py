"""A projection round's reads and writes on Redis, in as few round trips as the topology
allows.

**Reads** (`RedisRoundReader`): the games' checkpoints, new events and tables, all on the
games' Redis, in one round trip, in that order (one connection runs them in order, so each
checkpoint is read before the events it is compared with and each table after them; on a
Cluster a game's keys share its slot, so its reads go to one master in that order too): one
round trip where there were three. The workers' rounds send the games' pending-flag `HDEL`s
first in the same round trip (before, a round trip of their own: under `appendfsync always`
a write's reply waits for the disk, and the round waited for it before it could read;
BENCHMARKS.md, "a tenth session"). They go through a lane (`run_commands`; on one server
hiredis's packer and the replies as Redis sends them: redis-py's pipeline cost two to three times
the CPU for the same commands, its response callbacks and retry wrapper run per command,
BENCHMARKS.md, "a ninth session"; on a Cluster, redis-py's cluster pipeline sends each
game's reads to its master).

**Writes** (`RedisRoundWriter`): a round writes the players' notes, the games' listings and
the clocked games' deadlines (the coordination Redis), then the projections (the games'
Redis): before this, one round trip each. Under `appendfsync always` a write's reply waits
for the disk, so each round trip cost a flush, one after another (BENCHMARKS.md, "Issue
23"). Here:

- **one server** (the coordination client is the games' client): every script of the round
  runs as one script (adapters/redis/lane.py, `bundled`: one `EVALSHA` a round, where each
  game cost three), the saves last. Redis runs a script whole (a worker killed before it
  arrives writes nothing of the round), or stops it at its first error with what it wrote
  before (a write refused for want of memory, say): a prefix, never a projection without
  the listing, notes and deadline derived with it;
- **a cluster** (two clients): the coordination Redis's scripts as one script, then the
  saves on every master at once (adapters/redis/lane.py): two round trips, the saves only
  after the others succeeded.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from adapters.redis.clocks import RedisDeadlineIndex
from adapters.redis.event_store import RedisStreamEventStore
from adapters.redis.jobs import RQJobQueue
from adapters.redis.lane import checked, lane_for, run_all, run_as_one
from adapters.redis.lobby import RedisLobbyIndex
from adapters.redis.projections import RedisProjectionStore
from adapters.redis.push import RedisNotificationLog
from adapters.redis.tables import RedisTableStore
from adapters.redis.topology import GamesClient, RedisClients
from lorekeeper.projections.ports import RoundReads, RoundWrites


class _Queued:
    """The read commands the stores' `queue_*` methods ask for (they take a redis-py
    pipeline or this), as tuples to send."""

    def __init__(self) -> None:
        self.commands: list[tuple[Any, ...]] = []

    def hget(self, name: str, key: str) -> None:
        self.commands.append(("HGET", name, key))

    def xrange(self, name: str, min: str, max: str) -> None:  # noqa: A002 (redis-py's names)
        self.commands.append(("XRANGE", name, min, max))


class RedisRoundReader:
    def __init__(
        self,
        games: GamesClient,
        projections: RedisProjectionStore,
        events: RedisStreamEventStore,
        tables: RedisTableStore,
        jobs: RQJobQueue | None = None,
    ) -> None:
        """`jobs`: the workers' job queue, whose pending flags a round may clear."""
        self._lane = lane_for(games)
        self._projections = projections
        self._events = events
        self._tables = tables
        self._jobs = jobs

    def read(self, reads: Sequence[tuple[str, int]], *, clear_pending: bool = False) -> RoundReads:
        if clear_pending and self._jobs is None:
            raise TypeError("this round reader was made without the job queue")
        if not reads:
            return RoundReads([], [], [])
        game_ids = [game_id for game_id, _ in reads]
        queued = _Queued()
        if clear_pending and self._jobs is not None:  # ahead of the reads, on their connection
            queued.commands += self._jobs.clear_pending_calls(game_ids)
        cleared = len(queued.commands)
        self._projections.queue_checkpoints(queued, game_ids)
        self._events.queue_tails(queued, reads)
        self._tables.queue_loads(queued, game_ids)
        replies = checked(self._lane.run_commands(queued.commands))[cleared:]
        n = len(reads)
        return RoundReads(self._projections.checkpoints_of(replies[:n]),
                          self._events.tails_of(reads, replies[n : 2 * n]),
                          self._tables.tables_of(replies[2 * n :]))  # fmt: skip


class RedisRoundWriter:
    def __init__(
        self,
        clients: RedisClients,
        projections: RedisProjectionStore,
        lobby: RedisLobbyIndex,
        deadlines: RedisDeadlineIndex,
        notes: RedisNotificationLog | None = None,
    ) -> None:
        self._shared = clients.shared
        self._games = lane_for(clients.games)
        self._coordination = self._games if self._shared else lane_for(clients.coordination)
        self._projections = projections
        self._lobby = lobby
        self._deadlines = deadlines
        self._notes = notes

    def write(self, writes: RoundWrites) -> list[bool]:
        before = [
            *(self._notes.record_calls(writes.notes) if self._notes is not None else ()),
            *self._lobby.update_calls(writes.listings),
            *self._deadlines.schedule_calls(writes.deadlines),
        ]
        saves = self._projections.save_calls(writes.saves, replace_equal=writes.replace_equal)
        if not self._shared:
            run_as_one(self._coordination, before)
            return [bool(written) for written in run_all(self._games, saves)]
        return [bool(written) for written in run_as_one(self._games, before + saves)[len(before) :]]
