"""The Feed contract: both implementations (a game's events as the topic `game:<id>`) read,
wait on many topics at once, and wake from another thread."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import redis

from adapters.memory.event_store import InMemoryEventStore
from adapters.memory.feed import InMemoryFeed
from adapters.redis.backend import redis_stores
from adapters.redis.event_store import RedisStreamEventStore
from adapters.redis.feed import RedisStreamFeed, TickedStreamFeed
from adapters.redis.topology import RedisClients
from lorekeeper.games.ports import EventStore, NewEvent, StoredEvent
from lorekeeper.push.ports import Feed
from lorekeeper.push.streaming import game_topic, version_position

FeedAndStore = tuple[Feed, EventStore]


@pytest.fixture(params=["in_memory", "redis", "cluster"])
def feed_and_store(request: pytest.FixtureRequest) -> Iterator[FeedAndStore]:
    if request.param == "in_memory":
        store = InMemoryEventStore()
        yield InMemoryFeed(store, count=3), store
        return
    if request.param == "cluster":  # the games on a cluster: the feed waits on ticks
        clients: RedisClients = request.getfixturevalue("cluster_topology").clients
        ticked = TickedStreamFeed(clients.games, clients.coordination, count=3)
        yield ticked, redis_stores(clients, None).events
        ticked.close()
        return
    client: redis.Redis = request.getfixturevalue("redis_client")
    feed = RedisStreamFeed(client, count=3)
    yield feed, RedisStreamEventStore(client)
    feed.close()


def grow(store: EventStore, game_id: str, count: int) -> None:
    """Create the game if need be, then append `count` events to it."""
    version = store.version(game_id)
    events = [NewEvent("Moved", {"n": version + i}) for i in range(count)]
    if version == 0:
        store.create(game_id, events)
    else:
        store.append(game_id, version, events, seat=0, command_id=None, command_hash=None)


def later(seconds: float, action: Callable[[], Any]) -> threading.Thread:
    thread = threading.Timer(seconds, action)
    thread.start()
    return thread


def test_read_gives_a_games_events_after_a_position(feed_and_store: FeedAndStore) -> None:
    feed, store = feed_and_store
    grow(store, "g1", 5)

    entries = feed.read(game_topic("g1"), version_position(2), 2)

    assert [e.position for e in entries] == ["3-0", "4-0"]
    assert all(isinstance(e.item, StoredEvent) for e in entries)
    assert [e.item.version for e in entries] == [3, 4]
    assert [e.item.payload["n"] for e in entries] == [2, 3]
    assert feed.read(game_topic("g1"), "0-0", 10)[0].item.type == "Moved"
    assert feed.read(game_topic("g1"), version_position(5), 10) == []
    assert feed.read(game_topic("nobody"), "0-0", 10) == []  # no game: an empty topic


def test_a_reader_resumes_at_any_event_even_inside_an_append(
    feed_and_store: FeedAndStore,
) -> None:
    feed, store = feed_and_store
    grow(store, "g1", 4)  # one append of four events, then one of three
    grow(store, "g1", 3)
    topic = game_topic("g1")

    for after in range(8):
        read = feed.read(topic, version_position(after), 100)
        assert [e.position for e in read] == [version_position(v) for v in range(after + 1, 8)]
        assert [e.item.version for e in read] == list(range(after + 1, 8))
        cut = feed.read(topic, version_position(after), 2)
        assert [e.item.version for e in cut] == list(range(after + 1, min(after + 3, 8)))
    found = feed.wait({topic: version_position(2)}, timeout_s=5)  # a topic's first wait
    assert [e.item.version for e in found[topic]] == [3, 4, 5]  # count=3


def test_wait_answers_at_once_for_what_is_there_at_most_count_a_topic(
    feed_and_store: FeedAndStore,
) -> None:
    feed, store = feed_and_store
    grow(store, "g1", 5)
    grow(store, "g2", 1)

    found = feed.wait({game_topic("g1"): "1-0", game_topic("g2"): "1-0"}, timeout_s=5)

    assert list(found) == [game_topic("g1")]
    assert [e.item.version for e in found[game_topic("g1")]] == [2, 3, 4]  # count=3


def test_wait_returns_when_any_topic_grows(feed_and_store: FeedAndStore) -> None:
    feed, store = feed_and_store
    grow(store, "g1", 1)
    grow(store, "g2", 1)
    timer = later(0.2, lambda: grow(store, "g2", 2))

    started = time.monotonic()
    found = feed.wait({game_topic("g1"): "1-0", game_topic("g2"): "1-0"}, timeout_s=10)

    timer.join()
    assert time.monotonic() - started < 5
    assert [e.item.version for e in found[game_topic("g2")]] == [2, 3]
    assert game_topic("g1") not in found


def test_wait_gives_nothing_after_its_timeout(feed_and_store: FeedAndStore) -> None:
    feed, store = feed_and_store
    grow(store, "g1", 1)

    assert feed.wait({game_topic("g1"): "1-0", game_topic("new"): "0-0"}, timeout_s=0.1) == {}


def test_a_topic_that_appears_while_waited_on_is_found(feed_and_store: FeedAndStore) -> None:
    feed, store = feed_and_store
    timer = later(0.2, lambda: grow(store, "late", 1))

    found = feed.wait({game_topic("late"): "0-0"}, timeout_s=10)

    timer.join()
    assert [e.item.version for e in found[game_topic("late")]] == [1]


def test_wake_ends_a_wait_from_another_thread(feed_and_store: FeedAndStore) -> None:
    feed, store = feed_and_store
    grow(store, "g1", 1)
    timer = later(0.2, feed.wake)

    started = time.monotonic()
    assert feed.wait({game_topic("g1"): "1-0"}, timeout_s=10) == {}

    timer.join()
    assert time.monotonic() - started < 5


def test_a_wake_before_the_wait_is_not_lost(feed_and_store: FeedAndStore) -> None:
    feed, store = feed_and_store
    grow(store, "g1", 1)
    feed.wake()  # say the hub added a topic just before its read began

    started = time.monotonic()
    feed.wait({game_topic("g1"): "1-0"}, timeout_s=10)

    assert time.monotonic() - started < 5
    assert feed.wait({game_topic("g1"): "1-0"}, timeout_s=0.1) == {}  # once, not forever


def test_a_topic_of_another_kind_is_refused(feed_and_store: FeedAndStore) -> None:
    feed, _ = feed_and_store
    with pytest.raises(ValueError):
        feed.read("player:p1", "0-0", 1)
    with pytest.raises(ValueError):
        feed.read("game:", "0-0", 1)
