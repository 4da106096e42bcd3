"""A game created unstarted: GameCreated alone, no turn and no command until `start_game`
(R-TRN-1: the first turn is seat 0's, and it begins once every seat is taken)."""

from __future__ import annotations

import pytest

from domain import (
    RuleViolation,
    SeededDice,
    command_from_json,
    decide,
    is_started,
    legal_actions,
    new_game,
    replay,
    start_game,
)
from domain.events import GameCreated, TurnStarted
from domain.notation import scenario_from_text

BOARD = """
. .   .   .   .
 . gf0 .  gf1 .
. bf0 .   rf1 .
"""


def _doc():
    return scenario_from_text(BOARD)


def test_an_unstarted_game_is_created_alone():  # R-TRN-1
    events = new_game(_doc(), start=False)
    assert [type(e) for e in events] == [GameCreated]
    state = replay(events)
    assert not is_started(state)
    assert state.turn == 0


def test_starting_gives_the_same_events_as_creating_started():  # R-TRN-1
    started = new_game(_doc())
    created = new_game(_doc(), start=False)
    assert created + start_game(replay(created)) == started
    first = start_game(replay(created))[0]
    assert first == TurnStarted(seat=0, turn=1)
    assert is_started(replay(started))


def test_no_command_before_the_first_turn():  # R-TRN-1
    state = replay(new_game(_doc(), start=False))
    for seat, body in ((0, {"type": "end_turn"}), (1, {"type": "resign"})):
        with pytest.raises(RuleViolation) as info:
            decide(state, command_from_json(body), SeededDice("x"), seat)
        assert (info.value.rule, info.value.code) == ("R-TRN-1", "not_started")


def test_no_legal_action_before_the_first_turn():  # R-TRN-1
    state = replay(new_game(_doc(), start=False))
    assert legal_actions(state, 0) == [] and legal_actions(state, 1) == []


def test_a_started_game_cannot_start_again():  # R-TRN-1
    state = replay(new_game(_doc()))
    with pytest.raises(RuleViolation) as info:
        start_game(state)
    assert info.value.rule == "R-TRN-1"
