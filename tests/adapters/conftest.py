from __future__ import annotations

import pytest

from adapters.memory.archives import InMemoryArchiveStore
from adapters.memory.event_store import InMemoryEventStore
from adapters.memory.snapshots import InMemorySnapshotStore
from adapters.redis.event_store import RedisStreamEventStore
from lorekeeper.games.archive import ArchivedEventStore
from lorekeeper.games.ports import EventStore


@pytest.fixture(params=["in_memory", "redis", "cluster", "archived"])
def store(request: pytest.FixtureRequest) -> EventStore:
    """Every EventStore implementation, the Redis one on one server and on a Redis Cluster,
    and the archives' (lorekeeper/games/archive.py) over live stores in memory; the contract
    tests run once for each."""
    if request.param == "in_memory":
        return InMemoryEventStore()
    if request.param == "archived":
        live = InMemoryEventStore()
        return ArchivedEventStore(live, InMemoryArchiveStore(live, InMemorySnapshotStore()))
    if request.param == "cluster":
        clients = request.getfixturevalue("cluster_topology").clients
        return RedisStreamEventStore(clients.games, index=clients.coordination)
    return RedisStreamEventStore(request.getfixturevalue("redis_client"))
