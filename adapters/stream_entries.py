"""Stream entries as they come back from Redis (XRANGE, or inside a script's reply), made
into StoredEvents. The client may use `decode_responses` True or False: both are read here."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from lorekeeper.ports import StoredEvent


def stored_all(entries: Sequence[Any]) -> tuple[StoredEvent, ...]:
    return tuple(stored_entry(entry_id, fields) for entry_id, fields in entries)


def stored_entry(entry_id: bytes | str, raw_fields: Any) -> StoredEvent:
    if isinstance(raw_fields, dict) and isinstance(entry_id, bytes):
        return _stored_bytes(entry_id, raw_fields)
    fields = entry_fields(raw_fields)
    return StoredEvent(
        version=int(text(entry_id).split("-", 1)[0]),
        type=fields["type"],
        schema=int(fields["schema"]),
        payload=json.loads(fields["payload"]),
        seat=int(fields["seat"]) if fields["seat"] else None,
        command_id=fields["cmd"] or None,
        time_ms=int(fields["t"]),
        prev_hash=fields.get("prev", ""),
        hash=fields.get("hash", ""),
        command=json.loads(fields["command"]) if fields.get("command") else None,
    )


def _stored_bytes(entry_id: bytes, raw: dict[bytes, bytes]) -> StoredEvent:
    """`stored_entry` of an XRANGE entry read without decode_responses (the workers'): each
    field it keeps decoded once, where `entry_fields` decoded every key and value into a new
    dict first (a projection reads every new event this way)."""
    seat, command = raw[b"seat"], raw.get(b"command")
    return StoredEvent(
        version=int(entry_id.split(b"-", 1)[0]),
        type=raw[b"type"].decode(),
        schema=int(raw[b"schema"]),
        payload=json.loads(raw[b"payload"].decode()),
        seat=int(seat) if seat else None,
        command_id=raw[b"cmd"].decode() or None,
        time_ms=int(raw[b"t"]),
        prev_hash=raw.get(b"prev", b"").decode(),
        hash=raw.get(b"hash", b"").decode(),
        command=json.loads(command.decode()) if command else None,
    )


def entry_fields(raw: Any) -> dict[str, str]:
    """XRANGE gives a dict; the same entries returned by the script come as a flat list."""
    pairs = raw.items() if isinstance(raw, dict) else zip(raw[::2], raw[1::2], strict=True)
    if raw and isinstance(next(iter(raw)), bytes):  # a client without decode_responses
        return {k.decode(): v.decode() for k, v in pairs}
    return {text(k): text(v) for k, v in pairs}


def text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
