"""Every Redis adapter for one topology, as the composition roots (api/composition.py,
workers/context.py) put them together.

`connect` builds the clients the settings name (adapters/redis/topology.py): the games' Redis
(REDIS_URL: one server or a cluster) and the coordination Redis (LOREKEEPER_QUEUE_REDIS_URL,
else the games' one server), which holds RQ's queues, the projection queue and every index
that spans games. An index across games added later goes there too: through `clients.
coordination`, never through the games' client (docs/scaling.md).
"""

from __future__ import annotations

import redis

from adapters.redis.archives import RedisArchiveStore
from adapters.redis.clocks import RedisDeadlineIndex
from adapters.redis.event_store import RedisStreamEventStore
from adapters.redis.game_secrets import RedisDiceStore, RedisSeatTokenStore
from adapters.redis.jobs import RQJobQueue
from adapters.redis.lobby import RedisLobbyIndex
from adapters.redis.players import RedisPlayerStore
from adapters.redis.projections import RedisProjectionStore
from adapters.redis.push import RedisNotificationLog, RedisTicketStore, RedisWebhookStore
from adapters.redis.ratings import RedisRatingStore
from adapters.redis.rounds import RedisRoundReader, RedisRoundWriter
from adapters.redis.snapshots import RedisSnapshotStore
from adapters.redis.tables import RedisTableStore
from adapters.redis.topology import RedisClients, ReplicaWait, games_client, server_client
from adapters.redis.transparency import RedisTransparencyStore
from adapters.webhook_sender import HttpWebhookSender
from lorekeeper.projections.ports import Rounds
from lorekeeper.push.ports import PushStores
from lorekeeper.settings import Settings
from lorekeeper.stores import Stores


def connect(settings: Settings) -> RedisClients:
    """The clients the settings name. Nothing connects before the first command."""
    games = games_client(settings.redis_url, settings.redis_connections)
    queue_url = settings.queue_redis_url
    if queue_url is not None and queue_url != settings.redis_url:
        coordination = server_client(queue_url, settings.redis_connections)
        return RedisClients(games, coordination, replica_wait(settings))
    if not isinstance(games, redis.Redis):  # Settings refuses this already
        raise ValueError("a Redis Cluster needs LOREKEEPER_QUEUE_REDIS_URL (one server, for RQ)")
    return RedisClients.single(games, replica_wait(settings))


def replica_wait(settings: Settings) -> ReplicaWait | None:
    if settings.wait_replicas == 0:
        return None
    return ReplicaWait(settings.wait_replicas, settings.wait_timeout_ms)


def clients_of(given: RedisClients | redis.Redis, settings: Settings) -> RedisClients:
    """`given` as RedisClients: a plain client (tests) is one server holding everything."""
    if isinstance(given, RedisClients):
        return given
    return RedisClients.single(given, replica_wait(settings))


def redis_stores(clients: RedisClients | redis.Redis, rq: RQJobQueue | None) -> Stores:
    """The Redis stores. With RQ, each append takes its game's projection request in its
    own script (adapters/redis/jobs.py): on one server the game is queued there too; on a
    Cluster it is pushed onto the queue after the append (never before: a worker might read
    the stream before the append lands)."""
    if not isinstance(clients, RedisClients):
        clients = RedisClients.single(clients)
    games, index = clients.games, clients.coordination
    events = RedisStreamEventStore(games, projections=rq, index=index, wait=clients.wait,
                                   ticks=clients.clustered)  # fmt: skip
    # A game's table with the game; players (one key each, and their API keys) spread like
    # the rate-limit buckets; the lobby's indexes span games: the coordination Redis.
    return Stores(events, RedisProjectionStore(games), RedisSeatTokenStore(games),
                  RedisDiceStore(games), RedisPlayerStore(games), RedisTableStore(games),
                  RedisLobbyIndex(index), RedisDeadlineIndex(index),
                  snapshots=RedisSnapshotStore(games), archives=RedisArchiveStore(games),
                  transparency=RedisTransparencyStore(index),
                  ratings=RedisRatingStore(index))  # fmt: skip


def rq_job_queue(settings: Settings, clients: RedisClients | redis.Redis) -> RQJobQueue:
    coordination = clients.coordination if isinstance(clients, RedisClients) else clients
    return RQJobQueue(
        coordination,
        games=clients.games if isinstance(clients, RedisClients) else None,
        breath_queue=settings.breath_queue,
        projection_queue=settings.projection_queue,
        pending_ttl_s=settings.projection_pending_ttl_s,
        job_timeout_s=settings.job_timeout_s,
        bot_queue=settings.bot_queue,
        clock_queue=settings.clock_queue,
    )


def redis_push_stores(clients: RedisClients, settings: Settings) -> PushStores:
    """Push (docs/push.md): the notification logs and webhooks on the coordination Redis
    (they span games), the tickets on the games' Redis (one key each)."""
    notes = RedisNotificationLog(clients.coordination, max_len=settings.notification_log_max,
                                 ttl_s=settings.notification_ttl_s)  # fmt: skip
    return PushStores(notes, RedisWebhookStore(clients.coordination),
                      RedisTicketStore(clients.games))  # fmt: skip


def redis_rounds(
    clients: RedisClients, stores: Stores, push: PushStores | None, jobs: RQJobQueue | None = None
) -> Rounds:
    """The projection rounds' reader and writer (adapters/redis/rounds.py) on the stores
    `redis_stores` and `redis_push_stores` made; `jobs`: the job queue whose pending flags
    the workers' rounds clear with their reads."""
    notes = None if push is None else push.notes
    projections, lobby, deadlines = stores.projections, stores.lobby, stores.deadlines
    events, tables = stores.events, stores.tables
    if not (isinstance(projections, RedisProjectionStore) and isinstance(lobby, RedisLobbyIndex)
            and isinstance(deadlines, RedisDeadlineIndex)
            and isinstance(events, RedisStreamEventStore) and isinstance(tables, RedisTableStore)
            and (notes is None or isinstance(notes, RedisNotificationLog))):  # fmt: skip
        raise TypeError("Redis rounds read and write Redis stores only")
    return Rounds(RedisRoundReader(clients.games, projections, events, tables, jobs),
                  RedisRoundWriter(clients, projections, lobby, deadlines, notes))  # fmt: skip


def webhook_sender(settings: Settings) -> HttpWebhookSender:
    return HttpWebhookSender(allow_private=settings.webhook_allow_private,
                             allow_http=settings.webhook_allow_http,
                             timeout_s=settings.webhook_timeout_s,
                             max_response_bytes=settings.webhook_max_response_bytes)  # fmt: skip
