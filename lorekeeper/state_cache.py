"""Replayed game states kept per process, so a command folds only the events it has not seen.

The cache is an optimisation, never the truth: the service reads the stream from the cached
version on and the optimistic append checks the version against the store.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from domain import GameState


class StateCache:
    def __init__(self, max_games: int = 256) -> None:
        self._max = max(0, max_games)
        self._states: OrderedDict[str, GameState] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> GameState | None:
        with self._lock:
            state = self._states.get(game_id)
            if state is not None:
                self._states.move_to_end(game_id)
            return state

    def put(self, game_id: str, state: GameState) -> None:
        """Keep `state` unless a newer one is cached already (requests may finish out of order)."""
        if self._max == 0:
            return
        with self._lock:
            known = self._states.get(game_id)
            if known is None or known.version <= state.version:
                self._states[game_id] = state
            self._states.move_to_end(game_id)
            while len(self._states) > self._max:
                self._states.popitem(last=False)

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._states.pop(game_id, None)
