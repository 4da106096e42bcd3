"""Games the load generator plays, worked out in this process before the clock starts.

A game is played here with the rules and the dice the server will use: dice are a function of
the seed and the roll index (R-DIE-3), so a game created with `options.seed` gives the server
exactly these events. Each step knows the version it is decided on (sent as If-Match) and the
version it leads to (checked against the reply's ETag), so during a run a client only sends
bytes and reads a status line.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain import (
    Command,
    SeededDice,
    command_from_json,
    decide,
    fold,
    legal_actions,
    merge_orders,
    new_game,
    replay,
    resolve_breath,
)
from domain.events import Event
from domain.hexes import distance
from domain.notation import scenario_from_text
from domain.scenarios import get_scenario
from domain.state import GameState

# Seat 0's wyvern breathes on both enemy units every turn (about 14 events a round), as in
# bench/bench_workers.py.
BREATH_BOARD = """
. .   .   .   . .
 . ww0 gf1 gf1 . .
. .   .   .   . .
"""
# How often each kind of command is picked when it is legal (then one of its kind at random):
# more moves and battles than a uniform pick over hundreds of listed orders would give.
_WEIGHTS = {
    "order": 8, "move": 6, "fly": 2, "battle": 8, "trade": 1, "end_movement": 1,
    "end_turn": 1, "choose_retreat": 2, "battle_back": 2, "pass": 2, "react": 1,
}  # fmt: skip


@dataclass(frozen=True)
class Step:
    seat: int
    body: dict[str, Any]
    before: int  # the version the command is decided on (If-Match)
    after: int  # the version once its events are appended (the reply's ETag)
    breath_done: int | None = None  # it opens a breath phase: the version once resolved


@dataclass(frozen=True)
class Script:
    scenario: str | dict[str, Any]  # a shipped scenario's name or a whole document
    seed: str
    steps: tuple[Step, ...]
    events: tuple[Event, ...]  # every event of the game, the server's breath steps included
    over: bool

    def create_body(self) -> dict[str, Any]:
        return {"scenario": self.scenario, "options": {"seed": self.seed, "auto_decisions": True}}


def scenario_doc(scenario: str | Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(scenario, str):
        doc = get_scenario(scenario)
        if doc is None:
            raise ValueError(f"no scenario {scenario!r}")
        return doc
    return dict(scenario)


def seat_to_act(state: GameState) -> int:
    pending = state.pending
    return pending.seat if pending is not None and pending.seat is not None else state.active


def random_game(
    scenario: str | dict[str, Any],
    seed: str,
    *,
    max_turns: int | None = None,
    max_steps: int = 5000,
) -> Script:
    """A game of random legal commands (no resignations, no breath bought) to its end."""
    doc = scenario_doc(scenario)
    if max_turns is not None:
        doc["settings"] = {**doc.get("settings", {}), "max_turns": max_turns}
        scenario = doc
    rnd, dice = random.Random(seed), SeededDice(seed)
    events = new_game(doc, auto_decisions=True)
    state = replay(events)
    steps: list[Step] = []
    while not state.is_over and len(steps) < max_steps:
        seat = seat_to_act(state)
        command = _pick(state, legal_actions(state, seat), rnd)
        new = decide(state, command, dice, seat)
        before = state.version
        state = fold(state, new)
        if state.phase == "breath":
            raise AssertionError("a game without bought breath opened a breath phase")
        steps.append(Step(seat, command.to_json(), before, state.version))
        events += new
    return Script(scenario, seed, tuple(steps), tuple(events), state.is_over)


def _pick(state: GameState, listed: list[Command], rnd: random.Random) -> Command:
    playable = [c for c in listed if c.type != "resign" and not getattr(c, "breath", ())]
    kinds = sorted({c.type for c in playable})
    kind = rnd.choices(kinds, weights=[_WEIGHTS.get(k, 1) for k in kinds])[0]
    chosen = [c for c in playable if c.type == kind]
    if kind in ("move", "fly") and rnd.random() < 0.7:
        return min(chosen, key=lambda c: (_closeness(state, c), rnd.random()))
    if kind == "order":
        return _merged_order(state, chosen, rnd)
    return rnd.choice(chosen)


def _merged_order(state: GameState, orders: list[Any], rnd: random.Random) -> Command:
    """Up to the turn's limit of the listed single-unit orders, merged (they are listed one
    unit at a time); none that costs lore, so the games stay free of breath phases."""
    free = [o for o in orders if o.units and not o.remove_tokens]
    rnd.shuffle(free)
    picked: dict[str, Any] = {}
    for order in free:
        if len(picked) < state.settings.orders_per_turn:
            picked.setdefault(order.units[0], order)
    return merge_orders(picked.values())


def _closeness(state: GameState, command: Any) -> int:
    """How far the move's last hex is from the nearest enemy: armies close in and fight."""
    owner = state.units[command.unit].owner
    end = command.path[-1]
    return min((distance(end, u.hex) for u in state.units.values() if u.owner != owner), default=0)


def breath_game(seed: str, rounds: int) -> Script:
    """Seat 0 flies its wyvern over both enemy units and breathes on them, every turn."""
    doc = scenario_from_text(BREATH_BOARD, name="breath bench")
    dice = SeededDice(seed)
    events = new_game(doc, auto_decisions=True)
    state = replay(events)
    steps: list[Step] = []
    east = True
    for _ in range(rounds):
        path = [[2, 1], [3, 1], [4, 1]] if east else [[3, 1], [2, 1], [1, 1]]
        east = not east
        turn: list[tuple[int, dict[str, Any]]] = [
            (0, {"type": "order", "units": ["ww0"], "breath": ["ww0"]}),
            (0, {"type": "fly", "unit": "ww0", "path": path}),
            (0, {"type": "end_movement"}),
            (0, {"type": "end_turn"}),
            (1, {"type": "end_turn"}),
        ]
        for seat, body in turn:
            if state.is_over:
                break
            new = decide(state, command_from_json(body), dice, seat)
            before = state.version
            state = fold(state, new)
            events += new
            done = None
            if state.phase == "breath":
                resolved = resolve_breath(state, dice)
                state = fold(state, resolved)
                events += resolved
                done = state.version
            steps.append(Step(seat, body, before, before + len(new), done))
    return Script(doc, seed, tuple(steps), tuple(events), state.is_over)
