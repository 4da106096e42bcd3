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

from adapters.memory_concurrency import InMemoryConcurrencyLimiter
from adapters.memory_event_store import InMemoryEventStore
from adapters.memory_feed import InMemoryFeed
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
from adapters.redis_concurrency import RedisConcurrencyLimiter
from adapters.redis_feed import RedisStreamFeed
from adapters.redis_jobs import RQJobQueue
from adapters.redis_projections import projection_lag
from adapters.redis_ratelimit import RedisRateLimiter
from lorekeeper.lobby import LobbyReader
from lorekeeper.players import PlayerService
from lorekeeper.ports import BotQueue, ConcurrencyLimiter, Feed, JobQueue, RateLimiter, Stores
from lorekeeper.reads import GameReader
from lorekeeper.seating import SeatingService
from lorekeeper.service import GameService
from lorekeeper.settings import Settings
from lorekeeper.streaming import Gauge, StreamHub
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
    concurrency: ConcurrencyLimiter = field(default_factory=InMemoryConcurrencyLimiter)
    hub: StreamHub | None = None
    open_streams: Gauge = field(default_factory=Gauge)  # this process's, against its cap
    health_checks: dict[str, HealthCheck] = field(default_factory=dict)

    def ping(self) -> bool:
        """Whether the store answers (always, in memory)."""
        return True if self.client is None else bool(self.client.ping())


def redis_components(settings: Settings, client: redis.Redis | None = None) -> Components:
    # Bytes replies (decode_responses=False): the setting RQ needs, shared with the workers.
    # A blocking pool: under gevent a process serves hundreds of requests at once, and past
    # `redis_connections` they wait their turn for a connection (5 s at most, then 503)
    # rather than fail (redis-py's own pool refuses its 101st) or open one each.
    if client is None:
        pool = redis.BlockingConnectionPool.from_url(
            settings.redis_url, max_connections=settings.redis_connections, timeout=5
        )
        client = redis.Redis(connection_pool=pool)
    rq = rq_job_queue(settings, client) if settings.jobs == "rq" else None
    stores = redis_stores(client, rq)
    limiter: RateLimiter = Unlimited()
    if settings.rate_limited:
        limiter = RedisRateLimiter(client, settings.rate_per_s, settings.rate_burst)
    components = _components(settings, stores, rq, limiter, client, RedisStreamFeed(client))
    components.concurrency = RedisConcurrencyLimiter(client)
    components.health_checks["projections"] = lambda: projection_lag(client)
    return components


def memory_components(settings: Settings) -> Components:
    """Everything in this process: in-memory stores, jobs run in the request."""
    events = InMemoryEventStore()
    stores = Stores(events, InMemoryProjectionStore(), InMemorySeatTokenStore(),
                    InMemoryDiceStore(), InMemoryPlayerStore(), InMemoryTableStore(),
                    InMemoryLobbyIndex())  # fmt: skip
    limiter: RateLimiter = Unlimited()
    if settings.rate_limited:
        limiter = InMemoryRateLimiter(settings.rate_per_s, settings.rate_burst)
    return _components(settings, stores, None, limiter, None, InMemoryFeed(events))


def _components(
    settings: Settings,
    stores: Stores,
    rq: RQJobQueue | None,
    limiter: RateLimiter,
    client: redis.Redis | None,
    feed: Feed,
) -> Components:
    """Without RQ, the jobs run in this process: in the request that needs them (`inline`),
    or never (`none`: breath phases stay open, reads replay the stream)."""
    in_process = InMemoryJobQueue()
    jobs: JobQueue = rq if rq is not None else in_process
    bot_queue: BotQueue = rq if rq is not None else in_process
    # One hub per process: every open stream and wait of this app follows through it.
    hub = StreamHub(feed)
    app = application(settings, stores, jobs, bot_queue, hub=hub)
    if settings.jobs == "inline":
        in_process.attach(app.projector.project, app.service.resolve_breath, app.bots.play)
    components = Components(settings, app.service, app.reader, limiter, app.players,
                            app.seating, app.lobby, client, hub=hub)  # fmt: skip
    components.health_checks["streams"] = lambda: {
        **hub.stats(),
        "open_streams": components.open_streams.count,
    }
    return components
