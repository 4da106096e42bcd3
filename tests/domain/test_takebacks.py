"""Takebacks (domain/takeback.py, TKB-1..6 in docs/rules-notes.md): a seat takes back its own
commands since information last came out, if the other seat accepts."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from domain import SeededDice, decide, fold, legal_actions, new_game, replay, resolve_breath
from domain.scenarios import get_scenario, scenario_names
from domain.takeback import TakebackDeclined, TakebackRequested, TakenBack
from domain.timed import fold_timed
from domain.timeouts import time_out
from tests.domain.harness import Game, one, types
from tests.domain.test_retreat import OPEN


def _same_game(a, b) -> bool:
    """The same game but for the version and the takeback stretch."""
    return replace(a, version=0, takebacks=None) == replace(b, version=0, takebacks=None)


def test_an_accepted_takeback_restores_the_game_before_the_move(game):  # TKB-2, TKB-4
    g: Game = game(OPEN, takebacks=True)
    turn_began = g.state.version
    g.order(0, "bf0")
    before_move = g.state
    g.move(0, "bf0", (1, 1))
    asked = one(g.send(0, "request_takeback"), TakebackRequested)
    assert asked.to_version == turn_began  # the stretch began at the order
    assert {"type": "answer_takeback", "accept": True} in g.legal(1)
    taken = one(g.send(1, "answer_takeback", accept=True), TakenBack)
    assert (taken.seat, taken.by) == (0, 1)
    assert g.unit_hex("bf0") == before_move.units["bf0"].hex
    # the stretch began at the order: the order is taken back too
    assert g.state.phase == "order" and g.state.turn_state.ordered == frozenset()
    assert _same_game(g.state, replay(g.events[: taken.to_version]))
    assert g.state == replay(g.events)  # the fold alone restores it


def test_a_declined_takeback_changes_nothing_and_is_not_asked_twice(game):  # TKB-3, TKB-5
    g = game(OPEN, takebacks=True)
    g.order(0, "bf0")
    g.move(0, "bf0", (1, 1))
    g.send(0, "request_takeback")
    before = g.state
    one(g.send(1, "answer_takeback", accept=False), TakebackDeclined)
    assert _same_game(g.state, before)
    assert g.refuse(0, "request_takeback").rule == "TKB-5"
    assert g.refuse(1, "answer_takeback", accept=True).rule == "TKB-3"


def test_no_takeback_once_a_die_was_rolled(game):  # TKB-2, R-DIE-2
    g = game(OPEN, dice=["green", "green", "green", "green"], takebacks=True)
    g.to_combat(0, "bf0")
    g.battle(0, "bf0", "rf1")
    refused = g.refuse(0, "request_takeback")
    assert refused.rule == "TKB-2" and "information came out" in refused.message
    assert {"type": "request_takeback"} not in g.legal(0)


def test_a_new_turn_closes_the_stretch(game):  # TKB-2, R-TRN-1
    g = game(OPEN, takebacks=True)
    g.order(0, "bf0")
    g.end_turn(0)
    assert g.refuse(1, "request_takeback").rule == "TKB-2"
    assert g.refuse(0, "request_takeback").rule == "TKB-2"


def test_only_the_active_seat_asks_and_only_the_other_answers(game):  # TKB-2, TKB-3
    g = game(OPEN, takebacks=True)
    g.order(0, "bf0")
    assert g.refuse(1, "request_takeback").rule == "TKB-2"
    g.send(0, "request_takeback")
    assert g.refuse(0, "answer_takeback", accept=True).rule == "TKB-3"
    assert {"type": "request_takeback"} not in g.legal(0)  # TKB-5


def test_playing_on_withdraws_the_request(game):  # TKB-3
    g = game(OPEN, takebacks=True)
    g.order(0, "bf0")
    g.send(0, "request_takeback")
    g.move(0, "bf0", (1, 1))
    assert g.refuse(1, "answer_takeback", accept=True).rule == "TKB-3"
    assert {"type": "request_takeback"} in g.legal(0)  # asking again after a new command


def test_a_game_without_takebacks_refuses_them(game):  # TKB-1
    g = game(OPEN)
    g.order(0, "bf0")
    assert g.refuse(0, "request_takeback").rule == "TKB-1"
    assert g.state.takebacks is None
    assert not any("takeback" in action["type"] for action in g.legal(0) + g.legal(1))


def test_the_stretch_is_nothing_after_a_takeback(game):  # TKB-2, TKB-4
    g = game(OPEN, takebacks=True)
    g.order(0, "bf0")
    g.send(0, "request_takeback")
    g.send(1, "answer_takeback", accept=True)
    assert g.refuse(0, "request_takeback").rule == "TKB-2"
    g.order(0, "bf0")
    assert types(g.send(0, "request_takeback")) == ["TakebackRequested"]


PARTS = ("players", "units", "lore_pool", "phase", "pending", "engagements", "turn_state")


def _parts(state):
    """What a takeback puts back (domain.state.Checkpoint), of a state."""
    return (state.players, dict(state.units), state.lore_pool, state.phase, state.pending,
            state.engagements, state.turn_state)  # fmt: skip


SEEDS = range(12)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_take_back_to_a_point_between_appends(seed):  # TKB-2, TKB-4, R-DIE-2
    """Random legal games with takebacks asked and answered at random: every stretch begins
    where an append ended, and every accepted takeback leaves the game as it stood there."""
    state, events = _random_game(seed)
    assert replay(events) == state


def test_random_games_accept_decline_and_withdraw_takebacks():  # TKB-3, TKB-4
    events = [e for seed in SEEDS for e in _random_game(seed)[1]]
    assert {"TakenBack", "TakebackDeclined", "TakebackRequested"} <= set(types(events))


def _random_game(seed: int):
    rnd = random.Random(seed)
    dice = SeededDice(seed)
    doc = get_scenario(scenario_names()[seed % len(scenario_names())])
    doc["settings"]["max_turns"] = 8
    events = new_game(doc, takebacks=True, auto_decisions=seed % 2 == 1)
    state = replay(events)
    ends = {state.version: state}  # the state after each append, by version
    for _ in range(600):
        if state.is_over:
            break
        if state.phase == "breath":
            new = resolve_breath(state, dice)
        else:
            listed = [(s, c) for s in range(len(state.players))
                      for c in legal_actions(state, s) if c.type != "resign"]  # fmt: skip
            takebacks = [(s, c) for s, c in listed if "takeback" in c.type]
            seat, command = rnd.choice(takebacks if takebacks and rnd.random() < 0.5 else listed)
            new = decide(state, command, dice, seat)
        state = fold(state, new)
        events += new
        ends[state.version] = state
        point = state.takebacks.checkpoint
        if point is not None:
            assert point.version in ends
            put_back = {f: getattr(point, f) for f in PARTS}
            assert _parts(ends[point.version]) == _parts(replace(state, **put_back))
        if new and isinstance(new[-1], TakenBack):
            assert _parts(state) == _parts(ends[new[-1].to_version])
    return state, events


def test_a_time_out_closes_the_stretch(game):  # TKB-2, CLK-4
    g = game(OPEN, takebacks=True)
    g.order(0, "bf0")
    g._apply(time_out(g.state, g.dice, seat=0, period="turn", policy="auto", deadline_ms=5))
    assert g.state.takebacks.checkpoint is None
    assert g.refuse(1, "request_takeback").rule == "TKB-2"


def test_a_request_does_not_stop_the_clock(game):  # TKB-3, CLK-2
    g = game(OPEN, takebacks=True)
    created = replace(g.events[0], clock={"kind": "per_turn", "turn_s": 60, "decision_s": 30,
                                          "policy": "auto"})  # fmt: skip
    g.events[0] = created
    g.order(0, "bf0")
    timed = fold_timed(None, [(e, 1000 * i) for i, e in enumerate(g.events)])
    running = timed.clock.running
    asked = g.send(0, "request_takeback")
    timed = fold_timed(timed, [(asked[0], 50_000)])
    assert timed.clock.running.seat == 0 and timed.clock.running.period == "turn"
    assert timed.clock.running.deadline_ms == running.deadline_ms
    taken = g.send(1, "answer_takeback", accept=True)
    timed = fold_timed(timed, [(taken[0], 55_000)])
    assert timed.clock.running.deadline_ms == running.deadline_ms  # nor winds it back
