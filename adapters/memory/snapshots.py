"""The in-memory twin of RedisSnapshotStore: the contract of lorekeeper/games/ports.py's
SnapshotStore, one lock, no I/O."""

from __future__ import annotations

import threading
from collections.abc import Sequence


class InMemorySnapshotStore:
    def __init__(self) -> None:
        self._snapshots: dict[str, dict[int, bytes]] = {}
        self._lock = threading.Lock()

    def save(self, game_id: str, version: int, blob: bytes) -> None:
        with self._lock:
            self._snapshots.setdefault(game_id, {})[version] = bytes(blob)

    def latest(self, reads: Sequence[tuple[str, int | None]]) -> list[tuple[int, bytes] | None]:
        found: list[tuple[int, bytes] | None] = []
        with self._lock:
            for game_id, at_most in reads:
                kept = self._snapshots.get(game_id, {})
                fit = [v for v in kept if at_most is None or v <= at_most]
                found.append((max(fit), kept[max(fit)]) if fit else None)
        return found

    def versions(self, game_id: str) -> list[int]:
        with self._lock:
            return sorted(self._snapshots.get(game_id, {}))

    def delete(self, game_id: str, keep: int | None = None) -> None:
        with self._lock:
            kept = self._snapshots.pop(game_id, {})
            if keep is not None and keep in kept:
                self._snapshots[game_id] = {keep: kept[keep]}
