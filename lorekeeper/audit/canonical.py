"""The canonical JSON of the hash chain: one text for each value, so a hash of it is the
same wherever it is made.

Canonical JSON (RFC 8785 for the values this server stores; docs/audit.md spells it out):
no whitespace; object keys sorted by their UTF-16 code units; strings in UTF-8 with only
`"`, `\\` and U+0000..U+001F escaped (`\\b \\t \\n \\f \\r`, else `\\u00xx` lowercase);
integers in plain decimal within ±(2**53 - 1). Floats are refused, even `1.0`: numbers an
independent verifier (say, in JavaScript) could print differently never enter a hash.

Standard library and the domain's `codec` and `hexes` only: the offline verifier
(`python -m lorekeeper verify`) imports it.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any

from domain.codec import to_json, wire_fields
from domain.hexes import Hex

MAX_SAFE_INTEGER = 2**53 - 1


class NotCanonical(ValueError):
    """A value the canonical form cannot hold (a float, a huge integer, a lone surrogate …)."""


def canonical_json(value: Any) -> str:
    """The canonical JSON text of `value` (tuples are arrays); NotCanonical (or TypeError, for
    a value that is not JSON at all) naming where the value broke the form, `$.a[2]`."""
    out: list[str] = []
    try:
        _write(value, out)
    except Misplaced as exc:
        raise exc.located() from None
    return "".join(out)


class Misplaced(Exception):
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
        out.append(json_string(value))
    elif kind is int or (isinstance(value, int) and kind is not bool):
        out.append(json_integer(value))
    elif value is None or kind is bool:
        out.append(_LITERALS[value])
    elif kind is list or kind is tuple:
        out.append("[")
        for i, item in enumerate(value):
            if i:
                out.append(",")
            try:
                _write(item, out)
            except Misplaced as exc:
                exc.steps.append(f"[{i}]")  # the step's text only on the way up
                raise
        out.append("]")
    elif kind is dict or isinstance(value, Mapping):  # a dict without asking the ABC
        _write_object(value, out)
    elif isinstance(value, float):
        raise Misplaced(NotCanonical(f"{value!r} is a float; only integers are stored"))
    else:
        raise Misplaced(TypeError(f"{type(value).__name__} is not JSON"))


def _write_object(value: Mapping[Any, Any], out: list[str]) -> None:
    keys = list(value)
    for key in keys:
        if type(key) is not str:
            raise Misplaced(NotCanonical(f"object keys are strings, not {key!r}"))
    # ASCII keys sort the same by code points as by UTF-16 code units.
    ascii_keys = "".join(keys).isascii()
    out.append("{")
    for i, key in enumerate(sorted(keys) if ascii_keys else sorted(keys, key=_utf16_units)):
        if i:
            out.append(",")
        out.append(_KEYS.get(key) or _key(key))
        try:
            _write(value[key], out)
        except Misplaced as exc:
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
    text = f"{json_string(key)}:"
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
    except Misplaced:
        return canonical_json(to_json(record))  # raises it, naming the place
    return "".join(out)


# Each dataclass's fields in canonical key order, as (attribute, the text before its value:
# `{"key":` for the first, `,"key":` after).
_RECORDS: dict[type, tuple[tuple[str, str], ...]] = {}


def _record_fields(kind: type) -> tuple[tuple[str, str], ...]:
    fields = _RECORDS.get(kind)
    if fields is None:
        pairs = sorted(wire_fields(kind), key=lambda field: _utf16_units(field[1]))
        fields = _RECORDS[kind] = tuple((name, f"{',' if i else '{'}{json_string(wire)}:")
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
        out.append(json_string(value))
    elif kind is int:
        out.append(json_integer(value))
    elif value is None or kind is bool:
        out.append(_LITERALS[value])
    elif kind is Hex:
        out.append(f"[{json_integer(value.col)},{json_integer(value.row)}]")
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


def json_string(text: str) -> str:
    """`text` as a canonical JSON string (Misplaced for a lone surrogate)."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            msg = "strings must be valid Unicode (no lone surrogates)"
            raise Misplaced(NotCanonical(msg)) from None
    return _quote(text)


def json_integer(value: int) -> str:
    """`value` as a canonical JSON integer (Misplaced beyond ±(2**53 - 1))."""
    if -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
        return str(int(value))
    raise Misplaced(NotCanonical(f"integer {value} is beyond ±(2**53 - 1)"))
