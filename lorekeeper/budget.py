"""A time budget for the reads that compute in proportion to a game's length.

Reading a past version (`GET /games/{id}/state?version=N`), the audit (`GET …/audit`), the
log and the board pictures fold or re-decide a game's events one by one, and a game without
`max_turns` may grow without end. The API runs those routes `within` a budget
(LOREKEEPER_READ_BUDGET_S); the loops that fold events `spend` from it per event, and a read
that runs out is refused with 503 `read_budget_exceeded` instead of holding a worker until the
request deadline (api/deadline.py) ends the whole process. Everything else (commands, the
workers, the offline verifier) runs with no budget: `spend` costs a context-variable read.

The budget is the request's own (a context variable: one per thread, and one per greenlet
under gevent), measured on the monotonic clock.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

from lorekeeper.errors import ReadBudgetExceeded

T = TypeVar("T")
DEFAULT_S = 5.0  # LOREKEEPER_READ_BUDGET_S's default

_ends_at: ContextVar[float | None] = ContextVar("read_budget_ends_at", default=None)
_seconds: ContextVar[float] = ContextVar("read_budget_seconds", default=0.0)


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """Run the block with `seconds` to spend (an enclosing budget that ends sooner holds)."""
    ends_at = time.monotonic() + seconds
    outer = _ends_at.get()
    token = _ends_at.set(ends_at if outer is None else min(outer, ends_at))
    seconds_token = _seconds.set(seconds)
    try:
        yield
    finally:
        _seconds.reset(seconds_token)
        _ends_at.reset(token)


def spend() -> None:
    """ReadBudgetExceeded once the current budget has run out; nothing without one."""
    ends_at = _ends_at.get()
    if ends_at is not None and time.monotonic() > ends_at:
        raise ReadBudgetExceeded(
            f"this read needs more than its {_seconds.get():g} s of computing "
            "(LOREKEEPER_READ_BUDGET_S); read a nearer version, or export the game and "
            "verify it offline (docs/audit.md)"
        )


def spending(items: Iterable[T]) -> Iterator[T]:
    """`items`, spending from the budget before each."""
    for item in items:
        spend()
        yield item
