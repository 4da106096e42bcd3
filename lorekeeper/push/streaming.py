"""Open streams without a thread or a poll each: one StreamHub per process follows every topic
its subscribers want with one blocking read (`Feed.wait`: one XREAD on Redis) and hands each
new entry to every subscriber of its topic (docs/streams.md).

    hub = StreamHub(feed)
    with hub.subscribe(game_topic(game_id), after=version_position(4)) as sub:
        entries = sub.next(timeout_s=15)    # entries after version 4, or [] after 15 s quiet

A subscription catches up by itself first (`Feed.read`, in the caller's thread or greenlet),
then takes what the hub reads, skipping what it has seen; so it misses nothing between the
two. A topic is any append-only stream of the Feed: `game:<id>` for a game's events; the
players' streams add theirs. The hub works under threads and under gevent (whose patching
makes its reader thread a greenlet, and its locks and events gevent's).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from lorekeeper.push.ports import Feed, FeedEntry

GAME = "game"
START = "0-0"  # the position before a topic's first entry
_log = logging.getLogger(__name__)


def game_topic(game_id: str) -> str:
    return f"{GAME}:{game_id}"


def version_position(version: int) -> str:
    """The position of a game's event `version` (0: before its first)."""
    return f"{version}-0"


def position_key(position: str) -> tuple[int, int]:
    """A position as a pair that orders like Redis stream ids ("12-0" < "12-1" < "13-0")."""
    ms, _, seq = position.partition("-")
    return int(ms), int(seq or 0)


@dataclass
class _Topic:
    position: str  # where the hub's next read of this topic starts
    subscribers: set[Subscription] = field(default_factory=set)


class StreamHub:
    """One per process: the one reader of every followed topic.

    `block_s` bounds each blocking read (so a lost connection is noticed); `max_pending`
    bounds what a subscriber that does not keep up may have waiting: past it, it drops what
    waits and reads it again from the feed, so a slow client costs no more memory than that.
    The reader runs while there are subscribers, in the process that has them (a gunicorn
    worker forked from its master starts its own)."""

    def __init__(
        self,
        feed: Feed,
        *,
        block_s: float = 5.0,
        read_limit: int = 500,
        max_pending: int = 1000,
    ) -> None:
        self.feed = feed
        self._block_s = block_s
        self.read_limit = read_limit
        self.max_pending = max_pending
        self._lock = threading.Lock()
        self._topics: dict[str, _Topic] = {}
        self._waiting = False  # a read is under way, or about to be (set under the lock)
        self._reader_running = False
        self._reader_pid = 0
        self._reader: threading.Thread | None = None  # the last reader started
        self.reads = 0  # reads made (for /healthz and the tests)

    # -- what subscribers see -------------------------------------------------------------

    @contextmanager
    def subscribe(self, topic: str, after: str = START) -> Iterator[Subscription]:
        subscription = Subscription(self, topic, after)
        try:
            yield subscription
        finally:
            subscription.close()

    def stats(self) -> dict[str, int]:
        with self._lock:
            subscribers = sum(len(t.subscribers) for t in self._topics.values())
            return {"topics": len(self._topics), "subscribers": subscribers, "reads": self.reads}

    # -- the subscribers' side of the lock --------------------------------------------------

    def _join(self, subscription: Subscription, position: str) -> None:
        """Add `subscription` to its topic, whose reads start at `position` at the latest."""
        with self._lock:
            self._start_reader()
            topic = self._topics.get(subscription.topic)
            if topic is None:
                topic = self._topics[subscription.topic] = _Topic(position)
                moved = True
            else:
                moved = position_key(position) < position_key(topic.position)
                if moved:  # what came since is read again; subscribers skip what they saw
                    topic.position = position
            topic.subscribers.add(subscription)
            wake = moved and self._waiting
        if wake:
            self.feed.wake()

    def _leave(self, subscription: Subscription) -> None:
        with self._lock:
            topic = self._topics.get(subscription.topic)
            if topic is None:
                return
            topic.subscribers.discard(subscription)
            if not topic.subscribers:  # the running read may still name it: harmless
                del self._topics[subscription.topic]
            wake = not self._topics and self._waiting  # the reader may stop at once
        if wake:
            self.feed.wake()

    # -- the reader -----------------------------------------------------------------------

    def _start_reader(self) -> None:
        """(Under the lock.) A reader in this process, unless one runs already."""
        if self._reader_running and self._reader_pid == os.getpid():
            return
        self._reader_running, self._reader_pid = True, os.getpid()
        self._reader = threading.Thread(target=self._run, name="stream-hub", daemon=True)
        self._reader.start()

    def _run(self) -> None:
        """Read while there are topics to follow; stop when the last subscriber has left."""
        failures = 0
        while True:
            with self._lock:
                after = {name: t.position for name, t in self._topics.items()}
                if not after:
                    self._reader_running = False
                    return
                self._waiting = True
            try:
                found = self.feed.wait(after, self._block_s)
                failures = 0
            except Exception as exc:  # Redis restarting, a dropped connection: try again
                failures += 1
                _log.warning("stream hub: read failed (%d in a row): %r", failures, exc)
                time.sleep(min(2.0, 0.05 * 2**failures))
                continue
            finally:
                with self._lock:
                    self._waiting = False
            self.reads += 1
            self._deliver(found)

    def _deliver(self, found: Mapping[str, list[FeedEntry]]) -> None:
        deliveries = []
        with self._lock:
            for name, entries in found.items():
                topic = self._topics.get(name)
                if topic is None or not entries:
                    continue
                newest = position_key(topic.position)
                fresh = [e for e in entries if position_key(e.position) > newest]
                if fresh:
                    topic.position = fresh[-1].position
                    deliveries.append((fresh, list(topic.subscribers)))
        for entries, subscribers in deliveries:
            batch = Batch(entries)
            for subscription in subscribers:
                subscription._take(batch)


class Batch:
    """Entries the hub read for one topic, shared by its subscribers: `memo` keeps what one of
    them made of the batch (say the bytes of an event for a tokenless reader), for the rest."""

    __slots__ = ("entries", "memo")

    def __init__(self, entries: Sequence[FeedEntry]) -> None:
        self.entries = entries
        self.memo: dict[Any, Any] = {}


class Subscription:
    """One follower of one topic. `next` gives the entries after the last it gave."""

    def __init__(self, hub: StreamHub, topic: str, after: str) -> None:
        self.hub, self.topic = hub, topic
        self.last = after  # the position of the last entry handed out
        self._lock = threading.Lock()  # the pending batches, between the hub and the follower
        self._pending: deque[Batch] = deque()
        self._pending_entries = 0
        self._dropped = 0  # how often the hub dropped what waited (max_pending)
        self._ready = threading.Event()
        self._catching_up = True
        self._joined = False
        self._closed = False

    def next(self, timeout_s: float) -> list[FeedEntry]:
        """The entries after the last ones given (at most the hub's read limit while catching
        up), waiting up to `timeout_s` for some; [] when none came."""
        return [entry for entry, _ in self.next_batches(timeout_s)]

    def next_batches(
        self, timeout_s: float, clock: Callable[[], float] = time.monotonic
    ) -> list[tuple[FeedEntry, Batch | None]]:
        """As `next`, each entry with the hub's batch it came in (None: read by this
        subscription itself), whose `memo` the subscribers of the topic share."""
        deadline = clock() + timeout_s
        while not self._closed:
            if self._catching_up:
                caught = self._catch_up()
                if caught:
                    return caught
                if self._catching_up:  # the hub dropped what waited during the read
                    continue
            if not self._ready.wait(max(0.0, deadline - clock())):
                return []
            drained = self._drain()
            if drained or self._catching_up:
                return drained
        return []

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            if self._joined:
                self.hub._leave(self)

    def _catch_up(self) -> list[tuple[FeedEntry, Batch | None]]:
        """Read from the feed until its head; join the hub (once) when there."""
        with self._lock:
            dropped = self._dropped
        limit = self.hub.read_limit
        entries = self.hub.feed.read(self.topic, self.last, limit)
        at_head = len(entries) < limit
        if at_head and not self._joined:
            self._joined = True
            self.hub._join(self, entries[-1].position if entries else self.last)
        with self._lock:
            if at_head and self._dropped == dropped:
                self._catching_up = False
        fresh = self._unseen(entries)
        if fresh:
            self.last = fresh[-1].position
        return [(entry, None) for entry in fresh]

    def _take(self, batch: Batch) -> None:
        """From the hub's reader: queue a batch (or, past max_pending, read again instead)."""
        with self._lock:
            self._pending.append(batch)
            self._pending_entries += len(batch.entries)
            if self._pending_entries > self.hub.max_pending:
                self._pending.clear()
                self._pending_entries = 0
                self._dropped += 1
                self._catching_up = True  # what was dropped is in the feed: read it there
        self._ready.set()

    def _drain(self) -> list[tuple[FeedEntry, Batch | None]]:
        self._ready.clear()
        with self._lock:
            batches = list(self._pending)
            self._pending.clear()
            self._pending_entries = 0
        out: list[tuple[FeedEntry, Batch | None]] = []
        for batch in batches:
            fresh = self._unseen(batch.entries)
            if fresh:
                self.last = fresh[-1].position
                out.extend((entry, batch) for entry in fresh)
        return out

    def _unseen(self, entries: Sequence[FeedEntry]) -> list[FeedEntry]:
        last = position_key(self.last)
        return [e for e in entries if position_key(e.position) > last]


class Gauge:
    """How many of something a process has open, up to a cap (its open event streams)."""

    def __init__(self) -> None:
        self.count = 0
        self._lock = threading.Lock()

    def enter(self, limit: int) -> bool:
        """Count one more, unless `limit` are open already."""
        with self._lock:
            if self.count >= limit:
                return False
            self.count += 1
            return True

    def leave(self) -> None:
        with self._lock:
            self.count -= 1
