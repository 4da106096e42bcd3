"""Random legal games from every shipped scenario, with the invariants checked at every step.

Lore is conserved (R-LOR-1), no two units share a non-site hex and no site holds more than
its capacity (R-BRD-3), every listed action is accepted by `decide`, a sample of unlisted
commands is rejected, replaying the events gives the same state, and games end.
`HYPOTHESIS_PROFILE=thorough` plays thousands of games instead of hundreds.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain import (
    Command,
    RuleViolation,
    ScriptedDice,
    SeededDice,
    command_from_json,
    decide,
    decide_and_fold,
    evolve,
    legal_actions,
    new_game,
    replay,
    resolve_breath,
)
from domain import commands as cmd
from domain.commands import CommandError
from domain.events import Event
from domain.scenarios import get_scenario, scenario_names
from domain.state import GameState

settings.register_profile(
    "default", max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

MAX_COMMANDS = 1500


def total_lore(state: GameState) -> int:
    goblets = sum(p.lore for p in state.players)
    glory = sum(u.glory for u in state.units.values())
    return state.lore_pool + goblets + glory


def check_board(state: GameState) -> None:
    pending = state.pending
    # A dragon brought down on a unit stands there until its owner picks where it retreats.
    falling = pending.unit if pending is not None and pending.then_zoc else None
    crowd = Counter(u.hex for u in state.units.values() if u.id != falling)
    for h, n in crowd.items():
        site = state.sites.get(h)
        assert n <= (site.capacity if site else 1), f"{n} units on {h}"  # R-BRD-3
        assert site is None or all(u.is_dragon for u in state.units.values() if u.hex == h)


def outcome(command: Command) -> tuple[Any, ...]:
    """Commands with the same outcome as far as legal_actions lists them (see domain/legal.py).
    Read from the command's fields: legal_actions lists thousands a game, and the generic
    JSON codec was more than half of this test's time."""
    if isinstance(command, cmd.MoveUnit | cmd.ChooseRetreat):
        end = command.path[-1] if command.path else None
        return (
            command.type,
            command.unit,
            None if end is None else (end.col, end.row),
            command.glory,
        )
    if isinstance(command, cmd.FlyDragon):
        path = [(h.col, h.row) for h in command.path]
        return ("fly", command.unit, path[-1] if path else None, frozenset(path[:-1]))
    if isinstance(command, cmd.OrderUnits):
        return (
            "order",
            frozenset(command.units),
            frozenset(command.breath),
            frozenset(command.roost),
        )
    return (command.type, repr(sorted(command.to_json().items())))


def random_command(state: GameState, rnd: random.Random) -> dict[str, Any]:
    units = sorted(state.units) or ["nobody"]
    hexes = [
        [rnd.randrange(-1, state.width + 1), rnd.randrange(-1, state.height + 1)]
        for _ in range(rnd.randrange(0, 5))
    ]
    kind = rnd.choice(
        [
            "order",
            "move",
            "fly",
            "battle",
            "choose_retreat",
            "battle_back",
            "end_movement",
            "end_turn",
            "trade",
            "pass",
            "react",
        ]
    )
    return {
        "order": {"units": rnd.sample(units, min(len(units), rnd.randrange(0, 4)))},
        "move": {"unit": rnd.choice(units), "path": hexes},
        "fly": {"unit": rnd.choice(units), "path": hexes},
        "battle": {"unit": rnd.choice(units), "target": rnd.choice(units)},
        "choose_retreat": {"unit": rnd.choice(units), "path": hexes},
        "battle_back": {"unit": rnd.choice(units), "accept": rnd.random() < 0.5},
        "trade": {"unit": rnd.choice(units), "blood": rnd.randrange(0, 6), "for": "lore"},
        "react": {"card": "hold", "hex": hexes[0] if hexes else [0, 0]},
    }.get(kind, {}) | {"type": kind}


def unlisted_are_rejected(
    state: GameState, seat: int, listed: list[Command], rnd: random.Random, dice: SeededDice
) -> None:
    keys = {outcome(c) for c in listed}
    for _ in range(3):
        try:
            command = command_from_json(random_command(state, rnd))
        except CommandError:
            continue
        if outcome(command) in keys:
            continue
        try:
            decide(state, command, dice, seat)
        except RuleViolation:
            continue
        raise AssertionError(f"unlisted {command} accepted for seat {seat}")


def play(doc: dict[str, Any], seed: int, auto: bool) -> tuple[GameState, list[Event]]:
    rnd = random.Random(seed)
    dice = SeededDice(seed)
    events = new_game(doc, auto_decisions=auto)
    state = replay(events)
    lore = total_lore(state)
    for _ in range(MAX_COMMANDS):
        if state.is_over:
            break
        if state.phase == "breath":
            new = resolve_breath(state, dice)
        else:
            seat = (
                state.pending.seat
                if state.pending and state.pending.seat is not None
                else state.active
            )
            listed = legal_actions(state, seat)
            unlisted_are_rejected(state, seat, listed, rnd, dice)
            choices = [c for c in listed if c.type != "resign"] or listed
            if rnd.random() < 0.002:
                choices = listed  # now and then somebody resigns
            new, decided_state = decide_and_fold(state, rnd.choice(choices), dice, seat)
        before = state
        for event in new:
            state = evolve(state, event)
        if before.phase != "breath":
            assert decided_state == state  # the decision's own fold is the fold
        events += new
        assert total_lore(state) == lore  # R-LOR-1
        check_board(state)
    return state, events


def short(name: str, turns: int) -> dict[str, Any]:
    doc = get_scenario(name)
    assert doc is not None
    doc["settings"]["max_turns"] = turns
    return doc


@given(
    name=st.sampled_from(scenario_names()),
    seed=st.integers(0, 2**32),
    auto=st.booleans(),
    turns=st.integers(2, 14),
)
def test_random_legal_games_keep_every_invariant(name, seed, auto, turns):  # R-LOR-1, R-BRD-3
    state, events = play(short(name, turns), seed, auto)
    assert state.is_over, "every game ends (R-WIN-3 bounds it)"
    assert replay(events) == state


def test_a_long_game_with_scripted_dice_replays_exactly():  # R-DIE-2, R-DIE-3
    doc = short("river_crossing", 60)
    state, events = play(doc, 1, auto=False)
    assert replay(events) == state and state.is_over
    faces = [f for e in events for f in getattr(e, "faces", ())]
    script = ScriptedDice(faces, SeededDice("other"))
    assert all(script.face(i) == faces[i] for i in range(len(faces)))
