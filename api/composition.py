"""The API's composition root: its parts, on Redis (the server) or in memory (tests, demos).

`create_app` calls it; nothing here runs at import time and building a Redis client does not
connect (redis-py connects on the first command). The workers have their own root
(workers/context.py), built from the same parts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import redis

from adapters.memory_event_store import InMemoryEventStore
from adapters.memory_jobs import InMemoryJobQueue
from adapters.memory_lobby import InMemoryLobbyIndex
from adapters.memory_players import InMemoryPlayerStore, InMemoryTableStore
from adapters.memory_projections import InMemoryProjectionStore
from adapters.memory_stores import (
    InMemoryDiceStore,
    InMemoryRateLimiter,
    InMemorySeatTokenStore,
    Unlimited,
)
from adapters.redis_backend import redis_stores, rq_job_queue
from adapters.redis_jobs import RQJobQueue
from adapters.redis_projections import projection_lag
from adapters.redis_ratelimit import RedisRateLimiter
from lorekeeper.lobby import LobbyReader
from lorekeeper.players import PlayerService
from lorekeeper.ports import BotQueue, JobQueue, RateLimiter, Stores
from lorekeeper.reads import GameReader
from lorekeeper.seating import SeatingService
from lorekeeper.service import GameService
from lorekeeper.settings import Settings
from lorekeeper.wiring import application

# name -> check; a check returns details for /healthz and raises (or returns ok=False) when
# the process should not be counted healthy.
HealthCheck = Callable[[], dict[str, Any]]


@dataclass
class Components:
    settings: Settings
    service: GameService
    reader: GameReader
    limiter: RateLimiter
    players: PlayerService
    seating: SeatingService
    lobby: LobbyReader
    client: redis.Redis | None = None
    health_checks: dict[str, HealthCheck] = field(default_factory=dict)

    def ping(self) -> bool:
        """Whether the store answers (always, in memory)."""
        return True if self.client is None else bool(self.client.ping())


def redis_components(settings: Settings, client: redis.Redis | None = None) -> Components:
    # Bytes replies (decode_responses=False): the setting RQ needs, shared with the workers.
    client = client if client is not None else redis.Redis.from_url(settings.redis_url)
    rq = rq_job_queue(settings, client) if settings.jobs == "rq" else None
    stores = redis_stores(client, rq)
    limiter: RateLimiter = Unlimited()
    if settings.rate_limited:
        limiter = RedisRateLimiter(client, settings.rate_per_s, settings.rate_burst)
    components = _components(settings, stores, rq, limiter, client)
    components.health_checks["projections"] = lambda: projection_lag(client)
    return components


def memory_components(settings: Settings) -> Components:
    """Everything in this process: in-memory stores, jobs run in the request."""
    stores = Stores(InMemoryEventStore(), InMemoryProjectionStore(), InMemorySeatTokenStore(),
                    InMemoryDiceStore(), InMemoryPlayerStore(), InMemoryTableStore(),
                    InMemoryLobbyIndex())  # fmt: skip
    limiter: RateLimiter = Unlimited()
    if settings.rate_limited:
        limiter = InMemoryRateLimiter(settings.rate_per_s, settings.rate_burst)
    return _components(settings, stores, None, limiter, None)


def _components(
    settings: Settings,
    stores: Stores,
    rq: RQJobQueue | None,
    limiter: RateLimiter,
    client: redis.Redis | None,
) -> Components:
    """Without RQ, the jobs run in this process: in the request that needs them (`inline`),
    or never (`none`: breath phases stay open, reads replay the stream)."""
    in_process = InMemoryJobQueue()
    jobs: JobQueue = rq if rq is not None else in_process
    bot_queue: BotQueue = rq if rq is not None else in_process
    app = application(settings, stores, jobs, bot_queue)
    if settings.jobs == "inline":
        in_process.attach(app.projector.project, app.service.resolve_breath, app.bots.play)
    return Components(settings, app.service, app.reader, limiter, app.players, app.seating,
                      app.lobby, client)  # fmt: skip
