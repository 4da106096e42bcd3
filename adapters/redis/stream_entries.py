"""The entries of a game's stream: written, one per append (`entry_pairs`), and read back as
StoredEvents (`entry_events`) from XRANGE or from inside a script's reply.

An append of one event is an entry of the shape each event had when an append wrote an
entry per event: ID `<version>-0`, fields `type`, `schema`, `payload`, `seat`, `cmd`, `t`,
`command`, `prev`, `hash`. An append of several is one entry too, ID `<last version>-0`,
fields `seat`, `cmd`, `t`, `command` (the first event's), `prev` (the first event's), `hash`
(the last event's: an entry's `hash` is always the head after it) and `events`, a JSON array
of `[type, schema, payload, hash]` per event. Each event's version, `prev` and `command`
follow from its place (only the first has the command). Both shapes are read; a stream may
hold both.

The client may use `decode_responses` True or False: both are read here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

import orjson

from lorekeeper.audit.chain import EncodedEvent
from lorekeeper.games.ports import StoredEvent

# json.dumps of a str without dumps's own setup (a JSON string, non-ASCII kept as it is)
_quote = json.encoder.encode_basestring
Item = Sequence[Any]  # [type, schema, payload (decoded), hash]: one event of an entry


def entry_pairs(
    events: Sequence[EncodedEvent],
    hashes: Sequence[str],
    *,
    seat: int | None,
    command_id: str | None,
    time_ms: int,
    prev: str,
) -> list[str | int]:
    """The field/value pairs of the one entry of an append (XADD's), its events linked by
    `hashes` after `prev`. Payloads are canonical JSON already: they are spliced in as they
    are, never encoded again."""
    first = events[0]
    shared: list[str | int] = ["seat", "" if seat is None else seat, "cmd", command_id or ""]
    shared += ["t", time_ms, "command", first.command_json or "", "prev", prev]
    if len(events) == 1:
        return ["type", first.type, "schema", first.schema, "payload", first.payload_json,
                *shared, "hash", hashes[0]]  # fmt: skip
    items = ",".join([f'[{_quote(e.type)},{e.schema},{e.payload_json},"{h}"]'
                      for e, h in zip(events, hashes, strict=True)])  # fmt: skip
    return [*shared, "hash", hashes[-1], "events", f"[{items}]"]


def stored_all(entries: Sequence[Any]) -> tuple[StoredEvent, ...]:
    """The events of `entries`, in order."""
    return tuple(event for entry_id, fields in entries for event in entry_events(entry_id, fields))


def events_from(
    entries: Sequence[Any], from_version: int, limit: int | None = None
) -> list[StoredEvent]:
    """The events of `entries` from version `from_version` on, at most `limit`. An entry's ID
    is the version of its last event, so a read from the entry holding `from_version` may
    begin with events before it; entries past `limit` events are not decoded."""
    found: list[StoredEvent] = []
    for entry_id, fields in entries:
        found += [e for e in entry_events(entry_id, fields) if e.version >= from_version]
        if limit is not None and len(found) >= limit:
            return found[:limit]
    return found


def entry_version(entry_id: bytes | str) -> int:
    """The version an entry ID names: that of the entry's last event."""
    return int(text(entry_id).split("-", 1)[0])


def entry_events(entry_id: bytes | str, raw_fields: Any) -> list[StoredEvent]:
    """The events one entry holds, oldest first. An XRANGE entry read without
    decode_responses (the workers' and the API's) is read as it comes, each field it keeps
    decoded once; any other (text, or the flat list Redis sends: a lane's reads, a script's
    reply) is made one."""
    if not (isinstance(raw_fields, dict) and isinstance(entry_id, bytes)):
        entry_id, raw_fields = _bytes(entry_id), _bytes_fields(raw_fields)
    raw: dict[bytes, bytes] = raw_fields
    packed = raw.get(b"events")
    items = orjson.loads(packed) if packed is not None else [(
        raw[b"type"].decode(), int(raw[b"schema"]), orjson.loads(raw[b"payload"]),
        raw.get(b"hash", b"").decode())]  # fmt: skip
    seat, command = raw[b"seat"], raw.get(b"command")
    return _linked(
        entry_version(entry_id),
        items,
        seat=int(seat) if seat else None,
        command_id=raw[b"cmd"].decode() or None,
        time_ms=int(raw[b"t"]),
        prev=raw.get(b"prev", b"").decode(),
        command=orjson.loads(command) if command else None,
    )


def _linked(
    last: int,
    items: Sequence[Item],
    *,
    seat: int | None,
    command_id: str | None,
    time_ms: int,
    prev: str,
    command: dict[str, Any] | None,
) -> list[StoredEvent]:
    """The events of an entry whose last is version `last`: each linked to the one before
    (the first to `prev`), the command on the first."""
    events = []
    first = last - len(items) + 1
    for offset, (type_, schema, payload, hash_) in enumerate(items):
        events.append(StoredEvent(first + offset, type_, schema, payload, seat, command_id,
                                  time_ms, prev, hash_, None if offset else command))  # fmt: skip
        prev = hash_
    return events


def entry_fields(raw: Any) -> dict[str, str]:
    """An entry's fields as text (of either shape: `entry_events` reads its events)."""
    pairs = _pairs(raw)
    if raw and isinstance(next(iter(raw)), bytes):  # a client without decode_responses
        return {k.decode(): v.decode() for k, v in pairs}
    return {text(k): text(v) for k, v in pairs}


def text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _bytes(value: bytes | str) -> bytes:
    return value if isinstance(value, bytes) else value.encode()


def _of_bytes(values: list[Any]) -> bool:
    """Whether a reply's flat list is of bytes: a client's replies are all bytes (without
    decode_responses) or all text, so its first item says."""
    return bool(values) and type(values[0]) is bytes


def _bytes_fields(raw: Any) -> dict[bytes, bytes]:
    if isinstance(raw, list) and _of_bytes(raw):  # as Redis sent it: paired in one zip
        return dict(zip(raw[::2], raw[1::2], strict=True))
    return {_bytes(k): _bytes(v) for k, v in _pairs(raw)}


def _pairs(raw: Any) -> Iterable[tuple[Any, Any]]:
    """XRANGE gives a dict; the same entries returned by the script come as a flat list."""
    return raw.items() if isinstance(raw, dict) else zip(raw[::2], raw[1::2], strict=True)
