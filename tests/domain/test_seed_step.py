"""The seed step (SEED-2): a game full at its creation, created with one, waits before its
first turn for the seeds of the seats it names (given or declined); the last of them begins
the first turn in its own append; the deadline is the server's to apply (the rules carry it,
`is_seed_step_due` compares it)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain import RuleViolation, SeededDice, command_from_json, decide, new_game, replay
from domain.events import ClientSeedGiven, ClientSeedsSealed, GameCreated, TurnStarted
from domain.evolve import fold
from domain.notation import scenario_from_text
from domain.seeds import in_seed_step, is_seed_step_done, is_seed_step_due, seat_seeds

BOARD = """
. .   .   .   .
 . gf0 .  gf1 .
. bf0 .   rf1 .
"""
DICE = SeededDice(1)
DEADLINE = 1_700_000_060_000


def in_step(seats: tuple[int, ...] = (0, 1)):
    created = new_game(scenario_from_text(BOARD), start=False)[0]
    assert isinstance(created, GameCreated)
    step = {"seats": list(seats), "deadline_ms": DEADLINE}
    dice = {"scheme": "hmac-sha256-v1", "seat_seeds": True, "seed_step": step}
    return replay([replace(created, dice=dice)])


def give(state, seat: int, seed: str | None):
    return decide(state, command_from_json({"type": "client_seed", "seed": seed}), DICE, seat)


def test_a_game_in_a_seed_step_waits_for_its_seats():  # SEED-2
    state = in_step()
    assert in_seed_step(state) and not is_seed_step_done(state)
    assert (state.seed_step, state.seed_deadline_ms) == ((0, 1), DEADLINE)
    state = fold(state, give(state, 0, "ann"))
    assert in_seed_step(state) and state.turn == 0
    with pytest.raises(RuleViolation) as refused:
        decide(state, command_from_json({"type": "end_turn"}), DICE, 0)
    assert (refused.value.rule, refused.value.code) == ("R-TRN-1", "not_started")


def test_the_last_seats_seed_begins_the_first_turn_in_its_append():  # SEED-2, SEED-1
    state = fold(in_step(), [ClientSeedGiven(seat=0, seed="ann")])
    events = give(state, 1, None)  # a seat that declines has had its chance too
    assert events[:2] == [ClientSeedGiven(seat=1, seed=None),
                          ClientSeedsSealed(seeds=("ann", None))]  # fmt: skip
    assert isinstance(events[2], TurnStarted)
    after = fold(state, events)
    assert not in_seed_step(after) and seat_seeds(after) == ("ann",)


def test_a_seat_the_step_does_not_wait_for_holds_nothing_up():  # SEED-2 (a bot's seat)
    state = in_step(seats=(0,))
    events = give(state, 0, "ann")
    assert [type(e) for e in events[:2]] == [ClientSeedGiven, ClientSeedsSealed]
    assert events[1] == ClientSeedsSealed(seeds=("ann", None))


def test_a_seat_that_gives_again_does_not_end_the_step_twice():  # SEED-2
    state = in_step()
    for seed in ("first", "second"):
        state = fold(state, give(state, 0, seed))
    assert in_seed_step(state) and state.client_seeds == ("second", None)


def test_the_deadline_is_due_from_its_millisecond_on():  # SEED-2
    state = in_step()
    assert not is_seed_step_due(state, DEADLINE - 1)
    assert is_seed_step_due(state, DEADLINE)
    half = fold(state, give(state, 0, "a"))
    begun = fold(half, give(half, 1, "b"))
    assert begun.turn == 1 and not is_seed_step_due(begun, DEADLINE + 1)  # over: nothing due
