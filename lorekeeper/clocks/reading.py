"""What readers see of a game's clocks, and the time the application reads them at.

The clocks themselves are folded by the domain (domain/clock.py); this module only shows them.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from domain.clock import Clock


def now_ms() -> int:
    """The time now, in epoch milliseconds: what the application gives the domain as `now`."""
    return time.time_ns() // 1_000_000


def clock_json(clock: Clock | None, at_ms: int) -> dict[str, Any] | None:
    """The clocks as they stand at `at_ms`: each seat's time left for its turn (fischer: its
    bank), the stretch running now with its deadline and what is left of it."""
    if clock is None:
        return None
    running = clock.running
    seats = [{"seat": s, "remaining_ms": left, "timeouts": clock.timeouts[s]}
             for s, left in enumerate(clock.left_ms)]  # fmt: skip
    shown = None
    if running is not None:
        shown = {"seat": running.seat, "period": running.period, "since_ms": running.since_ms,
                 "deadline_ms": running.deadline_ms, "remaining_ms": 0}  # fmt: skip
    return refreshed({"control": clock.control.to_json(), "at_ms": at_ms, "running": shown,
                      "seats": seats}, at_ms)  # fmt: skip


def refreshed(shown: Mapping[str, Any], now: int) -> dict[str, Any]:
    """A clock's JSON (clock_json) as it stands at `now`: only the running stretch moves."""
    out = {**shown, "at_ms": now}
    running = shown.get("running")
    if running is None:
        return out
    left = max(0, running["deadline_ms"] - max(now, running["since_ms"]))
    out["running"] = {**running, "remaining_ms": left}
    if running["period"] == "turn":
        out["seats"] = [{**s, "remaining_ms": left} if s["seat"] == running["seat"] else s
                        for s in shown["seats"]]  # fmt: skip
    return out
