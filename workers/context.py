"""The workers' composition root: one WorkerContext per process, built from settings.

Nothing connects at import time. `python -m workers` builds the context and installs it; a
job run by a worker the CLI did not start (say `rq worker`) builds one from the environment
on first use. Tests install their own with `installed(ctx)`.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import redis

from adapters.event_store import AppendResult, EventStore, NewEvent, StoredEvent, Tail
from adapters.jobs import RQJobQueue
from adapters.projections import RedisProjectionStore
from adapters.redis_event_store import RedisStreamEventStore
from lorekeeper.dice import RedisDiceConfigStore
from lorekeeper.seats import RedisSeatTokenStore
from lorekeeper.service import GameService
from lorekeeper.state_cache import StateCache
from workers.projector import Projector
from workers.settings import WorkerSettings


@dataclass(frozen=True)
class WorkerContext:
    settings: WorkerSettings
    client: redis.Redis
    events: EventStore
    projections: RedisProjectionStore
    jobs: RQJobQueue
    service: GameService
    projector: Projector


def build_context(settings: WorkerSettings, client: redis.Redis | None = None) -> WorkerContext:
    # RQ needs replies as bytes: decode_responses stays False.
    client = client if client is not None else redis.Redis.from_url(settings.redis_url)
    jobs = settings.job_queue(client)
    # The projection request rides in the append's round trip (adapters/jobs.py).
    events: EventStore = RedisStreamEventStore(client, rider=jobs.ride)
    if settings.fault_append_delay_ms > 0:
        events = SlowAppendEventStore(events, settings.fault_append_delay_ms / 1000)
    cache = StateCache(settings.state_cache_games)
    service = GameService(
        events, RedisSeatTokenStore(client), RedisDiceConfigStore(client), jobs, cache=cache
    )
    projections = RedisProjectionStore(client)
    projector = Projector(events, projections, cache)
    return WorkerContext(settings, client, events, projections, jobs, service, projector)


_current: WorkerContext | None = None


def install(ctx: WorkerContext | None) -> None:
    global _current
    _current = ctx


def current() -> WorkerContext:
    """The installed context; built from the environment on first use if none is."""
    global _current
    if _current is None:
        _current = build_context(WorkerSettings.from_env())
    return _current


@contextmanager
def installed(ctx: WorkerContext) -> Iterator[WorkerContext]:
    previous = _current
    install(ctx)
    try:
        yield ctx
    finally:
        install(previous)


class SlowAppendEventStore:
    """Fault injection for the crash tests (LOREKEEPER_FAULT_APPEND_DELAY_MS): sleeps before
    and after each append, so a SIGKILL can land on either side of it. Never in production."""

    def __init__(self, inner: EventStore, delay_s: float) -> None:
        self._inner = inner
        self._delay_s = delay_s

    def append(
        self,
        game_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        *,
        seat: int | None,
        command_id: str | None,
        command_hash: str | None,
    ) -> AppendResult:
        time.sleep(self._delay_s)
        result = self._inner.append(
            game_id, expected_version, events,
            seat=seat, command_id=command_id, command_hash=command_hash,
        )  # fmt: skip
        time.sleep(self._delay_s)
        return result

    def create(
        self, game_id: str, events: Sequence[NewEvent], seat: int | None = None
    ) -> AppendResult:
        return self._inner.create(game_id, events, seat)

    def read(
        self, game_id: str, from_version: int = 1, limit: int | None = None
    ) -> list[StoredEvent]:
        return self._inner.read(game_id, from_version, limit)

    def version(self, game_id: str) -> int:
        return self._inner.version(game_id)

    def tails(self, reads: Sequence[tuple[str, int]]) -> list[Tail]:
        return self._inner.tails(reads)

    def command_result(
        self, game_id: str, command_id: str, command_hash: str | None = None
    ) -> AppendResult | None:
        return self._inner.command_result(game_id, command_id, command_hash)

    def exists(self, game_id: str) -> bool:
        return self._inner.exists(game_id)

    def game_ids(self) -> list[str]:
        return self._inner.game_ids()
