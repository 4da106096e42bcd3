"""The in-memory twins of the secrets kept beside a game: seat-token hashes and dice configs
(one lock each; the port: lorekeeper/games/ports.py)."""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence

from lorekeeper.games.dice import DiceConfig
from lorekeeper.games.seat_tokens import matching_seat


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
