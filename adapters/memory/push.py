"""The in-memory twins of adapters/redis/push.py: a player's notification log (also the
Feed of the topics `player:<id>`, waited on with a condition, no polling), webhook endpoints
and stream tickets. One process; the same contract (tests/adapters/test_push_contract.py)."""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from lorekeeper.push.ports import Endpoint, FeedEntry, Note
from lorekeeper.push.streaming import position_key


class InMemoryNotificationLog:
    def __init__(self, *, max_len: int = 1000, webhooks: InMemoryWebhookStore | None = None,
                 count: int = 500) -> None:  # fmt: skip
        self._max_len = max_len
        self._webhooks = webhooks
        self._count = count
        self._logs: dict[str, deque[FeedEntry]] = {}
        self._facts: dict[str, tuple[tuple[int, int], set[str]]] = {}
        self._seq = 0
        self._woken = False
        self.appended = threading.Condition()

    def record(
        self, game_id: str, stamp: tuple[int, int], facts: Mapping[str, Sequence[tuple[str, Note]]]
    ) -> int:
        with self.appended:
            old = self._facts.get(game_id)
            if old is not None and stamp <= old[0]:
                return 0
            seen = set() if old is None else old[1]
            now: set[str] = set()
            added = 0
            for player_id, notes in facts.items():
                fresh = 0
                for fact, note in notes:
                    key = f"{player_id}|{fact}"
                    now.add(key)
                    if key not in seen:
                        self._add(player_id, note)
                        fresh += 1
                if fresh:
                    self._mark_due(player_id)
                added += fresh
            self._facts[game_id] = (stamp, now)
            self.appended.notify_all()
            return added

    def record_many(
        self, games: Sequence[tuple[str, tuple[int, int], Mapping[str, Sequence[tuple[str, Note]]]]]
    ) -> list[int]:
        return [self.record(game_id, stamp, facts) for game_id, stamp, facts in games]

    def append(self, player_id: str, note: Note) -> None:
        with self.appended:
            self._add(player_id, note)
            self._mark_due(player_id)
            self.appended.notify_all()

    def read(self, topic: str, after: str, limit: int) -> list[FeedEntry]:
        kind, _, player_id = topic.partition(":")
        if kind != "player" or not player_id:
            raise ValueError(f"no such topic: {topic!r}")
        last = position_key(after)
        with self.appended:
            log = list(self._logs.get(player_id, ()))
        return [e for e in log if position_key(e.position) > last][:limit]

    def head(self, player_id: str) -> str:
        with self.appended:
            log = self._logs.get(player_id)
            return log[-1].position if log else "0-0"

    def oldest(self, player_id: str) -> str | None:
        with self.appended:
            log = self._logs.get(player_id)
            return log[0].position if log else None

    # the Feed of the players' topics
    def wait(self, after: Mapping[str, str], timeout_s: float) -> dict[str, list[FeedEntry]]:
        deadline = time.monotonic() + timeout_s
        with self.appended:
            while True:
                found = {t: e for t, p in after.items() if (e := self.read(t, p, self._count))}
                if found or self._woken:
                    self._woken = False
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    return {}
                self.appended.wait(left)

    def wake(self) -> None:
        with self.appended:
            self._woken = True
            self.appended.notify_all()

    def _add(self, player_id: str, note: Note) -> None:
        self._seq += 1
        log = self._logs.setdefault(player_id, deque(maxlen=self._max_len))
        log.append(FeedEntry(f"{self._seq}-0", note.to_json()))

    def _mark_due(self, player_id: str) -> None:
        if self._webhooks is not None:
            self._webhooks.mark_due(player_id)


class InMemoryWebhookStore:
    def __init__(self, notes: InMemoryNotificationLog | None = None) -> None:
        self.notes = notes
        self._endpoints: dict[tuple[str, str], Endpoint] = {}
        self._due: dict[tuple[str, str], int] = {}
        self._locks: dict[tuple[str, str], tuple[str, float]] = {}
        self._logs: dict[tuple[str, str], list[dict[str, Any]]] = {}
        self._lock = threading.RLock()

    def mark_due(self, player_id: str) -> None:
        now = _now_ms()
        with self._lock:
            for (player, endpoint_id), endpoint in self._endpoints.items():
                if player == player_id and endpoint.enabled:
                    self._due.setdefault((player, endpoint_id), now)

    def add(self, endpoint: Endpoint, limit: int) -> bool:
        with self._lock:
            if sum(1 for p, _ in self._endpoints if p == endpoint.player_id) >= limit:
                return False
            self._endpoints[(endpoint.player_id, endpoint.id)] = endpoint
            return True

    def load(self, player_id: str, endpoint_id: str) -> Endpoint | None:
        with self._lock:
            return self._endpoints.get((player_id, endpoint_id))

    def endpoints(self, player_id: str) -> list[Endpoint]:
        with self._lock:
            found = [e for (p, _), e in self._endpoints.items() if p == player_id]
        return sorted(found, key=lambda e: (e.created_ms, e.id))

    def delete(self, player_id: str, endpoint_id: str) -> bool:
        with self._lock:
            self._due.pop((player_id, endpoint_id), None)
            self._logs.pop((player_id, endpoint_id), None)
            return self._endpoints.pop((player_id, endpoint_id), None) is not None

    def update(self, endpoint: Endpoint) -> None:
        with self._lock:
            if (endpoint.player_id, endpoint.id) not in self._endpoints:
                return
            self._endpoints[(endpoint.player_id, endpoint.id)] = replace(endpoint)
            if not endpoint.enabled:
                self._due.pop((endpoint.player_id, endpoint.id), None)

    def lock(self, player_id: str, endpoint_id: str, token: str, lease_ms: int) -> bool:
        now = time.monotonic()
        with self._lock:
            held = self._locks.get((player_id, endpoint_id))
            if held is not None and held[0] != token and held[1] > now:
                return False
            self._locks[(player_id, endpoint_id)] = (token, now + lease_ms / 1000)
            return True

    def unlock(self, player_id: str, endpoint_id: str, token: str) -> None:
        with self._lock:
            held = self._locks.get((player_id, endpoint_id))
            if held is not None and held[0] == token:
                del self._locks[(player_id, endpoint_id)]

    def schedule(self, player_id: str, endpoint_id: str, at_ms: int) -> None:
        with self._lock:
            self._due[(player_id, endpoint_id)] = at_ms

    def settle(self, player_id: str, endpoint_id: str, cursor: str, head: str) -> bool:
        with self._lock:
            if self.notes is not None:
                head = self.notes.head(player_id)
            if head == cursor:
                self._due.pop((player_id, endpoint_id), None)
                return True
            self._due[(player_id, endpoint_id)] = _now_ms()
            return False

    def claim_due(self, now_ms: int, lease_ms: int, limit: int) -> list[tuple[str, str]]:
        with self._lock:
            due = sorted((at, key) for key, at in self._due.items() if at <= now_ms)[:limit]
            for _, key in due:
                self._due[key] = now_ms + lease_ms
            return [key for _, key in due]

    def log(self, player_id: str, endpoint_id: str, attempt: Mapping[str, Any], keep: int) -> None:
        with self._lock:
            log = self._logs.setdefault((player_id, endpoint_id), [])
            log.insert(0, dict(attempt))
            del log[keep:]

    def deliveries(self, player_id: str, endpoint_id: str) -> list[dict[str, Any]]:
        with self._lock:
            return [dict(a) for a in self._logs.get((player_id, endpoint_id), [])]


class InMemoryTicketStore:
    def __init__(self) -> None:
        self._tickets: dict[str, tuple[str, float]] = {}
        self._lock = threading.Lock()

    def issue(self, digest: str, player_id: str, ttl_s: int) -> None:
        with self._lock:
            self._tickets[digest] = (player_id, time.monotonic() + ttl_s)

    def redeem(self, digest: str) -> str | None:
        with self._lock:
            found = self._tickets.pop(digest, None)
        if found is None or found[1] <= time.monotonic():
            return None
        return found[0]


def _now_ms() -> int:
    return time.time_ns() // 1_000_000
