"""The port of the audit: where the transparency log keeps its leaves (docs/audit.md,
section 7).

It has a Redis adapter and an in-memory twin (adapters/redis/, adapters/memory/), and both
pass the same contract suite (tests/adapters/test_transparency_store_contract.py).
"""

from __future__ import annotations

from typing import Protocol


class TransparencyStore(Protocol):
    """The transparency log's leaves, append-only, in order (transparency.py), and
    each game's salt. Each leaf has a unique name (`game_created:<game id>`,
    `game_finished:<game id>`): appending a name twice keeps the first leaf and answers its
    index. A game's salt, once kept, never changes. One on the coordination Redis."""

    def append(self, name: str, data: bytes, limit: int) -> int | None:
        """The leaf's index (its first one for a name seen before); None when the log holds
        `limit` leaves already."""
        ...

    def index_of(self, name: str) -> int | None: ...

    def size(self) -> int: ...

    def leaves(self, start: int, stop: int) -> list[bytes]:
        """Leaves `start` to `stop - 1` (fewer past the end)."""
        ...

    def salt(self, game_id: str, fresh: str, limit: int) -> str | None:
        """The game's salt: the one kept, or `fresh`, kept now, when it has none (once, even
        when two ask at once); None when it has none and the log holds `limit` leaves."""
        ...

    def salt_of(self, game_id: str) -> str | None: ...
