"""Rating finished games: the worker's job, the player's rating, the leaderboard, and the
recomputation an auditor runs (docs/ratings.md).

Before an append ends a rated game (`before_end`, watching GameService's ends), the game is
noted as due; after it (`after_commit`, watching its commits), one job is queued:
`rate-<game>`. The note is made first so that a process dying between the append and the
queuing loses nothing: the reconciler rates a game due too long (`rate_overdue`). A note
whose append never landed (a lost race) is dropped there: that game is not over.

The job (`rate_game`) reads the players' ratings, rates the game with the model, and appends
one entry to the ratings log under an optimistic check: the store appends nothing if the log
has an entry for the game already (a job run twice, or after its worker was killed past the
append), or if a player's rating moved since it was read (another game of theirs was rated
meanwhile: read again and retry). So each finished rated game is in
the log exactly once, and the log's order is the order the ratings changed in: folding it
from the start gives every rating again (`recompute`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from domain import GameState
from lorekeeper.clocks.reading import now_ms
from lorekeeper.errors import GameNotFound, Refused
from lorekeeper.games.loading import GameLoader
from lorekeeper.players.ports import TableStore
from lorekeeper.ratings.model import INITIAL, MODEL, ranks_of, rated, result_of
from lorekeeper.ratings.ports import (
    BoardPage,
    LoggedEntry,
    PlayerRating,
    RatedSeat,
    RatingEntry,
    RatingQueue,
    RatingStore,
    Skill,
)
from lorekeeper.ratings.rules import is_rated

log = logging.getLogger(__name__)
TRIES = 16  # optimistic attempts of one rating before the job fails (RQ runs it again)
MAX_PAGE = 100
NOT_RATED, NO_GAME, NOT_OVER = "not a rated game", "no such game", "the game is not over"
UNRATEABLE = (NOT_RATED, NO_GAME, NOT_OVER)


class RatingService:
    def __init__(
        self,
        store: RatingStore,
        tables: TableStore,
        games: GameLoader,
        queue: RatingQueue | None = None,
        *,
        clock: Callable[[], int] = now_ms,
    ) -> None:
        self.store = store
        self._clock = clock
        self._tables = tables
        self._games = games
        self._queue = queue

    def before_end(self, game_id: str) -> None:
        """Note a rated game as due before the append that ends it: the reconciler's safety
        net, which a process dying right after that append cannot skip."""
        if self._queue is not None and is_rated(self._tables.load(game_id)):
            self.store.mark_due(game_id, self._clock())

    def after_commit(self, game_id: str, state: GameState) -> None:
        """Queue the game's rating job when this commit left a rated game over (noted as
        due already, by `before_end`)."""
        if self._queue is None or not state.is_over:
            return
        if is_rated(self._tables.load(game_id)):
            self._queue.enqueue_rating(game_id)

    def rate_overdue(self, older_than_ms: int, limit: int = 100) -> list[str]:
        """Rate here up to `limit` games noted as due longer than `older_than_ms` ago (their
        job was lost, or the process that appended their end died before queuing it): the
        reconciler's pass. The games rated now."""
        rated_now = []
        noted_before = self._clock() - older_than_ms
        for game_id in self.store.due(noted_before, limit):
            result = self.rate_game(game_id)
            if result.get("rated"):
                rated_now.append(game_id)
            elif result.get("reason") in UNRATEABLE:  # not now: stop asking, unless noted again
                self.store.drop_due(game_id, noted_before)
        return rated_now

    def rate_game(self, game_id: str) -> dict[str, Any]:
        """Append the finished game's entry to the ratings log, unless it has one; what
        happened, for the job's result. Safe to run twice, or at once in two workers."""
        table = self._tables.load(game_id)
        if not is_rated(table):
            return {"rated": False, "reason": NOT_RATED}
        if (found := self.store.entry_of(game_id)) is not None:
            return {"rated": False, "reason": "rated already", "position": found.position}
        try:
            game = self._games.load(game_id)
        except GameNotFound:
            return {"rated": False, "reason": NO_GAME}
        ranks = ranks_of(len(game.state.players), game.state.winner, game.state.draw)
        if not game.state.is_over or ranks is None:
            return {"rated": False, "reason": NOT_OVER}
        assert table is not None
        players = [seat.player_id or "" for seat in table.seats]
        for _ in range(TRIES):
            now = self.store.ratings(players, INITIAL)
            after = rated([r.skill for r in now], ranks)
            seats = tuple(
                RatedSeat(
                    n, players[n], ranks[n], result_of(ranks[n], ranks), now[n].skill, after[n]
                )  # fmt: skip
                for n in range(len(players))
            )
            entry = RatingEntry(game_id, game.version, game.head_hash, seats, MODEL)
            done = self.store.append(entry, {r.player_id: r.rev for r in now})
            if done.outcome != "conflict":
                return {"rated": done.outcome == "appended", "position": done.position}
        raise RuntimeError(f"game {game_id}: the players' ratings kept moving; try again")

    def rating_of(self, player_id: str) -> PlayerRating:
        return self.store.ratings([player_id], INITIAL)[0]

    def shown_rating(self, player_id: str) -> int:
        """The player's rating as pages show it: its `mu`, rounded."""
        return shown(self.rating_of(player_id).skill.mu)

    def entry_of(self, game_id: str) -> LoggedEntry:
        found = self.store.entry_of(game_id)
        if found is None:
            raise Refused("rating_not_found", f"the ratings log has no entry for {game_id!r}")
        return found

    def entries(self, after: int, limit: int) -> list[LoggedEntry]:
        return self.store.entries(after, min(max(limit, 1), MAX_PAGE))

    def leaderboard(self, after: str | None, limit: int) -> BoardPage:
        return self.store.leaderboard(after, min(max(limit, 1), MAX_PAGE))


@dataclass
class Recomputed:
    """Every rating folded from the log, and the entries that do not follow from the ones
    before them (none, for a log the server wrote)."""

    ratings: dict[str, Skill] = field(default_factory=dict)
    records: dict[str, dict[str, int]] = field(default_factory=dict)
    mismatches: list[str] = field(default_factory=list)


def shown(mu: float) -> int:
    return round(mu)


def recompute(entries: Iterable[RatingEntry]) -> Recomputed:
    """Fold the ratings log from its first entry: each entry's `before` must be the rating
    the entries before it left, and its `after` what the model makes of them."""
    done = Recomputed()
    for entry in entries:
        before = [done.ratings.get(s.player_id, INITIAL) for s in entry.seats]
        after = rated(before, [s.rank for s in entry.seats])
        for seat, was, now in zip(entry.seats, before, after, strict=True):
            if seat.before != was or seat.after != now:
                done.mismatches.append(f"{entry.game_id}: seat {seat.seat}")
            done.ratings[seat.player_id] = now
            record = done.records.setdefault(seat.player_id, {"win": 0, "loss": 0, "draw": 0})
            record[seat.result] += 1
    return done
