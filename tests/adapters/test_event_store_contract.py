"""The EventStore contract: every implementation passes these (see conftest.py's `store`)."""

from __future__ import annotations

import math
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

import pytest
import redis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.redis.event_store import RedisStreamEventStore
from adapters.redis.server import RedisServerProcess
from lorekeeper.errors import GameExists, GameNotFound, IdempotencyMismatch, VersionConflict
from lorekeeper.games.ports import AppendResult, EventStore, NewEvent, Tail

T = TypeVar("T")


def event(type_: str = "Moved", **payload: Any) -> NewEvent:
    return NewEvent(type_, payload)


def started(store: EventStore, game_id: str = "g1", count: int = 1) -> AppendResult:
    return store.create(game_id, [event("GameStarted", n=i) for i in range(count)], seat=0)


def append(
    store: EventStore,
    expected: int,
    *events: NewEvent,
    game_id: str = "g1",
    seat: int | None = 1,
    command: tuple[str, str] | None = None,
) -> AppendResult:
    command_id, command_hash = command if command else (None, None)
    return store.append(
        game_id,
        expected,
        list(events),
        seat=seat,
        command_id=command_id,
        command_hash=command_hash,
    )


def in_threads(count: int, work: Callable[[int], T]) -> list[T | BaseException]:
    """Run `work(i)` in `count` threads released together; results or raised errors."""
    barrier = threading.Barrier(count)
    results: list[T | BaseException] = [RuntimeError("did not run")] * count

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = work(i)
        except Exception as error:
            results[i] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


# Creating


def test_create_starts_the_game_at_version_of_its_events(store: EventStore) -> None:
    result = started(store, count=2)

    assert (result.version, result.duplicate) == (2, False)
    assert [e.version for e in result.events] == [1, 2]
    assert [e.payload for e in result.events] == [{"n": 0}, {"n": 1}]
    assert {(e.type, e.schema, e.seat, e.command_id) for e in result.events} == {
        ("GameStarted", 1, 0, None)
    }
    assert store.version("g1") == 2
    assert store.exists("g1")


def test_create_twice_raises_game_exists_and_writes_nothing(store: EventStore) -> None:
    started(store)

    with pytest.raises(GameExists):
        store.create("g1", [event("GameStarted"), event("Extra")])

    assert store.version("g1") == 1


def test_a_create_resent_with_its_command_id_gets_its_first_result(store: EventStore) -> None:
    first = store.create("g1", [event("GameStarted", n=0), event("Next", n=1)],
                         command_id="create-1", command_hash="h1")  # fmt: skip
    again = store.create("g1", [event("GameStarted", n=9)], command_id="create-1",
                         command_hash="h1")  # fmt: skip

    assert (again.version, again.duplicate) == (2, True)
    assert again.events == first.events and first.events[0].command_id == "create-1"
    assert store.command_result("g1", "create-1", "h1") == again
    with pytest.raises(IdempotencyMismatch):
        store.create("g1", [event("GameStarted")], command_id="create-1", command_hash="h2")
    with pytest.raises(GameExists):
        store.create("g1", [event("GameStarted")], command_id="create-2", command_hash="h1")
    assert store.version("g1") == 2


def test_created_games_are_listed(store: EventStore) -> None:
    started(store, "g2")
    started(store, "g1")

    assert sorted(store.iter_game_ids()) == ["g1", "g2"]


def test_a_game_is_listed_once_however_often_it_is_listed(store: EventStore) -> None:
    started(store, "g1")
    store.list_game("g1")
    store.list_game("g2")  # listed, its creation not landed (yet): it names no game

    assert sorted(store.iter_game_ids()) == ["g1", "g2"]
    assert not store.exists("g2")


def test_unknown_game_has_version_zero_and_does_not_exist(store: EventStore) -> None:
    assert store.version("nope") == 0
    assert not store.exists("nope")
    assert list(store.iter_game_ids()) == []


@pytest.mark.parametrize("game_id", ["", "a b", "a{b}", "é", "x" * 129])
def test_malformed_game_ids_are_refused(store: EventStore, game_id: str) -> None:
    with pytest.raises(ValueError):
        store.create(game_id, [event()])


def test_empty_event_lists_are_refused(store: EventStore) -> None:
    with pytest.raises(ValueError):
        store.create("g1", [])
    started(store)
    with pytest.raises(ValueError):
        append(store, 1)


# Appending and reading


def test_appends_continue_the_versions_without_gaps(store: EventStore) -> None:
    started(store)

    first = append(store, 1, event(x=1), event(x=2))
    second = append(store, 3, event(x=3), seat=None)

    assert (first.version, second.version) == (3, 4)
    assert [e.version for e in store.read("g1")] == [1, 2, 3, 4]
    assert [e.seat for e in store.read("g1")] == [0, 1, 1, None]


def test_read_returns_what_append_returned(store: EventStore) -> None:
    created = started(store)
    appended = append(store, 1, NewEvent("Flew", {"to": [1, 2]}, schema=3), command=("c1", "h1"))

    assert store.read("g1") == [*created.events, *appended.events]
    assert appended.events[0].command_id == "c1"
    assert appended.events[0].schema == 3


def test_events_carry_the_server_time_in_ms(store: EventStore) -> None:
    before = time.time_ns() // 1_000_000
    result = started(store)
    after = time.time_ns() // 1_000_000

    assert before - 1000 <= result.events[0].time_ms <= after + 1000


def test_an_append_may_carry_the_time_it_was_decided_at(store: EventStore) -> None:
    # A clocked game's command is recorded with the time its deadline was checked against
    # (lorekeeper/games/service.py); the chain hashes that time.
    started(store)
    result = store.append("g1", 1, [event()], seat=0, command_id="c", command_hash="h",
                          time_ms=1_767_225_600_123)  # fmt: skip
    assert [e.time_ms for e in result.events] == [1_767_225_600_123]
    assert store.read("g1", 2) == list(result.events)


def test_read_pages_through_the_stream(store: EventStore) -> None:
    started(store)
    append(store, 1, *(event(i=i) for i in range(9)))

    pages = [store.read("g1", v, limit=3) for v in (1, 4, 7, 10)]

    assert [[e.version for e in page] for page in pages] == [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10]]
    assert store.read("g1", 11) == []
    assert [e.version for e in store.read("g1", 8)] == [8, 9, 10]


def test_reads_start_and_stop_inside_an_append(store: EventStore) -> None:
    started(store)
    append(store, 1, *(event(i=i) for i in range(4)))
    append(store, 5, event(i=4), event(i=5))
    everything = store.read("g1")

    for version in range(1, 9):
        for limit in (None, 1, 2, 3, 5):
            assert store.read("g1", version, limit) == everything[version - 1 :][:limit]
    assert [e.version for e in everything] == list(range(1, 8))


def test_only_the_first_event_of_an_append_carries_the_command(store: EventStore) -> None:
    started(store)

    with pytest.raises(ValueError):
        append(store, 1, event(), NewEvent("Then", {}, command={"type": "x"}))

    assert store.version("g1") == 1


def test_read_checks_its_arguments(store: EventStore) -> None:
    started(store)
    with pytest.raises(ValueError):
        store.read("g1", 0)
    with pytest.raises(ValueError):
        store.read("g1", 1, limit=0)


def test_unknown_game_cannot_be_read_or_appended_to(store: EventStore) -> None:
    with pytest.raises(GameNotFound):
        store.read("nope")
    with pytest.raises(GameNotFound):
        append(store, 0, event(), game_id="nope")
    assert not store.exists("nope")


def test_payloads_are_copies(store: EventStore) -> None:
    started(store)
    store.read("g1")[0].payload["n"] = "changed"

    assert store.read("g1")[0].payload == {"n": 0}


def test_payloads_come_back_as_json_gives_them(store: EventStore) -> None:
    result = store.create("g1", [event(path=(1, 2), nested={"k": (3,)})])

    assert result.events[0].payload == {"path": [1, 2], "nested": {"k": [3]}}
    assert store.read("g1")[0].payload == result.events[0].payload


# What canonical JSON holds (lorekeeper/audit/canonical.py): no floats, integers within
# ±(2**53 - 1).
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53) + 1, 2**53 - 1) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(payload=st.dictionaries(st.text(), json_values, max_size=5))
def test_any_json_payload_round_trips(store: EventStore, payload: dict[str, Any]) -> None:
    game_id = uuid.uuid4().hex

    store.create(game_id, [NewEvent("Any", payload)])

    assert store.read(game_id)[0].payload == payload


def test_payloads_that_are_not_json_are_refused_whole(store: EventStore) -> None:
    started(store)

    with pytest.raises(ValueError):
        append(store, 1, event(x=1), event(x=math.nan))
    with pytest.raises(ValueError):
        append(store, 1, event(x=1), event(x=math.inf))
    with pytest.raises(TypeError):
        append(store, 1, event(x=1), event(x=object()))
    for not_canonical in (1.5, 1.0, 2**53, -(2**53), "\ud800"):  # see lorekeeper/audit/canonical.py
        with pytest.raises(ValueError):
            append(store, 1, event(x=1), event(x=not_canonical))

    assert store.version("g1") == 1


# Optimistic concurrency


@pytest.mark.parametrize("expected", [0, 2, 5])
def test_wrong_expected_version_raises_conflict_and_writes_nothing(
    store: EventStore, expected: int
) -> None:
    started(store)

    with pytest.raises(VersionConflict) as conflict:
        append(store, expected, event(), event(), command=("c1", "h1"))

    assert (conflict.value.current_version, conflict.value.expected_version) == (1, expected)
    assert store.version("g1") == 1
    # The refused command id was not recorded: it can still be used.
    assert not append(store, 1, event(), command=("c1", "h1")).duplicate


def test_a_conflict_carries_the_events_after_the_expected_version(store: EventStore) -> None:
    started(store)
    append(store, 1, event(x=2), event(x=3))

    with pytest.raises(VersionConflict) as conflict:
        append(store, 1, event(x=9))

    assert conflict.value.current_version == 3
    assert conflict.value.newer == tuple(store.read("g1", 2))
    with pytest.raises(VersionConflict) as ahead:
        append(store, 5, event(x=9))
    assert ahead.value.newer == ()


def test_tails_read_several_games_with_their_versions(store: EventStore) -> None:
    started(store)
    store.create("g2", [event(x=1)])
    append(store, 1, event(x=2), event(x=3))

    tails = store.tails([("g1", 2), ("g2", 2), ("nope", 1), ("g1", 1)])

    assert [t.version for t in tails] == [3, 1, 0, 3]
    assert tails[0].events == store.read("g1", 2)
    assert tails[1].events == [] and tails[2].events == []
    assert tails[3].events == store.read("g1")
    assert store.tails([]) == []


def test_tails_start_inside_an_append(store: EventStore) -> None:
    started(store)
    append(store, 1, event(x=2), event(x=3), event(x=4))
    everything = store.read("g1")

    tails = store.tails([("g1", version) for version in range(1, 8)])

    assert tails == [Tail(4, everything[version - 1 :]) for version in range(1, 8)]


def test_a_conflict_inside_an_append_carries_the_events_after_it(store: EventStore) -> None:
    started(store)
    append(store, 1, event(x=2), event(x=3), event(x=4))
    append(store, 4, event(x=5), event(x=6))

    for expected in (2, 3, 4, 5):
        with pytest.raises(VersionConflict) as conflict:
            append(store, expected, event(x=9), event(x=10), command=("c9", "h9"))
        assert conflict.value.current_version == 6
        assert conflict.value.newer == tuple(store.read("g1", expected + 1))

    assert store.version("g1") == 6


def test_one_of_many_concurrent_appenders_wins(store: EventStore) -> None:
    started(store)

    results = in_threads(8, lambda i: append(store, 1, event(by=i), event(by=i)))

    winners = [r for r in results if isinstance(r, AppendResult)]
    losers = [r for r in results if isinstance(r, VersionConflict)]
    assert (len(winners), len(losers)) == (1, 7)
    assert {loser.current_version for loser in losers} == {3}
    assert store.read("g1", 2) == list(winners[0].events)


def test_readers_never_see_half_an_append(store: EventStore) -> None:
    started(store)
    seen: list[int] = []
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            seen.append(store.version("g1"))
            seen.append(len(store.read("g1")))

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        for batch in range(30):
            append(store, 1 + batch * 5, *(event(i=i) for i in range(5)))
    finally:
        done.set()
        watcher.join(timeout=30)

    assert {(v - 1) % 5 for v in seen} == {0}


# Idempotency


def test_retried_command_gets_its_first_result_and_appends_nothing(store: EventStore) -> None:
    started(store)
    first = append(store, 1, event(x=1), event(x=2), command=("c1", "h1"))

    retry = append(store, 1, event(x=1), event(x=2), command=("c1", "h1"))

    assert retry == replace(first, duplicate=True)
    assert store.version("g1") == 3


def test_retry_with_a_stale_version_still_gets_its_first_result(store: EventStore) -> None:
    started(store)
    first = append(store, 1, event(x=1), command=("c1", "h1"))
    append(store, 2, event(x=2), command=("c2", "h2"))

    retry = append(store, 1, event(x=1), command=("c1", "h1"))

    assert retry == replace(first, duplicate=True)
    assert store.version("g1") == 3


def test_a_retried_append_of_several_events_gets_them_all(store: EventStore) -> None:
    started(store)
    first = append(store, 1, event(x=1), event(x=2), event(x=3), command=("c1", "h1"))
    later = append(store, 4, event(x=4), event(x=5), command=("c2", "h2"))

    retry = append(store, 1, event(x=1), command=("c1", "h1"))

    assert retry == replace(first, duplicate=True)
    assert [e.version for e in retry.events] == [2, 3, 4]
    assert store.command_result("g1", "c1", "h1") == retry
    assert store.command_result("g1", "c2") == replace(later, duplicate=True)
    with pytest.raises(IdempotencyMismatch):
        append(store, 6, event(x=1), event(x=2), command=("c1", "other"))
    assert store.version("g1") == 6


def test_reused_command_id_with_another_body_is_refused(store: EventStore) -> None:
    started(store)
    append(store, 1, event(x=1), command=("c1", "h1"))

    with pytest.raises(IdempotencyMismatch):
        append(store, 2, event(x=9), command=("c1", "other"))

    assert store.version("g1") == 2


def test_command_ids_belong_to_their_game(store: EventStore) -> None:
    started(store, "g1")
    started(store, "g2")
    append(store, 1, event(), game_id="g1", command=("c1", "h1"))

    result = append(store, 1, event(), game_id="g2", command=("c1", "other"))

    assert not result.duplicate


def test_concurrent_retries_append_once(store: EventStore) -> None:
    started(store)

    results = in_threads(8, lambda i: append(store, 1, event(x=1), command=("c1", "h1")))

    fresh = [r for r in results if isinstance(r, AppendResult) and not r.duplicate]
    assert len(fresh) == 1
    assert all(isinstance(r, AppendResult) and r.events == fresh[0].events for r in results)
    assert store.version("g1") == 2


def test_command_needs_both_id_and_hash(store: EventStore) -> None:
    started(store)
    with pytest.raises(ValueError):
        store.append("g1", 1, [event()], seat=None, command_id="c1", command_hash=None)
    with pytest.raises(ValueError):
        store.append("g1", 1, [event()], seat=None, command_id=None, command_hash="h1")


# Durability (Redis only: the in-memory twin has nothing to survive)


def test_events_and_command_ids_survive_a_redis_crash_with_aof() -> None:
    with RedisServerProcess(appendonly=True, appendfsync="always") as server:
        client = redis.Redis.from_url(server.url)
        store = RedisStreamEventStore(client)
        started(store)
        first = append(store, 1, event(x=1), event(x=2), command=("c1", "h1"))
        before = store.read("g1")

        server.restart(kill=True)

        assert store.read("g1") == before
        assert append(store, 1, event(x=1), command=("c1", "h1")) == replace(first, duplicate=True)
        assert append(store, 3, event(x=3)).version == 4
        assert sorted(store.iter_game_ids()) == ["g1"]
        client.close()
