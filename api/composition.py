"""The API's composition root: its parts, on Redis (the server) or in memory (tests, demos).

`create_app` calls it; nothing here runs at import time. Building a client of one Redis does
not connect (redis-py connects on the first command); a Redis Cluster's client reads the
cluster's slots as it is built (docs/scaling.md). The workers have their own root
(workers/context.py), built from the same parts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import redis

from adapters.memory.archives import InMemoryArchiveStore
from adapters.memory.clocks import InMemoryDeadlineIndex
from adapters.memory.concurrency import InMemoryConcurrencyLimiter
from adapters.memory.event_store import InMemoryEventStore
from adapters.memory.feed import InMemoryFeed
from adapters.memory.game_secrets import InMemoryDiceStore, InMemorySeatTokenStore
from adapters.memory.jobs import InMemoryJobQueue
from adapters.memory.lobby import InMemoryLobbyIndex
from adapters.memory.players import InMemoryPlayerStore
from adapters.memory.projections import InMemoryProjectionStore
from adapters.memory.push import InMemoryNotificationLog, InMemoryTicketStore, InMemoryWebhookStore
from adapters.memory.ratelimit import InMemoryRateLimiter, Unlimited
from adapters.memory.ratings import InMemoryRatingStore, InProcessRatingQueue
from adapters.memory.snapshots import InMemorySnapshotStore
from adapters.memory.tables import InMemoryTableStore
from adapters.memory.transparency import InMemoryTransparencyStore
from adapters.redis.backend import (
    clients_of,
    connect,
    redis_push_stores,
    redis_rounds,
    redis_stores,
    rq_job_queue,
    webhook_sender,
)
from adapters.redis.concurrency import RedisConcurrencyLimiter
from adapters.redis.feed import RedisStreamFeed, feed_for
from adapters.redis.jobs import RQJobQueue
from adapters.redis.projections import queued_lag
from adapters.redis.push import PLAYER_TOPICS
from adapters.redis.ratelimit import RedisRateLimiter
from adapters.redis.ratings import RQRatingQueue
from adapters.redis.topology import RedisClients
from adapters.redis.webhook_jobs import RQWebhookQueue
from lorekeeper.audit.signing import Signer
from lorekeeper.audit.transparency import TransparencyLog
from lorekeeper.clocks.ports import TimeOutQueue
from lorekeeper.games.archive import Archiver
from lorekeeper.games.ports import JobQueue
from lorekeeper.games.reads import GameReader
from lorekeeper.games.service import GameService
from lorekeeper.limits import ConcurrencyLimiter, RateLimiter
from lorekeeper.players.accounts import PlayerService
from lorekeeper.players.lobby import LobbyReader
from lorekeeper.players.ports import BotQueue
from lorekeeper.players.seating_service import SeatingService
from lorekeeper.projections.ports import Rounds
from lorekeeper.push.ports import Feed, PushStores
from lorekeeper.push.streaming import Gauge, StreamHub
from lorekeeper.push.wiring import Push, push_of
from lorekeeper.ratings.ports import RatingQueue
from lorekeeper.ratings.service import RatingService
from lorekeeper.settings import Settings
from lorekeeper.stores import Stores
from lorekeeper.wiring import application, signer_of

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
    clients: RedisClients | None = None
    concurrency: ConcurrencyLimiter = field(default_factory=InMemoryConcurrencyLimiter)
    hub: StreamHub | None = None
    open_streams: Gauge = field(default_factory=Gauge)  # this process's, against its cap
    transparency: TransparencyLog | None = None  # issue 20: the log of game heads
    signer: Signer | None = None  # issue 20: signs exports and tree heads
    health_checks: dict[str, HealthCheck] = field(default_factory=dict)
    # push (docs/push.md): the players' notifications, tickets and webhooks, and the hub
    # that follows the players' logs (one XREAD per process on the coordination Redis)
    push: Push | None = None
    player_hub: StreamHub | None = None
    archiver: Archiver | None = None  # finished games' retention (lorekeeper/games/archive.py)
    ratings: RatingService | None = None  # rated games, the ratings log (docs/ratings.md)

    @property
    def client(self) -> redis.Redis | None:
        """The coordination Redis (the only one, on one server); None in memory."""
        return None if self.clients is None else self.clients.coordination

    def ping(self) -> bool:
        """Whether the stores answer (always, in memory)."""
        return True if self.clients is None else self.clients.ping()


def redis_components(
    settings: Settings, client: RedisClients | redis.Redis | None = None
) -> Components:
    """On the Redis the settings name (adapters/redis/topology.py: one server, or a cluster
    and a coordination server), or on `client`. Bytes replies (decode_responses=False): the
    setting RQ needs, shared with the workers. Under gevent a process serves hundreds of
    requests at once: its clients' pools block past `redis_connections` (5 s at most, then
    503) rather than fail or open a connection each (adapters/redis/topology.py)."""
    clients = connect(settings) if client is None else clients_of(client, settings)
    rq = rq_job_queue(settings, clients) if settings.jobs == "rq" else None
    stores = redis_stores(clients, rq)
    limiter: RateLimiter = Unlimited()
    if settings.rate_limited:  # buckets by caller: on a cluster they spread over the masters
        limiter = RedisRateLimiter(clients.games, settings.rate_per_s, settings.rate_burst)
    push = redis_push_stores(clients, settings)
    redeliver = None
    if rq is not None:
        redeliver = RQWebhookQueue(clients.coordination, settings.webhook_queue).redeliver
    player_feed = RedisStreamFeed(clients.coordination, PLAYER_TOPICS)
    components = _components(settings, stores, rq, limiter, clients, feed_for(clients),
                             push=(push, player_feed, redeliver),
                             rounds=redis_rounds(clients, stores, push, rq))  # fmt: skip
    components.concurrency = RedisConcurrencyLimiter(clients.coordination)
    games, index = clients.games, clients.coordination
    queue = settings.projection_queue  # bounded: /healthz is not rate limited
    components.health_checks["projections"] = lambda: queued_lag(games, index, queue)
    return components


def memory_components(settings: Settings) -> Components:
    """Everything in this process: in-memory stores, jobs run in the request."""
    events = InMemoryEventStore()
    snapshots = InMemorySnapshotStore()
    stores = Stores(events, InMemoryProjectionStore(), InMemorySeatTokenStore(),
                    InMemoryDiceStore(), InMemoryPlayerStore(), InMemoryTableStore(),
                    InMemoryLobbyIndex(), InMemoryDeadlineIndex(), snapshots=snapshots,
                    archives=InMemoryArchiveStore(events, snapshots),
                    transparency=InMemoryTransparencyStore(),
                    ratings=InMemoryRatingStore())  # fmt: skip
    limiter: RateLimiter = Unlimited()
    if settings.rate_limited:
        limiter = InMemoryRateLimiter(settings.rate_per_s, settings.rate_burst)
    webhooks = InMemoryWebhookStore()
    notes = InMemoryNotificationLog(max_len=settings.notification_log_max, webhooks=webhooks)
    webhooks.notes = notes
    push = PushStores(notes, webhooks, InMemoryTicketStore())
    return _components(settings, stores, None, limiter, None, InMemoryFeed(events),
                       push=(push, notes, None))  # fmt: skip


def _components(
    settings: Settings,
    stores: Stores,
    rq: RQJobQueue | None,
    limiter: RateLimiter,
    clients: RedisClients | None,
    feed: Feed,
    *,
    push: tuple[PushStores, Feed, Callable[[str, str, str], None] | None] | None = None,
    rounds: Rounds | None = None,
) -> Components:
    """Without RQ, the jobs run in this process: in the request that needs them (`inline`),
    or never (`none`: breath phases stay open, reads replay the stream)."""
    in_process = InMemoryJobQueue()
    jobs: JobQueue = rq if rq is not None else in_process
    bot_queue: BotQueue = rq if rq is not None else in_process
    # One hub per process: every open stream and wait of this app follows through it.
    hub = StreamHub(feed)
    time_outs: TimeOutQueue = rq if rq is not None else in_process
    push_stores = None if push is None else push[0]
    in_process_ratings = InProcessRatingQueue()
    rating_queue: RatingQueue = in_process_ratings
    if rq is not None and clients is not None:
        rating_queue = RQRatingQueue(clients.coordination, settings.rating_queue,
                                     job_timeout_s=settings.job_timeout_s)  # fmt: skip
    app = application(settings, stores, jobs, bot_queue, hub=hub, time_outs=time_outs,
                      push=push_stores, rounds=rounds, rating_queue=rating_queue)  # fmt: skip
    if settings.jobs == "inline":
        in_process.attach(app.projector.project, app.service.resolve_breath, app.bots.play,
                          app.timekeeper.time_out)  # fmt: skip
        if app.ratings is not None:
            in_process_ratings.attach(app.ratings.rate_game)
    components = Components(settings, app.service, app.reader, limiter, app.players,
                            app.seating, app.lobby, clients, hub=hub)  # fmt: skip
    components.archiver = app.archiver
    components.ratings = app.ratings
    components.transparency, components.signer = app.transparency, signer_of(settings)
    components.health_checks["streams"] = lambda: {
        **hub.stats(),
        "open_streams": components.open_streams.count,
    }
    if push is not None:  # the players' streams, tickets, webhooks (docs/push.md)
        stores_, player_feed, redeliver = push
        components.push = push_of(settings, stores_, webhook_sender(settings), redeliver)
        components.player_hub = player_hub = StreamHub(player_feed)
        games_streams = components.health_checks["streams"]
        components.health_checks["streams"] = lambda: {**games_streams(),
                                                       "players": player_hub.stats()}  # fmt: skip
    return components
