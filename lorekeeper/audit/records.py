"""Reading an export back: its lines as typed records, or the first line that is wrong.

Strict on purpose: every field must be there with its JSON type (an integer is never a
boolean or a float), so a changed byte is an error here or a different hash later, never a
silently different reading.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from lorekeeper.audit.chain import HASHED_FIELDS
from lorekeeper.audit.export import FORMAT, FORMAT_VERSION

HASH = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Problem:
    """What is wrong and where: `version` is the first bad event (None: the file itself)."""

    version: int | None
    reason: str


@dataclass(frozen=True)
class ExportEvent:
    version: int
    type: str
    schema: int
    payload: dict[str, Any]
    seat: int | None
    command_id: str | None
    command: dict[str, Any] | None
    time_ms: int
    prev_hash: str
    hash: str
    redacted: bool = False


@dataclass
class Export:
    header: dict[str, Any]
    events: list[ExportEvent] = field(default_factory=list)
    trailer: dict[str, Any] | None = None
    problem: Problem | None = None  # the first line that could not be read


class BadRecord(ValueError):
    pass


def parse_export(lines: Iterable[str | bytes]) -> Export:
    """The export's records, up to the first line that cannot be read (its `problem`)."""
    export = Export(header={})
    for number, raw in enumerate(lines, 1):
        position = len(export.events) + 1  # the version the next event line must have
        try:
            record = _json_object(raw)
            if number == 1:
                export.header = _header(record)
            elif export.trailer is not None:
                raise BadRecord("a line after the trailer")
            elif record.get("record") == "trailer":
                export.trailer = record
            else:
                export.events.append(_event(record))
        except (BadRecord, ValueError) as exc:
            where = None if number == 1 or export.trailer is not None else position
            export.problem = Problem(where, f"line {number}: {exc}")
            return export
    if not export.header:
        export.problem = Problem(None, "the file is empty")
    return export


def _json_object(raw: str | bytes) -> dict[str, Any]:
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    record = json.loads(
        text, parse_float=_no_float, parse_constant=_no_float, object_pairs_hook=_unique
    )
    if not isinstance(record, dict):
        raise BadRecord("not a JSON object")
    return record


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise BadRecord("a key appears twice in one object")
    return result


def _no_float(text: str) -> Any:
    raise BadRecord(f"{text} is not an integer")


def _header(record: dict[str, Any]) -> dict[str, Any]:
    if record.get("record") != "header" or record.get("format") != FORMAT:
        raise BadRecord(f"not a {FORMAT} header")
    if record.get("format_version") != FORMAT_VERSION:
        raise BadRecord(f"format_version {record.get('format_version')!r} is not supported")
    if not isinstance(record.get("game_id"), str) or not record["game_id"]:
        raise BadRecord("the header names no game_id")
    return record


_EVENT_FIELDS = {"record", *HASHED_FIELDS, "hash"}  # an event record: what is hashed, and its hash


def _event(record: dict[str, Any]) -> ExportEvent:
    if record.get("record") != "event":
        raise BadRecord(f"unknown record {record.get('record')!r}")
    missing = _EVENT_FIELDS - set(record)
    extra = set(record) - _EVENT_FIELDS - {"redacted"}
    if missing or extra:
        raise BadRecord(f"fields missing {sorted(missing)}, unknown {sorted(extra)}")
    event = ExportEvent(
        version=_int(record, "version"),
        type=_text(record, "type"),
        schema=_int(record, "schema"),
        payload=_object(record, "payload"),
        seat=None if record["seat"] is None else _int(record, "seat"),
        command_id=None if record["command_id"] is None else _text(record, "command_id"),
        command=None if record["command"] is None else _object(record, "command"),
        time_ms=_int(record, "time_ms"),
        prev_hash=_text(record, "prev_hash"),
        hash=_text(record, "hash"),
        redacted=record.get("redacted", False) is True,
    )
    if record.get("redacted", False) not in (True, False):
        raise BadRecord("redacted is a boolean")
    return event


def _int(record: dict[str, Any], name: str) -> int:
    value = record[name]
    if not isinstance(value, int) or isinstance(value, bool):
        raise BadRecord(f"{name} is not an integer")
    return value


def _text(record: dict[str, Any], name: str) -> str:
    value = record[name]
    if not isinstance(value, str):
        raise BadRecord(f"{name} is not a string")
    return value


def _object(record: dict[str, Any], name: str) -> dict[str, Any]:
    value = record[name]
    if not isinstance(value, dict):
        raise BadRecord(f"{name} is not an object")
    return value
