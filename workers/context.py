"""The workers' composition root: one WorkerContext per process, built from settings.

Nothing connects at import time. `python -m workers` builds the context and installs it; a
job run by a worker the CLI did not start (say `rq worker`) builds one from the environment
on first use. Tests install their own with `installed(ctx)`.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import redis

from adapters.redis.backend import (
    clients_of,
    connect,
    redis_push_stores,
    redis_rounds,
    redis_stores,
    rq_job_queue,
    webhook_sender,
)
from adapters.redis.jobs import RQJobQueue
from adapters.redis.ratings import RQRatingQueue
from adapters.redis.topology import GamesClient, RedisClients
from adapters.redis.webhook_jobs import RQWebhookQueue
from lorekeeper.clocks.timekeeper import Timekeeper
from lorekeeper.games.log import GameLog
from lorekeeper.games.ports import AppendResult, EventStore, NewEvent, ProjectionStore
from lorekeeper.games.service import GameService
from lorekeeper.players.bot_turns import BotTurns
from lorekeeper.players.seating_service import SeatingService
from lorekeeper.projections.projector import Projector
from lorekeeper.push.webhooks import WebhookService
from lorekeeper.push.wiring import push_of
from lorekeeper.ratings.service import RatingService
from lorekeeper.settings import Settings
from lorekeeper.stores import Stores
from lorekeeper.wiring import application


@dataclass(frozen=True)
class WorkerContext:
    settings: Settings
    clients: RedisClients
    stores: Stores
    jobs: RQJobQueue
    log: GameLog
    service: GameService
    projector: Projector
    bots: BotTurns
    seating: SeatingService
    timekeeper: Timekeeper
    # push (docs/push.md): webhook deliveries and the queue they run on
    webhooks: WebhookService | None = None
    webhook_jobs: RQWebhookQueue | None = None
    ratings: RatingService | None = None  # docs/ratings.md

    @property
    def client(self) -> redis.Redis:
        """The coordination Redis: RQ's connection, the projection queue, the indexes across
        games (the only Redis, on one server)."""
        return self.clients.coordination

    @property
    def games(self) -> GamesClient:
        """The games' Redis: one server, or a Redis Cluster."""
        return self.clients.games

    @property
    def events(self) -> EventStore:
        return self.log.events

    @property
    def projections(self) -> ProjectionStore:
        return self.stores.projections


def build_context(
    settings: Settings, client: RedisClients | redis.Redis | None = None
) -> WorkerContext:
    """On the Redis the settings name, or on `client`. RQ needs replies as bytes:
    decode_responses stays False."""
    clients = connect(settings) if client is None else clients_of(client, settings)
    jobs = rq_job_queue(settings, clients)
    stores = redis_stores(clients, jobs)
    events: EventStore = stores.events
    if settings.fault_append_delay_ms > 0:
        events = SlowAppendEventStore(
            events, settings.fault_append_delay_ms / 1000, settings.fault_marker_dir or None
        )
    # One log for the service and the projector: a breath step leaves the state it made for
    # the next projection of its game.
    push_stores = redis_push_stores(clients, settings)
    rating_queue = RQRatingQueue(clients.coordination, settings.rating_queue,
                                 job_timeout_s=settings.job_timeout_s)  # fmt: skip
    app = application(settings, stores, jobs, jobs, events=events, time_outs=jobs,
                      push=push_stores, rating_queue=rating_queue,
                      rounds=redis_rounds(clients, stores, push_stores, jobs))  # fmt: skip
    webhook_jobs = RQWebhookQueue(clients.coordination, settings.webhook_queue,
                                  job_timeout_s=settings.job_timeout_s)  # fmt: skip
    push = push_of(settings, push_stores, webhook_sender(settings), webhook_jobs.redeliver)
    return WorkerContext(settings, clients, stores, jobs, app.log, app.service, app.projector,
                         app.bots, app.seating, app.timekeeper, push.webhooks,
                         webhook_jobs, app.ratings)  # fmt: skip


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
    With a marker directory (LOREKEEPER_FAULT_MARKER_DIR) it writes the file `<game id>` there
    as each sleep begins, "before <pid> <expected version>" then "after …", so a test can aim
    its SIGKILL at a side of one append (and at its process) instead of guessing from the time.
    Everything else goes to the store it wraps."""

    def __init__(self, inner: EventStore, delay_s: float, marker_dir: str | None = None) -> None:
        self._inner = inner
        self._delay_s = delay_s
        self._markers = Path(marker_dir) if marker_dir else None

    def _mark(self, game_id: str, side: str, expected_version: int) -> None:
        if self._markers is not None:
            partial = self._markers / f".{game_id}.{os.getpid()}"
            partial.write_text(f"{side} {os.getpid()} {expected_version}")
            partial.replace(self._markers / game_id)  # atomic: a reader sees a whole word

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
        self._mark(game_id, "before", expected_version)
        time.sleep(self._delay_s)
        result = self._inner.append(
            game_id, expected_version, events,
            seat=seat, command_id=command_id, command_hash=command_hash, time_ms=time_ms,
        )  # fmt: skip
        self._mark(game_id, "after", expected_version)
        time.sleep(self._delay_s)
        return result

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)
