"""Rate limits: one token bucket per caller (a seat token's hash, else the client address).

The Redis bucket is shared by every API process; the in-memory twin serves tests and
single-process runs. Both answer `acquire(key) -> seconds to wait` (0.0: go ahead).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from typing import Protocol

import redis


class RateLimiter(Protocol):
    def acquire(self, key: str) -> float:
        """Take one request from `key`'s bucket: 0.0 if allowed, else seconds until it would be."""
        ...


class Unlimited:
    def acquire(self, key: str) -> float:
        return 0.0


# KEYS: the bucket. ARGV: refill per second, burst. Reply: {allowed (0|1), wait seconds}.
_BUCKET_LUA = """
redis.set_repl(redis.REPL_NONE)
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local saved = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(saved[1]) or burst
local ts = tonumber(saved[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - ts) * rate)
local allowed, wait = 0, 0
if tokens >= 1 then
  tokens, allowed = tokens - 1, 1
else
  wait = (1 - tokens) / rate
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return {allowed, tostring(wait)}
"""


def bucket_key(key: str) -> str:
    return f"lk:rate:{key}"


class RedisRateLimiter:
    def __init__(self, client: redis.Redis, per_s: float, burst: int) -> None:
        self._script = client.register_script(_BUCKET_LUA)
        self._per_s, self._burst = per_s, burst

    def acquire(self, key: str) -> float:
        allowed, wait = self._script(keys=[bucket_key(key)], args=[self._per_s, self._burst])
        return 0.0 if int(allowed) else max(float(wait), 0.001)


class InMemoryRateLimiter:
    def __init__(
        self, per_s: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._per_s, self._burst, self._clock = per_s, burst, clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def acquire(self, key: str) -> float:
        with self._lock:
            now = self._clock()
            tokens, ts = self._buckets.get(key, (float(self._burst), now))
            tokens = min(self._burst, tokens + max(0.0, now - ts) * self._per_s)
            if tokens >= 1:
                self._buckets[key] = (tokens - 1, now)
                return 0.0
            self._buckets[key] = (tokens, now)
            return (1 - tokens) / self._per_s


def retry_after_s(wait: float) -> int:
    """Whole seconds for a Retry-After header (at least 1)."""
    return max(1, math.ceil(wait))
