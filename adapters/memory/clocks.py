"""The in-memory twin of RedisDeadlineIndex (tests, single-process runs): the contract of
lorekeeper/clocks/ports.py's DeadlineIndex, dicts under one lock."""

from __future__ import annotations

import threading
from collections.abc import Sequence

from lorekeeper.clocks.ports import Deadline, Due


class InMemoryDeadlineIndex:
    def __init__(self) -> None:
        self._entries: dict[str, Deadline] = {}
        self._warnings: dict[str, int] = {}
        self._warned: dict[str, str] = {}
        self._lock = threading.Lock()

    def schedule(self, deadlines: Sequence[Deadline]) -> list[bool]:
        with self._lock:
            return [self._schedule(d) for d in deadlines]

    def _schedule(self, d: Deadline) -> bool:
        old = self._entries.get(d.game_id)
        if old is not None and old.version >= d.version:
            return False
        self._entries[d.game_id] = d
        if d.deadline_ms is None:
            self._warnings.pop(d.game_id, None)
            self._warned.pop(d.game_id, None)
        elif d.warn_ms is None or self._warned.get(d.game_id) == (d.key or ""):
            self._warnings.pop(d.game_id, None)
        else:
            self._warnings[d.game_id] = d.warn_ms
        return True

    def due(self, now_ms: int, limit: int) -> list[Due]:
        with self._lock:
            found = [Due(d.game_id, d.version, d.deadline_ms) for d in self._entries.values()
                     if d.deadline_ms is not None and d.deadline_ms <= now_ms]  # fmt: skip
        return sorted(found, key=lambda d: (d.deadline_ms, d.game_id))[:limit]

    def claim_warnings(self, now_ms: int, limit: int) -> list[Deadline]:
        with self._lock:
            due = sorted((at, g) for g, at in self._warnings.items() if at <= now_ms)[:limit]
            claimed = []
            for _, game_id in due:
                del self._warnings[game_id]
                entry = self._entries.get(game_id)
                if entry is not None and self._warned.get(game_id) != (entry.key or ""):
                    self._warned[game_id] = entry.key or ""
                    claimed.append(entry)
            return claimed
