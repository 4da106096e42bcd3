"""The in-memory twin of RedisConcurrencyLimiter: each caller's slots in this process."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable

from lorekeeper.limits import Slot


class InMemoryConcurrencyLimiter:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._slots: dict[str, dict[str, float]] = {}  # key -> slot id -> when it lapses
        self._lock = threading.Lock()

    def acquire(self, key: str, limit: int, ttl_s: float) -> Slot | None:
        now = self._clock()
        with self._lock:
            held = {s: t for s, t in self._slots.get(key, {}).items() if t > now}
            if len(held) >= limit:
                self._slots[key] = held
                return None
            slot_id = uuid.uuid4().hex
            held[slot_id] = now + ttl_s
            self._slots[key] = held
            return Slot(key, slot_id, len(held))

    def release(self, slot: Slot) -> None:
        with self._lock:
            held = self._slots.get(slot.key, {})
            held.pop(slot.id, None)
            if not held:
                self._slots.pop(slot.key, None)
