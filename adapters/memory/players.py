"""The in-memory twin of RedisPlayerStore (tests, single-process runs): the contract of
lorekeeper/players/ports.py's PlayerStore, one lock, no I/O."""

from __future__ import annotations

import threading
from dataclasses import replace

from lorekeeper.players.ports import ApiKey, Player


class InMemoryPlayerStore:
    def __init__(self) -> None:
        self._players: dict[str, Player] = {}
        self._owners: dict[str, str] = {}  # key hash -> player id
        self._lock = threading.Lock()

    def create(self, player: Player) -> None:
        with self._lock:
            self._players[player.id] = player
            for key in player.keys:
                self._owners[key.hash] = player.id

    def load(self, player_id: str) -> Player | None:
        with self._lock:
            return self._players.get(player_id)

    def player_of_key(self, key_hash: str) -> str | None:
        with self._lock:
            return self._owners.get(key_hash)

    def add_key(
        self, player_id: str, key: ApiKey, *, max_keys: int, replacing: str | None = None
    ) -> bool:
        with self._lock:
            player = self._players.get(player_id)
            if player is None:
                return False
            kept = tuple(k for k in player.keys if k.id != replacing)
            if replacing is not None and len(kept) == len(player.keys):
                return False
            if len(kept) + 1 > max_keys:
                return False
            for gone in player.keys:
                if gone.id == replacing:
                    self._owners.pop(gone.hash, None)
            self._owners[key.hash] = player_id
            self._players[player_id] = replace(player, keys=(*kept, key))
            return True

    def revoke_key(self, player_id: str, key_id: str) -> bool:
        with self._lock:
            player = self._players.get(player_id)
            gone = [k for k in player.keys if k.id == key_id] if player else []
            if player is None or not gone:
                return False
            self._owners.pop(gone[0].hash, None)
            self._players[player_id] = replace(
                player, keys=tuple(k for k in player.keys if k.id != key_id)
            )
            return True
