"""One backend's stores, as a composition root hands them to the application
(api/composition.py, workers/context.py, through wiring.py)."""

from __future__ import annotations

from dataclasses import dataclass

from lorekeeper.audit.ports import TransparencyStore
from lorekeeper.clocks.ports import DeadlineIndex
from lorekeeper.games.ports import (
    ArchiveStore,
    DiceStore,
    EventStore,
    ProjectionStore,
    SeatTokenStore,
    SnapshotStore,
)
from lorekeeper.players.ports import LobbyIndex, PlayerStore, TableStore
from lorekeeper.ratings.ports import RatingStore


@dataclass(frozen=True)
class Stores:
    """One backend's stores, as a composition root hands them to the application."""

    events: EventStore
    projections: ProjectionStore
    seats: SeatTokenStore
    dice: DiceStore
    players: PlayerStore
    tables: TableStore
    lobby: LobbyIndex
    deadlines: DeadlineIndex
    snapshots: SnapshotStore | None = None  # None: every load folds from the first event
    archives: ArchiveStore | None = None  # None: finished games keep their streams
    transparency: TransparencyStore | None = None  # None: no transparency log
    ratings: RatingStore | None = None  # None: no game is rated (docs/ratings.md)
