"""The in-memory twin of RedisStreamEventStore (tests, demos, single-process runs): the
contract of lorekeeper/games/ports.py's EventStore, one lock, no I/O."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from adapters.event_records import (
    check_command,
    check_events,
    check_game_id,
    check_read,
    encode_events,
    stored_event,
    wall_clock_ms,
)
from lorekeeper.audit.chain import GENESIS, EncodedEvent, chain_hashes
from lorekeeper.errors import GameExists, GameNotFound, IdempotencyMismatch, VersionConflict
from lorekeeper.games.ports import AppendResult, NewEvent, StoredEvent, Tail


@dataclass(frozen=True)
class _Record:
    event: EncodedEvent
    seat: int | None
    command_id: str | None
    time_ms: int
    prev_hash: str
    hash: str

    def stored(self, version: int) -> StoredEvent:
        return stored_event(
            version,
            self.event,
            seat=self.seat,
            command_id=self.command_id,
            time_ms=self.time_ms,
            prev_hash=self.prev_hash,
            hash=self.hash,
        )


@dataclass(frozen=True)
class _Command:
    hash: str
    first: int
    last: int


@dataclass
class _Game:
    records: list[_Record] = field(default_factory=list)
    commands: dict[str, _Command] = field(default_factory=dict)

    def stored(self, first: int, last: int) -> tuple[StoredEvent, ...]:
        return tuple(self.records[v - 1].stored(v) for v in range(first, last + 1))

    @property
    def head_hash(self) -> str:
        return self.records[-1].hash if self.records else GENESIS


class InMemoryEventStore:
    """The twin of RedisStreamEventStore for tests: same contract, one lock, no I/O. The chain
    is linked under the lock, by the algorithm the Redis store runs (lorekeeper/audit/chain.py)."""

    def __init__(self, clock: Callable[[], int] = wall_clock_ms) -> None:
        self._clock = clock
        self._games: dict[str, _Game] = {}
        self._listed: set[str] = set()  # the games' index, apart from the streams as on Redis
        self._lock = threading.Lock()
        # Notified after each write, for whoever follows the games (adapters/memory/feed.py).
        self.appended = threading.Condition()

    def create(
        self,
        game_id: str,
        events: Sequence[NewEvent],
        seat: int | None = None,
        *,
        command_id: str | None = None,
        command_hash: str | None = None,
    ) -> AppendResult:
        check_game_id(game_id)
        check_events(events)
        check_command(command_id, command_hash)
        encoded = encode_events(events)
        self.list_game(game_id)
        with self._lock:
            existing = self._games.get(game_id)
            if existing is not None and command_id is not None and command_id in existing.commands:
                return self._repeat(game_id, existing, command_id, command_hash)
            if existing is not None:
                raise GameExists(game_id)
            game = self._games[game_id] = _Game()
            written = self._write(game, encoded, seat, command_id, command_hash)
        self._tell_followers()
        return written

    def list_game(self, game_id: str) -> None:
        check_game_id(game_id)
        with self._lock:
            self._listed.add(game_id)

    def append(
        self,
        game_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        *,
        seat: int | None,
        command_id: str | None,
        command_hash: str | None,
        time_ms: int | None = None,
    ) -> AppendResult:
        check_game_id(game_id)
        check_events(events)
        check_command(command_id, command_hash)
        encoded = encode_events(events)
        with self._lock:
            game = self._game(game_id)
            if command_id is not None and command_id in game.commands:
                return self._repeat(game_id, game, command_id, command_hash)
            if expected_version != len(game.records):
                newer = game.stored(max(1, expected_version + 1), len(game.records))
                raise VersionConflict(len(game.records), expected_version, newer)
            written = self._write(game, encoded, seat, command_id, command_hash, time_ms)
        self._tell_followers()
        return written

    def _tell_followers(self) -> None:
        with self.appended:
            self.appended.notify_all()

    def command_result(
        self, game_id: str, command_id: str, command_hash: str | None = None
    ) -> AppendResult | None:
        check_game_id(game_id)
        with self._lock:
            game = self._game(game_id)
            if command_id not in game.commands:
                return None
            return self._repeat(game_id, game, command_id, command_hash)

    def read(
        self, game_id: str, from_version: int = 1, limit: int | None = None
    ) -> list[StoredEvent]:
        check_game_id(game_id)
        check_read(from_version, limit)
        with self._lock:
            game = self._game(game_id)
            last = len(game.records) if limit is None else from_version + limit - 1
            return list(game.stored(from_version, min(last, len(game.records))))

    def tails(self, reads: Sequence[tuple[str, int]]) -> list[Tail]:
        result = []
        for game_id, from_version in reads:
            check_game_id(game_id)
            check_read(from_version, None)
            with self._lock:
                game = self._games.get(game_id)
                count = 0 if game is None else len(game.records)
                events = [] if game is None else list(game.stored(from_version, count))
            result.append(Tail(count, events))
        return result

    def version(self, game_id: str) -> int:
        check_game_id(game_id)
        with self._lock:
            game = self._games.get(game_id)
            return len(game.records) if game else 0

    def exists(self, game_id: str) -> bool:
        check_game_id(game_id)
        with self._lock:
            return game_id in self._games

    def iter_game_ids(self) -> Iterator[str]:
        with self._lock:  # a copy: games may be created while the caller goes over it
            return iter(sorted(self._listed))

    def forget(self, game_id: str, version: int) -> bool:
        """Drop the game's stream and command ids if it is at `version` (the archive script's
        DEL, adapters/memory/archives.py); its id stays listed, as `lk:games` keeps it."""
        with self._lock:
            game = self._games.get(game_id)
            if game is None or len(game.records) != version:
                return False
            del self._games[game_id]
            return True

    def _game(self, game_id: str) -> _Game:
        try:
            return self._games[game_id]
        except KeyError:
            raise GameNotFound(game_id) from None

    @staticmethod
    def _repeat(
        game_id: str, game: _Game, command_id: str, command_hash: str | None
    ) -> AppendResult:
        first = game.commands[command_id]
        if command_hash is not None and first.hash != command_hash:
            raise IdempotencyMismatch(game_id, command_id)
        return AppendResult(first.last, game.stored(first.first, first.last), duplicate=True)

    def _write(
        self,
        game: _Game,
        events: Sequence[EncodedEvent],
        seat: int | None,
        command_id: str | None,
        command_hash: str | None,
        time_ms: int | None = None,
    ) -> AppendResult:
        now = self._clock() if time_ms is None else time_ms
        first, prev = len(game.records) + 1, game.head_hash
        hashes = chain_hashes(prev, first, events, seat=seat, command_id=command_id, time_ms=now)
        for event, hash_ in zip(events, hashes, strict=True):
            game.records.append(_Record(event, seat, command_id, now, prev, hash_))
            prev = hash_
        last = len(game.records)
        if command_id is not None and command_hash is not None:
            game.commands[command_id] = _Command(command_hash, first, last)
        return AppendResult(last, game.stored(first, last), duplicate=False)
