"""Board projections: each game's stored board view and lobby listing, kept up to its stream.

`project` loads the games through the GameLog (their cached copies fast-forwarded with the
events their projections have not seen: one read for all of them) and writes the round: the
players' notifications, the games' lobby listings, the clocked games' deadlines, then their
views, together (a RoundWriter: on one Redis, one round trip, adapters/redis/rounds.py), the
views last, so a crash leaves none of the others behind. It keeps a snapshot of each game
that passed a multiple of LOREKEEPER_SNAPSHOT_EVERY events (lorekeeper/games/snapshots.py). The
save is guarded by version, so projecting twice, or two at once, changes nothing. The
workers' projection loop runs it (workers/projection_loop.py); so does the in-memory job
queue in a single process.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from domain.view import ALL_SEATS, ViewParts, board_view
from lorekeeper.clocks.reading import clock_json
from lorekeeper.clocks.timekeeper import deadlines_of
from lorekeeper.errors import GameNotFound
from lorekeeper.games.game import Game
from lorekeeper.games.log import GameLog
from lorekeeper.games.ports import ProjectionSave, ProjectionStore
from lorekeeper.players.lobby import Lister
from lorekeeper.players.tables import Table
from lorekeeper.projections.ports import RoundReader, RoundWriter, RoundWrites
from lorekeeper.projections.rounds import SequentialRoundReader, SequentialRoundWriter
from lorekeeper.push.notifications import records_of

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Outcome:
    version: int  # the game's version the projection now shows (0: no such game)
    written: bool  # whether this run stored a new projection


def projection_of(game: Game, parts: ViewParts | None = None) -> ProjectionSave:
    """The stored view (with the clocks of a clocked game, as they stood at its last event:
    readers bring the running one up to their time); with `parts`, made of the parts of the
    views made before where they are the same (domain/view.py: the view is only stored)."""
    view = board_view(game.state, ALL_SEATS, parts)
    if game.clock is not None:
        view["clock"] = clock_json(game.clock, game.head_time_ms)
    return ProjectionSave(game.id, game.version, view)


class Projector:
    def __init__(
        self,
        log: GameLog,
        projections: ProjectionStore,
        lister: Lister | None = None,
        *,
        reader: RoundReader | None = None,
        writer: RoundWriter | None = None,
        notify: bool = False,
        clocks: bool = False,
    ) -> None:
        """`lister`: the games are listed in the lobby; `notify`: their players are told
        (lorekeeper/push/notifications.py); `clocks`: the clocked games' deadlines are kept
        (lorekeeper/clocks/timekeeper.py); `reader`, `writer`: where the round's reads come from
        and its writes go (by default the projections and the log's events alone)."""
        self._log = log
        self._projections = projections
        self._lister = lister
        tables = None if lister is None else lister.tables
        self._reader = reader or SequentialRoundReader(projections, log.events, tables)
        self._writer = writer or SequentialRoundWriter(projections)
        self._notify = notify
        self._clocks = clocks
        self._parts = ViewParts()

    def project(
        self, game_ids: Sequence[str], *, clear_pending: bool = False
    ) -> dict[str, Outcome | Exception]:
        """Bring the games' projections up to their streams: one read of their checkpoints,
        new events and tables (a RoundReader; `clear_pending`: the games' pending-projection
        flags cleared first, in the same round trip), one write of the round (with their
        lobby listings, also of games whose events did not change: a seat may have). A game
        that fails gives its exception in its place; the others go on."""
        games = list(dict.fromkeys(game_ids))
        plan = self._log.plan_load(games)
        checkpoints, tails, tables = self._reader.read(plan.reads, clear_pending=clear_pending)
        unknown = [i for i, tail in enumerate(tails) if tail.version == 0]
        if unknown:  # asked of the log's own store too (an archived game's are its archive's)
            again = self._log.events.tails([plan.reads[i] for i in unknown])
            for i, tail in zip(unknown, again, strict=True):
                tails[i] = tail
        outcomes: dict[str, Outcome | Exception] = {}
        saves: list[ProjectionSave] = []
        moved: list[tuple[int, Game]] = []  # (the version projected before, the game now)
        loaded_games = self._log.finish_load(plan, tails)
        for game_id, stored, loaded in zip(games, checkpoints, loaded_games,
                                           strict=True):  # fmt: skip
            try:
                save = self._save_of(game_id, stored, loaded)
            except Exception as exc:  # one broken game must not hold up the others
                outcomes[game_id] = exc
                continue
            if isinstance(save, Outcome):
                outcomes[game_id] = save
            else:
                saves.append(save)
                if isinstance(loaded, Game):
                    moved.append((stored, loaded))
        # The notifications, listings and deadlines go before the saves: a worker killed in
        # between leaves the projections trailing their streams, so the reconciler projects
        # (and tells, lists, schedules) again, each guarded by the game's version; after,
        # nothing would bring them back (a game with no further command would stay listed
        # as it was).
        listed = [(g, t) for g, t in zip(loaded_games, tables, strict=True) if isinstance(g, Game)]
        written = self._write(listed, saves)
        for save, wrote in zip(saves, written, strict=True):
            outcomes[save.game_id] = Outcome(save.version, wrote)
        self._log.keep_snapshots(moved)
        return outcomes

    def _write(
        self,
        listed: Sequence[tuple[Game, Table | None]],
        saves: Sequence[ProjectionSave],
        *,
        replace_equal: bool = False,
    ) -> list[bool]:
        """The round's writes, derived from the games with their tables, and `saves`: each
        save's result."""
        games = [game for game, _ in listed]
        notes, listings = [], []
        if self._lister is not None and games:
            listings = self._lister.listings_of(games, [table for _, table in listed])
            if self._notify:
                notes = records_of(listed)
        deadlines = deadlines_of(games) if self._clocks else []
        return self._writer.write(RoundWrites(notes, listings, deadlines, saves, replace_equal))

    def _save_of(
        self, game_id: str, stored: int, loaded: Game | Exception
    ) -> ProjectionSave | Outcome:
        """What to save, or the Outcome when there is nothing to save."""
        if isinstance(loaded, GameNotFound):
            return Outcome(0, False)
        if isinstance(loaded, Exception):
            raise loaded
        if stored > loaded.version:
            # Never seen with AOF (a prefix survives a crash); without it, the stream may lose
            # what the projection kept. The stream is the truth.
            log.error(
                "projection.ahead_of_stream",
                extra={"game_id": game_id, "version": stored, "head": loaded.version},
            )
            self._projections.delete(game_id)
        elif stored == loaded.version:
            return Outcome(loaded.version, False)
        return projection_of(loaded, self._parts)

    def rebuild(self, game_id: str) -> Outcome:
        """Replay the whole stream and store the result, replacing a projection of the same
        version (same bytes when it was right) or of a version the stream does not have;
        keep a snapshot at every multiple of snapshot_every on the way."""
        game = self._log.replay(game_id, keep_snapshots=True)
        read = self._reader.read([(game_id, game.version + 1)])
        if read.checkpoints[0] > game.version:
            self._projections.delete(game_id)
        table = read.tables[0]
        written = self._write([(game, table)], [projection_of(game, self._parts)],
                              replace_equal=True)[0]  # fmt: skip
        return Outcome(game.version, written)
