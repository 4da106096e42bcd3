"""The scenarios shipped with the server (`GET /scenarios`)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def _all() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for entry in resources.files(__name__).iterdir():
        if entry.name.endswith(".json"):
            doc = json.loads(entry.read_text(encoding="utf-8"))
            out[doc["name"]] = doc
    return out


def scenario_names() -> list[str]:
    return sorted(_all())


def get_scenario(name: str) -> dict[str, Any] | None:
    """A fresh copy of the named scenario document, or None."""
    doc = _all().get(name)
    return json.loads(json.dumps(doc)) if doc is not None else None
