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

Canonical JSON (RFC 8785 for the values this server stores; docs/audit.md spells it out):
no whitespace; object keys sorted by their UTF-16 code units; strings in UTF-8 with only
`"`, `\\` and U+0000..U+001F escaped (`\\b \\t \\n \\f \\r`, else `\\u00xx` lowercase);
integers in plain decimal within ±(2**53 - 1). Floats are refused, even `1.0`: numbers an
independent verifier (say, in JavaScript) could print differently never enter a hash.

Standard library and the domain's `view`, `codec` and `hexes` only: the offline verifier
(`python -m lorekeeper verify`) imports it.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain.codec import to_json, wire_fields
from domain.hexes import Hex
from domain.view import redact_event

GENESIS = "0" * 64
MAX_SAFE_INTEGER = 2**53 - 1


class NotCanonical(ValueError):
    """A value the canonical form cannot hold (a float, a huge integer, a lone surrogate …)."""


def canonical_json(value: Any) -> str:
    """The canonical JSON text of `value` (tuples are arrays); NotCanonical (or TypeError, for
    a value that is not JSON at all) naming where the value broke the form, `$.a[2]`."""
    out: list[str] = []
    try:
        _write(value, out)
    except _Misplaced as exc:
        raise exc.located() from None
    return "".join(out)


class _Misplaced(Exception):
    """A refusal on its way up from where it happened: the path is built while unwinding, so
    the values that are fine (all of them, nearly always) cost no location string."""

    def __init__(self, error: NotCanonical | TypeError, step: str = "") -> None:
        self.error, self.steps = error, [step] if step else []

    def located(self) -> NotCanonical | TypeError:
        where = "$" + "".join(reversed(self.steps))
        return type(self.error)(f"{where}: {self.error}")


# json.dumps(text, ensure_ascii=False) of a str is this C function, minus dumps's own setup;
# it escapes exactly what RFC 8785 escapes, the same way.
_quote = json.encoder.encode_basestring
_LITERALS = {None: "null", True: "true", False: "false"}


def _write(value: Any, out: list[str]) -> None:
    kind = type(value)
    if kind is str:
        out.append(_string(value))
    elif kind is int or (isinstance(value, int) and kind is not bool):
        out.append(_integer(value))
    elif value is None or kind is bool:
        out.append(_LITERALS[value])
    elif kind is list or kind is tuple:
        out.append("[")
        for i, item in enumerate(value):
            if i:
                out.append(",")
            try:
                _write(item, out)
            except _Misplaced as exc:
                exc.steps.append(f"[{i}]")  # the step's text only on the way up
                raise
        out.append("]")
    elif kind is dict or isinstance(value, Mapping):  # a dict without asking the ABC
        _write_object(value, out)
    elif isinstance(value, float):
        raise _Misplaced(NotCanonical(f"{value!r} is a float; only integers are stored"))
    else:
        raise _Misplaced(TypeError(f"{type(value).__name__} is not JSON"))


def _write_object(value: Mapping[Any, Any], out: list[str]) -> None:
    keys = list(value)
    for key in keys:
        if type(key) is not str:
            raise _Misplaced(NotCanonical(f"object keys are strings, not {key!r}"))
    # ASCII keys sort the same by code points as by UTF-16 code units.
    ascii_keys = "".join(keys).isascii()
    out.append("{")
    for i, key in enumerate(sorted(keys) if ascii_keys else sorted(keys, key=_utf16_units)):
        if i:
            out.append(",")
        out.append(_KEYS.get(key) or _key(key))
        try:
            _write(value[key], out)
        except _Misplaced as exc:
            exc.steps.append(f".{key}")
            raise
    out.append("}")


# A key's text and colon, kept for the few hundred names the events and commands use (the
# writer quoted each key of each object again). Bounded, since a client's documents are
# written too: at most 1,024 keys of at most 64 characters; any other is quoted each time.
_KEYS: dict[str, str] = {}
_KEYS_KEPT = 1024
_KEY_KEPT_CHARS = 64


def _key(key: str) -> str:
    text = f"{_string(key)}:"
    if len(key) <= _KEY_KEPT_CHARS and len(_KEYS) < _KEYS_KEPT:
        _KEYS[key] = text
    return text


def record_json(record: Any) -> str:
    """`canonical_json(to_json(record))` (domain/codec.py) of a domain value, an event's
    payload say, written in one pass: no JSON values made in between, each dataclass's keys
    sorted once. What it does not know (a dict, a set, a subclass …) it writes through
    `to_json` and the writer above; a refusal is `canonical_json`'s, located the same way."""
    out: list[str] = []
    try:
        _write_field(record, out)
    except _Misplaced:
        return canonical_json(to_json(record))  # raises it, naming the place
    return "".join(out)


# Each dataclass's fields in canonical key order, as (attribute, the text before its value:
# `{"key":` for the first, `,"key":` after).
_RECORDS: dict[type, tuple[tuple[str, str], ...]] = {}


def _record_fields(kind: type) -> tuple[tuple[str, str], ...]:
    fields = _RECORDS.get(kind)
    if fields is None:
        pairs = sorted(wire_fields(kind), key=lambda field: _utf16_units(field[1]))
        fields = _RECORDS[kind] = tuple((name, f"{',' if i else '{'}{_string(wire)}:")
                                        for i, (name, wire) in enumerate(pairs))  # fmt: skip
    return fields


def _write_record(record: Any, out: list[str]) -> None:
    fields = _record_fields(type(record))
    if not fields:
        out.append("{}")
        return
    for name, before in fields:
        value = getattr(record, name)
        kind = type(value)
        # The two kinds most fields hold, written here: what `_write_field` would write.
        if kind is int and -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
            out.append(before + str(value))
        elif kind is str and value.isascii():
            out.append(before + _quote(value))
        else:
            out.append(before)
            _write_field(value, out)
    out.append("}")


def _write_field(value: Any, out: list[str]) -> None:
    kind = type(value)
    if kind is str:
        out.append(_string(value))
    elif kind is int:
        out.append(_integer(value))
    elif value is None or kind is bool:
        out.append(_LITERALS[value])
    elif kind is Hex:
        out.append(f"[{_integer(value.col)},{_integer(value.row)}]")
    elif kind is tuple or kind is list:
        out.append("[")
        for i, item in enumerate(value):
            if i:
                out.append(",")
            _write_field(item, out)
        out.append("]")
    elif kind in _RECORDS or (dataclasses.is_dataclass(value) and not isinstance(value, type)):
        _write_record(value, out)
    else:
        _write(to_json(value), out)


def _utf16_units(key: str) -> bytes:
    return key.encode("utf-16-be", "surrogatepass")


def _string(text: str) -> str:
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            msg = "strings must be valid Unicode (no lone surrogates)"
            raise _Misplaced(NotCanonical(msg)) from None
    return _quote(text)


def _integer(value: int) -> str:
    if -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
        return str(int(value))
    raise _Misplaced(NotCanonical(f"integer {value} is beyond ±(2**53 - 1)"))


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
    return _linked(event, _field(_integer, version, "version"), shared,
                   _field(_string, prev_hash, "prev_hash"))  # fmt: skip


@dataclass(frozen=True)
class _AppendTexts:
    """The canonical text of the record fields an append's events share."""

    seat: str
    command_id: str
    time_ms: str

    @classmethod
    def of(cls, seat: int | None, command_id: str | None, time_ms: int) -> _AppendTexts:
        return cls(
            "null" if seat is None else _field(_integer, seat, "seat"),
            "null" if command_id is None else _field(_string, command_id, "command_id"),
            _field(_integer, time_ms, "time_ms"),
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
            f',"schema":{_field(_integer, event.schema, "schema")},"seat":',
            shared.seat,
            ',"time_ms":',
            shared.time_ms,
            ',"type":',
            _field(_string, event.type, "type"),
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
    except _Misplaced as exc:
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
    prev_text = _field(_string, prev_hash, "prev_hash")
    for offset, event in enumerate(events):
        hashed = _linked(event, _field(_integer, first_version + offset, "version"), shared,
                         prev_text)  # fmt: skip
        hashes.append(hashed)
        prev_text = f'"{hashed}"'  # a hex digest: its own canonical text
    return hashes
