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
  runs as one script (adapters/redis_lane.py, `bundled`: one `EVALSHA` a round, where each
  game cost three), the saves last. Redis runs a script whole (a worker killed before it
  arrives writes nothing of the round), or stops it at its first error with what it wrote
  before (a write refused for want of memory, say): a prefix, never a projection without
  the listing, notes and deadline derived with it;
- **a cluster** (two clients): the coordination Redis's scripts as one script, then the
  saves on every master at once (adapters/redis_lane.py): two round trips, the saves only
  after the others succeeded.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from adapters.redis_clocks import RedisDeadlineIndex
from adapters.redis_event_store import RedisStreamEventStore
from adapters.redis_jobs import RQJobQueue
from adapters.redis_keys import commands_key, events_key, projection_key, table_key
from adapters.redis_lane import ClusterLane, ScriptCall, checked, lane_for, run_all, run_as_one
from adapters.redis_lobby import RedisLobbyIndex
from adapters.redis_projections import RedisProjectionStore
from adapters.redis_push import RedisNotificationLog
from adapters.redis_tables import RedisTableStore
from adapters.redis_topology import GamesClient, RedisClients
from adapters.stream_entries import text
from lorekeeper.ports import DueReads, RoundReads, RoundWrites


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

    def read_due(self, count: int) -> DueReads | None:
        if self._jobs is None or isinstance(self._lane, ClusterLane):
            return None
        field, _, due = self._jobs.pending_request()
        if due is None:  # the queue on another server than the games
            return None
        keys = [commands_key("%s"), projection_key("%s"), events_key("%s"), table_key("%s")]
        args: list[str | int] = [count, field, *keys, DUE_ENTRIES]
        popped = checked(self._lane.run_scripts([ScriptCall(_DUE_LUA, [due], args)]))[0]
        # Each game once (it is queued twice only when its flag lapsed; the reads are alike).
        found = list({text(g): (text(g), c, e, t) for g, c, e, t in popped}.values())
        game_ids = [game_id for game_id, _, _, _ in found]
        checkpoints = self._projections.checkpoints_of([c for _, c, _, _ in found])
        reads = [(g, c + 1) for g, c in zip(game_ids, checkpoints, strict=True)]
        whole = [len(entries) < DUE_ENTRIES for _, _, entries, _ in found]
        tails = self._events.tails_of(reads, [entries for _, _, entries, _ in found])
        return DueReads(game_ids, checkpoints,
                        [t if w else None for t, w in zip(tails, whole, strict=True)],
                        self._tables.tables_of([t for _, _, _, t in found]))  # fmt: skip


# The games' checkpoints and new entries from them at most this many entries a game (a
# game cold to this Redis's projections would read its whole stream: read again, planned).
DUE_ENTRIES = 64

# `read_due`'s script: pop the due games, then for each, in order, clear its pending flag
# and read its checkpoint, its entries from the one holding the checkpoint's event on (as
# `queue_tails` reads from a version), and its table. Its keys are made here from the ids
# it pops (on one Redis only: a cluster's would be in many slots).
_DUE_LUA = """
local ids = redis.call('LPOP', KEYS[1], ARGV[1])
if not ids then return {} end
local found = {}
for i, id in ipairs(ids) do
  redis.call('HDEL', string.format(ARGV[3], id), ARGV[2])
  local checkpoint = redis.call('HGET', string.format(ARGV[4], id), 'version')
  local from = math.max(tonumber(checkpoint) or 0, 1)
  local entries = redis.call('XRANGE', string.format(ARGV[5], id), from .. '-0', '+',
                             'COUNT', ARGV[7])
  found[i] = {id, checkpoint, entries, redis.call('HGET', string.format(ARGV[6], id), 'table')}
end
return found
"""


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
