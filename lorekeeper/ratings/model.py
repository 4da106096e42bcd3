"""The rating model: OpenSkill's Plackett-Luce, on a scale like Elo's (docs/ratings.md).

The defaults of openskill (mu 25, sigma 25/3, beta sigma/2, tau mu/300) times 60: the same
model, with numbers players know. An auditor recomputes an entry with these parameters.
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

from lorekeeper.ratings.ports import Skill

MODEL = "openskill.PlackettLuce(mu=1500, sigma=500, beta=250, tau=5)"
INITIAL = Skill(1500.0, 500.0)
_MODEL = PlackettLuce(mu=1500.0, sigma=500.0, beta=250.0, tau=5.0)


def rated(before: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """Each seat's rating after a game in which seat i placed `ranks[i]` (1 is first)."""
    teams = [[_MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in before]
    after = _MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [Skill(team[0].mu, team[0].sigma) for team in after]


def ranks_of(seats: int, winner: int | None, draw: bool) -> list[int] | None:
    """Each seat's rank: the winner first, the others second; all first in a draw. None for
    a game that ended with neither."""
    if draw:
        return [1] * seats
    if winner is None or not 0 <= winner < seats:
        return None
    return [1 if seat == winner else 2 for seat in range(seats)]


def result_of(rank: int, ranks: Sequence[int]) -> str:
    if all(r == ranks[0] for r in ranks):
        return "draw"
    return "win" if rank == 1 else "loss"
