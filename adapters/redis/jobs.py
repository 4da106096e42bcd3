"""JobQueue on Redis (the port: lorekeeper/games/ports.py; the twin: adapters/memory/jobs.py).

`after_append` schedules at most what is needed:

- a **projection** when none is pending: the game's pending flag is the field
  `" projecting:<queue>"` of its command-ids hash `lk:{<game_id>}:cmds` (its value: when it
  was set, epoch ms; older than `pending_ttl_s` it counts as unset), and only who takes it
  pushes the game id onto the projection queue, the Redis list `lk:{projections}:due`
  (`ProjectionQueue`; `projections` is the queue's name). The flag sits in the game's slot,
  so **the append's own script takes it** (adapters/redis/append_script.py: read by the same
  `HMGET`, set by the same `HSET`, no call of its own) and, on one server, pushes the game
  too; on a Cluster the list is in another slot, so the store calls `requested_with_append`
  and the game is pushed after the append (a push lost there leaves the flag set until it
  lapses or the reconciler finds the game). `after_append` then sends nothing for that
  version. The workers' projection loop pops game ids and clears their flags *before* it
  reads the streams, so an append either finds the flag clear (and queues the game) or is
  read by the pending projection. Projections are not RQ jobs: RQ's bookkeeping (some 65
  Redis calls a job) costs several times the projection itself (BENCHMARKS.md).
- a **bot** move (RQ, the bot queue) when the game waits on a bot seat (`enqueue_bot_turn`,
  called by lorekeeper/players/bot_turns.py): job id `bot-<game>-<version>-<seat>` (the game id
  escaped as below), the top-level function BOT_FUNC names.
- a **time-out** (RQ, the clock queue) when a clocked game's deadline has passed
  (`enqueue_time_out`, called by the workers' clock loop, lorekeeper/clocks/timekeeper.py): job id
  `timeout-<game>-<version>` (the version the deadline was scheduled at), TIME_OUT_FUNC.
- a **breath** job (RQ) when `BreathPhaseOpened` is among the appended events (R-TRN-6),
  with a job id per game and version of that event (`breath-<game>-<version>`; RQ accepts
  only `[A-Za-z0-9_-]`, so the game id is escaped: `_`->`__`, `.`->`_d`, `:`->`_c`): a
  repeated call enqueues nothing new. The job is the top-level function BREATH_FUNC names
  (the adapters never import `workers`), with plain ids, by RQ's JSONSerializer.

The command has already been appended when `after_append` runs, so a Redis error here is
logged, not raised: the workers' reconciler finds what was not scheduled.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import Any, cast

import redis
from rq import Queue
from rq.exceptions import DuplicateJobError
from rq.serializers import JSONSerializer

from adapters.redis.keys import DEFAULT_PROJECTION_QUEUE, commands_key, due_key, pending_field
from adapters.redis.lane import checked, lane_for
from adapters.redis.stream_entries import text
from adapters.redis.topology import GamesClient
from adapters.redis.wire import ScriptCall

BREATH_OPENED = "BreathPhaseOpened"
BREATH_FUNC = "workers.jobs.resolve_breath"
BOT_FUNC = "workers.bots.play_bot_turn"
TIME_OUT_FUNC = "workers.clocks.apply_time_out"
DEFAULT_BREATH_QUEUE = "breath"
DEFAULT_BOT_QUEUE = "bots"
DEFAULT_CLOCK_QUEUE = "clocks"

log = logging.getLogger(__name__)

# KEYS: the game's command-ids hash, and the projection queue when it is on the same server.
# ARGV: the pending field, now (ms), how long a flag holds (ms), game id. Takes the flag
# unless one holds: 1 when it did (and queued the game if the queue is in KEYS), else 0.
_REQUEST_LUA = """
local since = redis.call('HGET', KEYS[1], ARGV[1])
if since and tonumber(ARGV[2]) - tonumber(since) < tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if KEYS[2] then redis.call('RPUSH', KEYS[2], ARGV[4]) end
return 1
"""


_RIDDEN_MAX = 4096


def _escaped(game_id: str) -> str:
    return game_id.replace("_", "__").replace(".", "_d").replace(":", "_c")


def breath_job_id(game_id: str, opened_version: int) -> str:
    """The RQ job id of the breath phase opened at `opened_version`."""
    return f"breath-{_escaped(game_id)}-{opened_version}"


def bot_job_id(game_id: str, version: int, seat: int) -> str:
    """The RQ job id of a bot's move in the game at `version`."""
    return f"bot-{_escaped(game_id)}-{version}-{seat}"


def time_out_job_id(game_id: str, version: int) -> str:
    """The RQ job id of the time-out of the deadline scheduled at `version`."""
    return f"timeout-{_escaped(game_id)}-{version}"


def breath_opened_version(version: int, event_types: Sequence[str]) -> int | None:
    """The version of the BreathPhaseOpened event among the appended ones, if any."""
    for index in range(len(event_types) - 1, -1, -1):
        if event_types[index] == BREATH_OPENED:
            return version - (len(event_types) - 1 - index)
    return None


class ProjectionQueue:
    """The games whose projection is due: a Redis list of game ids that the workers'
    projection loop pops. Not an RQ queue: the bookkeeping of an RQ job costs several times
    the projection it runs (BENCHMARKS.md)."""

    def __init__(self, client: redis.Redis, name: str) -> None:
        self._client = client
        self.name = name
        self.key = due_key(name)

    def pop(self, count: int, timeout_s: float | None) -> list[str]:
        """Up to `count` of the oldest game ids in one round trip (LPOP with a count, Redis
        6.2); when none is due, waits up to `timeout_s` for one (None: does not wait)."""
        raw = cast(list[bytes | str] | None, self._client.lpop(self.key, count))
        if raw:
            return [text(x) for x in raw]
        if timeout_s is None:
            return []
        found = cast(list[bytes | str] | None, self._client.blpop([self.key], timeout_s))
        return [] if found is None else [text(found[1])]

    def due(self) -> list[str]:
        """Every game id waiting, oldest first."""
        return [text(x) for x in self._client.lrange(self.key, 0, -1)]


class RQJobQueue:
    def __init__(
        self,
        client: redis.Redis,
        *,
        games: GamesClient | None = None,
        breath_queue: str = DEFAULT_BREATH_QUEUE,
        projection_queue: str = DEFAULT_PROJECTION_QUEUE,
        pending_ttl_s: int = 30,
        job_timeout_s: int = 60,
        breath_result_ttl_s: int = 24 * 3600,
        bot_queue: str = DEFAULT_BOT_QUEUE,
        bot_result_ttl_s: int = 3600,
        clock_queue: str = DEFAULT_CLOCK_QUEUE,
    ) -> None:
        self._client = client
        self.breath_queue = Queue(breath_queue, connection=client, serializer=JSONSerializer)
        self.bot_queue = Queue(bot_queue, connection=client, serializer=JSONSerializer)
        self.clock_queue = Queue(clock_queue, connection=client, serializer=JSONSerializer)
        self._bot_result_ttl_s = bot_result_ttl_s
        self.projection_queue = ProjectionQueue(client, projection_queue)
        self._pending_ttl_s = pending_ttl_s
        # The games' Redis (the pending flags are in each game's hash); `client`'s unless given.
        self._games = client if games is None else games
        self._same_server = self._games is client
        self._games_lane = lane_for(self._games)
        self._pending_field = pending_field(projection_queue)
        self._ridden: set[tuple[str, int]] = set()  # (game, version) requested with the append
        self._job_timeout_s = job_timeout_s
        self._breath_result_ttl_s = breath_result_ttl_s

    def after_append(self, game_id: str, version: int, event_types: Sequence[str]) -> None:
        try:
            opened = breath_opened_version(version, event_types)
            if opened is not None:
                self.enqueue_breath(game_id, opened)
            if (game_id, version) in self._ridden:
                self._ridden.discard((game_id, version))  # requested with the append
            else:
                self.request_projection(game_id)
        except redis.RedisError as exc:
            log.warning(
                "jobs.schedule_failed",
                extra={"game_id": game_id, "version": version, "error": repr(exc)},
            )

    def pending_request(self) -> tuple[str, int, str | None]:
        """For the append's script (RedisStreamEventStore): the pending field, how long a flag
        holds (ms), and the queue's list when it is on the games' server."""
        due = self.projection_queue.key if self._same_server else None
        return self._pending_field, self._pending_ttl_s * 1000, due

    def requested_with_append(self, game_id: str, version: int, queued: bool) -> None:
        """The append that led to `version` took care of the projection request
        (`after_append` sends nothing for it); `queued`: it took the flag, and the game is
        pushed here unless the script pushed it. A push that fails is logged: the append
        has landed."""
        if len(self._ridden) > _RIDDEN_MAX:  # appends without after_append leave theirs
            self._ridden.clear()
        self._ridden.add((game_id, version))
        if queued and not self._same_server:
            try:
                self._client.rpush(self.projection_queue.key, game_id)
            except redis.RedisError as exc:
                log.warning("jobs.queue_failed", extra={"game_id": game_id, "error": repr(exc)})

    def request_projection(self, game_id: str) -> bool:
        """Queue a projection unless one is pending; True if one was queued."""
        keys = [commands_key(game_id)]
        keys += [self.projection_queue.key] if self._same_server else []
        now_ms = time.time_ns() // 1_000_000
        args: list[str | int] = [self._pending_field, now_ms, self._pending_ttl_s * 1000, game_id]
        reply = self._games_lane.run_scripts([ScriptCall(_REQUEST_LUA, keys, args)])[0]
        if isinstance(reply, Exception):
            raise reply
        if reply and not self._same_server:
            self._client.rpush(self.projection_queue.key, game_id)
        return bool(reply)

    def clear_pending(self, game_ids: Sequence[str]) -> None:
        """Clear the games' pending flags: one round trip through the games' lane. (A
        projection round clears them with its reads instead: `clear_pending_calls`.)"""
        if game_ids:
            checked(self._games_lane.run_commands(self.clear_pending_calls(game_ids)))

    def clear_pending_calls(self, game_ids: Sequence[str]) -> list[tuple[str, str, str]]:
        """`clear_pending`'s commands, one HDEL a game in its own hash, for a projection
        round to send ahead of its reads, on the same connection (adapters/redis/rounds.py):
        an append after them asks for a new round."""
        return [("HDEL", commands_key(game_id), self._pending_field) for game_id in game_ids]

    def pending_since_ms(self, game_id: str) -> int | None:
        """When the game's pending projection was requested (epoch ms), or None (a flag
        past its time included: it no longer holds)."""
        raw = self._games.hget(commands_key(game_id), self._pending_field)
        if raw is None:
            return None
        since = int(raw)
        return since if time.time_ns() // 1_000_000 - since < self._pending_ttl_s * 1000 else None

    def enqueue_breath(self, game_id: str, opened_version: int) -> bool:
        """Enqueue the breath job of the phase opened at `opened_version`; False if it exists."""
        return self._enqueue(
            self.breath_queue,
            BREATH_FUNC,
            (game_id, opened_version),
            breath_job_id(game_id, opened_version),
            result_ttl=self._breath_result_ttl_s,
        )

    def enqueue_bot_turn(self, game_id: str, version: int, seat: int) -> bool:
        """Queue a bot's move; False if that one is queued (or was, within its result TTL).
        A Redis error is logged: the reconciler queues it again."""
        try:
            return self._enqueue(
                self.bot_queue,
                BOT_FUNC,
                (game_id, version, seat),
                bot_job_id(game_id, version, seat),
                result_ttl=self._bot_result_ttl_s,
            )
        except redis.RedisError as exc:
            log.warning("jobs.bot_not_queued", extra={"game_id": game_id, "error": repr(exc)})
            return False

    def enqueue_time_out(self, game_id: str, version: int) -> bool:
        """Queue the time-out of a deadline scheduled at `version`; False if that one is
        queued (or was, within its result TTL). A Redis error is logged: the next tick or the
        reconciler tries again."""
        try:
            return self._enqueue(
                self.clock_queue,
                TIME_OUT_FUNC,
                (game_id, version),
                time_out_job_id(game_id, version),
                result_ttl=self._bot_result_ttl_s,
            )
        except redis.RedisError as exc:
            log.warning("jobs.time_out_not_queued", extra={"game_id": game_id, "error": repr(exc)})
            return False

    def queued(self) -> list[str]:
        """The breath, time-out and bot jobs' ids and the game ids due a projection."""
        return (
            self.breath_queue.get_job_ids()
            + self.clock_queue.get_job_ids()
            + self.bot_queue.get_job_ids()
            + self.projection_queue.due()
        )

    def _enqueue(
        self, queue: Queue, func: str, args: tuple[Any, ...], id_: str, *, result_ttl: int
    ) -> bool:
        try:
            queue.enqueue_call(
                func,
                args=args,
                job_id=id_,
                unique=True,
                result_ttl=result_ttl,
                timeout=self._job_timeout_s,
                description=f"{func}{args!r}",
            )
        except DuplicateJobError:
            return False
        return True
