"""Every Redis adapter for one client, as the composition roots (api/composition.py,
workers/context.py) put them together."""

from __future__ import annotations

import redis

from adapters.redis_event_store import RedisStreamEventStore
from adapters.redis_jobs import RQJobQueue
from adapters.redis_lobby import RedisLobbyIndex
from adapters.redis_players import RedisPlayerStore
from adapters.redis_projections import RedisProjectionStore
from adapters.redis_stores import RedisDiceStore, RedisSeatTokenStore
from adapters.redis_tables import RedisTableStore
from lorekeeper.ports import Stores
from lorekeeper.settings import Settings


def redis_stores(client: redis.Redis, rq: RQJobQueue | None) -> Stores:
    """The Redis stores; with RQ, the projection request rides in each append's round trip."""
    events = RedisStreamEventStore(client, rider=None if rq is None else rq.ride)
    return Stores(events, RedisProjectionStore(client), RedisSeatTokenStore(client),
                  RedisDiceStore(client), RedisPlayerStore(client), RedisTableStore(client),
                  RedisLobbyIndex(client))  # fmt: skip


def rq_job_queue(settings: Settings, client: redis.Redis) -> RQJobQueue:
    return RQJobQueue(
        client,
        breath_queue=settings.breath_queue,
        projection_queue=settings.projection_queue,
        pending_ttl_s=settings.projection_pending_ttl_s,
        job_timeout_s=settings.job_timeout_s,
        bot_queue=settings.bot_queue,
    )
