"""JSON codec for the domain's frozen dataclasses, driven by their type hints.

Hexes travel as `[col, row]`, tuples as lists, nested dataclasses as objects. A field may
carry `metadata={"json": "for"}` to use another name on the wire.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from functools import cache
from typing import Any, TypeVar

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
    return tuple(out)


def to_json(value: Any) -> Any:
    if isinstance(value, Hex):
        return [value.col, value.row]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {wire: to_json(getattr(value, name)) for name, wire, _, _ in _fields(type(value))}
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return [to_json(v) for v in sorted(value)]
    return value


def from_json(tp: Any, value: Any) -> Any:
    """Build a value of type `tp` from its JSON form; raises DecodeError on a misfit."""
    origin = typing.get_origin(tp)
    if tp is Any:
        return value
    if tp is Hex:
        return _hex(value)
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return decode_dataclass(tp, value)
    if origin in (typing.Union, types.UnionType):
        return _union(typing.get_args(tp), value)
    if origin is tuple:
        return _tuple(typing.get_args(tp), value)
    if origin is frozenset:
        return frozenset(_tuple((typing.get_args(tp)[0], ...), value))
    if origin in (dict, Mapping, typing.get_origin(Mapping[str, int])):
        return _dict(typing.get_args(tp), value)
    if origin is typing.Literal:
        if value not in typing.get_args(tp):
            raise DecodeError(f"expected one of {list(typing.get_args(tp))}, got {value!r}")
        return value
    return _scalar(tp, value)


def decode_dataclass(cls: type[T], value: Any) -> T:
    if not isinstance(value, Mapping):
        raise DecodeError(f"expected an object for {cls.__name__}, got {_kind(value)}")
    kwargs: dict[str, Any] = {}
    for name, wire, tp, has_default in _fields(cls):  # type: ignore[arg-type]
        if wire in value:
            try:
                kwargs[name] = from_json(tp, value[wire])
            except DecodeError as exc:
                raise DecodeError(f"{wire}: {exc}") from None
        elif not has_default:
            raise DecodeError(f"{wire}: missing")
    return cls(**kwargs)


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


def _union(args: tuple[Any, ...], value: Any) -> Any:
    if value is None and type(None) in args:
        return None
    errors = []
    for arg in args:
        if arg is type(None):
            continue
        try:
            return from_json(arg, value)
        except DecodeError as exc:
            errors.append(str(exc))
    raise DecodeError("; ".join(errors) or "unexpected null")


def _tuple(args: tuple[Any, ...], value: Any) -> tuple[Any, ...]:
    if not isinstance(value, list | tuple):
        raise DecodeError(f"expected a list, got {_kind(value)}")
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(from_json(args[0], v) for v in value)
    if len(args) != len(value):
        raise DecodeError(f"expected {len(args)} items, got {len(value)}")
    return tuple(from_json(a, v) for a, v in zip(args, value, strict=True))


def _dict(args: tuple[Any, ...], value: Any) -> dict[Any, Any]:
    if not isinstance(value, Mapping):
        raise DecodeError(f"expected an object, got {_kind(value)}")
    key_tp, val_tp = args if args else (Any, Any)
    return {from_json(key_tp, k): from_json(val_tp, v) for k, v in value.items()}


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
