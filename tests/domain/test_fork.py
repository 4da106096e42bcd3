"""Forks: a practice game from a finished game's position (FRK-1..FRK-5, docs/rules-notes.md)."""

from __future__ import annotations

import json

import pytest

from domain import RuleViolation, SeededDice, command_from_json, decide, evolve, fold, replay
from domain import events as ev
from domain.fork import (
    CHOSEN,
    fork_problem,
    fork_start,
    is_same_position,
    position,
    state_from_json,
    state_json,
)
from domain.state import GameState
from domain.view import board_view, redact_view
from tests.domain.test_properties import play, short


@pytest.fixture(scope="module")
def finished() -> tuple[GameState, list[ev.Event]]:
    state, events = play(short("river_crossing", 14), 1, auto=True)
    assert state.is_over
    return state, events


def at(events: list[ev.Event], version: int) -> GameState:
    return replay(events[:version])


def a_rolled_version(events: list[ev.Event]) -> int:
    """A version in the middle of play, after some dice were rolled."""
    for version in range(2, len(events)):
        state = at(events, version)
        if state.rolls and fork_problem(state) is None:
            return version
    raise AssertionError("no version to fork from")


def forked(events: list[ev.Event], version: int, **kw) -> ev.GameCreated:
    parent = at(events, version)
    start = fork_start("parent1", version, ("a" * 64, "b" * 64), parent, **kw)
    return ev.GameCreated(scenario={"name": "x"}, fork=json.loads(json.dumps(start)))


def test_a_forks_first_state_is_the_parents_at_n(finished):  # FRK-1
    _, events = finished
    version = a_rolled_version(events)
    first = evolve(None, forked(events, version))
    assert first.version == 1 and first.practice
    assert is_same_position(first, at(events, version))
    assert first.rolls == at(events, version).rolls  # the dice go on counting


def test_the_state_json_round_trips(finished):
    state, events = finished
    for version in (2, len(events) // 2, len(events)):
        s = at(events, version)
        assert state_from_json(json.loads(json.dumps(state_json(s)))) == s
    with pytest.raises(ValueError):
        state_from_json({"terrain": []})


def test_a_fork_plays_on_and_replays(finished):  # FRK-1
    _, events = finished
    version = a_rolled_version(events)
    created = forked(events, version)
    state = evolve(None, created)
    seat = state.pending.seat if state.pending and state.pending.seat is not None else state.active
    more = decide(state, command_from_json({"type": "resign"}), SeededDice(1), seat)
    after = fold(state, more)
    assert after.is_over and replay([created, *more]) == after


def test_no_fork_from_an_unstarted_or_ended_position(finished):  # FRK-1
    state, events = finished
    assert fork_problem(state) is not None
    assert fork_problem(at(events, 1)) is not None
    with pytest.raises(ValueError):
        fork_start("p", len(events), ("a" * 64, "b" * 64), state)


def test_the_position_drops_the_games_own_seeds(finished):
    _, events = finished
    s = at(events, a_rolled_version(events))
    assert position(s).client_seeds == () and position(s).version == 0


def test_chosen_dice_are_the_next_rolls(finished):  # FRK-4
    _, events = finished
    version = a_rolled_version(events)
    state = evolve(None, forked(events, version, dice=CHOSEN, choosers=[0, 1]))
    chosen = decide(state, command_from_json({"type": "choose_dice", "faces": ["flag"] * 3}),
                    SeededDice(1), 1)  # fmt: skip
    assert chosen == [ev.DiceChosen(seat=1, roll=state.rolls, faces=("flag",) * 3)]
    after = fold(state, chosen)
    assert (after.chosen_from, after.chosen_faces) == (state.rolls, ("flag",) * 3)


def test_chosen_dice_only_in_a_fork_marked_so(finished):  # FRK-4
    _, events = finished
    version = a_rolled_version(events)
    command = command_from_json({"type": "choose_dice", "faces": ["flag"]})
    plain = evolve(None, forked(events, version))
    with pytest.raises(RuleViolation) as refused:
        decide(plain, command, SeededDice(1), 0)
    assert refused.value.rule == "FRK-4"
    mine = evolve(None, forked(events, version, dice=CHOSEN, choosers=[0]))
    with pytest.raises(RuleViolation):
        decide(mine, command, SeededDice(1), 1)  # not the owner's seat
    with pytest.raises(RuleViolation):
        decide(mine, command_from_json({"type": "choose_dice", "faces": ["six"]}),
               SeededDice(1), 0)  # fmt: skip


def test_a_game_that_is_no_fork_writes_no_fork_field():
    assert "fork" not in ev.GameCreated(scenario={}).payload()


def test_every_hand_of_a_fork_is_shown_to_everyone(finished):  # FRK-3
    _, events = finished
    state = evolve(None, forked(events, a_rolled_version(events)))
    view = board_view(state, None)
    assert view["practice"] and view["hands_known"] and not view["dice_chosen"]
    assert all(p["cards"] is not None for p in view["players"])
    assert redact_view(board_view(state, "all"), None) == view
    assert "practice" not in board_view(at(events, 5), None)
