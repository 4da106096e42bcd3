"""The ports the service and the API consume beside the event store.

The Redis implementations live in adapters/projections.py and adapters/jobs.py (the workers'
side). Here: the protocols as this side uses them, and the small stand-ins a process uses when
it runs without workers (`LOREKEEPER_JOBS=inline` or `none`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

BREATH_OPENED = "BreathPhaseOpened"


class ProjectionStore(Protocol):
    def load(self, game_id: str) -> tuple[int, dict[str, Any]] | None:
        """(version, board_view(state, ALL_SEATS)) of the game's projection, or None."""
        ...

    def wait_for(
        self, game_id: str, min_version: int, timeout_s: float
    ) -> tuple[int, dict[str, Any]] | None: ...

    def lobby(
        self, status: str | None = None, seat_tokens: Sequence[str] = ()
    ) -> list[dict[str, Any]]: ...


class JobQueue(Protocol):
    def after_append(self, game_id: str, version: int, event_types: Sequence[str]) -> None:
        """Called after every append (and again for a retried command): must be idempotent."""
        ...


class NoProjections:
    """No read model: every read replays the stream (correct, only slower)."""

    def load(self, game_id: str) -> tuple[int, dict[str, Any]] | None:
        return None

    def wait_for(
        self, game_id: str, min_version: int, timeout_s: float
    ) -> tuple[int, dict[str, Any]] | None:
        return None

    def lobby(
        self, status: str | None = None, seat_tokens: Sequence[str] = ()
    ) -> list[dict[str, Any]]:
        return []


class NoJobs:
    """Enqueues nothing: breath phases stay open until something resolves them."""

    def after_append(self, game_id: str, version: int, event_types: Sequence[str]) -> None:
        return None


class InlineJobs:
    """Resolves a breath phase in the request that opened it (one process, no workers)."""

    def __init__(self, resolve_breath: Callable[[str], object]) -> None:
        self._resolve_breath = resolve_breath

    def after_append(self, game_id: str, version: int, event_types: Sequence[str]) -> None:
        if BREATH_OPENED in event_types:
            self._resolve_breath(game_id)
