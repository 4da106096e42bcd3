"""The in-memory twin of RedisRateLimiter: one token bucket per key, in this process; and
the limiter of a server without rate limits (the port: lorekeeper/limits.py)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence

from lorekeeper.limits import Quota, Rate


class Unlimited:
    """The rate limiter of a server without rate limits (LOREKEEPER_RATE_PER_S=0)."""

    def acquire(self, key: str) -> float:
        return 0.0

    def take(self, key: str) -> Quota:
        return Quota(0.0, 0, 0.0)

    def take_each(self, buckets: Sequence[tuple[str, Rate]]) -> list[Quota]:
        return [Quota(0.0, 0, 0.0) for _ in buckets]


class InMemoryRateLimiter:
    """One token bucket per key, in this process."""

    def __init__(
        self, per_s: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._rate, self._clock = Rate(per_s, burst), clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def acquire(self, key: str) -> float:
        return self.take(key).wait_s

    def take(self, key: str) -> Quota:
        return self.take_each([(key, self._rate)])[0]

    def take_each(self, buckets: Sequence[tuple[str, Rate]]) -> list[Quota]:
        with self._lock:
            now = self._clock()
            return [self._take(key, rate, now) for key, rate in buckets]

    def _take(self, key: str, rate: Rate, now: float) -> Quota:
        tokens, ts = self._buckets.get(key, (float(rate.burst), now))
        tokens = min(rate.burst, tokens + max(0.0, now - ts) * rate.per_s)
        if tokens >= 1:
            self._buckets[key] = (tokens - 1, now)
            return Quota(0.0, int(tokens - 1), (1 - (tokens - 1) % 1) / rate.per_s)
        self._buckets[key] = (tokens, now)
        wait = (1 - tokens) / rate.per_s
        return Quota(wait, 0, wait)
