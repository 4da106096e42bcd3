"""Loaded games kept per process, so a command folds only the events it has not seen.

The cache is an optimisation, never the truth: GameLog reads the stream from the cached
version on, and the optimistic append checks the version against the store.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from lorekeeper.games.game import Game


class StateCache:
    def __init__(self, max_games: int = 256) -> None:
        self._max = max(0, max_games)
        self._games: OrderedDict[str, Game] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> Game | None:
        with self._lock:
            game = self._games.get(game_id)
            if game is not None:
                self._games.move_to_end(game_id)
            return game

    def put(self, game_id: str, game: Game) -> None:
        """Keep `game` unless a newer one is cached already (requests may finish out of order)."""
        if self._max == 0:
            return
        with self._lock:
            known = self._games.get(game_id)
            if known is None or known.version <= game.version:
                self._games[game_id] = game
            self._games.move_to_end(game_id)
            while len(self._games) > self._max:
                self._games.popitem(last=False)

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._games.pop(game_id, None)
