"""The ports of clocks: where the running deadlines are kept and where a time-out goes
(docs/client/clocks.md; docs/workers.md).

Each port has a Redis adapter and an in-memory twin (adapters/redis/, adapters/memory/):
tests/adapters/test_deadline_index_contract.py runs both deadline indexes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol


class Deadline(NamedTuple):
    """A clocked game's running deadline as of `version` (None: no clock runs), when its
    seat is to be told that time is running out, and what is timed (`key`: one notice each)."""

    game_id: str
    version: int
    deadline_ms: int | None
    warn_ms: int | None = None
    key: str | None = None
    seat: int | None = None
    period: str | None = None


class Due(NamedTuple):
    game_id: str
    version: int  # the version the deadline was scheduled at
    deadline_ms: int


class DeadlineIndex(Protocol):
    """Each clocked game's running deadline, sorted by time, so that the workers find the
    overdue ones in O(log N) (tests/adapters/test_deadline_index_contract.py). Derived data:
    the clocks are folded from the events; this only says where to look."""

    def schedule(self, deadlines: Sequence[Deadline]) -> list[bool]:
        """Keep each game's deadline (none: forget the game) unless one of the same or a
        newer version is kept; for each, whether it was written."""
        ...

    def due(self, now_ms: int, limit: int) -> list[Due]:
        """Games whose deadline is at or before `now_ms`, earliest first."""
        ...

    def claim_warnings(self, now_ms: int, limit: int) -> list[Deadline]:
        """The deadlines whose warning time has come, each handed to one caller only and
        once per `key` (a turn, a decision), however often it is scheduled again."""
        ...


class TimeOutQueue(Protocol):
    """Where an overdue clock goes: a job that applies the time-out (a worker runs it)."""

    def enqueue_time_out(self, game_id: str, version: int) -> bool:
        """Queue the time-out of the deadline scheduled at `version`; False if queued before."""
        ...
