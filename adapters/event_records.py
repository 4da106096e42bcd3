"""What both event stores share: the checks that make them refuse the same calls the same way,
and the making of records (canonical JSON, lorekeeper/audit/canonical.py) and StoredEvents."""

from __future__ import annotations

import time
from collections.abc import Sequence

import orjson

from lorekeeper.audit.chain import EncodedEvent, encode_event
from lorekeeper.games.ports import GAME_ID, NewEvent, StoredEvent, is_game_id


def check_game_id(game_id: str) -> None:
    if not is_game_id(game_id):
        raise ValueError(f"game id must match {GAME_ID.pattern}: {game_id!r}")


def check_events(events: Sequence[NewEvent]) -> None:
    if not events:
        raise ValueError("at least one event is needed")
    for i, event in enumerate(events):
        if not event.type:
            raise ValueError("an event needs a type")
        if i and event.command is not None:
            # the Redis store keeps one command an append (adapters/redis/stream_entries.py)
            raise ValueError("only an append's first event carries the command")


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
    """Payloads and commands as canonical JSON: NotCanonical (a ValueError) for a float, NaN
    or an integer past ±(2**53 - 1); TypeError for a value that is not JSON at all."""
    return [encode_event(e.type, e.schema, e.payload, e.command, e.command_json, e.payload_json)
            for e in events]  # fmt: skip


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
    # orjson: what canonical_json wrote parses the same, three times as fast as json.loads
    command = None if event.command_json is None else orjson.loads(event.command_json)
    return StoredEvent(
        version,
        event.type,
        event.schema,
        orjson.loads(event.payload_json),
        seat,
        command_id,
        time_ms,
        prev_hash,
        hash,
        command,
    )


def wall_clock_ms() -> int:
    return time.time_ns() // 1_000_000
