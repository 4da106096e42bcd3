"""Rebuilding the index of every game (`lk:games`, keys.GAMES_KEY) from the games' own keys,
for an operator after a loss: the coordination Redis restored from an older backup, or the
set deleted by hand (docs/run/durability.md, "Rebuilding the index of games").

Every game that exists has its stream (`lk:{<id>}:events`) or, once archived, its archive
(`lk:{<id>}:archive`) on the games' Redis. `reindex` walks those keys with SCAN (every
primary of a cluster) and adds their game ids to the index in pages: it holds one page in
memory, whatever the number of games. Adding an id again changes nothing, so it is safe to
run twice, and while the API and workers run (a game created meanwhile lists itself).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import redis

from adapters.redis.keys import GAMES_KEY, archive_key, events_key
from adapters.redis.stream_entries import text
from adapters.redis.topology import GamesClient

PAGE = 1000  # ids added in one SADD; SCAN's COUNT too


@dataclass(frozen=True)
class Reindexed:
    """What a pass did: the game keys it found, and the ids the index lacked."""

    found: int
    added: int


def iter_stored_game_ids(games: GamesClient, page: int = PAGE) -> Iterator[str]:
    """The id of every game whose stream or archive is on the games' Redis (a game both
    streamed and archived, mid-archive, comes twice)."""
    for pattern in (events_key("*"), archive_key("*")):
        prefix, suffix = pattern.split("*")
        for key in games.scan_iter(match=pattern, count=page):
            name = text(key)
            yield name[len(prefix) : len(name) - len(suffix)]


def reindex(games: GamesClient, index: redis.Redis, page: int = PAGE) -> Reindexed:
    """Add every stored game's id to the index; what it found and added."""
    found = added = 0
    batch: list[str] = []
    for game_id in iter_stored_game_ids(games, page):
        found += 1
        batch.append(game_id)
        if len(batch) >= page:
            added += int(index.sadd(GAMES_KEY, *batch))
            batch = []
    if batch:
        added += int(index.sadd(GAMES_KEY, *batch))
    return Reindexed(found, added)
