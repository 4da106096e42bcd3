"""The secrets kept beside a game on Redis: seat-token hashes and dice configs.

Both are written once, when the game is created, and never change, so each process keeps the
last `cache_games` games' values: a command reads them from Redis once per game and process.
A game whose seats wait for players (docs/players.md) gets its tokens as its seats are taken
and may lose one when a player leaves: its hash holds the field `open` until the game starts
(`seal`), and no process keeps a copy of a hash that has it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Generic, TypeVar

from adapters.redis.keys import dice_key, seats_key
from adapters.redis.stream_entries import text
from adapters.redis.topology import GamesClient
from lorekeeper.games.dice import DiceConfig
from lorekeeper.games.seat_tokens import matching_seat

V = TypeVar("V")
_OPEN = "open"  # the field of a seats hash whose seats may still change


class _Remembered(Generic[V]):
    """The last `size` values read, by game (a value that never changes once written)."""

    def __init__(self, size: int) -> None:
        self._values: OrderedDict[str, V] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, game_id: str, read: Callable[[], V | None]) -> V | None:
        with self._lock:
            known = self._values.get(game_id)
            if known is not None:
                self._values.move_to_end(game_id)
                return known
        value = read()
        if value is not None:  # an unknown game is asked again (it may be created meanwhile)
            self.put(game_id, value)
        return value

    def put(self, game_id: str, value: V) -> None:
        with self._lock:
            self._values[game_id] = value
            while len(self._values) > self._size:
                self._values.popitem(last=False)


class RedisSeatTokenStore:
    def __init__(self, client: GamesClient, cache_games: int = 1024) -> None:
        self._client = client
        self._known: _Remembered[dict[int, str]] = _Remembered(cache_games)

    def save(self, game_id: str, hashes: Mapping[int, str], *, final: bool = True) -> None:
        mapping = {str(seat): digest for seat, digest in hashes.items()}
        if not final:
            mapping[_OPEN] = "1"
        if mapping:
            self._client.hset(seats_key(game_id), mapping=mapping)  # type: ignore[arg-type]

    def release(self, game_id: str, seat: int) -> None:
        self._client.hdel(seats_key(game_id), str(seat))

    def seal(self, game_id: str) -> None:
        self._client.hdel(seats_key(game_id), _OPEN)

    def seats_for(self, game_ids: Sequence[str], token: str) -> list[int | None]:
        known = {g: self._known.get(g, lambda: None) for g in game_ids}
        missing = [g for g, hashes in known.items() if hashes is None]
        if missing:
            pipe = self._client.pipeline(transaction=False)
            for game_id in missing:
                pipe.hgetall(seats_key(game_id))
            for game_id, stored in zip(missing, pipe.execute(), strict=True):
                fields = {text(k): text(v) for k, v in stored.items()}
                hashes = {int(k): v for k, v in fields.items() if k != _OPEN}
                known[game_id] = hashes
                if hashes and _OPEN not in fields:  # final: safe to keep
                    self._known.put(game_id, hashes)
        return [matching_seat(known[g] or {}, token) for g in game_ids]


class RedisDiceStore:
    def __init__(self, client: GamesClient, cache_games: int = 1024) -> None:
        self._client = client
        self._known: _Remembered[DiceConfig] = _Remembered(cache_games)

    def save(self, game_id: str, config: DiceConfig) -> None:
        # NX: a game's dice never change once set.
        self._client.set(dice_key(game_id), config.to_json(), nx=True)

    def load(self, game_id: str) -> DiceConfig | None:
        return self._known.get(game_id, lambda: self._read(game_id))

    def _read(self, game_id: str) -> DiceConfig | None:
        raw = self._client.get(dice_key(game_id))
        return None if raw is None else DiceConfig.from_json(raw)
