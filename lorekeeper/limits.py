"""The ports of the API's guards: rate limits (token buckets) and the long requests each
caller may hold at once (open streams, waits).

Each port has a Redis adapter and an in-memory twin (adapters/redis/, adapters/memory/);
tests/adapters/test_concurrency_contract.py and tests/service/test_secret_stores.py run both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol


class Quota(NamedTuple):
    """What one request left of its caller's bucket (the RateLimit header,
    docs/client/limits.md)."""

    wait_s: float  # 0.0: allowed; else the seconds until it would be
    remaining: int  # whole requests left in the bucket (after this one, if allowed)
    reset_s: float  # seconds until the bucket gains another request (0.0 when it is full)


class Rate(NamedTuple):
    """A token bucket's size: at most `burst` requests, refilled `per_s` a second."""

    per_s: float
    burst: int


class RateLimiter(Protocol):
    def acquire(self, key: str) -> float:
        """Take one request from `key`'s bucket: 0.0 if allowed, else seconds until it would be."""
        ...

    def take(self, key: str) -> Quota:
        """`acquire`, with what is left of the bucket."""
        ...

    def take_each(self, buckets: Sequence[tuple[str, Rate]]) -> list[Quota]:
        """One request from each bucket (its key, its size), in one go; what each left, in
        order. A bucket that is empty takes nothing; the others take theirs all the same."""
        ...


class Slot(NamedTuple):
    """One long request a caller holds (an open event stream, a `min_version` wait)."""

    key: str
    id: str
    in_use: int  # how many the caller holds, this one included


class ConcurrencyLimiter(Protocol):
    """How many long requests each caller holds at once, across every API process
    (tests/adapters/test_concurrency_contract.py). A slot not released (its process died)
    lapses after its `ttl_s`."""

    def acquire(self, key: str, limit: int, ttl_s: float) -> Slot | None:
        """A slot if `key` holds fewer than `limit`; None otherwise."""
        ...

    def release(self, slot: Slot) -> None: ...
