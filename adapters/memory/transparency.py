"""The in-memory twin of RedisTransparencyStore: the contract of lorekeeper/audit/ports.py's
TransparencyStore, one lock."""

from __future__ import annotations

import threading


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
