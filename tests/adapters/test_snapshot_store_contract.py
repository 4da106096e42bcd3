"""The SnapshotStore contract (lorekeeper/games/ports.py): in memory, on one Redis, and with the
games on a Redis Cluster (the snapshots sit in their game's slot)."""

from __future__ import annotations

import pytest

from adapters.memory.snapshots import InMemorySnapshotStore
from adapters.redis.keys import events_key, snapshots_key
from adapters.redis.snapshots import RedisSnapshotStore
from lorekeeper.games.ports import SnapshotStore


@pytest.fixture(params=["in_memory", "redis", "cluster"])
def snapshots(request: pytest.FixtureRequest) -> SnapshotStore:
    if request.param == "in_memory":
        return InMemorySnapshotStore()
    if request.param == "cluster":
        return RedisSnapshotStore(request.getfixturevalue("cluster_topology").clients.games)
    return RedisSnapshotStore(request.getfixturevalue("redis_client"))


def test_latest_is_the_newest_at_or_before_the_version(snapshots: SnapshotStore) -> None:
    for version in (500, 1000, 1500):
        snapshots.save("g1", version, f"state {version}".encode())
    found = snapshots.latest([("g1", 499), ("g1", 500), ("g1", 1499), ("g1", None), ("g2", 9)])
    assert found == [None, (500, b"state 500"), (1000, b"state 1000"),
                     (1500, b"state 1500"), None]  # fmt: skip
    assert snapshots.versions("g1") == [500, 1000, 1500]


def test_a_save_replaces_the_snapshot_at_its_version(snapshots: SnapshotStore) -> None:
    snapshots.save("g1", 500, b"old format")
    snapshots.save("g1", 500, b"\x00\xffnew format, any bytes")
    assert snapshots.latest([("g1", None)]) == [(500, b"\x00\xffnew format, any bytes")]
    assert snapshots.versions("g1") == [500]


def test_delete_forgets_all_or_all_but_one(snapshots: SnapshotStore) -> None:
    for version in (500, 1000, 1500):
        snapshots.save("g1", version, b"x")
    snapshots.delete("g1", keep=1000)
    assert snapshots.versions("g1") == [1000]
    snapshots.delete("g1")
    assert snapshots.versions("g1") == []
    assert snapshots.latest([("g1", None)]) == [None]


def test_the_snapshots_sit_in_their_games_slot() -> None:
    # One hash tag with the stream: on a cluster, on the game's master (docs/scaling.md).
    assert snapshots_key("abc").split(":")[1] == events_key("abc").split(":")[1] == "{abc}"
