"""What both projection stores share, so they store games alike."""

from __future__ import annotations

from typing import Any

import orjson


def view_json(value: Any) -> str:
    """JSON with sorted keys and no whitespace (orjson: about 7x json.dumps, BENCHMARKS.md).
    Not the hash chain's canonical JSON: a projection is derived, never hashed."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode()
