"""The in-memory twin of RedisProjectionStore (tests, single-process runs): the contract of
adapters/projections.py, one condition variable, no I/O."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any

from adapters.projections import Projection, Save, canonical_json, select_lobby


class InMemoryProjectionStore:
    """The twin of RedisProjectionStore: same contract, one condition variable, no I/O."""

    def __init__(self) -> None:
        self._views: dict[str, tuple[int, str, str]] = {}
        self._lobby: dict[str, tuple[int, str]] = {}
        self._seats: dict[str, dict[int, str]] = {}
        self._changed = threading.Condition()

    def load(self, game_id: str) -> Projection | None:
        found = self.load_json(game_id)
        return None if found is None else (found[0], json.loads(found[1]))

    def load_json(self, game_id: str) -> tuple[int, str] | None:
        with self._changed:
            found = self._views.get(game_id)
        return None if found is None else (found[0], found[1])

    def wait_for(self, game_id: str, min_version: int, timeout_s: float) -> Projection | None:
        deadline = time.monotonic() + timeout_s
        with self._changed:
            while self._views.get(game_id, (0, "", ""))[0] < min_version:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._changed.wait(left)
        return self.load(game_id)

    def lobby(
        self, status: str | None = None, seat_tokens: Sequence[str] = ()
    ) -> list[dict[str, Any]]:
        with self._changed:
            entries = [json.loads(text) for _, text in self._lobby.values()]
            seats = {g: dict(s) for g, s in self._seats.items()}
        wanted = set(seat_tokens)

        def owns_seat(e: dict[str, Any]) -> bool:
            return seats.get(e["game_id"], {}).get(int(e["to_act"])) in wanted

        return select_lobby(entries, status, owns_seat if seat_tokens else None)

    def save(
        self,
        game_id: str,
        version: int,
        view: Mapping[str, Any],
        lobby_entry: Mapping[str, Any],
        *,
        replace_equal: bool = False,
    ) -> bool:
        with self._changed:
            current = self._views.get(game_id, (0, "", ""))[0]
            if version < current or (version == current and not replace_equal):
                return False
            lobby_text = canonical_json(lobby_entry)
            self._views[game_id] = (version, canonical_json(view), lobby_text)
            self._lobby[game_id] = (version, lobby_text)
            self._changed.notify_all()
            return True

    def checkpoint(self, game_id: str) -> int:
        with self._changed:
            return self._views.get(game_id, (0, "", ""))[0]

    def checkpoints(self, game_ids: Sequence[str]) -> list[int]:
        return [self.checkpoint(g) for g in game_ids]

    def save_many(self, saves: Sequence[Save]) -> list[bool]:
        return [self.save(*s) for s in saves]

    def sync_lobby(self, game_id: str) -> None:
        """Nothing to repair: the twin writes view and lobby under one lock."""

    def delete(self, game_id: str) -> None:
        with self._changed:
            self._views.pop(game_id, None)
            self._lobby.pop(game_id, None)

    def register_seats(self, game_id: str, hashes: Mapping[int, str]) -> None:
        with self._changed:
            self._seats.setdefault(game_id, {}).update(hashes)
