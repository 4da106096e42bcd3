"""The ProjectionStore contract: InMemoryProjectionStore and RedisProjectionStore alike."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
import redis

from adapters.memory.projections import InMemoryProjectionStore
from adapters.redis.keys import projection_key
from adapters.redis.projections import RedisProjectionStore
from adapters.views import view_json
from lorekeeper.games.ports import ProjectionSave, ProjectionStore


@pytest.fixture(params=["in_memory", "redis", "cluster"])
def store(request: pytest.FixtureRequest) -> ProjectionStore:
    if request.param == "in_memory":
        return InMemoryProjectionStore()
    if request.param == "cluster":
        clients = request.getfixturevalue("cluster_topology").clients
        return RedisProjectionStore(clients.games)
    return RedisProjectionStore(request.getfixturevalue("redis_client"))


def save(store: ProjectionStore, game_id: str, version: int, **more: Any) -> bool:
    view = {"version": version, "phase": "order", "é": [1, 2], **more}
    return store.save([ProjectionSave(game_id, version, view)])[0]


def test_a_game_never_projected_has_no_projection(store: ProjectionStore) -> None:
    assert store.load("g1") is None
    assert store.checkpoints(["g1"]) == [0]


def test_a_saved_view_loads_back_with_its_version(store: ProjectionStore) -> None:
    assert save(store, "g1", 3)

    assert store.load("g1") == (3, {"version": 3, "phase": "order", "é": [1, 2]})
    assert store.checkpoints(["g1"]) == [3]


def test_a_view_is_stored_as_sorted_compact_json(redis_client: redis.Redis) -> None:
    # The same bytes for the same view, whichever process saved it (a rebuild included).
    store = RedisProjectionStore(redis_client)
    save(store, "g1", 3)

    stored = redis_client.hget(projection_key("g1"), "view")
    assert stored == view_json({"é": [1, 2], "phase": "order", "version": 3}).encode()
    assert stored == '{"phase":"order","version":3,"é":[1,2]}'.encode()


def test_only_a_newer_version_replaces_a_projection(store: ProjectionStore) -> None:
    save(store, "g1", 5)

    assert not save(store, "g1", 4)
    assert not save(store, "g1", 5, turn=99)
    assert store.load("g1") == (5, {"version": 5, "phase": "order", "é": [1, 2]})
    assert save(store, "g1", 6)
    assert store.checkpoints(["g1"]) == [6]


def test_replace_equal_rewrites_the_same_version(store: ProjectionStore) -> None:
    save(store, "g1", 5)

    fixed = ProjectionSave("g1", 5, {"fixed": True})
    assert store.save([fixed], replace_equal=True) == [True]

    assert store.load("g1") == (5, {"fixed": True})
    older = ProjectionSave("g1", 4, {})
    assert store.save([older], replace_equal=True) == [False]


def test_wait_for_returns_once_the_version_is_projected(store: ProjectionStore) -> None:
    save(store, "g1", 1)
    timer = threading.Timer(0.05, save, args=(store, "g1", 3))
    timer.start()
    try:
        started = time.monotonic()
        found = store.wait_for("g1", 2, timeout_s=5)
    finally:
        timer.join()

    assert found is not None and found.version == 3
    assert time.monotonic() - started < 2


def test_wait_for_gives_none_when_the_version_does_not_come(store: ProjectionStore) -> None:
    save(store, "g1", 1)

    assert store.wait_for("g1", 1, timeout_s=0) == (1, {"version": 1, "phase": "order",
                                                        "é": [1, 2]})  # fmt: skip
    assert store.wait_for("g1", 2, timeout_s=0.05) is None
    assert store.wait_for("nope", 1, timeout_s=0.01) is None


def test_delete_removes_the_view(store: ProjectionStore) -> None:
    save(store, "g1", 4)

    store.delete("g1")

    assert store.load("g1") is None
    assert store.checkpoints(["g1"]) == [0]
    assert save(store, "g1", 1)


def test_several_games_are_saved_and_checked_at_once(store: ProjectionStore) -> None:
    save(store, "g2", 7)
    versions = (("g1", 3), ("g2", 6), ("g3", 1))
    saves = [ProjectionSave(g, v, {"version": v}) for g, v in versions]

    assert store.save(saves) == [True, False, True]  # g2 already has a newer version
    assert store.checkpoints(["g1", "g2", "g3", "g4"]) == [3, 7, 1, 0]
    assert store.load("g1") == (3, {"version": 3})
    assert store.save([]) == [] and store.checkpoints([]) == []
