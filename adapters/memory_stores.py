"""The in-memory twins of the small stores: seat tokens, dice, rate limits (one lock each)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence

from lorekeeper.games.dice import DiceConfig
from lorekeeper.games.seat_tokens import matching_seat
from lorekeeper.limits import Quota, Rate


class InMemorySeatTokenStore:
    def __init__(self) -> None:
        self._seats: dict[str, dict[int, str]] = {}
        self._lock = threading.Lock()

    def save(self, game_id: str, hashes: Mapping[int, str], *, final: bool = True) -> None:
        with self._lock:
            self._seats.setdefault(game_id, {}).update(hashes)

    def release(self, game_id: str, seat: int) -> None:
        with self._lock:
            self._seats.get(game_id, {}).pop(seat, None)

    def seal(self, game_id: str) -> None:
        """Nothing to do: no copy is kept."""

    def seats_for(self, game_ids: Sequence[str], token: str) -> list[int | None]:
        with self._lock:
            known = [dict(self._seats.get(g, {})) for g in game_ids]
        return [matching_seat(hashes, token) for hashes in known]


class InMemoryDiceStore:
    def __init__(self) -> None:
        self._configs: dict[str, DiceConfig] = {}
        self._lock = threading.Lock()

    def save(self, game_id: str, config: DiceConfig) -> None:
        with self._lock:
            self._configs.setdefault(game_id, config)

    def load(self, game_id: str) -> DiceConfig | None:
        with self._lock:
            return self._configs.get(game_id)


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


class InMemoryTransparencyStore:
    """The transparency log's leaves in this process (the twin of RedisTransparencyStore)."""

    def __init__(self) -> None:
        self._leaves: list[bytes] = []
        self._names: dict[str, int] = {}
        self._salts: dict[str, str] = {}
        self._lock = threading.Lock()

    def append(self, name: str, data: bytes, limit: int) -> int | None:
        with self._lock:
            if name in self._names:
                return self._names[name]
            if len(self._leaves) >= limit:
                return None
            self._leaves.append(bytes(data))
            self._names[name] = len(self._leaves) - 1
            return self._names[name]

    def index_of(self, name: str) -> int | None:
        return self._names.get(name)

    def size(self) -> int:
        return len(self._leaves)

    def leaves(self, start: int, stop: int) -> list[bytes]:
        return self._leaves[start:stop]

    def salt(self, game_id: str, fresh: str, limit: int) -> str | None:
        with self._lock:
            if game_id not in self._salts and len(self._leaves) >= limit:
                return None
            return self._salts.setdefault(game_id, fresh)

    def salt_of(self, game_id: str) -> str | None:
        return self._salts.get(game_id)
