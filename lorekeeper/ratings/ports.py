"""The ports of ratings: where the ratings log and each player's rating are kept, and where a
finished game's rating job is queued (docs/ratings.md).

Each port has a Redis adapter and an in-memory twin (adapters/redis/ratings.py,
adapters/memory/ratings.py); both pass tests/adapters/test_rating_store_contract.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, Protocol

RESULTS = ("win", "loss", "draw")


@dataclass(frozen=True)
class Skill:
    """An OpenSkill rating: `mu` is the estimate, `sigma` how unsure it is."""

    mu: float
    sigma: float

    def to_json(self) -> dict[str, float]:
        return {"mu": self.mu, "sigma": self.sigma}


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating now, and its record of rated games. `rev` is the log position of
    the entry that last changed it (-1 before its first rated game)."""

    player_id: str
    skill: Skill
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    rev: int = -1


@dataclass(frozen=True)
class RatedSeat:
    """One seat of a rated game in its log entry: who, how it placed, its rating both sides."""

    seat: int
    player_id: str
    rank: int  # 1 for the winner (or every seat of a draw), 2 for the others
    result: str  # win, loss, draw
    before: Skill
    after: Skill

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "player_id": self.player_id, "rank": self.rank,
                "result": self.result, "before": self.before.to_json(),
                "after": self.after.to_json()}  # fmt: skip


@dataclass(frozen=True)
class RatingEntry:
    """What the ratings log holds for one finished game: the game, its last version and that
    event's hash (the game as it was rated), and each seat's rating before and after."""

    game_id: str
    version: int
    head_hash: str
    seats: tuple[RatedSeat, ...]
    model: str

    def to_json(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "version": self.version, "head_hash": self.head_hash,
                "model": self.model, "seats": [s.to_json() for s in self.seats]}  # fmt: skip

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RatingEntry:
        seats = tuple(
            RatedSeat(
                int(s["seat"]),
                str(s["player_id"]),
                int(s["rank"]),
                str(s["result"]),
                Skill(**s["before"]),
                Skill(**s["after"]),
            )  # fmt: skip
            for s in data["seats"]
        )
        return cls(str(data["game_id"]), int(data["version"]), str(data["head_hash"]), seats,
                   str(data["model"]))  # fmt: skip


class LoggedEntry(NamedTuple):
    position: int  # its place in the log: 0 for the first entry, then 1, 2 …
    entry: RatingEntry


Outcome = Literal["appended", "exists", "conflict"]


class Appended(NamedTuple):
    outcome: Outcome
    position: int | None  # the game's entry: the new one, or the one found


class BoardPage(NamedTuple):
    ratings: list[PlayerRating]
    next_cursor: str | None  # None after the last page


class RatingStore(Protocol):
    """The ratings log and what it derives: each player's rating and the leaderboard."""

    def ratings(self, player_ids: Sequence[str], initial: Skill) -> list[PlayerRating]:
        """Each player's rating now (`initial`, rev -1, before any rated game)."""
        ...

    def append(self, entry: RatingEntry, revs: Mapping[str, int]) -> Appended:
        """Append `entry` and set its players' ratings, in one step, if the log has no entry
        for its game (else `exists`) and each player's rating is still at the rev in `revs`
        (else `conflict`); nothing changes unless it is `appended`."""
        ...

    def entry_of(self, game_id: str) -> LoggedEntry | None: ...

    def mark_due(self, game_id: str, now_ms: int) -> None:
        """Note that the game waits for its entry, as of `now_ms` (a later note moves it
        later); nothing if it has an entry. The append that adds its entry removes the note."""
        ...

    def drop_due(self, game_id: str, noted_before_ms: int) -> None:
        """Forget that the game waits for its entry (it has none to have), unless it was
        noted again at `noted_before_ms` or later: a note made meanwhile stays."""
        ...

    def due(self, before_ms: int, limit: int) -> list[str]:
        """Up to `limit` games noted as waiting for their entry before `before_ms`, oldest
        first."""
        ...

    def entries(self, after: int, limit: int) -> list[LoggedEntry]:
        """Up to `limit` entries of the log after the position `after` (-1: from the first)."""
        ...

    def leaderboard(self, after: str | None, limit: int) -> BoardPage:
        """Rated players, highest `mu` first (ties by id), after the cursor `after`."""
        ...


class RatingQueue(Protocol):
    """Where a finished rated game's rating job goes (a worker runs it)."""

    def enqueue_rating(self, game_id: str) -> bool:
        """Queue the game's rating job, id `rate-<game>`; False if it was queued already."""
        ...


def board_place(mu: float, player_id: str) -> str:
    """A player's place on the leaderboard, which sorts as text: highest `mu` first (to a
    thousandth), ties by id. A cursor is a place."""
    inverted = min(max(5 * 10**11 - round(mu * 1000), 0), 10**12 - 1)
    return f"{inverted:012d}:{player_id}"
