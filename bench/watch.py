"""A thread that watches, about every millisecond, the games a client is waiting on: each one's
stream version (the head the append writes beside the command ids: one HGET; the stream's
length is no version, an entry holding a whole append) and projection checkpoint (the version
`GET /games/{id}` serves: view and checkpoint are written together by one script). It keeps
each change with the time it was first seen. Only games with a version still to come are
read, so the watcher costs Redis and the CPU little.
"""

from __future__ import annotations

import bisect
import threading
import time
from collections.abc import Iterable

import redis

from adapters.redis.keys import projection_key
from adapters.redis.stream_heads import queue_heads, versions_of

Seen = dict[str, list[tuple[float, int]]]  # game -> [(first seen, value)], values increasing


class Watcher:
    def __init__(self, client: redis.Redis, game_ids: Iterable[str], interval_s: float = 0.001):
        self._client, self._interval = client, interval_s
        games = list(game_ids)
        self.stream: dict[str, int] = dict.fromkeys(games, 0)
        self.checkpoint: dict[str, int] = dict.fromkeys(games, 0)
        self._want_stream: dict[str, int] = dict.fromkeys(games, 0)
        self._want_checkpoint: dict[str, int] = dict.fromkeys(games, 0)
        self.stream_seen: Seen = {g: [] for g in games}
        self.checkpoint_seen: Seen = {g: [] for g in games}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bench-watcher", daemon=True)
        self.polls = 0  # times it looked (reading only the games due)

    def __enter__(self) -> Watcher:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def expect(self, game_id: str, *, stream: int = 0, checkpoint: int = 0) -> None:
        """Read the game until its stream and checkpoint reach these versions."""
        with self._lock:
            self._want_stream[game_id] = max(self._want_stream[game_id], stream)
            self._want_checkpoint[game_id] = max(self._want_checkpoint[game_id], checkpoint)

    def stream_len(self, game_id: str) -> int:
        return self.stream.get(game_id, 0)

    def _due(self) -> list[str]:
        with self._lock:
            return [
                g
                for g in self.stream
                if self._want_stream[g] > self.stream[g]
                or self._want_checkpoint[g] > self.checkpoint[g]
            ]

    def _run(self) -> None:
        pipe = self._client.pipeline(transaction=False)
        while not self._stop.is_set():
            due = self._due()
            self.polls += 1
            if due:
                queue_heads(pipe, due)
                for game_id in due:
                    pipe.hget(projection_key(game_id), "version")
                replies = pipe.execute()
                now = time.perf_counter()
                versions = versions_of(self._client, due, replies[: len(due)])
                for game_id, version, stored in zip(due, versions, replies[len(due) :],
                                                    strict=True):  # fmt: skip
                    _note(self.stream, self.stream_seen, game_id, version, now)
                    _note(self.checkpoint, self.checkpoint_seen, game_id, int(stored or 0), now)
            time.sleep(self._interval)


def _note(current: dict[str, int], seen: Seen, game_id: str, value: int, now: float) -> None:
    if value > current[game_id]:
        current[game_id] = value
        seen[game_id].append((now, value))


def first_seen(seen: list[tuple[float, int]], version: int) -> float | None:
    """When a value >= `version` was first seen, or None."""
    values = [v for _, v in seen]
    i = bisect.bisect_left(values, version)
    return seen[i][0] if i < len(seen) else None


def delays(seen: Seen, acks: Iterable[tuple[str, int, float]]) -> tuple[list[float], int]:
    """For each (game, version, time): seconds from that time until the version was seen
    (0 when it was seen before); versions never seen are left out and counted."""
    out, missing = [], 0
    for game_id, version, at in acks:
        when = first_seen(seen.get(game_id, []), version)
        if when is None:
            missing += 1
        else:
            out.append(max(0.0, when - at))
    return out, missing
