"""The service on each backend: every test here runs in memory, on a private Redis and with
the games on a private Redis Cluster."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from adapters.memory.event_store import InMemoryEventStore
from adapters.memory.game_secrets import InMemoryDiceStore, InMemorySeatTokenStore
from adapters.memory.tables import InMemoryTableStore
from adapters.redis.event_store import RedisStreamEventStore
from adapters.redis.game_secrets import RedisDiceStore, RedisSeatTokenStore
from adapters.redis.topology import GamesClient, RedisClients
from domain import Event, event_from_json
from lorekeeper.games.log import GameLog
from lorekeeper.games.ports import DiceStore, EventStore, SeatTokenStore, StoredEvent
from lorekeeper.games.service import CommandResult, GameService
from lorekeeper.players.access import Access, Caller


@dataclass
class RecordingJobs:
    """A JobQueue that remembers its calls (and may resolve breath phases at once)."""

    calls: list[tuple[str, int, tuple[str, ...]]] = field(default_factory=list)

    def after_append(self, game_id: str, version: int, event_types: Sequence[str]) -> None:
        self.calls.append((game_id, version, tuple(event_types)))


@dataclass
class Backend:
    name: str
    events: EventStore
    tokens: SeatTokenStore
    dice: DiceStore
    client: GamesClient | None = None

    def service(
        self, jobs: RecordingJobs | None = None, *, cache_games: int = 256, **options: bool
    ) -> GameService:
        log = GameLog(self.events, self.dice, jobs or RecordingJobs(), cache_games=cache_games)
        return GameService(log, self.tokens, **options)


@pytest.fixture(params=["in_memory", "redis", "cluster"])
def backend(request: pytest.FixtureRequest) -> Backend:
    """In memory, on one Redis, and with the games on a Redis Cluster."""
    if request.param == "in_memory":
        return Backend(
            "in_memory", InMemoryEventStore(), InMemorySeatTokenStore(), InMemoryDiceStore()
        )
    if request.param == "cluster":
        clients = request.getfixturevalue("cluster_topology").clients
    else:
        clients = RedisClients.single(request.getfixturevalue("redis_client"))
    games = clients.games
    return Backend(
        request.param,
        RedisStreamEventStore(games, index=clients.coordination),
        RedisSeatTokenStore(games),
        RedisDiceStore(games),
        games,
    )


@pytest.fixture
def jobs() -> RecordingJobs:
    return RecordingJobs()


@pytest.fixture
def service(backend: Backend, jobs: RecordingJobs) -> GameService:
    return backend.service(jobs, allow_scripted_dice=True)


def send(
    service: GameService,
    game_id: str,
    token: str | None,
    body: Mapping[str, Any],
    if_match: int | None = None,
    idempotency_key: str | None = None,
) -> CommandResult:
    """A command as the API sends it: the seat its token opens, then the command."""
    seat = seat_of(service, game_id, token)
    return service.handle_command(game_id, seat, body, if_match, idempotency_key)


def seat_of(service: GameService, game_id: str, token: str | None) -> int:
    """The seat `token` opens, checked as the API checks it (Access.actor): GameNotFound,
    TokenMissing or TokenRejected otherwise. The game has no table: a game made by the
    service alone is public, its seats held by tokens."""
    access = Access(service.log.events, InMemoryTableStore(), service._seats)
    return access.actor(game_id, Caller(token=token))


def domain_events(stored: Iterable[StoredEvent]) -> list[Event]:
    return [event_from_json(e.type, e.payload) for e in stored]
