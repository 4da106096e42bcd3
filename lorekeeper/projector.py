"""Board projections: each game's stored board view and lobby listing, kept up to its stream.

`project` loads the games through the GameLog (their cached copies fast-forwarded with the
events their projections have not seen: one read for all of them) and saves their views in
one go, keeps a snapshot of each game that passed a multiple of LOREKEEPER_SNAPSHOT_EVERY
events (lorekeeper/snapshots.py); before the save it tells the players, lists the games in
the lobby and schedules the clocked games' deadlines, so a crash leaves none of them behind.
The save is guarded by version, so projecting twice, or two at once, changes nothing. The
workers' projection loop runs it (workers/projection_loop.py); so does the in-memory job
queue in a single process.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from domain.view import ALL_SEATS, board_view
from lorekeeper.clocks import clock_json
from lorekeeper.errors import GameNotFound
from lorekeeper.gamelog import Game, GameLog
from lorekeeper.lobby import Lister, lobby_entry, to_act
from lorekeeper.ports import ProjectionSave, ProjectionStore

__all__ = ["Outcome", "Projector", "lobby_entry", "projection_of", "to_act"]

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


class Projector:
    def __init__(
        self,
        log: GameLog,
        projections: ProjectionStore,
        lister: Lister | None = None,
        schedule: Callable[[Sequence[Game]], None] | None = None,
    ) -> None:
        self._log = log
        self._projections = projections
        self._lister = lister
        self._schedule = schedule  # the clocked games' deadlines (lorekeeper/timekeeper.py)

    def project(self, game_ids: Sequence[str]) -> dict[str, Outcome | Exception]:
        """Bring the games' projections up to their streams: one read of their checkpoints,
        one of their new events, one save; then their lobby listings (lorekeeper/lobby.py),
        also of games whose events did not change (a seat may have). A game that fails gives
        its exception in its place; the others go on."""
        games = list(dict.fromkeys(game_ids))
        checkpoints = self._projections.checkpoints(games)
        outcomes: dict[str, Outcome | Exception] = {}
        saves: list[ProjectionSave] = []
        moved: list[tuple[int, Game]] = []  # (the version projected before, the game now)
        loaded_games = self._log.load_many(games)
        games_loaded = [g for g in loaded_games if isinstance(g, Game)]
        if self._lister is not None:
            # The players' notifications, the lobby's listings and the clocks' deadlines
            # before the projections are saved: a worker killed in between leaves the
            # projections trailing their streams, so the reconciler projects (and tells, lists,
            # schedules) again, each guarded by the game's version; after, nothing would
            # bring them back (a game with no further command would stay listed as it was).
            tables = self._lister.tables_of(games_loaded)
            self._lister.notify(games_loaded, tables)
            self._lister.list_games(games_loaded, tables, notify=False)
        if self._schedule is not None:
            self._schedule(games_loaded)
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
        for save, wrote in zip(saves, self._projections.save(saves), strict=True):
            outcomes[save.game_id] = Outcome(save.version, wrote)
        self._log.keep_snapshots(moved)
        return outcomes

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
        written = self._projections.save([projection_of(game)], replace_equal=True)[0]
        if self._lister is not None:
            self._lister.list_games([game])
        if self._schedule is not None:
            self._schedule([game])
        return Outcome(game.version, written)
