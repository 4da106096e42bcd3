"""Building the application's parts: on Redis (the server) or in memory (tests, demos).

Called by the API's composition root (api.create_app); nothing here runs at import time and
building a Redis client does not connect (redis-py connects on the first command).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import redis

from adapters.jobs import RQJobQueue
from adapters.memory_event_store import InMemoryEventStore
from adapters.projections import RedisProjectionStore, projection_lag
from adapters.redis_event_store import RedisStreamEventStore
from lorekeeper.config import Settings
from lorekeeper.dice import InMemoryDiceConfigStore, RedisDiceConfigStore
from lorekeeper.ports import InlineJobs, JobQueue, NoJobs, NoProjections, ProjectionStore
from lorekeeper.ratelimit import InMemoryRateLimiter, RateLimiter, RedisRateLimiter, Unlimited
from lorekeeper.reads import GameReader
from lorekeeper.seats import InMemorySeatTokenStore, RedisSeatTokenStore
from lorekeeper.service import GameService
from lorekeeper.state_cache import StateCache

# name -> check; a check returns details for /healthz and raises (or returns ok=False) when
# the process should not be counted healthy.
HealthCheck = Callable[[], dict[str, Any]]


@dataclass
class Components:
    settings: Settings
    service: GameService
    reader: GameReader
    projections: ProjectionStore
    limiter: RateLimiter
    client: redis.Redis | None = None
    health_checks: dict[str, HealthCheck] = field(default_factory=dict)

    def ping(self) -> bool:
        """Whether the store answers (always, in memory)."""
        return True if self.client is None else bool(self.client.ping())


def redis_components(settings: Settings, client: redis.Redis | None = None) -> Components:
    # Bytes replies (decode_responses=False): the setting RQ needs, shared with the workers.
    client = client if client is not None else redis.Redis.from_url(settings.redis_url)
    rq = _rq_job_queue(settings, client) if settings.jobs == "rq" else None
    service = GameService(
        # The projection request rides in the append's round trip (adapters/jobs.py).
        RedisStreamEventStore(client, rider=None if rq is None else rq.ride),
        RedisSeatTokenStore(client),
        RedisDiceConfigStore(client),
        NoJobs(),
        allow_scripted_dice=settings.allow_scripted_dice,
        cache=StateCache(settings.state_cache_games),
    )
    service.jobs = rq if rq is not None else _job_queue(settings, service)
    projections = RedisProjectionStore(client)
    limiter: RateLimiter = Unlimited()
    if settings.rate_limited:
        limiter = RedisRateLimiter(client, settings.rate_per_s, settings.rate_burst)
    components = _components(settings, service, projections, limiter, client)
    components.health_checks["projections"] = lambda: projection_lag(client)
    return components


def memory_components(settings: Settings) -> Components:
    """Everything in this process: in-memory stores, breath resolved inline, no projector."""
    service = GameService(
        InMemoryEventStore(),
        InMemorySeatTokenStore(),
        InMemoryDiceConfigStore(),
        NoJobs(),
        allow_scripted_dice=settings.allow_scripted_dice,
        cache=StateCache(settings.state_cache_games),
    )
    if settings.jobs != "none":
        service.jobs = InlineJobs(service.resolve_breath)
    limiter: RateLimiter = Unlimited()
    if settings.rate_limited:
        limiter = InMemoryRateLimiter(settings.rate_per_s, settings.rate_burst)
    return _components(settings, service, NoProjections(), limiter, None)


def _components(
    settings: Settings,
    service: GameService,
    projections: ProjectionStore,
    limiter: RateLimiter,
    client: redis.Redis | None,
) -> Components:
    reader = GameReader(service, projections, projection_wait_s=settings.projection_wait_s)
    return Components(settings, service, reader, projections, limiter, client)


def _job_queue(settings: Settings, service: GameService) -> JobQueue:
    return InlineJobs(service.resolve_breath) if settings.jobs == "inline" else NoJobs()


def _rq_job_queue(settings: Settings, client: redis.Redis) -> RQJobQueue:
    return RQJobQueue(
        client,
        breath_queue=settings.breath_queue,
        projection_queue=settings.projection_queue,
        pending_ttl_s=settings.projection_pending_ttl_s,
        job_timeout_s=settings.job_timeout_s,
    )
