"""The hash chain of a game's events: their canonical JSON form and their hashes.

Every stored event carries `prev_hash` (the hash of the event before it; GENESIS for the
first) and `hash` = SHA-256 (lowercase hex) of the canonical JSON of

    {"command", "command_id", "payload", "prev_hash", "schema", "seat", "time_ms", "type",
     "version"}

so changing, dropping, adding or reordering any event changes every hash after it.

Canonical JSON (RFC 8785 for the values this server stores; docs/audit.md spells it out):
no whitespace; object keys sorted by their UTF-16 code units; strings in UTF-8 with only
`"`, `\\` and U+0000..U+001F escaped (`\\b \\t \\n \\f \\r`, else `\\u00xx` lowercase);
integers in plain decimal within ±(2**53 - 1). Floats are refused, even `1.0`: numbers an
independent verifier (say, in JavaScript) could print differently never enter a hash.

Standard library only: the offline verifier (`python -m lorekeeper verify`) imports it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

GENESIS = "0" * 64
MAX_SAFE_INTEGER = 2**53 - 1


class NotCanonical(ValueError):
    """A value the canonical form cannot hold (a float, a huge integer, a lone surrogate …)."""


def canonical_json(value: Any) -> str:
    """The canonical JSON text of `value` (tuples are arrays); NotCanonical if it has none."""
    parts: list[str] = []
    try:
        _write_fast(value, parts)
    except (NotCanonical, TypeError) as exc:
        _write(value, [], "$")  # the same checks, naming where the value broke them
        raise exc
    return "".join(parts)


def canonical_bytes(value: Any) -> bytes:
    return canonical_json(value).encode("utf-8")


# json.dumps(text, ensure_ascii=False) of a str is this C function, minus dumps's own setup.
_quote = json.encoder.encode_basestring
_LITERALS = {None: "null", True: "true", False: "false"}


def _write_fast(value: Any, out: list[str]) -> None:
    """`_write` for the plain types (every command and payload): the same text, without
    building the location of each value for an error that almost never comes."""
    kind = type(value)
    if kind is str:
        out.append(_string(value, "$"))
    elif kind is dict:
        keys = list(value)
        if not all(type(key) is str and key.isascii() for key in keys):
            _write_object(value, out, "$")  # ASCII keys sort the same by UTF-16 code units
            return
        out.append("{")
        for i, key in enumerate(sorted(keys)):
            out.append(f",{_quote(key)}:" if i else f"{_quote(key)}:")
            _write_fast(value[key], out)
        out.append("}")
    elif kind is int and -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
        out.append(str(value))
    elif kind is list or kind is tuple:
        out.append("[")
        for i, item in enumerate(value):
            if i:
                out.append(",")
            _write_fast(item, out)
        out.append("]")
    elif value is None or kind is bool:
        out.append(_LITERALS[value])
    else:
        _write(value, out, "$")


def _write(value: Any, out: list[str], where: str) -> None:
    if value is None or isinstance(value, bool):
        out.append({None: "null", True: "true", False: "false"}[value])
    elif isinstance(value, int):
        if abs(value) > MAX_SAFE_INTEGER:
            raise NotCanonical(f"{where}: integer {value} is beyond ±(2**53 - 1)")
        out.append(str(int(value)))
    elif isinstance(value, str):
        out.append(_string(value, where))
    elif isinstance(value, list | tuple):
        out.append("[")
        for i, item in enumerate(value):
            if i:
                out.append(",")
            _write(item, out, f"{where}[{i}]")
        out.append("]")
    elif isinstance(value, Mapping):
        _write_object(value, out, where)
    elif isinstance(value, float):
        raise NotCanonical(f"{where}: {value!r} is a float; only integers are stored")
    else:
        raise TypeError(f"{where}: {type(value).__name__} is not JSON")


def _write_object(value: Mapping[Any, Any], out: list[str], where: str) -> None:
    for key in value:
        if not isinstance(key, str):
            raise NotCanonical(f"{where}: object keys are strings, not {key!r}")
    out.append("{")
    for i, key in enumerate(sorted(value, key=_utf16_units)):
        if i:
            out.append(",")
        out.append(_string(key, where))
        out.append(":")
        _write(value[key], out, f"{where}.{key}")
    out.append("}")


def _utf16_units(key: str) -> bytes:
    return key.encode("utf-16-be", "surrogatepass")


def _string(text: str, where: str) -> str:
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            msg = f"{where}: strings must be valid Unicode (no lone surrogates)"
            raise NotCanonical(msg) from None
    # json.dumps without ensure_ascii escapes exactly what RFC 8785 escapes, the same way.
    return _quote(text)


@dataclass(frozen=True)
class EncodedEvent:
    """An event about to be stored: its payload and command already canonical JSON."""

    type: str
    schema: int
    payload_json: str
    command_json: str | None = None


def encode_event(
    type_: str, schema: int, payload: Mapping[str, Any], command: Mapping[str, Any] | None
) -> EncodedEvent:
    command_json = None if command is None else canonical_json(dict(command))
    return EncodedEvent(type_, schema, canonical_json(dict(payload)), command_json)


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
    text = "".join(
        (
            '{"command":',
            event.command_json or "null",
            ',"command_id":',
            "null" if command_id is None else _string(command_id, "command_id"),
            ',"payload":',
            event.payload_json,
            ',"prev_hash":',
            _string(prev_hash, "prev_hash"),
            f',"schema":{_integer(event.schema)},"seat":',
            "null" if seat is None else _integer(seat),
            f',"time_ms":{_integer(time_ms)},"type":',
            _string(event.type, "type"),
            f',"version":{_integer(version)}}}',
        )
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _integer(value: int) -> str:
    parts: list[str] = []
    _write(value, parts, "$")
    return parts[0]


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
    for offset, event in enumerate(events):
        prev_hash = link_hash(
            event,
            version=first_version + offset,
            seat=seat,
            command_id=command_id,
            time_ms=time_ms,
            prev_hash=prev_hash,
        )
        hashes.append(prev_hash)
    return hashes
