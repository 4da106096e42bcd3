"""The hash chain and command lookups: part of the EventStore contract (every implementation),
plus what only the Redis script can get wrong (a head that moved under a stale process)."""

from __future__ import annotations

import hashlib

import pytest
import redis

from adapters.redis.event_store import RedisStreamEventStore
from adapters.redis.keys import events_key
from lorekeeper.audit.canonical import canonical_json
from lorekeeper.audit.chain import GENESIS, event_hash, stored_hash
from lorekeeper.errors import GameNotFound, IdempotencyMismatch
from lorekeeper.games.ports import EventStore, NewEvent, StoredEvent
from tests.adapters.test_event_store_contract import append, event, in_threads, started


def assert_chained(events: list[StoredEvent]) -> None:
    prev = GENESIS
    for e in events:
        assert e.prev_hash == prev, e.version
        assert e.hash == stored_hash(e), e.version
        prev = e.hash


def test_every_event_links_to_the_one_before_it(store: EventStore) -> None:
    started(store, count=2)
    append(store, 2, event(x=1), event(x=2), command=("c1", "h1"))
    append(store, 4, NewEvent("Flew", {"to": [1, 2], "é": "ü"}, schema=3), seat=None)

    events = store.read("g1")

    assert [e.version for e in events] == [1, 2, 3, 4, 5]
    assert_chained(events)
    assert len({e.hash for e in events}) == 5


def test_the_append_result_carries_the_stored_links(store: EventStore) -> None:
    created = started(store)
    appended = append(store, 1, event(x=1), event(x=2), command=("c1", "h1"))

    assert store.read("g1") == [*created.events, *appended.events]
    assert appended.events[0].prev_hash == created.events[0].hash


def test_the_command_rides_on_the_first_event_of_its_append(store: EventStore) -> None:
    started(store)
    body = {"type": "move", "unit": "u1", "path": [[1, 2]]}
    first = NewEvent("Moved", {"unit": "u1"}, command=body)
    append(store, 1, first, event("Then"), command=("c1", "h1"))

    stored = store.read("g1", 2)

    assert [e.command for e in stored] == [body, None]
    assert_chained(store.read("g1"))


def test_the_hash_covers_every_field(store: EventStore) -> None:
    started(store)
    stored = append(store, 1, event(x=1), command=("c1", "h1")).events[0]
    fields = {
        "version": stored.version,
        "type": stored.type,
        "schema": stored.schema,
        "payload": stored.payload,
        "seat": stored.seat,
        "command_id": stored.command_id,
        "command": stored.command,
        "time_ms": stored.time_ms,
        "prev_hash": stored.prev_hash,
    }
    record = hashlib.sha256(canonical_json(fields).encode()).hexdigest()
    assert stored.hash == record == event_hash(**fields)  # type: ignore[arg-type]
    changes = {
        "version": 3,
        "type": "Other",
        "schema": 2,
        "payload": {"x": 2},
        "seat": 0,
        "command_id": "c2",
        "command": {"type": "pass"},
        "time_ms": stored.time_ms + 1,
        "prev_hash": GENESIS,
    }
    for name, value in changes.items():
        assert event_hash(**{**fields, name: value}) != stored.hash, name  # type: ignore[arg-type]


def test_concurrent_appenders_leave_one_unbroken_chain(store: EventStore) -> None:
    started(store)
    in_threads(6, lambda i: append(store, 1, event(i=i), event(j=i)))
    append(store, 3, event(last=True))

    assert_chained(store.read("g1"))


def test_command_result_finds_a_first_result_without_appending(store: EventStore) -> None:
    started(store)
    first = append(store, 1, event(x=1), event(x=2), command=("c1", "h1"))
    append(store, 3, event(x=3), command=("c2", "h2"))

    found = store.command_result("g1", "c1")

    assert found is not None and found.duplicate
    assert (found.version, found.events) == (first.version, first.events)
    assert store.command_result("g1", "c1", "h1") == found
    assert store.command_result("g1", "nope") is None
    assert store.version("g1") == 4


def test_command_result_checks_the_hash_and_the_game(store: EventStore) -> None:
    started(store)
    append(store, 1, event(x=1), command=("c1", "h1"))

    with pytest.raises(IdempotencyMismatch):
        store.command_result("g1", "c1", "another")
    with pytest.raises(GameNotFound):
        store.command_result("nope", "c1")


# Redis only: the script is the last word on the head.


def test_a_process_with_a_stale_head_relinks_to_the_true_one(redis_client: redis.Redis) -> None:
    mine, theirs = RedisStreamEventStore(redis_client), RedisStreamEventStore(redis_client)
    started(mine)
    append(mine, 1, event(x=1))  # `mine` now believes the head is event 2
    append(theirs, 2, event(x=2))
    append(theirs, 3, event(x=3))

    result = append(mine, 4, event(x=4))

    assert result.version == 5
    assert_chained(mine.read("g1"))


def test_the_script_refuses_events_linked_to_another_head(redis_client: redis.Redis) -> None:
    store = RedisStreamEventStore(redis_client)
    started(store)
    store._heads["g1"] = (1, "f" * 64)  # a forged belief about event 1

    append(store, 1, event(x=1))

    events = store.read("g1")
    assert events[1].prev_hash == events[0].hash != "f" * 64
    assert_chained(events)


def test_each_entry_stores_its_links(redis_client: redis.Redis) -> None:
    store = RedisStreamEventStore(redis_client)
    started(store)
    stored = append(store, 1, NewEvent("A", {"b": 1, "a": 2}, command={"type": "x"})).events[0]

    fields = redis_client.xrange(events_key("g1"), "2-0", "2-0")[0][1]  # type: ignore[index]

    assert fields[b"payload"] == b'{"a":2,"b":1}'  # canonical: sorted keys
    assert fields[b"command"] == b'{"type":"x"}'
    assert fields[b"prev"] == store.read("g1", 1, 1)[0].hash.encode()
    assert fields[b"hash"] == stored.hash.encode()
