"""The event store port, its values and errors (the in-memory twin: memory_event_store.py).

Every implementation passes tests/adapters/test_event_store_contract.py. In short:
versions run 1, 2, 3… without gaps; an append of several events is all or nothing;
`append` checks the command id (idempotency) before the expected version, so a retry
with a stale version still gets its first result; payloads are stored as compact JSON,
so what `read` returns is what JSON gives back (tuples come back as lists).

Every event is a link of the game's hash chain (adapters/chain.py, docs/audit.md): its
`prev_hash` and `hash` are computed inside the append, under the same atomicity that assigns
its version, so no stored event can point at anything but the event stored before it.
Payloads are canonical JSON: integers only (a float is refused, see chain.py).
The first event of an append may carry the `command` that caused it (a JSON object, kept
in the chain so an auditor can re-decide it).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from adapters.chain import GENESIS, EncodedEvent, encode_event

_GAME_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")


@dataclass(frozen=True)
class NewEvent:
    type: str
    payload: Mapping[str, Any]
    schema: int = 1
    command: Mapping[str, Any] | None = None  # the command body, on an append's first event


@dataclass(frozen=True)
class StoredEvent:
    version: int
    type: str
    schema: int
    payload: dict[str, Any]
    seat: int | None
    command_id: str | None
    time_ms: int
    prev_hash: str = GENESIS
    hash: str = ""  # "" only for an event stored before the chain existed
    command: dict[str, Any] | None = None


@dataclass(frozen=True)
class AppendResult:
    """`version` is the game's version after the append (for a duplicate: after the first)."""

    version: int
    events: tuple[StoredEvent, ...]
    duplicate: bool


class Tail(NamedTuple):
    version: int  # the game's version; 0 for an unknown game
    events: list[StoredEvent]  # its events from the version asked for on


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
    """`newer`: the events after `expected_version`, in order, when the store sent them with
    the refusal (all or a first part of them; may be empty), so a caller that decided on a
    stale state can catch up without another read."""

    def __init__(
        self,
        current_version: int,
        expected_version: int,
        newer: Sequence[StoredEvent] = (),
    ) -> None:
        super().__init__(f"expected version {expected_version}, game is at {current_version}")
        self.current_version = current_version
        self.expected_version = expected_version
        self.newer = tuple(newer)


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

    def tails(self, reads: Sequence[tuple[str, int]]) -> list[Tail]:
        """For each (game id, from_version): the game's version (0 for an unknown game) and
        its events from `from_version` on; several games in one go (the projection loop)."""
        ...

    def command_result(
        self, game_id: str, command_id: str, command_hash: str | None = None
    ) -> AppendResult | None:
        """The first result of `command_id` in this game (`duplicate=True`), None if the id
        is unknown; GameNotFound for an unknown game. With `command_hash`, a different
        recorded hash raises IdempotencyMismatch (as a retried append would)."""
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


def encode_events(events: Sequence[NewEvent]) -> list[EncodedEvent]:
    """Payloads and commands as canonical JSON (adapters/chain.py): NotCanonical (a
    ValueError) for a float, NaN or an integer past ±(2**53 - 1); TypeError for a value that
    is not JSON at all."""
    return [encode_event(e.type, e.schema, e.payload, e.command) for e in events]


def stored_event(
    version: int,
    event: EncodedEvent,
    *,
    seat: int | None,
    command_id: str | None,
    time_ms: int,
    prev_hash: str,
    hash: str,
) -> StoredEvent:
    command = None if event.command_json is None else json.loads(event.command_json)
    return StoredEvent(
        version,
        event.type,
        event.schema,
        json.loads(event.payload_json),
        seat,
        command_id,
        time_ms,
        prev_hash,
        hash,
        command,
    )


def wall_clock_ms() -> int:
    return time.time_ns() // 1_000_000
