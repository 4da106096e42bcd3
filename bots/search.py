"""Information-set Monte Carlo search: try each candidate in worlds the seat cannot tell apart
from the real one, play each world on with the `battler` rule, keep the move that did best.

A world (knowledge.py) deals the other seats' hidden cards again and rolls the dice to come
from the bot's own random stream. Each round deals one world and plays every candidate still
in the race in it, with the same cards and the same dice, so candidates are compared on equal
luck. After a candidate's move the world plays on: every seat, the searching one included,
follows `battler` (battler.py), through the other seats' turns, until the searching seat's
turn comes round again (`Budget.horizon` times). Then the position is scored (evaluate.py).
Every second round the worse half of the race drops out (successive halving), so the budget
goes to the close calls. `battler`'s own move is always a candidate, and wins ties.

Chance (the dice, the breath phase) is never chosen: each round draws it anew, so a move is
judged on its average over the dice.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from bots.battler import choose_action
from bots.candidates import actor, candidates
from bots.evaluate import evaluate
from bots.knowledge import GuessedDice, determinize, information_set
from domain import commands as cmd
from domain.commands import command_from_json
from domain.decider import decide_and_fold, resolve_breath
from domain.errors import RuleViolation
from domain.evolve import fold
from domain.legal import legal_listing
from domain.state import GameState
from domain.view import board_view

_MAX_STEPS = 1000  # a playout's decisions at most (a guard: its turns end long before)
_KEPT = 2  # successive halving stops at this many candidates


@dataclass(frozen=True)
class Budget:
    """How long to think: at most `iterations` playouts, and at most `seconds` of wall time
    when set (None: iterations only, which is reproducible under a seed)."""

    iterations: int
    seconds: float | None = None
    horizon: int = 1  # times the searching seat's turn comes round before a playout is scored


@dataclass
class Outcome:
    """The chosen action and what the search did to find it: playouts in all, and per
    candidate."""

    action: cmd.Command
    iterations: int
    visits: dict[str, int]


def search(state: GameState, seat: int, budget: Budget, seed: int | str) -> Outcome:
    """The action `seat` takes in `state`, found by searching only what the seat knows."""
    known = information_set(state, seat)
    rng = random.Random(f"{seed}:{known.version}:{seat}")
    options = root_candidates(determinize(known, rng), seat)
    if len(options) == 1:
        return Outcome(options[0], 0, {repr(options[0]): 0})
    scores: list[dict[int, float]] = [{} for _ in options]  # per candidate: round -> score
    racing = list(range(len(options)))
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    done = rounds = 0
    while done < budget.iterations and not _late(deadline, done):
        world, luck = determinize(known, rng), rng.getrandbits(64)
        for i in racing[: budget.iterations - done]:
            if _late(deadline, done):
                break
            dice = GuessedDice(random.Random(luck))
            end = playout(_apply(world, options[i], dice, seat), dice, seat, budget.horizon)
            scores[i][rounds] = evaluate(end)[seat]
            done += 1
        rounds += 1
        if rounds % 2 == 0 and len(racing) > _KEPT:
            racing.sort(key=lambda i: (-_mean(scores[i]), i))
            racing = sorted(racing[: max(_KEPT, (len(racing) + 1) // 2)])
    best = max(racing, key=lambda i: (_mean(scores[i]), -i))
    runs = {repr(options[i]): len(scores[i]) for i in range(len(options))}
    return Outcome(options[best], done, runs)


def _mean(scores: dict[int, float]) -> float:
    return sum(scores.values()) / len(scores) if scores else -1.0


def _late(deadline: float | None, done: int) -> bool:
    return deadline is not None and done > 0 and time.perf_counter() >= deadline


def root_candidates(world: GameState, seat: int) -> list[cmd.Command]:
    """`battler`'s move first, then the search's own candidates (candidates.py)."""
    out: dict[str, cmd.Command] = {}
    for action in (battler_move(world, seat), *candidates(world, seat)):
        out.setdefault(repr(action), action)
    return list(out.values())


def battler_move(state: GameState, seat: int) -> cmd.Command:
    """What `battler` plays for `seat`: its rule on the seat's board view and legal actions."""
    listing = legal_listing(state, seat)
    view = board_view(state, seat)
    return command_from_json(choose_action(view, listing["actions"], seat, listing.get("order")))


def playout(state: GameState, dice: GuessedDice, seat: int, horizon: int) -> GameState:
    """Play on with `battler` for every seat until `seat`'s turn has come round `horizon`
    times, or the game ends."""
    turn, laps = state.turn, 0
    for _ in range(_MAX_STEPS):
        state = _server_steps(state, dice)
        if state.turn != turn:
            turn = state.turn
            if state.active == seat:
                laps += 1
        mover = actor(state)
        if mover is None or laps >= horizon:
            break
        state = _apply(state, battler_move(state, mover), dice, mover)
    return state


def _server_steps(state: GameState, dice: GuessedDice) -> GameState:
    """The breath phase the server resolves (R-TRN-6), rolled with the imagined dice."""
    while state.phase == "breath":
        state = fold(state, resolve_breath(state, dice))
    return state


def _apply(state: GameState, action: cmd.Command, dice: GuessedDice, seat: int) -> GameState:
    try:
        return decide_and_fold(state, action, dice, seat)[1]
    except RuleViolation:  # legal in the world dealt, yet refused: resign the playout's seat
        return decide_and_fold(state, cmd.Resign(), dice, seat)[1]
