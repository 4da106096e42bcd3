"""The game in time (domain/timed.py): clocks folded beside the state, and the decisions
that depend on `now`: a late command meets its time-out in the domain (CLK-4, CLK-5)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain import SERVER_SEAT, RuleViolation, SeededDice, Timed, new_game
from domain import commands as cmd
from domain.clock import Clock, advance
from domain.errors import TimeRanOut
from domain.events import TimedOut, TurnStarted
from domain.evolve import evolve
from domain.timed import TimeOut, decide_at, decide_in_time, due_step, fold_timed
from tests.domain.test_retreat import OPEN

TURN_MS = 10_000
CLOCK = {"kind": "per_turn", "turn_s": 10, "decision_s": 5, "policy": "auto"}
T0 = 1_000_000


def clocked(game) -> Timed:
    """OPEN with a 10 s turn clock, created and started at T0."""
    doc = game(OPEN).doc
    events = new_game(doc)
    events[0] = replace(events[0], clock=CLOCK)
    return fold_timed(None, ((e, T0) for e in events))


def dice_for(_state):
    return SeededDice("timed")


def test_fold_timed_folds_the_clock_beside_the_state(game):  # CLK-2
    timed = clocked(game)
    assert timed.clock is not None and timed.clock.running is not None
    assert (timed.clock.running.seat, timed.clock.running.deadline_ms) == (0, T0 + TURN_MS)
    by_hand_state, by_hand_clock = None, None
    for event in new_game(game(OPEN).doc):
        if event.type == "GameCreated":
            event = replace(event, clock=CLOCK)
        by_hand_state = evolve(by_hand_state, event)
        by_hand_clock = advance(by_hand_clock, event, by_hand_state, T0)
    assert isinstance(by_hand_clock, Clock)
    assert (timed.state, timed.clock) == (by_hand_state, by_hand_clock)


def test_nothing_is_due_before_the_deadline_and_a_time_out_at_it(game):  # CLK-4
    timed = clocked(game)
    assert due_step(timed, T0 + TURN_MS - 1) is None
    assert due_step(timed, T0 + TURN_MS) == TimeOut()


def test_a_time_out_before_the_deadline_is_refused(game):  # CLK-4
    with pytest.raises(RuleViolation) as caught:
        decide_at(clocked(game), TimeOut(), SeededDice("x"), SERVER_SEAT, T0 + TURN_MS - 1)
    assert caught.value.rule == "CLK-4"


def test_a_command_of_the_seat_on_the_clock_after_its_deadline_is_refused(game):  # CLK-5
    with pytest.raises(TimeRanOut) as caught:
        decide_at(clocked(game), cmd.EndTurn(), SeededDice("x"), 0, T0 + TURN_MS)
    assert (caught.value.rule, caught.value.seat, caught.value.period) == ("CLK-5", 0, "turn")


def test_a_command_in_time_is_decided_and_recorded_at_now(game):  # CLK-3
    append = decide_at(clocked(game), cmd.EndTurn(), SeededDice("x"), 0, T0 + 5)
    assert append.at_ms == T0 + 5 and append.seat == 0
    assert any(isinstance(e, TurnStarted) and e.seat == 1 for e in append.events)


def test_a_late_command_meets_its_time_out_first_and_is_refused(game):  # CLK-4, CLK-5
    decision = decide_in_time(clocked(game), cmd.EndTurn(), 0, T0 + TURN_MS + 1, dice_for)
    assert [type(s.cause) for s in decision.steps] == [TimeOut]
    assert isinstance(decision.steps[0].events[0], TimedOut)
    assert decision.steps[0].at_ms == T0 + TURN_MS + 1
    assert decision.command is None
    assert isinstance(decision.refused, TimeRanOut) and decision.refused.seat == 0


def test_the_other_seats_command_is_decided_on_the_game_the_time_out_left(game):  # CLK-4
    decision = decide_in_time(clocked(game), cmd.EndTurn(), 1, T0 + TURN_MS + 1, dice_for)
    assert len(decision.steps) == 1 and decision.refused is None
    assert decision.command is not None and decision.command.seat == 1
    assert decision.command.events  # seat 1's turn, begun by the time-out, ended


def test_a_command_in_time_has_no_steps(game):  # CLK-3
    decision = decide_in_time(clocked(game), cmd.EndTurn(), 0, T0 + 1, dice_for)
    assert decision.steps == () and decision.refused is None and decision.command is not None


def test_a_game_without_a_clock_records_no_time(game):  # CLK-1
    timed = fold_timed(None, ((e, T0) for e in new_game(game(OPEN).doc)))
    assert timed.clock is None
    append = decide_at(timed, cmd.EndTurn(), SeededDice("x"), 0, T0 + 10**9)
    assert append.at_ms is None


def test_a_game_without_clock_or_seed_step_decides_as_decide_at_whatever_the_time(game):
    untimed = fold_timed(None, ((e, T0) for e in new_game(game(OPEN).doc)))
    assert untimed.clock is None
    late = T0 + 10 * TURN_MS  # no deadline to pass: the time changes nothing

    decision = decide_in_time(untimed, cmd.EndTurn(), 0, late, dice_for)
    assert decision.steps == () and decision.refused is None
    assert decision.command == decide_at(untimed, cmd.EndTurn(), dice_for(None), 0, late)

    refused = decide_in_time(untimed, cmd.EndTurn(), 1, late, dice_for)  # not seat 1's turn
    with pytest.raises(RuleViolation) as caught:
        decide_at(untimed, cmd.EndTurn(), dice_for(None), 1, late)
    assert refused.command is None and refused.refused is not None
    assert refused.refused.rule == caught.value.rule
