"""The in-memory twin of RedisProjectionStore (tests, single-process runs): the contract of
lorekeeper/games/ports.py's ProjectionStore, one condition variable, no I/O."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Sequence

from adapters.views import view_json
from lorekeeper.games.ports import Projection, ProjectionSave


class InMemoryProjectionStore:
    def __init__(self) -> None:
        self._views: dict[str, tuple[int, str]] = {}
        self._changed = threading.Condition()

    def load(self, game_id: str) -> Projection | None:
        with self._changed:
            found = self._views.get(game_id)
        return None if found is None else Projection(found[0], json.loads(found[1]))

    def wait_for(self, game_id: str, min_version: int, timeout_s: float) -> Projection | None:
        deadline = time.monotonic() + timeout_s
        with self._changed:
            while self._version(game_id) < min_version:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._changed.wait(left)
        return self.load(game_id)

    def save(self, saves: Sequence[ProjectionSave], *, replace_equal: bool = False) -> list[bool]:
        return [self._save(save, replace_equal) for save in saves]

    def _save(self, save: ProjectionSave, replace_equal: bool) -> bool:
        with self._changed:
            current = self._version(save.game_id)
            if save.version < current or (save.version == current and not replace_equal):
                return False
            self._views[save.game_id] = (save.version, view_json(save.view))
            self._changed.notify_all()
            return True

    def checkpoints(self, game_ids: Sequence[str]) -> list[int]:
        with self._changed:
            return [self._version(g) for g in game_ids]

    def delete(self, game_id: str) -> None:
        with self._changed:
            self._views.pop(game_id, None)

    def _version(self, game_id: str) -> int:
        return self._views.get(game_id, (0, ""))[0]
