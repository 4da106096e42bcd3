"""The hash chain of a game's events: their canonical JSON form and their hashes.

Every stored event carries `prev_hash` (the hash of the event before it; GENESIS for the
first) and `hash` = SHA-256 (lowercase hex) of the canonical JSON of

    {"command", "command_id", "payload", "prev_hash", "schema", "seat", "time_ms", "type",
     "version"}

so changing, dropping, adding or reordering any event changes every hash after it. The
`payload` hashed is the event's public form (`hashed_payload`): what a reader without a token
sees, the cards dealt replaced by their count, bound by GameCreated's salted commitments. A
hash therefore says nothing a tokenless reader could not see already (record format 2; a
GameCreated without `commitments` is format 1, whose hash covers the cards).

Canonical JSON is canonical.py's.

Standard library, the domain's `view` and canonical.py only: the offline verifier
(`python -m lorekeeper verify`) imports it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.view import redact_event
from lorekeeper.audit.canonical import Misplaced, canonical_json, json_integer, json_string

GENESIS = "0" * 64


@dataclass(frozen=True)
class EncodedEvent:
    """An event about to be stored: its payload and command already canonical JSON, and the
    public form of its payload that the hash covers when that differs (`public_json`)."""

    type: str
    schema: int
    payload_json: str
    command_json: str | None = None
    public_json: str | None = None

    @property
    def hashed_json(self) -> str:
        return self.payload_json if self.public_json is None else self.public_json


def is_format_1(type_: str, payload: Mapping[str, Any]) -> bool:
    """Whether this is the GameCreated of a game hashed the old way (record format 1: no
    `commitments`), whose hash covers the cards dealt."""
    return type_ == "GameCreated" and payload.get("commitments") is None


def hashed_payload(type_: str, payload: Mapping[str, Any]) -> Mapping[str, Any]:
    """The form of a payload the hash covers: the public one (a secret enters the chain only
    as a salted commitment), except for a format-1 GameCreated, whose hash covers its cards.
    The public form of a public form is itself, so the stored payload and the one a tokenless
    reader is shown give the same hash."""
    if is_format_1(type_, payload):
        return payload
    return redact_event(type_, payload if isinstance(payload, dict) else dict(payload), None)


def encode_event(
    type_: str,
    schema: int,
    payload: Mapping[str, Any],
    command: Mapping[str, Any] | None,
    command_json: str | None = None,
    payload_json: str | None = None,
) -> EncodedEvent:
    """`command_json`, `payload_json`: the command's and the payload's canonical JSON when
    the caller wrote them already (the command's for its hash, the payload's from the
    domain's record); written from `command` and `payload` otherwise."""
    if command_json is None and command is not None:
        command_json = canonical_json(dict(command))
    payload = dict(payload)
    public = hashed_payload(type_, payload)
    public_json = None if public is payload else canonical_json(public)
    if payload_json is None:
        payload_json = canonical_json(payload)
    return EncodedEvent(type_, schema, payload_json, command_json, public_json)


def link_hash(
    event: EncodedEvent,
    *,
    version: int,
    seat: int | None,
    command_id: str | None,
    time_ms: int,
    prev_hash: str,
) -> str:
    """SHA-256 (hex) of the event's canonical record. The record's keys are fixed and already
    in order, so its text is spliced from canonical parts (equal to `canonical_json(record)`,
    which tests/audit checks) instead of encoding the payload twice."""
    shared = _AppendTexts.of(seat, command_id, time_ms)
    return _linked(event, _field(json_integer, version, "version"), shared,
                   _field(json_string, prev_hash, "prev_hash"))  # fmt: skip


@dataclass(frozen=True)
class _AppendTexts:
    """The canonical text of the record fields an append's events share."""

    seat: str
    command_id: str
    time_ms: str

    @classmethod
    def of(cls, seat: int | None, command_id: str | None, time_ms: int) -> _AppendTexts:
        return cls(
            "null" if seat is None else _field(json_integer, seat, "seat"),
            "null" if command_id is None else _field(json_string, command_id, "command_id"),
            _field(json_integer, time_ms, "time_ms"),
        )


def _linked(event: EncodedEvent, version: str, shared: _AppendTexts, prev_hash: str) -> str:
    """`link_hash` given its fields' canonical texts."""
    text = "".join(
        (
            '{"command":',
            event.command_json or "null",
            ',"command_id":',
            shared.command_id,
            ',"payload":',
            event.hashed_json,
            ',"prev_hash":',
            prev_hash,
            f',"schema":{_field(json_integer, event.schema, "schema")},"seat":',
            shared.seat,
            ',"time_ms":',
            shared.time_ms,
            ',"type":',
            _field(json_string, event.type, "type"),
            ',"version":',
            version,
            "}",
        )
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _field(write: Callable[[Any], str], value: Any, name: str) -> str:
    """A record field's canonical text; a refusal names the field."""
    try:
        return write(value)
    except Misplaced as exc:
        exc.steps.append(f".{name}")
        raise exc.located() from None


def event_hash(
    *,
    version: int,
    type: str,
    schema: int,
    payload: Mapping[str, Any],
    seat: int | None,
    command_id: str | None,
    command: Mapping[str, Any] | None,
    time_ms: int,
    prev_hash: str,
) -> str:
    """The hash of an event given as decoded values (what a verifier reads back)."""
    encoded = encode_event(type, schema, payload, command)
    return link_hash(
        encoded,
        version=version,
        seat=seat,
        command_id=command_id,
        time_ms=time_ms,
        prev_hash=prev_hash,
    )


HASHED_FIELDS = (
    "version",
    "type",
    "schema",
    "payload",
    "seat",
    "command_id",
    "command",
    "time_ms",
    "prev_hash",
)


def record_hash(record: Mapping[str, Any]) -> str:
    """The hash of an event read back as a mapping holding at least HASHED_FIELDS."""
    return event_hash(**{name: record[name] for name in HASHED_FIELDS})


def stored_hash(event: Any) -> str:
    """The hash of an event read back as an object with HASHED_FIELDS as attributes
    (a StoredEvent, an export's event)."""
    return record_hash({name: getattr(event, name) for name in HASHED_FIELDS})


def chain_hashes(
    prev_hash: str,
    first_version: int,
    events: Sequence[EncodedEvent],
    *,
    seat: int | None,
    command_id: str | None,
    time_ms: int,
) -> list[str]:
    """The hashes of `events` stored from `first_version` on, after the event whose hash is
    `prev_hash` (one append: one seat, one command id, one time)."""
    hashes: list[str] = []
    shared = _AppendTexts.of(seat, command_id, time_ms)  # written once an append
    prev_text = _field(json_string, prev_hash, "prev_hash")
    for offset, event in enumerate(events):
        hashed = _linked(event, _field(json_integer, first_version + offset, "version"), shared,
                         prev_text)  # fmt: skip
        hashes.append(hashed)
        prev_text = f'"{hashed}"'  # a hex digest: its own canonical text
    return hashes
