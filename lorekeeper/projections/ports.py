"""The ports of a projection round: its reads and its writes, each together, so a round
costs as few round trips as the stores allow.

Redis has its own reader and writer (adapters/redis/rounds.py); everywhere else the plain
ones ask each store in turn (rounds.py). tests/adapters/test_round_io_contract.py runs both.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from lorekeeper.clocks.ports import Deadline
from lorekeeper.games.ports import ProjectionSave, Tail
from lorekeeper.players.ports import Listing
from lorekeeper.players.tables import Table
from lorekeeper.push.ports import NoteRecord


class RoundReads(NamedTuple):
    checkpoints: list[int]  # ProjectionStore.checkpoints's
    tails: list[Tail]  # EventStore.tails's
    tables: list[Table | None]  # TableStore.load_many's


class RoundReader(Protocol):
    """Reads what a projection round needs of its games, in this order: their projections'
    checkpoints, their new events, their tables (tests/adapters/test_round_io_contract.py):
    a checkpoint read before the events it is compared with, a table at least as new as the
    events. As few round trips as the stores allow (on one Redis, one)."""

    def read(self, reads: Sequence[tuple[str, int]], *, clear_pending: bool = False) -> RoundReads:
        """For each (game id, from version) of `reads` (EventStore.tails's). `clear_pending`:
        first clear the games' pending-projection flags (the workers' job queue's), in the
        same round trip where the stores allow, so an append the reads miss asks for another
        round; a reader made without the flags refuses it (TypeError)."""
        ...


@dataclass(frozen=True)
class RoundWrites:
    """What one projection round writes: the players' notes, the games' listings, the clocked
    games' deadlines, the projections (`replace_equal`: as ProjectionStore.save's)."""

    notes: Sequence[NoteRecord] = ()
    listings: Sequence[Listing] = ()
    deadlines: Sequence[Deadline] = ()
    saves: Sequence[ProjectionSave] = ()
    replace_equal: bool = False


class RoundWriter(Protocol):
    """Writes a projection round to the stores each part belongs to, the projections last
    (tests/adapters/test_round_io_contract.py): as few round trips as the stores allow
    (on one Redis, one), since each write round trip waits for the disk under appendfsync
    always (BENCHMARKS.md)."""

    def write(self, writes: RoundWrites) -> list[bool]:
        """Each save's result (whether it was written). A write before the saves that fails
        is raised, and no projection of the round is left newer than what was derived with
        it: the saves did not run, or those that wrote are deleted (to be projected again)."""
        ...


class Rounds(NamedTuple):
    """A backend's RoundReader and RoundWriter (the composition roots give Redis's)."""

    reader: RoundReader
    writer: RoundWriter
