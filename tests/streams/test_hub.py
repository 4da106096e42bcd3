"""The stream hub (lorekeeper/push/streaming.py): one reader per process follows every topic its
subscribers want, and hands each what it has not seen, on both feeds."""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping

import pytest
import redis

from adapters.memory.event_store import InMemoryEventStore
from adapters.memory.feed import InMemoryFeed
from adapters.redis.event_store import RedisStreamEventStore
from adapters.redis.feed import RedisStreamFeed
from lorekeeper.games.ports import EventStore, NewEvent
from lorekeeper.push.ports import Feed, FeedEntry
from lorekeeper.push.streaming import StreamHub, game_topic, version_position

WAIT_S = 5.0


class CountingFeed:
    """A feed that counts its waits (and can fail some)."""

    def __init__(self, feed: Feed) -> None:
        self.feed = feed
        self.waits: list[set[str]] = []
        self.fail_next = 0

    def read(self, topic: str, after: str, limit: int) -> list[FeedEntry]:
        return self.feed.read(topic, after, limit)

    def wait(self, after: Mapping[str, str], timeout_s: float) -> dict[str, list[FeedEntry]]:
        self.waits.append(set(after))
        if self.fail_next:
            self.fail_next -= 1
            raise ConnectionError("Redis went away")
        return self.feed.wait(after, timeout_s)

    def wake(self) -> None:
        self.feed.wake()


@pytest.fixture(params=["in_memory", "redis"])
def parts(request: pytest.FixtureRequest) -> Iterator[tuple[StreamHub, CountingFeed, EventStore]]:
    if request.param == "in_memory":
        store = InMemoryEventStore()
        feed = CountingFeed(InMemoryFeed(store))
        yield StreamHub(feed, read_limit=4, max_pending=6), feed, store
        return
    client: redis.Redis = request.getfixturevalue("redis_client")
    redis_feed = RedisStreamFeed(client)
    feed = CountingFeed(redis_feed)
    yield StreamHub(feed, read_limit=4, max_pending=6), feed, RedisStreamEventStore(client)
    redis_feed.close()


def grow(store: EventStore, game_id: str, count: int) -> None:
    version = store.version(game_id)
    events = [NewEvent("Moved", {"n": version + i}) for i in range(count)]
    if version == 0:
        store.create(game_id, events)
    else:
        store.append(game_id, version, events, seat=0, command_id=None, command_hash=None)


def versions(entries: list[FeedEntry]) -> list[int]:
    return [e.item.version for e in entries]


def take(subscription_next: object, until: int) -> list[int]:
    """Versions from a subscription until `until` is among them (at most WAIT_S)."""
    got: list[int] = []
    deadline = time.monotonic() + WAIT_S
    while (not got or got[-1] < until) and time.monotonic() < deadline:
        got += versions(subscription_next(0.5))  # type: ignore[operator]
    return got


def test_a_subscriber_catches_up_then_follows_what_comes(parts) -> None:
    hub, _, store = parts
    grow(store, "g1", 10)
    with hub.subscribe(game_topic("g1"), version_position(1)) as sub:
        assert versions(sub.next(0)) == [2, 3, 4, 5]  # read_limit at a time while behind
        assert take(sub.next, 10) == [6, 7, 8, 9, 10]
        grow(store, "g1", 2)
        assert take(sub.next, 12) == [11, 12]
        assert sub.next(0.1) == []  # quiet: nothing after the time given


def test_followers_of_one_game_share_its_reads_and_each_batch(parts) -> None:
    hub, feed, store = parts
    grow(store, "g1", 1)
    with hub.subscribe(game_topic("g1"), "1-0") as a, hub.subscribe(game_topic("g1"), "1-0") as b:
        a.next(0), b.next(0)  # caught up: both joined the hub
        waits_before = len(feed.waits)
        grow(store, "g1", 1)
        batch_a, batch_b = a.next_batches(WAIT_S), b.next_batches(WAIT_S)
        assert [e.item.version for e, _ in batch_a] == [2] == [e.item.version for e, _ in batch_b]
        assert batch_a[0][1] is batch_b[0][1]  # one batch, one memo, for every follower
        assert len(feed.waits) - waits_before <= 2


def test_one_wait_covers_every_followed_game(parts) -> None:
    hub, feed, store = parts
    for game in ("g1", "g2", "g3"):
        grow(store, game, 1)
    subs = [hub.subscribe(game_topic(g), "1-0") for g in ("g1", "g2", "g3")]
    entered = [s.__enter__() for s in subs]
    for sub in entered:
        sub.next(0)
    grow(store, "g3", 1)
    assert versions(entered[2].next(WAIT_S)) == [2]
    assert {game_topic(g) for g in ("g1", "g2", "g3")} in feed.waits
    assert hub.stats()["topics"] == 3 and hub.stats()["subscribers"] == 3
    for sub in subs:
        sub.__exit__(None, None, None)
    assert hub.stats()["topics"] == 0


def test_a_follower_that_falls_behind_reads_again_and_misses_nothing(parts) -> None:
    hub, _, store = parts
    grow(store, "g1", 1)
    with hub.subscribe(game_topic("g1"), "1-0") as slow:
        slow.next(0)
        for _ in range(10):  # 20 events while it reads nothing (max_pending is 6)
            grow(store, "g1", 2)
            time.sleep(0.01)
        got = take(slow.next, 21)
    assert got == list(range(2, 22))


def test_a_follower_that_joins_behind_the_others_gets_all_and_they_no_repeats(parts) -> None:
    hub, _, store = parts
    grow(store, "g1", 3)
    with hub.subscribe(game_topic("g1"), "3-0") as ahead:
        ahead.next(0)
        with hub.subscribe(game_topic("g1"), "0-0") as behind:
            assert versions(behind.next(0)) == [1, 2, 3]
            grow(store, "g1", 1)
            assert take(behind.next, 4) == [4]
            assert take(ahead.next, 4) == [4]
            assert ahead.next(0.1) == []


def test_the_reader_stops_with_the_last_follower_and_starts_again(parts) -> None:
    hub, _, store = parts
    grow(store, "g1", 1)
    with hub.subscribe(game_topic("g1"), "1-0") as sub:
        sub.next(0)
    deadline = time.monotonic() + WAIT_S
    while hub._reader_running and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not hub._reader_running
    assert hub._reader is not None
    hub._reader.join(WAIT_S)  # this hub's own thread (other tests' hubs may still be ending)
    assert not hub._reader.is_alive()
    with hub.subscribe(game_topic("g1"), "1-0") as again:
        again.next(0)
        grow(store, "g1", 1)
        assert take(again.next, 2) == [2]


def test_a_failed_read_is_tried_again(parts) -> None:
    hub, feed, store = parts
    grow(store, "g1", 1)
    feed.fail_next = 2
    with hub.subscribe(game_topic("g1"), "1-0") as sub:
        sub.next(0)
        grow(store, "g1", 1)
        assert take(sub.next, 2) == [2]
