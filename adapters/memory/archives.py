"""The in-memory twin of RedisArchiveStore: the contract of lorekeeper/games/ports.py's
ArchiveStore. It drops the game's stream from the InMemoryEventStore it is given, as the Redis
script does."""

from __future__ import annotations

import threading
from collections.abc import Sequence

from adapters.memory.event_store import InMemoryEventStore
from adapters.memory.snapshots import InMemorySnapshotStore


class InMemoryArchiveStore:
    def __init__(
        self, events: InMemoryEventStore, snapshots: InMemorySnapshotStore | None = None
    ) -> None:
        self._events = events
        self._snapshots = snapshots
        self._archives: dict[str, tuple[int, bytes]] = {}
        self._lock = threading.Lock()

    def archive(self, game_id: str, version: int, blob: bytes) -> bool:
        with self._lock:
            if not self._events.forget(game_id, version):
                return False
            self._archives[game_id] = (version, bytes(blob))
        if self._snapshots is not None:
            self._snapshots.delete(game_id, keep=version)
        return True

    def versions(self, game_ids: Sequence[str]) -> list[int]:
        with self._lock:
            return [self._archives.get(g, (0, b""))[0] for g in game_ids]

    def load(self, game_id: str) -> bytes | None:
        with self._lock:
            found = self._archives.get(game_id)
        return None if found is None else found[1]
