"""What both projection stores share, so they store games alike."""

from __future__ import annotations

from typing import Any

import orjson

_SORTED = orjson.OPT_SORT_KEYS
_SORTED_ANY_KEYS = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def view_json(value: Any) -> str:
    """JSON with sorted keys and no whitespace (orjson: about 7x json.dumps, BENCHMARKS.md).
    Not the hash chain's canonical JSON: a projection is derived, never hashed.

    Keys that are not str (none in a board view) are written as orjson's OPT_NON_STR_KEYS
    writes them; that option costs a third of a view's time when every key is a str, so it
    is only asked for when orjson refuses a value without it (the same bytes either way)."""
    try:
        return orjson.dumps(value, option=_SORTED).decode()
    except orjson.JSONEncodeError:
        return orjson.dumps(value, option=_SORTED_ANY_KEYS).decode()
