"""A projection round's reads and writes over the stores one by one: the RoundReader and
RoundWriter wherever the stores give no joined ones (in memory, and the tests)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lorekeeper.clocks.ports import DeadlineIndex
from lorekeeper.games.ports import EventStore, ProjectionStore
from lorekeeper.players.ports import LobbyIndex, TableStore
from lorekeeper.projections.ports import RoundReads, RoundWrites
from lorekeeper.push.ports import NotificationLog


class SequentialRoundReader:
    """A RoundReader that asks each store in turn (in memory; and wherever no store-specific
    reader is given). Without a table store, every table is None; `clear_pending`: what
    clears the games' pending-projection flags, when a round asks it to."""

    def __init__(
        self,
        projections: ProjectionStore,
        events: EventStore,
        tables: TableStore | None = None,
        clear_pending: Callable[[Sequence[str]], None] | None = None,
    ) -> None:
        self._projections = projections
        self._events = events
        self._tables = tables
        self._clear_pending = clear_pending

    def read(self, reads: Sequence[tuple[str, int]], *, clear_pending: bool = False) -> RoundReads:
        game_ids = [game_id for game_id, _ in reads]
        if clear_pending:
            if self._clear_pending is None:
                raise TypeError("this round reader was made without the pending flags")
            self._clear_pending(game_ids)
        checkpoints = self._projections.checkpoints(game_ids)
        tails = self._events.tails(reads)
        if self._tables is None:
            return RoundReads(checkpoints, tails, [None] * len(game_ids))
        return RoundReads(checkpoints, tails, self._tables.load_many(game_ids))


class SequentialRoundWriter:
    """A RoundWriter that calls each store in turn, the projections last (in memory; and
    wherever no store-specific writer is given). A part without a store is not written."""

    def __init__(
        self,
        projections: ProjectionStore,
        lobby: LobbyIndex | None = None,
        deadlines: DeadlineIndex | None = None,
        notes: NotificationLog | None = None,
    ) -> None:
        self._projections = projections
        self._lobby = lobby
        self._deadlines = deadlines
        self._notes = notes

    def write(self, writes: RoundWrites) -> list[bool]:
        if self._notes is not None and writes.notes:
            self._notes.record_many(writes.notes)
        if self._lobby is not None and writes.listings:
            self._lobby.update(writes.listings)
        if self._deadlines is not None and writes.deadlines:
            self._deadlines.schedule(writes.deadlines)
        if not writes.saves:
            return []
        return self._projections.save(writes.saves, replace_equal=writes.replace_equal)
