"""ConcurrencyLimiter on Redis (the port: lorekeeper/limits.py; the twin:
adapters/memory/concurrency.py).

A caller's long requests are one sorted set, `lk:slots:<caller>`: slot id -> the time (Redis
ms) it lapses. One script takes a slot (dropping lapsed ones first) only while the caller
holds fewer than the limit; release removes it. A process that dies holding slots leaves
them to lapse after their ttl, so a slot's ttl is the longest its request may last.

Releases come in bursts (a thousand streams whose clients leave together): the first
release in a process sends every release that arrives while it waits, in one pipeline,
instead of each taking a connection of its own.
"""

from __future__ import annotations

import threading
import uuid

import redis

from adapters.redis.keys import slots_key
from lorekeeper.limits import Slot

# KEYS: the caller's slots. ARGV: limit, ttl ms, slot id. Reply: {1 taken | 0 refused, held}.
_ACQUIRE_LUA = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local held = redis.call('ZCARD', KEYS[1])
if held >= tonumber(ARGV[1]) then return {0, held} end
redis.call('ZADD', KEYS[1], now + ttl, ARGV[3])
if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end
return {1, held + 1}
"""


class RedisConcurrencyLimiter:
    def __init__(self, client: redis.Redis) -> None:
        self._client = client
        self._acquire = client.register_script(_ACQUIRE_LUA)
        self._lock = threading.Lock()
        self._releasing: list[Slot] = []
        self._sending = False  # a release is sending them: the others leave theirs to it

    def acquire(self, key: str, limit: int, ttl_s: float) -> Slot | None:
        slot_id = uuid.uuid4().hex
        ttl_ms = max(1, int(ttl_s * 1000))
        taken, held = self._acquire(keys=[slots_key(key)], args=[limit, ttl_ms, slot_id])
        return Slot(key, slot_id, int(held)) if int(taken) else None

    def release(self, slot: Slot) -> None:
        with self._lock:
            self._releasing.append(slot)
            if self._sending:
                return
            self._sending = True
        try:
            while True:
                with self._lock:
                    batch, self._releasing = self._releasing, []
                    if not batch:
                        self._sending = False
                        return
                pipe = self._client.pipeline(transaction=False)
                for held in batch:
                    pipe.zrem(slots_key(held.key), held.id)
                pipe.execute()
        except BaseException:
            with self._lock:
                self._sending = False
            raise
