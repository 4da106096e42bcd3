"""The event store port, its values and errors, and its in-memory twin.

Every implementation passes tests/adapters/test_event_store_contract.py. In short:
versions run 1, 2, 3… without gaps; an append of several events is all or nothing;
`append` checks the command id (idempotency) before the expected version, so a retry
with a stale version still gets its first result; payloads are stored as compact JSON,
so what `read` returns is what JSON gives back (tuples come back as lists).
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

_GAME_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")


@dataclass(frozen=True)
class NewEvent:
    type: str
    payload: Mapping[str, Any]
    schema: int = 1


@dataclass(frozen=True)
class StoredEvent:
    version: int
    type: str
    schema: int
    payload: dict[str, Any]
    seat: int | None
    command_id: str | None
    time_ms: int


@dataclass(frozen=True)
class AppendResult:
    """`version` is the game's version after the append (for a duplicate: after the first)."""

    version: int
    events: tuple[StoredEvent, ...]
    duplicate: bool


class EventStoreError(Exception):
    """Base of the errors a caller of an EventStore is expected to handle."""


class GameNotFound(EventStoreError):
    def __init__(self, game_id: str) -> None:
        super().__init__(f"no game {game_id!r}")
        self.game_id = game_id


class GameExists(EventStoreError):
    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id!r} already exists")
        self.game_id = game_id


class VersionConflict(EventStoreError):
    def __init__(self, current_version: int, expected_version: int) -> None:
        super().__init__(f"expected version {expected_version}, game is at {current_version}")
        self.current_version = current_version
        self.expected_version = expected_version


class IdempotencyMismatch(EventStoreError):
    """The command id was used before in this game with a different body."""

    def __init__(self, game_id: str, command_id: str) -> None:
        super().__init__(f"command {command_id!r} reused in game {game_id!r} with another body")
        self.game_id = game_id
        self.command_id = command_id


class EventStore(Protocol):
    def create(
        self, game_id: str, events: Sequence[NewEvent], seat: int | None = None
    ) -> AppendResult:
        """Start a game with its first events; GameExists if it has any."""
        ...

    def append(
        self,
        game_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        *,
        seat: int | None,
        command_id: str | None,
        command_hash: str | None,
    ) -> AppendResult: ...

    def read(
        self, game_id: str, from_version: int = 1, limit: int | None = None
    ) -> list[StoredEvent]:
        """Events from `from_version` on, at most `limit`; GameNotFound for an unknown game."""
        ...

    def version(self, game_id: str) -> int:
        """The game's last version; 0 for an unknown game."""
        ...

    def exists(self, game_id: str) -> bool: ...

    def game_ids(self) -> list[str]:
        """Every created game, sorted (the lobby's index)."""
        ...


# Checks shared by every implementation, so they reject the same calls the same way.


def check_game_id(game_id: str) -> None:
    if not _GAME_ID.fullmatch(game_id):
        raise ValueError(f"game id must match {_GAME_ID.pattern}: {game_id!r}")


def check_events(events: Sequence[NewEvent]) -> None:
    if not events:
        raise ValueError("at least one event is needed")
    for event in events:
        if not event.type:
            raise ValueError("an event needs a type")


def check_command(command_id: str | None, command_hash: str | None) -> None:
    if (command_id is None) != (command_hash is None):
        raise ValueError("command_id and command_hash go together")
    if command_id == "":
        raise ValueError("command_id must not be empty")


def check_read(from_version: int, limit: int | None) -> None:
    if from_version < 1:
        raise ValueError(f"from_version starts at 1: {from_version}")
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be positive: {limit}")


def encode_payload(payload: Mapping[str, Any]) -> str:
    """Compact JSON; NaN and infinities are refused (they are not JSON)."""
    return json.dumps(dict(payload), separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def wall_clock_ms() -> int:
    return time.time_ns() // 1_000_000


@dataclass(frozen=True)
class _Record:
    type: str
    schema: int
    payload_json: str
    seat: int | None
    command_id: str | None
    time_ms: int

    def stored(self, version: int) -> StoredEvent:
        payload = json.loads(self.payload_json)
        return StoredEvent(
            version, self.type, self.schema, payload, self.seat, self.command_id, self.time_ms
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


class InMemoryEventStore:
    """The twin of RedisStreamEventStore for tests: same contract, one lock, no I/O."""

    def __init__(self, clock: Callable[[], int] = wall_clock_ms) -> None:
        self._clock = clock
        self._games: dict[str, _Game] = {}
        self._lock = threading.Lock()

    def create(
        self, game_id: str, events: Sequence[NewEvent], seat: int | None = None
    ) -> AppendResult:
        check_game_id(game_id)
        check_events(events)
        encoded = [encode_payload(e.payload) for e in events]
        with self._lock:
            if game_id in self._games:
                raise GameExists(game_id)
            game = self._games[game_id] = _Game()
            return self._write(game, events, encoded, seat, None, None)

    def append(
        self,
        game_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        *,
        seat: int | None,
        command_id: str | None,
        command_hash: str | None,
    ) -> AppendResult:
        check_game_id(game_id)
        check_events(events)
        check_command(command_id, command_hash)
        encoded = [encode_payload(e.payload) for e in events]
        with self._lock:
            game = self._game(game_id)
            if command_id is not None and command_id in game.commands:
                return self._repeat(game_id, game, command_id, command_hash)
            if expected_version != len(game.records):
                raise VersionConflict(len(game.records), expected_version)
            return self._write(game, events, encoded, seat, command_id, command_hash)

    def read(
        self, game_id: str, from_version: int = 1, limit: int | None = None
    ) -> list[StoredEvent]:
        check_game_id(game_id)
        check_read(from_version, limit)
        with self._lock:
            game = self._game(game_id)
            last = len(game.records) if limit is None else from_version + limit - 1
            return list(game.stored(from_version, min(last, len(game.records))))

    def version(self, game_id: str) -> int:
        check_game_id(game_id)
        with self._lock:
            game = self._games.get(game_id)
            return len(game.records) if game else 0

    def exists(self, game_id: str) -> bool:
        check_game_id(game_id)
        with self._lock:
            return game_id in self._games

    def game_ids(self) -> list[str]:
        with self._lock:
            return sorted(self._games)

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
        if first.hash != command_hash:
            raise IdempotencyMismatch(game_id, command_id)
        return AppendResult(first.last, game.stored(first.first, first.last), duplicate=True)

    def _write(
        self,
        game: _Game,
        events: Sequence[NewEvent],
        encoded: Sequence[str],
        seat: int | None,
        command_id: str | None,
        command_hash: str | None,
    ) -> AppendResult:
        first, now = len(game.records) + 1, self._clock()
        game.records.extend(
            _Record(e.type, e.schema, payload, seat, command_id, now)
            for e, payload in zip(events, encoded, strict=True)
        )
        last = len(game.records)
        if command_id is not None and command_hash is not None:
            game.commands[command_id] = _Command(command_hash, first, last)
        return AppendResult(last, game.stored(first, last), duplicate=False)
