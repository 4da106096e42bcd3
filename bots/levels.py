"""The search bot's levels: a think-time budget with an iteration cap.

A level stops at whichever comes first, its iterations or its seconds (the server's
per-decision budget can cut the seconds further). With the time limit off, a level is
reproducible under a seed: the same state, seed and level give the same action.
"""

from __future__ import annotations

from dataclasses import replace

from bots.search import Budget

LEVELS: dict[str, Budget] = {
    "search-easy": Budget(iterations=8, seconds=0.25),
    "search-medium": Budget(iterations=32, seconds=0.5),
    "search-hard": Budget(iterations=64, seconds=1.0),
}


def level_budget(name: str, seconds: float | None) -> Budget:
    """Level `name`'s budget with its time cut to `seconds` when that is less (None: no
    time limit, its iterations only)."""
    level = LEVELS[name]
    if seconds is None:
        return replace(level, seconds=None)
    limit = seconds if level.seconds is None else min(seconds, level.seconds)
    return replace(level, seconds=limit)
