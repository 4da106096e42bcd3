"""The ConcurrencyLimiter contract: a caller holds at most `limit` slots; released slots free
places at once, lapsed ones after their ttl."""

from __future__ import annotations

import threading
import time

import pytest
import redis

from adapters.memory.concurrency import InMemoryConcurrencyLimiter
from adapters.redis.concurrency import RedisConcurrencyLimiter
from lorekeeper.limits import ConcurrencyLimiter


@pytest.fixture(params=["in_memory", "redis"])
def limiter(request: pytest.FixtureRequest) -> ConcurrencyLimiter:
    if request.param == "in_memory":
        return InMemoryConcurrencyLimiter()
    client: redis.Redis = request.getfixturevalue("redis_client")
    return RedisConcurrencyLimiter(client)


def test_a_caller_holds_at_most_its_limit(limiter: ConcurrencyLimiter) -> None:
    held = [limiter.acquire("streams:addr:1", 3, ttl_s=60) for _ in range(3)]

    assert [s.in_use for s in held if s] == [1, 2, 3]
    assert limiter.acquire("streams:addr:1", 3, ttl_s=60) is None
    assert limiter.acquire("streams:addr:2", 3, ttl_s=60) is not None  # another caller
    assert limiter.acquire("waits:addr:1", 3, ttl_s=60) is not None  # another kind


def test_a_released_slot_is_free_again(limiter: ConcurrencyLimiter) -> None:
    first = limiter.acquire("k", 2, ttl_s=60)
    assert first is not None and limiter.acquire("k", 2, ttl_s=60) is not None

    limiter.release(first)
    limiter.release(first)  # twice: no harm

    again = limiter.acquire("k", 2, ttl_s=60)
    assert again is not None and again.in_use == 2
    assert limiter.acquire("k", 2, ttl_s=60) is None


def test_a_slot_its_holder_never_released_lapses(limiter: ConcurrencyLimiter) -> None:
    assert limiter.acquire("k", 1, ttl_s=0.05) is not None
    assert limiter.acquire("k", 1, ttl_s=60) is None

    time.sleep(0.15)

    assert limiter.acquire("k", 1, ttl_s=60) is not None


def test_a_short_slot_does_not_shorten_a_long_one(limiter: ConcurrencyLimiter) -> None:
    assert limiter.acquire("k", 2, ttl_s=60) is not None
    assert limiter.acquire("k", 2, ttl_s=0.05) is not None
    time.sleep(0.15)

    assert limiter.acquire("k", 2, ttl_s=60) is not None  # the short one lapsed
    assert limiter.acquire("k", 2, ttl_s=60) is None  # the long one still holds


def test_slots_released_all_at_once_are_all_free_again(limiter: ConcurrencyLimiter) -> None:
    held = [limiter.acquire("k", 50, ttl_s=60) for _ in range(50)]
    threads = [threading.Thread(target=limiter.release, args=(slot,)) for slot in held if slot]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert all(limiter.acquire("k", 50, ttl_s=60) is not None for _ in range(50))
