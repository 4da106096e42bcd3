"""Board projections: each game's stored board view and lobby listing, kept up to its stream.

`project` loads the games through the GameLog (their cached copies fast-forwarded with the
events their projections have not seen: one read for all of them) and writes the round: the
players' notifications, the games' lobby listings, the clocked games' deadlines, then their
views, together (a RoundWriter: on one Redis, one round trip, adapters/redis_rounds.py), the
views last, so a crash leaves none of the others behind. It keeps a snapshot of each game
that passed a multiple of LOREKEEPER_SNAPSHOT_EVERY events (lorekeeper/snapshots.py). The
save is guarded by version, so projecting twice, or two at once, changes nothing. The
workers' projection loop runs it (workers/projection_loop.py); so does the in-memory job
queue in a single process.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from domain.view import ALL_SEATS, board_view
from lorekeeper.clocks import clock_json
from lorekeeper.errors import GameNotFound
from lorekeeper.gamelog import Game, GameLog
from lorekeeper.lobby import Lister, lobby_entry, to_act
from lorekeeper.notifications import records_of
from lorekeeper.ports import (
    DeadlineIndex,
    LobbyIndex,
    NotificationLog,
    ProjectionSave,
    ProjectionStore,
    RoundWriter,
    RoundWrites,
)
from lorekeeper.timekeeper import deadlines_of

__all__ = ["Outcome", "Projector", "SequentialRoundWriter", "lobby_entry", "projection_of",
           "to_act"]  # fmt: skip

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Outcome:
    version: int  # the game's version the projection now shows (0: no such game)
    written: bool  # whether this run stored a new projection


def projection_of(game: Game) -> ProjectionSave:
    """The stored view (with the clocks of a clocked game, as they stood at its last event:
    readers bring the running one up to their time)."""
    view = board_view(game.state, ALL_SEATS)
    if game.clock is not None:
        view["clock"] = clock_json(game.clock, game.head_time_ms)
    return ProjectionSave(game.id, game.version, view)


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


class Projector:
    def __init__(
        self,
        log: GameLog,
        projections: ProjectionStore,
        lister: Lister | None = None,
        *,
        writer: RoundWriter | None = None,
        notify: bool = False,
        clocks: bool = False,
    ) -> None:
        """`lister`: the games are listed in the lobby; `notify`: their players are told
        (lorekeeper/notifications.py); `clocks`: the clocked games' deadlines are kept
        (lorekeeper/timekeeper.py); `writer`: where the round's writes go (by default the
        projections alone)."""
        self._log = log
        self._projections = projections
        self._lister = lister
        self._writer = writer or SequentialRoundWriter(projections)
        self._notify = notify
        self._clocks = clocks

    def project(self, game_ids: Sequence[str]) -> dict[str, Outcome | Exception]:
        """Bring the games' projections up to their streams: one read of their checkpoints,
        one of their new events, one of their tables, one write of the round (with their
        lobby listings, also of games whose events did not change: a seat may have). A game
        that fails gives its exception in its place; the others go on."""
        games = list(dict.fromkeys(game_ids))
        checkpoints = self._projections.checkpoints(games)
        outcomes: dict[str, Outcome | Exception] = {}
        saves: list[ProjectionSave] = []
        moved: list[tuple[int, Game]] = []  # (the version projected before, the game now)
        loaded_games = self._log.load_many(games)
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
        written = self._write([g for g in loaded_games if isinstance(g, Game)], saves)
        for save, wrote in zip(saves, written, strict=True):
            outcomes[save.game_id] = Outcome(save.version, wrote)
        self._log.keep_snapshots(moved)
        return outcomes

    def _write(
        self, games: Sequence[Game], saves: Sequence[ProjectionSave], *, replace_equal: bool = False
    ) -> list[bool]:
        """The round's writes, derived from `games`, and `saves`: each save's result."""
        notes, listings = [], []
        if self._lister is not None and games:
            tables = self._lister.tables_of(games)
            listings = self._lister.listings_of(games, tables)
            if self._notify:
                notes = records_of(list(zip(games, tables, strict=True)))
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
        return projection_of(loaded)

    def rebuild(self, game_id: str) -> Outcome:
        """Replay the whole stream and store the result, replacing a projection of the same
        version (same bytes when it was right) or of a version the stream does not have;
        keep a snapshot at every multiple of snapshot_every on the way."""
        game = self._log.replay(game_id, keep_snapshots=True)
        if self._projections.checkpoints([game_id])[0] > game.version:
            self._projections.delete(game_id)
        written = self._write([game], [projection_of(game)], replace_equal=True)[0]
        return Outcome(game.version, written)
