"""The in-memory twin of RedisStreamFeed: the games of an InMemoryEventStore as topics
(`game:<id>`), waited on with the store's `appended` condition (no polling)."""

from __future__ import annotations

import time
from collections.abc import Mapping

from adapters.memory.event_store import InMemoryEventStore
from lorekeeper.errors import GameNotFound
from lorekeeper.push.ports import FeedEntry
from lorekeeper.push.streaming import GAME, position_key, version_position


class InMemoryFeed:
    def __init__(self, events: InMemoryEventStore, *, count: int = 500) -> None:
        self._events = events
        self._count = count
        self._woken = False

    def read(self, topic: str, after: str, limit: int) -> list[FeedEntry]:
        game_id = _game_id(topic)
        version, seq = position_key(after)
        try:
            stored = self._events.read(game_id, version + 1, limit)
        except GameNotFound:
            return []  # a topic that does not exist is an empty one
        return [FeedEntry(version_position(e.version), e) for e in stored]

    def wait(self, after: Mapping[str, str], timeout_s: float) -> dict[str, list[FeedEntry]]:
        deadline = time.monotonic() + timeout_s
        changed = self._events.appended
        with changed:
            while True:
                found = {t: e for t, p in after.items() if (e := self.read(t, p, self._count))}
                if found or self._woken:
                    self._woken = False
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    return {}
                changed.wait(left)

    def wake(self) -> None:
        with self._events.appended:
            self._woken = True
            self._events.appended.notify_all()


def _game_id(topic: str) -> str:
    kind, _, game_id = topic.partition(":")
    if kind != GAME or not game_id:
        raise ValueError(f"no such topic: {topic!r}")
    return game_id
