"""The in-memory twins of the ratings' ports (lorekeeper/ratings/ports.py): the store, one
lock, no I/O; and a queue that rates in this process."""

from __future__ import annotations

import bisect
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from lorekeeper.ratings.ports import (
    Appended,
    BoardPage,
    LoggedEntry,
    PlayerRating,
    RatingEntry,
    Skill,
    board_place,
)


class InMemoryRatingStore:
    def __init__(self) -> None:
        self._log: list[RatingEntry] = []
        self._games: dict[str, int] = {}
        self._ratings: dict[str, PlayerRating] = {}
        self._board: list[str] = []  # places, sorted
        self._due: dict[str, int] = {}  # game id -> when it was noted
        self._lock = threading.Lock()

    def ratings(self, player_ids: Sequence[str], initial: Skill) -> list[PlayerRating]:
        with self._lock:
            return [self._ratings.get(p, PlayerRating(p, initial)) for p in player_ids]

    def append(self, entry: RatingEntry, revs: Mapping[str, int]) -> Appended:
        with self._lock:
            if entry.game_id in self._games:
                return Appended("exists", self._games[entry.game_id])
            for seat in entry.seats:
                held = self._ratings.get(seat.player_id)
                if (-1 if held is None else held.rev) != revs.get(seat.player_id):
                    return Appended("conflict", None)
            position = len(self._log)
            self._log.append(entry)
            self._games[entry.game_id] = position
            self._due.pop(entry.game_id, None)
            for seat in entry.seats:
                held = self._ratings.get(seat.player_id)
                held = held or PlayerRating(seat.player_id, seat.before)
                if held.rev >= 0:
                    self._board.remove(board_place(held.skill.mu, held.player_id))
                self._ratings[seat.player_id] = replace(
                    held, skill=seat.after, rev=position, games=held.games + 1,
                    wins=held.wins + (seat.result == "win"),
                    losses=held.losses + (seat.result == "loss"),
                    draws=held.draws + (seat.result == "draw"),
                )  # fmt: skip
                bisect.insort(self._board, board_place(seat.after.mu, seat.player_id))
            return Appended("appended", position)

    def entry_of(self, game_id: str) -> LoggedEntry | None:
        with self._lock:
            position = self._games.get(game_id)
            return None if position is None else LoggedEntry(position, self._log[position])

    def mark_due(self, game_id: str, now_ms: int) -> None:
        with self._lock:
            if game_id not in self._games:
                self._due[game_id] = max(now_ms, self._due.get(game_id, now_ms))

    def drop_due(self, game_id: str, noted_before_ms: int) -> None:
        with self._lock:
            if self._due.get(game_id, noted_before_ms) < noted_before_ms:
                del self._due[game_id]

    def due(self, before_ms: int, limit: int) -> list[str]:
        with self._lock:
            waiting = sorted((ms, g) for g, ms in self._due.items() if ms < before_ms)
            return [g for _, g in waiting[:limit]]

    def entries(self, after: int, limit: int) -> list[LoggedEntry]:
        with self._lock:
            start = max(after + 1, 0)
            return [LoggedEntry(n, self._log[n])
                    for n in range(start, min(start + limit, len(self._log)))]  # fmt: skip

    def leaderboard(self, after: str | None, limit: int) -> BoardPage:
        with self._lock:
            start = 0 if after is None else bisect.bisect_right(self._board, after)
            places = self._board[start : start + limit + 1]
            ratings = [self._ratings[p.partition(":")[2]] for p in places[:limit]]
        more = len(places) > limit
        return BoardPage(ratings, places[limit - 1] if more else None)


class InProcessRatingQueue:
    """Rates a game in the process that ended it, at once (tests, single-process runs); with
    nothing attached, keeps the game ids it was given."""

    def __init__(self) -> None:
        self._rate: Callable[[str], object] | None = None
        self._seen: set[str] = set()
        self.kept: list[str] = []
        self._lock = threading.Lock()

    def attach(self, rate: Callable[[str], object]) -> None:
        self._rate = rate

    def enqueue_rating(self, game_id: str) -> bool:
        with self._lock:
            if game_id in self._seen:
                return False
            self._seen.add(game_id)
        if self._rate is None:
            self.kept.append(game_id)
        else:
            self._rate(game_id)
        return True
