"""Rate limits on Redis: one token bucket per caller, shared by every API process (the
in-memory twin: adapters/memory/ratelimit.py). `acquire(key) -> seconds to wait` (0.0: go ahead);
`take(key)` adds what is left of the bucket (for the RateLimit header; near enough: a lease
counts as left until it is spent).

**Leases.** A Redis round trip per request cost the command path as much CPU as deciding
the command (BENCHMARKS.md), so a process takes tokens from a caller's bucket a few at a
time: an eighth of what the bucket holds, at most LEASE_MAX, at least one, and spends them
locally for LEASE_TTL_S. Near the limit a lease is one token, so the limit and its
Retry-After stay exact; a full bucket shared by several processes may run dry up to an
eighth early, when a caller's requests move to another process and leave a lease unspent.

**A full Redis lets requests through.** Taking from a bucket writes it, and a Redis out of
memory (`maxmemory`, `noeviction`) refuses every write: the limiter would refuse every request,
reads included, which a full store can still serve. So on OOM it lets the request through
(fails open) and logs `rate_limit.fail_open` at most once a minute per process; the writes
themselves are refused by the store (503 `store_full`). Any other Redis error still raises.

**Several buckets, one round trip.** A request counts against its caller's bucket and its
address's (api/guards.py): `take_each` runs the scripts of the buckets that have no lease
left in one round trip, each with its own size.

**Why our own.** `limits` (and flask-limiter, built on it) keeps fixed, moving and sliding
windows, not a token bucket, so it could not say the burst and refill the RateLimit fields
announce; each of its `hit`s is a Redis round trip of its own, where a lease here spends one
round trip on many requests, in the command path's lane (BENCHMARKS.md).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence

import redis

from adapters.redis.keys import bucket_key
from adapters.redis.lane import lane_for, run_all
from adapters.redis.topology import GamesClient
from adapters.redis.wire import ScriptCall
from lorekeeper.limits import Quota, Rate

LEASE_MAX = 16
LEASE_TTL_S = 0.5
_LEASES_KEPT = 10_000  # past this many callers, a process drops its expired leases
FAIL_OPEN_LOG_S = 60.0
log = logging.getLogger(__name__)


def is_out_of_memory(exc: BaseException) -> bool:
    """Whether Redis refused a write for want of memory: an OOM reply, or (Redis 6) a script
    whose write got one."""
    if isinstance(exc, redis.exceptions.OutOfMemoryError):
        return True
    return isinstance(exc, redis.ResponseError) and "OOM command not allowed" in str(exc)


# KEYS: the bucket. ARGV: refill per second, burst, most tokens to take.
# Reply: {tokens taken (0: none), wait seconds, tokens left}. Takes an eighth of what the
# bucket holds (at least 1, at most ARGV[3]). The bucket is one string, "<tokens> <when>"
# (seconds), with its time to live: a lease is four calls (EVALSHA, TIME, GET, SET), where a
# hash took five (HMGET, HSET and PEXPIRE; BENCHMARKS.md).
_BUCKET_LUA = """
redis.set_repl(redis.REPL_NONE)
local rate, burst, most = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local saved = redis.call('GET', KEYS[1])
local tokens, ts = burst, now
if saved then
  local space = string.find(saved, ' ', 1, true)
  tokens, ts = tonumber(string.sub(saved, 1, space - 1)), tonumber(string.sub(saved, space + 1))
end
tokens = math.min(burst, tokens + math.max(0, now - ts) * rate)
local allowed, wait = 0, 0
if tokens >= 1 then
  allowed = math.max(1, math.min(most, math.floor(tokens / 8)))
  tokens = tokens - allowed
else
  wait = (1 - tokens) / rate
end
redis.call('SET', KEYS[1], tostring(tokens) .. ' ' .. string.format('%.6f', now),
           'PX', math.ceil(burst / rate * 1000) + 1000)
return {allowed, tostring(wait), tostring(tokens)}
"""


class RedisRateLimiter:
    def __init__(
        self,
        client: GamesClient,
        per_s: float,
        burst: int,
        *,
        lease_max: int = LEASE_MAX,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._lane = lane_for(client)  # EVALSHA on a kept connection (adapters/redis/lane.py)
        self._rate, self._lease_max, self._clock = Rate(per_s, burst), lease_max, clock
        # key -> (tokens of the lease left, its expiry, tokens the bucket had left then)
        self._leases: dict[str, tuple[int, float, float]] = {}
        self._lock = threading.Lock()
        self._logged_open_at: float | None = None

    def acquire(self, key: str) -> float:
        return self.take(key).wait_s

    def take(self, key: str) -> Quota:
        return self.take_each([(key, self._rate)])[0]

    def take_each(self, buckets: Sequence[tuple[str, Rate]]) -> list[Quota]:
        now = self._clock()
        found = [self._from_lease(key, rate, now) for key, rate in buckets]
        asked = [n for n, quota in enumerate(found) if quota is None]
        calls = [ScriptCall(_BUCKET_LUA, [bucket_key(buckets[n][0])],
                            [*buckets[n][1], self._lease_max]) for n in asked]  # fmt: skip
        try:
            replies = run_all(self._lane, calls)
        except redis.ResponseError as exc:
            if not is_out_of_memory(exc):
                raise
            self._failed_open(now, exc)
            replies = [None] * len(asked)  # unlimited while Redis is full
        for n, reply in zip(asked, replies, strict=True):
            found[n] = self._leased(*buckets[n], reply, now)
        return [quota for quota in found if quota is not None]

    def _from_lease(self, key: str, rate: Rate, now: float) -> Quota | None:
        """A token of this process's lease on the bucket, if it holds one still good."""
        with self._lock:
            left, expiry, bucket = self._leases.get(key, (0, now, 0.0))
            if left > 0 and now < expiry:
                self._leases[key] = (left - 1, expiry, bucket)
                return _quota(rate, bucket + left - 1)
        return None

    def _leased(self, key: str, rate: Rate, reply: list[bytes] | None, now: float) -> Quota:
        """What the script's reply gives: one token now, and the rest kept as a lease."""
        if reply is None:
            return Quota(0.0, rate.burst, 0.0)
        taken, wait, tokens = int(reply[0]), float(reply[1]), float(reply[2])
        if not taken:
            wait_s = max(wait, 0.001)
            return Quota(wait_s, 0, wait_s)
        with self._lock:
            if len(self._leases) > _LEASES_KEPT:
                self._leases = {k: v for k, v in self._leases.items() if v[1] > now}
            if taken > 1:
                self._leases[key] = (taken - 1, now + LEASE_TTL_S, tokens)
        return _quota(rate, tokens + taken - 1)

    def _failed_open(self, now: float, exc: Exception) -> None:
        with self._lock:
            last, self._logged_open_at = self._logged_open_at, now
            if last is not None and now - last < FAIL_OPEN_LOG_S:
                self._logged_open_at = last
                return
        log.warning(
            "rate_limit.fail_open: Redis is out of memory; requests go unlimited until it is not",
            extra={"error": str(exc)},
        )


def _quota(rate: Rate, tokens: float) -> Quota:
    """What `tokens` left in the bucket tell a caller: whole requests, and when the next one
    comes (the bucket fills continuously, `per_s` a second, up to `burst`)."""
    if tokens >= rate.burst:
        return Quota(0.0, rate.burst, 0.0)
    return Quota(0.0, int(tokens), (1 - tokens % 1) / rate.per_s)
