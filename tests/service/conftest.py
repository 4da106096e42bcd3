"""The service on each backend: every test here runs in memory and on a private Redis."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest
import redis

from adapters.event_store import EventStore
from adapters.memory_event_store import InMemoryEventStore
from adapters.redis_event_store import RedisStreamEventStore
from lorekeeper.dice import DiceConfigStore, InMemoryDiceConfigStore, RedisDiceConfigStore
from lorekeeper.seats import InMemorySeatTokenStore, RedisSeatTokenStore, SeatTokenStore
from lorekeeper.service import GameService


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
    dice: DiceConfigStore
    client: redis.Redis | None = None

    def service(self, jobs: RecordingJobs | None = None, **options: bool) -> GameService:
        return GameService(self.events, self.tokens, self.dice, jobs or RecordingJobs(), **options)


@pytest.fixture(params=["in_memory", "redis"])
def backend(request: pytest.FixtureRequest) -> Backend:
    if request.param == "in_memory":
        return Backend(
            "in_memory", InMemoryEventStore(), InMemorySeatTokenStore(), InMemoryDiceConfigStore()
        )
    client: redis.Redis = request.getfixturevalue("redis_client")
    return Backend(
        "redis",
        RedisStreamEventStore(client),
        RedisSeatTokenStore(client),
        RedisDiceConfigStore(client),
        client,
    )


@pytest.fixture
def jobs() -> RecordingJobs:
    return RecordingJobs()


@pytest.fixture
def service(backend: Backend, jobs: RecordingJobs) -> GameService:
    return backend.service(jobs, allow_scripted_dice=True)
