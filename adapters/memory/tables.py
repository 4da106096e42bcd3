"""The in-memory twin of RedisTableStore (tests, single-process runs): the contract of
lorekeeper/players/ports.py's TableStore, one lock, no I/O."""

from __future__ import annotations

import threading
from collections.abc import Sequence

from lorekeeper.players.tables import Table


class InMemoryTableStore:
    def __init__(self) -> None:
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()

    def create(self, table: Table) -> bool:
        with self._lock:
            if table.game_id in self._tables:
                return False
            self._tables[table.game_id] = table
            return True

    def load(self, game_id: str) -> Table | None:
        with self._lock:
            return self._tables.get(game_id)

    def load_many(self, game_ids: Sequence[str]) -> list[Table | None]:
        with self._lock:
            return [self._tables.get(g) for g in game_ids]

    def replace(self, table: Table, expected_rev: int) -> bool:
        if table.rev != expected_rev + 1:
            raise ValueError(f"a table replacing rev {expected_rev} has rev {expected_rev + 1}")
        with self._lock:
            current = self._tables.get(table.game_id)
            if current is None or current.rev != expected_rev:
                return False
            self._tables[table.game_id] = table
            return True
