"""Random legal games from every shipped scenario, with the invariants checked at every step.

Lore is conserved (R-LOR-1), no two units share a non-site hex and no site holds more than
its capacity (R-BRD-3), every listed action is accepted by `decide`, orders merged as
`order_options` describes are accepted, a sample of commands neither listed nor described is
rejected, replaying the events gives the same state, and games end. Games are played under
both editions of the rules (domain/edition.py). `HYPOTHESIS_PROFILE=thorough` plays
thousands of games instead of hundreds (minutes: run it with `--timeout=0`).
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
    order_options,
    replay,
    resolve_breath,
)
from domain import commands as cmd
from domain.commands import CommandError, OrderUnits
from domain.edition import EDITIONS
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
    """Commands with the same outcome as far as legal_actions lists them (see domain/legal.py):
    one path per destination, one flight per landing hex, a trade's smallest amount. Read
    from the command's fields: legal_actions lists thousands a game, and the generic JSON
    codec was more than half of this test's time."""
    if isinstance(command, cmd.MoveUnit | cmd.ChooseRetreat | cmd.FlyDragon):
        end = command.path[-1] if command.path else None
        return (command.type, command.unit, None if end is None else (end.col, end.row),
                command.glory)  # fmt: skip
    if isinstance(command, cmd.Trade):
        return ("trade", command.unit, command.currency)
    return (command.type, repr(sorted(command.to_json().items())))


def single_orders(listed: list[Command]) -> dict[str, list[OrderUnits]]:
    out: dict[str, list[OrderUnits]] = {}
    for c in listed:
        if isinstance(c, OrderUnits) and c.units:
            out.setdefault(c.units[0], []).append(c)
    return out


def order_cost(order: OrderUnits, options: dict[str, Any]) -> int:
    tokens = sum(t.total for t in order.remove_tokens.values())
    return sum(options["breath_cost"][u] for u in order.breath) + options["token_cost"] * tokens


def is_described(order: OrderUnits, listed: list[Command], options: dict[str, Any]) -> bool:
    """Whether `order` merges listed single-unit orders as `order_options` says it may."""
    singles = single_orders(listed)
    for u in order.units:
        own = OrderUnits(
            units=(u,),
            breath=tuple(b for b in order.breath if b == u),
            roost=tuple(r for r in order.roost if r == u),
            remove_tokens={k: v for k, v in order.remove_tokens.items() if k == u},
        )
        if own not in singles.get(u, []):
            return False
    return (
        len(set(order.units)) == len(order.units) <= options["max_units"]
        and set(order.breath) | set(order.roost) | set(order.remove_tokens) <= set(order.units)
        and order_cost(order, options) <= options["lore"]
    )


def merged_order(listed: list[Command], options: dict[str, Any], rnd: random.Random) -> Command:
    """Listed single-unit orders merged into one, as `order_options` describes."""
    chosen: list[OrderUnits] = []
    lore = options["lore"]
    for _, orders in sorted(single_orders(listed).items()):
        pick = rnd.choice(orders)
        wanted = rnd.random() < 0.6 and len(chosen) < options["max_units"]
        if wanted and order_cost(pick, options) <= lore:
            chosen.append(pick)
            lore -= order_cost(pick, options)
    return OrderUnits(
        units=tuple(u for c in chosen for u in c.units),
        breath=tuple(u for c in chosen for u in c.breath),
        roost=tuple(u for c in chosen for u in c.roost),
        remove_tokens={k: v for c in chosen for k, v in c.remove_tokens.items()},
    )


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
    options = order_options(state, seat, listed)
    for _ in range(3):
        try:
            command = command_from_json(random_command(state, rnd))
        except CommandError:
            continue
        if outcome(command) in keys:
            continue
        if isinstance(command, OrderUnits) and options and is_described(command, listed, options):
            continue
        try:
            decide(state, command, dice, seat)
        except RuleViolation:
            continue
        raise AssertionError(f"unlisted {command} accepted for seat {seat}")


def play(
    doc: dict[str, Any], seed: int, auto: bool, edition: int = EDITIONS[-1]
) -> tuple[GameState, list[Event]]:
    rnd = random.Random(seed)
    dice = SeededDice(seed)
    events = new_game(doc, auto_decisions=auto, edition=edition)
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
            options = order_options(state, seat, listed)
            if options is not None and rnd.random() < 0.7:
                choices = [merged_order(listed, options, rnd)]  # most turns order several
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
    edition=st.sampled_from(EDITIONS),
)
def test_random_legal_games_keep_every_invariant(name, seed, auto, turns, edition):
    # R-LOR-1, R-BRD-3, R-TRN-4
    state, events = play(short(name, turns), seed, auto, edition)
    assert state.is_over, "every game ends (R-WIN-3 bounds it)"
    assert replay(events) == state


def test_a_long_game_with_scripted_dice_replays_exactly():  # R-DIE-2, R-DIE-3
    doc = short("river_crossing", 60)
    state, events = play(doc, 1, auto=False)
    assert replay(events) == state and state.is_over
    faces = [f for e in events for f in getattr(e, "faces", ())]
    script = ScriptedDice(faces, SeededDice("other"))
    assert all(script.face(i) == faces[i] for i in range(len(faces)))
