"""Many players' streams through one hub (docs/push.md): every open player stream of a
process waits in one blocking read of the players' logs, each gets its own notes, in order,
none missed while it joins."""

from __future__ import annotations

import threading
import time

import pytest

from adapters.memory.push import InMemoryNotificationLog
from adapters.redis.feed import RedisStreamFeed
from adapters.redis.push import PLAYER_TOPICS, RedisNotificationLog
from adapters.redis.server import RedisServerProcess
from adapters.redis.topology import server_client
from lorekeeper.push.ports import Feed, Note, NotificationLog
from lorekeeper.push.streaming import START, StreamHub
from lorekeeper.settings import Settings
from tests.streams.test_hub import CountingFeed

PLAYERS = 200


@pytest.fixture(params=["in_memory", "redis"])
def log_and_feed(request: pytest.FixtureRequest) -> tuple[NotificationLog, Feed]:
    if request.param == "in_memory":
        notes = InMemoryNotificationLog()
        return notes, notes
    request.getfixturevalue("redis_client")  # the private server, emptied
    # As the API builds its clients (adapters/redis/backend.py): a pool that makes a caller
    # wait past its connections. redis-py's own refuses the 101st, and the 200 followers
    # catch up at once.
    server: RedisServerProcess = request.getfixturevalue("redis_server")
    client = server_client(server.url, Settings().redis_connections)
    request.addfinalizer(client.close)
    return RedisNotificationLog(client), RedisStreamFeed(client, PLAYER_TOPICS)


def test_two_hundred_player_streams_wait_in_one_read(
    log_and_feed: tuple[NotificationLog, Feed],
) -> None:
    notes, feed = log_and_feed
    counting = CountingFeed(feed)
    hub = StreamHub(counting, block_s=2.0)
    got: dict[int, list[str]] = {}
    joined = threading.Barrier(PLAYERS + 1)

    def follow(n: int) -> None:
        with hub.subscribe(f"player:p{n}", after=START) as sub:
            assert sub.next(0.05) == []  # caught up (nothing yet): it follows through the hub
            joined.wait()
            seen: list[str] = []
            while len(seen) < 3:
                entries = sub.next(10)
                assert entries, f"player {n} heard nothing"
                seen += [e.item["id"] for e in entries]
            got[n] = seen

    threads = [threading.Thread(target=follow, args=(n,)) for n in range(PLAYERS)]
    for thread in threads:
        thread.start()
    joined.wait()
    for k in range(3):
        for n in range(PLAYERS):
            notes.append(f"p{n}", Note(f"n_{n}_{k}", "your_turn", "g", {}))
    for thread in threads:
        thread.join(timeout=30)
    assert got == {n: [f"n_{n}_{k}" for k in range(3)] for n in range(PLAYERS)}
    # one reader for all: its blocking read covers every followed player at once
    assert max(len(w) for w in counting.waits) == PLAYERS
    # and it stops with its last follower (no reader thread is left to the next test)
    deadline = time.monotonic() + 10
    while hub._reader_running and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not hub._reader_running
