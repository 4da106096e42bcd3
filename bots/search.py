"""Information-set Monte Carlo tree search (single observer), as OpenSpiel's ISMCTS.

Each iteration deals one world the seat cannot tell apart from the real one (the hidden
cards dealt again, the dice to come rolled from the bot's own random stream: knowledge.py),
walks the one shared tree down it, choosing by UCB1 among the actions legal in that world
(each child counts how often it was available), adds one node, plays the world on with the
fast policy for a set number of turns, and scores the end (evaluate.py). Every seat in the
tree picks what is best for itself. The answer is the root's most visited action.

Chance (the dice, the breath phase) is never a node: each iteration draws it anew, which
makes the dice chance nodes sampled once per visit.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from bots.candidates import actor, candidates
from bots.evaluate import evaluate
from bots.knowledge import GuessedDice, determinize, information_set
from domain import commands as cmd
from domain.decider import decide_and_fold, resolve_breath
from domain.errors import RuleViolation
from domain.evolve import fold
from domain.state import GameState

EXPLORE = 0.7
_MAX_STEPS = 400  # a playout's decisions at most (a guard: turns end long before)


@dataclass
class Node:
    """One action's statistics: visits, value summed for the seat that chose it, and how
    often it was available (ISMCTS's availability count)."""

    seat: int
    visits: int = 0
    value: float = 0.0
    available: int = 0
    children: dict[str, Node] = field(default_factory=dict)


@dataclass(frozen=True)
class Budget:
    """How long to think: at most `iterations`, and at most `seconds` of wall time when set
    (None: iterations only, which is reproducible under a seed)."""

    iterations: int
    seconds: float | None = None
    horizon: int = 1  # turns a playout plays on from the search's turn before it is scored


@dataclass
class Outcome:
    """The chosen action and what the search did to find it."""

    action: cmd.Command
    iterations: int
    visits: dict[str, int]


def search(state: GameState, seat: int, budget: Budget, seed: int | str) -> Outcome:
    """The action `seat` takes in `state`, found by searching only what the seat knows."""
    known = information_set(state, seat)
    rng = random.Random(f"{seed}:{known.version}:{seat}")
    root = Node(seat)
    first = candidates(determinize(known, rng), seat)
    if len(first) == 1:
        return Outcome(first[0], 0, {repr(first[0]): 0})
    by_key = {repr(a): a for a in first}
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    done = 0
    while done < budget.iterations:
        if deadline is not None and done > 0 and time.perf_counter() >= deadline:
            break
        world = determinize(known, rng)
        _iterate(root, world, GuessedDice(rng), rng, budget.horizon, by_key)
        done += 1
    visits = {k: c.visits for k, c in root.children.items() if k in by_key}
    best = max(visits, key=lambda k: (visits[k], root.children[k].value))
    return Outcome(by_key[best], done, visits)


def _iterate(
    root: Node,
    state: GameState,
    dice: GuessedDice,
    rng: random.Random,
    horizon: int,
    root_actions: dict[str, cmd.Command],
) -> None:
    stop_turn = state.turn + horizon
    path: list[Node] = []
    node = root
    expanded = False
    while not expanded:
        state = _server_steps(state, dice)
        seat = actor(state)
        if seat is None:
            break
        options = candidates(state, seat) if node is not root else list(root_actions.values())
        keys = [repr(a) for a in options]
        for key in keys:
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node(seat)
            child.available += 1
        fresh = [i for i, k in enumerate(keys) if node.children[k].visits == 0]
        if fresh:
            i, expanded = fresh[0], True
        else:
            i = max(range(len(keys)), key=lambda j: _ucb(node.children[keys[j]]))
        state = _apply(state, options[i], dice, seat)
        node = node.children[keys[i]]
        path.append(node)
    state = _playout(state, dice, rng, stop_turn)
    values = evaluate(state)
    for visited in path:
        visited.visits += 1
        visited.value += values[visited.seat]


def _ucb(child: Node) -> float:
    mean = child.value / child.visits
    return mean + EXPLORE * math.sqrt(math.log(child.available) / child.visits)


def _playout(state: GameState, dice: GuessedDice, rng: random.Random, stop_turn: int) -> GameState:
    """Play on with the fast policy (mostly the first candidate, sometimes another) until
    `stop_turn` begins or the game ends."""
    for _ in range(_MAX_STEPS):
        state = _server_steps(state, dice)
        seat = actor(state)
        if seat is None or state.turn >= stop_turn:
            break
        options = candidates(state, seat)
        pick = options[0] if rng.random() < 0.75 else rng.choice(options)
        state = _apply(state, pick, dice, seat)
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
