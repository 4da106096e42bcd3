"""Positions for the search bot's tests: a river_crossing game played by `battler`."""

from __future__ import annotations

from functools import cache

from bots.candidates import actor, candidates
from bots.search import battler_move
from domain import DiceSource, GameState, SeededDice, new_game, replay
from domain.decider import decide_and_fold, resolve_breath
from domain.evolve import fold
from domain.scenarios import get_scenario


@cache
def battler_game() -> list[GameState]:
    """Every state of a river_crossing game both seats of which `battler` plays, before each
    decision (dice: SeededDice(SEED))."""
    return play(SeededDice(SEED))


SEED = "positions"


def play(dice: DiceSource, decisions: int | None = None) -> list[GameState]:
    """The states before each decision of that game with these dice, to its end or to
    `decisions` decisions."""
    doc = get_scenario("river_crossing")
    assert doc is not None
    state, seen = replay(new_game(doc)), list[GameState]()
    while not state.is_over and len(seen) != decisions:
        if state.phase == "breath":
            state = fold(state, resolve_breath(state, dice))
            continue
        seat = actor(state)
        assert seat is not None
        seen.append(state)
        state = decide_and_fold(state, battler_move(state, seat), dice, seat)[1]
    return seen


def choices(phase: str, most: int = 3) -> list[GameState]:
    """Up to `most` states of that game in `phase` where seat 0 has a real choice."""
    found = []
    for state in battler_game():
        seat = actor(state)
        usual = seat == 0 and state.phase == phase and state.pending is None
        if usual and len(candidates(state, 0)) > 2:
            found.append(state)
        if len(found) == most:
            break
    return found
