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
from typing import Any

import redis

from adapters.redis_backend import redis_stores, rq_job_queue
from adapters.redis_jobs import RQJobQueue
from lorekeeper.bot_turns import BotTurns
from lorekeeper.gamelog import GameLog
from lorekeeper.ports import AppendResult, EventStore, NewEvent, ProjectionStore, Stores
from lorekeeper.projector import Projector
from lorekeeper.seating import SeatingService
from lorekeeper.service import GameService
from lorekeeper.settings import Settings
from lorekeeper.wiring import application


@dataclass(frozen=True)
class WorkerContext:
    settings: Settings
    client: redis.Redis
    stores: Stores
    jobs: RQJobQueue
    log: GameLog
    service: GameService
    projector: Projector
    bots: BotTurns
    seating: SeatingService

    @property
    def events(self) -> EventStore:
        return self.log.events

    @property
    def projections(self) -> ProjectionStore:
        return self.stores.projections


def build_context(settings: Settings, client: redis.Redis | None = None) -> WorkerContext:
    # RQ needs replies as bytes: decode_responses stays False.
    client = client if client is not None else redis.Redis.from_url(settings.redis_url)
    jobs = rq_job_queue(settings, client)
    stores = redis_stores(client, jobs)
    events: EventStore = stores.events
    if settings.fault_append_delay_ms > 0:
        events = SlowAppendEventStore(events, settings.fault_append_delay_ms / 1000)
    # One log for the service and the projector: a breath step leaves the state it made for
    # the next projection of its game.
    app = application(settings, stores, jobs, jobs, events=events)
    return WorkerContext(settings, client, stores, jobs, app.log, app.service, app.projector,
                         app.bots, app.seating)  # fmt: skip


_current: WorkerContext | None = None


def install(ctx: WorkerContext | None) -> None:
    global _current
    _current = ctx


def current() -> WorkerContext:
    """The installed context; built from the environment on first use if none is."""
    global _current
    if _current is None:
        _current = build_context(Settings.from_env())
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
    and after each append, so a SIGKILL can land on either side of it. Never in production.
    Everything else goes to the store it wraps."""

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

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)
