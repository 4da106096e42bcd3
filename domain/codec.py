"""JSON codec for the domain's frozen dataclasses, driven by their type hints.

Hexes travel as `[col, row]`, tuples as lists, nested dataclasses as objects. A field may
carry `metadata={"json": "for"}` to use another name on the wire, and
`metadata={"omit_default": True}` to be left out while it holds its default (a field added
to a record that older records' bytes must not show).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache, partial
from typing import Any, TypeVar, cast

from domain.hexes import Hex

T = TypeVar("T")


class DecodeError(ValueError):
    """A JSON value does not fit the dataclass field it is meant for."""


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


@cache
def _fields(cls: Any) -> tuple[tuple[str, str, Any, bool], ...]:
    hints = _hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        has_default = (
            f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        )
        out.append((f.name, f.metadata.get("json", f.name), hints[f.name], has_default))
        if f.metadata.get("omit_default"):
            omitted = (f.name, f.metadata.get("json", f.name), f.default)
            _OMITTED[cls] = (*_OMITTED.get(cls, ()), omitted)
    return tuple(out)


# Per dataclass with such fields: (attribute, wire name, default) of each field left out while
# at its default; filled by `_fields` as it reads a class, so `to_json` pays a dict lookup.
_OMITTED: dict[type, tuple[tuple[str, str, Any], ...]] = {}


def wire_fields(cls: type) -> tuple[tuple[str, str], ...]:
    """(attribute, name on the wire) of each field of the dataclass `cls` that `to_json`
    writes, in field order."""
    return tuple((name, wire) for name, wire, _, _ in _fields(cls))


# Most values in an event are these: they are their own JSON, known by their type alone
# before the checks below (a Mapping check is an ABC's, the costliest of them).
_PLAIN = frozenset({str, int, bool, type(None)})


def to_json(value: Any) -> Any:
    if type(value) in _PLAIN:
        return value
    if isinstance(value, Hex):
        return [value.col, value.row]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        kind = type(value)
        out = {wire: to_json(getattr(value, name)) for name, wire, _, _ in _fields(kind)}
        if kind in _OMITTED:
            for name, wire, default in _OMITTED[kind]:
                if getattr(value, name) == default:
                    del out[wire]
        return out
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if type(value) is dict or isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return [to_json(v) for v in sorted(value)]
    return value


def from_json(tp: Any, value: Any) -> Any:
    """Build a value of type `tp` from its JSON form; raises DecodeError on a misfit."""
    return _decoder(tp)(value)


def decode_dataclass(cls: type[T], value: Any, *, strict: bool = False) -> T:
    """`strict`: an object with a key its dataclass does not define (at any depth) is a
    misfit, named in the error; otherwise such keys are passed over."""
    return cast(T, _decoder(cast(Any, cls), strict)(value))


Decoder = Callable[[Any], Any]


@cache
def _decoder(tp: Any, strict: bool = False) -> Decoder:
    """The decoder of values of type `tp`, worked out once per type from its hints (replays
    decode every stored event: deciding what to do per value was most of the time)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is Any:
        return _same
    if tp is Hex:
        return _hex
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return _dataclass_decoder(tp, strict)
    if origin in (typing.Union, types.UnionType):
        return partial(_union, tuple((a, _decoder(a, strict)) for a in args))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return partial(_tuple_of, _decoder(args[0], strict))
        return partial(_tuple, tuple(_decoder(a, strict) for a in args))
    if origin is frozenset:
        return partial(_frozenset_of, _decoder(args[0], strict))
    if origin in (dict, Mapping, typing.get_origin(Mapping[str, int])):
        key_tp, val_tp = args if args else (Any, Any)
        return partial(_dict, _decoder(key_tp, strict), _decoder(val_tp, strict))
    if origin is typing.Literal:
        return partial(_literal, args)
    return partial(_scalar, tp)


def _dataclass_decoder(cls: type, strict: bool) -> Decoder:
    fields = tuple(
        (name, wire, _decoder(tp, strict), has_default)
        for name, wire, tp, has_default in _fields(cls)
    )
    wires = frozenset(wire for _, wire, _, _ in fields)
    known = ", ".join(wire for _, wire, _, _ in fields) or "none"

    def decode(value: Any) -> Any:
        if type(value) is not dict and not isinstance(value, Mapping):
            raise DecodeError(f"expected an object for {cls.__name__}, got {_kind(value)}")
        if strict:
            for key in value:
                if key not in wires:
                    raise DecodeError(f"{str(key)[:64]}: unknown field (fields: {known})")
        kwargs: dict[str, Any] = {}
        for name, wire, decode_field, has_default in fields:
            if wire in value:
                try:
                    kwargs[name] = decode_field(value[wire])
                except DecodeError as exc:
                    raise DecodeError(f"{wire}: {exc}") from None
            elif not has_default:
                raise DecodeError(f"{wire}: missing")
        return cls(**kwargs)

    return decode


def _same(value: Any) -> Any:
    return value


def _kind(value: Any) -> str:
    return type(value).__name__


def _hex(value: Any) -> Hex:
    if (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return Hex(value[0], value[1])
    raise DecodeError(f"expected a hex [col, row], got {value!r}"[:200])


def _union(options: tuple[tuple[Any, Decoder], ...], value: Any) -> Any:
    if value is None and any(tp is type(None) for tp, _ in options):
        return None
    errors = []
    for tp, decode in options:
        if tp is type(None):
            continue
        try:
            return decode(value)
        except DecodeError as exc:
            errors.append(str(exc))
    raise DecodeError("; ".join(errors) or "unexpected null")


def _tuple_of(decode: Decoder, value: Any) -> tuple[Any, ...]:
    if not isinstance(value, list | tuple):
        raise DecodeError(f"expected a list, got {_kind(value)}")
    return tuple(decode(v) for v in value)


def _tuple(decoders: tuple[Decoder, ...], value: Any) -> tuple[Any, ...]:
    if not isinstance(value, list | tuple):
        raise DecodeError(f"expected a list, got {_kind(value)}")
    if len(decoders) != len(value):
        raise DecodeError(f"expected {len(decoders)} items, got {len(value)}")
    return tuple(decode(v) for decode, v in zip(decoders, value, strict=True))


def _frozenset_of(decode: Decoder, value: Any) -> frozenset[Any]:
    return frozenset(_tuple_of(decode, value))


def _dict(decode_key: Decoder, decode_value: Decoder, value: Any) -> dict[Any, Any]:
    if type(value) is not dict and not isinstance(value, Mapping):
        raise DecodeError(f"expected an object, got {_kind(value)}")
    out = {}
    for k, v in value.items():
        try:
            out[decode_key(k)] = decode_value(v)
        except DecodeError as exc:
            raise DecodeError(f"{str(k)[:64]}: {exc}") from None
    return out


def _literal(allowed: tuple[Any, ...], value: Any) -> Any:
    if value not in allowed:
        raise DecodeError(f"expected one of {list(allowed)}, got {value!r}")
    return value


def _scalar(tp: Any, value: Any) -> Any:
    if tp is bool:
        ok = isinstance(value, bool)
    elif tp is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif tp is str:
        ok = isinstance(value, str)
    elif tp is type(None):
        ok = value is None
    else:
        raise DecodeError(f"unsupported type {tp!r}")
    if not ok:
        raise DecodeError(f"expected {getattr(tp, '__name__', tp)}, got {_kind(value)}")
    return value
