from __future__ import annotations

import pytest

from adapters.memory_event_store import InMemoryEventStore
from adapters.redis_event_store import RedisStreamEventStore
from lorekeeper.ports import EventStore


@pytest.fixture(params=["in_memory", "redis"])
def store(request: pytest.FixtureRequest) -> EventStore:
    """Every EventStore implementation; the contract tests run once per implementation."""
    if request.param == "in_memory":
        return InMemoryEventStore()
    return RedisStreamEventStore(request.getfixturevalue("redis_client"))
