"""The reads of RedisStreamEventStore (event_store.py, which says how a game's stream is
kept): a game's events, its version, the tails of several games in one round trip, and the
index of every game. Each read remembers the head it saw, which the next append links to."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import redis

from adapters.event_records import check_game_id, check_read
from adapters.redis.keys import GAMES_KEY, events_key
from adapters.redis.stream_entries import entry_version, events_from, text
from adapters.redis.stream_heads import stream_versions
from adapters.redis.topology import GamesClient
from lorekeeper.errors import GameNotFound
from lorekeeper.games.ports import StoredEvent, Tail

_HEAD_CACHE = 4096
GAME_IDS_PAGE = 1000  # SSCAN's COUNT in iter_game_ids: about this many ids a call


class RedisStreamReads:
    """What RedisStreamEventStore reads; it adds the writes."""

    def __init__(self, client: GamesClient, *, index: redis.Redis | None = None) -> None:
        self._client = client
        self._index = index if index is not None else client
        self._heads: dict[str, tuple[int, str]] = {}  # game -> (version, hash) seen last

    def read(
        self, game_id: str, from_version: int = 1, limit: int | None = None
    ) -> list[StoredEvent]:
        check_game_id(game_id)
        check_read(from_version, limit)
        pipe = self._client.pipeline(transaction=False)
        pipe.xrange(events_key(game_id), f"{from_version}-0", "+", count=limit)
        pipe.exists(events_key(game_id))
        entries, found = pipe.execute()
        if not found:
            raise GameNotFound(game_id)
        return self._seen(game_id, events_from(entries, from_version, limit))

    def version(self, game_id: str) -> int:
        check_game_id(game_id)
        return stream_versions(self._client, [game_id])[0]

    def tails(self, reads: Sequence[tuple[str, int]]) -> list[Tail]:
        pipe = self._client.pipeline(transaction=False)
        self.queue_tails(pipe, reads)
        return self.tails_of(reads, pipe.execute() if reads else [])

    def queue_tails(self, pipe: Any, reads: Sequence[tuple[str, int]]) -> None:
        """`tails`'s reads, queued on `pipe` (a projection round sends them with its others:
        adapters/redis/rounds.py); `tails_of` makes the tails of their replies."""
        # One XRANGE a game, from the entry holding the event before the one asked for: its
        # last entry's id is the game's version, so the head is not read. Only a stream that
        # ends before that event (an unknown game asked from past event 1, or one that lost
        # events) needs its version read, in a second trip.
        for game_id, from_version in reads:
            check_game_id(game_id)
            check_read(from_version, None)
            pipe.xrange(events_key(game_id), f"{max(from_version - 1, 1)}-0", "+")

    def tails_of(self, reads: Sequence[tuple[str, int]], replies: Sequence[Any]) -> list[Tail]:
        short = [game_id for (game_id, start), entries in zip(reads, replies, strict=True)
                 if not entries and start > 1]  # fmt: skip
        versions = dict(zip(short, stream_versions(self._client, short), strict=True))
        tails = []
        for (game_id, from_version), entries in zip(reads, replies, strict=True):
            if not entries:
                tails.append(Tail(versions.get(game_id, 0), []))
                continue
            events = self._seen(game_id, events_from(entries, from_version))
            tails.append(Tail(entry_version(entries[-1][0]), events))
        return tails

    def exists(self, game_id: str) -> bool:
        check_game_id(game_id)
        return bool(self._client.exists(events_key(game_id)))

    def iter_game_ids(self) -> Iterator[str]:
        return (text(m) for m in self._index.sscan_iter(GAMES_KEY, count=GAME_IDS_PAGE))

    def _seen(self, game_id: str, events: list[StoredEvent]) -> list[StoredEvent]:
        """`events`, read; the last one's hash is the head this process saw."""
        if events:
            self._saw(game_id, events[-1].version, events[-1].hash)
        return events

    def _saw(self, game_id: str, version: int, hash_: str) -> None:
        seen = self._heads.get(game_id)
        if seen is not None and seen[0] >= version:
            return
        if len(self._heads) >= _HEAD_CACHE:
            self._heads.clear()
        self._heads[game_id] = (version, hash_)
