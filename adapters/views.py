"""What both projection stores share, so they store and list games alike."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import orjson


def view_json(value: Any) -> str:
    """JSON with sorted keys and no whitespace (orjson: about 7x json.dumps, BENCHMARKS.md).
    Not the hash chain's canonical JSON: a projection is derived, never hashed."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode()


def select_lobby(entries: Iterable[dict[str, Any]], status: str | None) -> list[dict[str, Any]]:
    """The entries of one status (None: all), most recent activity first."""
    chosen = [e for e in entries if status is None or e.get("status") == status]
    return sorted(chosen, key=lambda e: (-int(e.get("last_activity") or 0), e["game_id"]))
