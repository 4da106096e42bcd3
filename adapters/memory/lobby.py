"""The in-memory twin of RedisLobbyIndex (tests, single-process runs): the contract of
lorekeeper/players/ports.py's LobbyIndex, sorted lists kept with bisect under one lock."""

from __future__ import annotations

import bisect
import json
import threading
from collections.abc import Sequence
from typing import Any

from adapters.redis.lobby import place_of
from lorekeeper.players.ports import Listing, ListingPage, Shelf


class InMemoryLobbyIndex:
    def __init__(self) -> None:
        self._records: dict[str, tuple[tuple[int, int], str, tuple[Shelf, ...], str]] = {}
        self._shelves: dict[Shelf, list[str]] = {}
        self._expiring: dict[str, int] = {}
        self._lock = threading.Lock()

    def update(self, listings: Sequence[Listing]) -> list[bool]:
        return [self._update(listing) for listing in listings]

    def _update(self, listing: Listing) -> bool:
        place = place_of(listing)
        with self._lock:
            old = self._records.get(listing.game_id)
            if old is not None:
                if old[0] >= listing.stamp:
                    return False
                for shelf in old[2]:
                    self._remove(shelf, old[1])
            for shelf in dict.fromkeys(listing.shelves):
                places = self._shelves.setdefault(shelf, [])
                at = bisect.bisect_left(places, place)
                if at == len(places) or places[at] != place:
                    places.insert(at, place)
            entry = json.dumps(listing.entry, sort_keys=True)  # stored as the Redis twin does
            self._records[listing.game_id] = (listing.stamp, place, listing.shelves, entry)
            if listing.expires_ms is None:
                self._expiring.pop(listing.game_id, None)
            else:
                self._expiring[listing.game_id] = listing.expires_ms
            return True

    def _remove(self, shelf: Shelf, place: str) -> None:
        places = self._shelves.get(shelf, [])
        at = bisect.bisect_left(places, place)
        if at < len(places) and places[at] == place:
            del places[at]

    def page(self, shelf: Shelf, after: str | None, limit: int) -> ListingPage:
        with self._lock:
            places = self._shelves.get(shelf, [])
            start = 0 if after is None else bisect.bisect_right(places, after)
            chosen = places[start : start + limit + 1]
            entries: list[dict[str, Any]] = [
                json.loads(self._records[p.split(":", 1)[1]][3]) for p in chosen[:limit]
            ]
        more = len(chosen) > limit
        return ListingPage(entries, chosen[limit - 1] if more else None)

    def count(self, shelf: Shelf) -> int:
        with self._lock:
            return len(self._shelves.get(shelf, []))

    def expiring(self, now_ms: int, limit: int) -> list[str]:
        with self._lock:
            due = sorted((t, g) for g, t in self._expiring.items() if t <= now_ms)
        return [g for _, g in due[:limit]]
