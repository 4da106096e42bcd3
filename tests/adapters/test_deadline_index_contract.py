"""The DeadlineIndex contract (lorekeeper/clocks/ports.py), run on both implementations: each
clocked game's running deadline, the overdue ones earliest first, warnings claimed once per key."""

from __future__ import annotations

import threading

import pytest

from adapters.memory.clocks import InMemoryDeadlineIndex
from adapters.redis.clocks import RedisDeadlineIndex
from lorekeeper.clocks.ports import Deadline, DeadlineIndex, Due


@pytest.fixture(params=["in_memory", "redis"])
def index(request: pytest.FixtureRequest) -> DeadlineIndex:
    if request.param == "in_memory":
        return InMemoryDeadlineIndex()
    return RedisDeadlineIndex(request.getfixturevalue("redis_client"))


def deadline(game: str, version: int, at: int | None, warn: int | None = None, key: str = "k"):
    return Deadline(game, version, at, warn, key if at is not None else None, 0, "turn")


def test_overdue_games_come_earliest_first(index: DeadlineIndex) -> None:
    assert index.schedule([deadline("b", 3, 200), deadline("a", 2, 100), deadline("c", 9, 900)])
    assert index.due(250, 10) == [Due("a", 2, 100), Due("b", 3, 200)]
    assert index.due(99, 10) == []
    assert index.due(1000, 1) == [Due("a", 2, 100)]


def test_a_deadline_is_replaced_in_place_and_removed_when_no_clock_runs(index: DeadlineIndex):
    index.schedule([deadline("a", 2, 100)])
    assert index.schedule([deadline("a", 3, 500)]) == [True]  # the seat acted in time
    assert index.due(400, 10) == []
    assert index.schedule([deadline("a", 4, None)]) == [True]  # the game ended
    assert index.due(10**9, 10) == []


def test_an_older_version_never_replaces_a_newer_one(index: DeadlineIndex) -> None:
    index.schedule([deadline("a", 5, 500)])
    assert index.schedule([deadline("a", 4, 100), deadline("a", 5, 100)]) == [False, False]
    assert index.due(10**9, 10) == [Due("a", 5, 500)]


def test_a_warning_is_claimed_once_per_key(index: DeadlineIndex) -> None:
    index.schedule([deadline("a", 2, 100, warn=90, key="0:turn:1")])
    assert index.claim_warnings(89, 10) == []
    claimed = index.claim_warnings(95, 10)
    assert [(d.game_id, d.key, d.deadline_ms) for d in claimed] == [("a", "0:turn:1", 100)]
    assert index.claim_warnings(95, 10) == []
    index.schedule([deadline("a", 3, 100, warn=90, key="0:turn:1")])  # the same turn goes on
    assert index.claim_warnings(99, 10) == []
    index.schedule([deadline("a", 4, 300, warn=290, key="1:turn:2")])  # the next turn
    assert [d.key for d in index.claim_warnings(295, 10)] == ["1:turn:2"]


def test_concurrent_claims_hand_each_warning_to_one_caller(index: DeadlineIndex) -> None:
    index.schedule([deadline(f"g{i}", 1, 100, warn=50, key=f"k{i}") for i in range(40)])
    claimed: list[list[Deadline]] = []
    barrier = threading.Barrier(4)

    def claim() -> None:
        barrier.wait()
        claimed.append(index.claim_warnings(60, 100))

    threads = [threading.Thread(target=claim) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    games = sorted(d.game_id for batch in claimed for d in batch)
    assert games == sorted(f"g{i}" for i in range(40))
