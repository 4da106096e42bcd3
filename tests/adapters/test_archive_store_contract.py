"""The ArchiveStore contract (lorekeeper/games/ports.py): in memory, on one Redis, and with the
games on a Redis Cluster (the archive sits in its game's slot, and one script replaces the
stream)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from adapters.memory.archives import InMemoryArchiveStore
from adapters.memory.event_store import InMemoryEventStore
from adapters.memory.snapshots import InMemorySnapshotStore
from adapters.redis.archives import RedisArchiveStore
from adapters.redis.event_store import RedisStreamEventStore
from adapters.redis.snapshots import RedisSnapshotStore
from lorekeeper.errors import GameNotFound
from lorekeeper.games.ports import ArchiveStore, EventStore, NewEvent, SnapshotStore


@dataclass
class Stores:
    events: EventStore
    snapshots: SnapshotStore
    archives: ArchiveStore


@pytest.fixture(params=["in_memory", "redis", "cluster"])
def stores(request: pytest.FixtureRequest) -> Stores:
    if request.param == "in_memory":
        events, snapshots = InMemoryEventStore(), InMemorySnapshotStore()
        return Stores(events, snapshots, InMemoryArchiveStore(events, snapshots))
    if request.param == "cluster":
        clients = request.getfixturevalue("cluster_topology").clients
        games, index = clients.games, clients.coordination
    else:
        games = index = request.getfixturevalue("redis_client")
    return Stores(RedisStreamEventStore(games, index=index), RedisSnapshotStore(games),
                  RedisArchiveStore(games))  # fmt: skip


def played(stores: Stores, game_id: str = "g1") -> int:
    stores.events.create(game_id, [NewEvent("GameCreated", {"n": 0})], command_id="c0",
                         command_hash="h0")  # fmt: skip
    result = stores.events.append(game_id, 1, [NewEvent("Moved", {"n": i}) for i in range(4)],
                                  seat=0, command_id="c1", command_hash="h1")  # fmt: skip
    for version in (2, 4, result.version):
        stores.snapshots.save(game_id, version, f"state {version}".encode())
    return result.version


def test_archiving_replaces_the_stream_and_command_ids(stores: Stores) -> None:
    version = played(stores)
    assert stores.archives.archive("g1", version, b"\x00\x01 the archive \xff")
    assert stores.archives.load("g1") == b"\x00\x01 the archive \xff"
    assert stores.archives.versions(["g1", "g2"]) == [version, 0]
    assert stores.events.version("g1") == 0  # the stream is gone …
    with pytest.raises(GameNotFound):
        stores.events.command_result("g1", "c1")  # … and its command ids with it
    assert stores.snapshots.versions("g1") == [version]  # the last snapshot stays
    assert "g1" in stores.events.iter_game_ids()  # still listed among the games


def test_a_stream_that_moved_on_is_not_archived(stores: Stores) -> None:
    version = played(stores)
    assert not stores.archives.archive("g1", version - 1, b"stale")
    assert not stores.archives.archive("unknown", 1, b"none")
    assert stores.archives.versions(["g1", "unknown"]) == [0, 0]
    assert stores.archives.load("g1") is None
    assert stores.events.version("g1") == version
    assert stores.snapshots.versions("g1") == [2, 4, version]
