"""The seats' client seeds (SEED-1): given (or declined) before the first turn, the last one
counting; sealed as the first turn begins; refused after it, and in games whose dice are not
committed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domain import (
    RuleViolation,
    SeededDice,
    command_from_json,
    decide,
    new_game,
    replay,
    start_game,
)
from domain.events import ClientSeedGiven, ClientSeedsSealed, GameCreated, TurnStarted
from domain.evolve import fold
from domain.notation import scenario_from_text
from domain.seeds import seat_seeds

BOARD = """
. .   .   .   .
 . gf0 .  gf1 .
. bf0 .   rf1 .
"""
DICE = SeededDice(1)


def waiting(seat_seeds_on: bool = True) -> list:
    created = new_game(scenario_from_text(BOARD), start=False)[0]
    assert isinstance(created, GameCreated)
    dice = {"scheme": "hmac-sha256-v1", "seat_seeds": True} if seat_seeds_on else None
    return [replace(created, dice=dice)]


def give(state, seat: int, seed: str | None):
    return decide(state, command_from_json({"type": "client_seed", "seed": seed}), DICE, seat)


def test_a_seat_gives_its_seed_before_the_first_turn():  # SEED-1
    state = replay(waiting())
    assert give(state, 1, "bob") == [ClientSeedGiven(seat=1, seed="bob")]


def test_the_first_turn_begins_with_the_seeds_sealed():  # SEED-1, R-TRN-1
    events = waiting()
    state = replay(events)
    for seat, seed in ((0, "first"), (1, None), (0, "alice")):
        given = give(state, seat, seed)
        state = fold(state, given)
    started = start_game(state)
    assert started[0] == ClientSeedsSealed(seeds=("alice", None))
    assert isinstance(started[1], TurnStarted)
    after = fold(state, started)
    assert seat_seeds(after) == ("alice",)  # seat 1 declined: nothing of it is mixed in


def test_no_seed_is_mixed_in_before_the_seal():  # SEED-1
    state = fold(replay(waiting()), [ClientSeedGiven(seat=0, seed="early")])
    assert seat_seeds(state) == ()


def test_a_seed_after_the_first_turn_began_is_refused():  # SEED-1
    state = replay(waiting())
    state = fold(state, start_game(state))
    with pytest.raises(RuleViolation) as refused:
        give(state, 0, "late")
    assert (refused.value.rule, refused.value.code) == ("SEED-1", "wrong_phase")


def test_a_game_without_committed_dice_takes_no_seed():  # SEED-1
    state = replay(waiting(seat_seeds_on=False))
    with pytest.raises(RuleViolation) as refused:
        give(state, 0, "x")
    assert (refused.value.rule, refused.value.code) == ("SEED-1", "forbidden")
    assert not any(isinstance(e, ClientSeedsSealed) for e in start_game(state))


@pytest.mark.parametrize("seed", ["", "x" * 129])
def test_a_seed_is_one_to_128_characters(seed):  # SEED-1
    with pytest.raises(RuleViolation) as refused:
        give(replay(waiting()), 0, seed)
    assert refused.value.rule == "SEED-1"
    assert give(replay(waiting()), 0, "x" * 128)


def test_a_seat_gives_its_seed_at_most_eight_times():  # SEED-1
    state = replay(waiting())
    for n in range(8):
        state = fold(state, give(state, 1, f"try {n}"))
    with pytest.raises(RuleViolation) as refused:
        give(state, 1, "once more")
    assert (refused.value.rule, refused.value.code) == ("SEED-1", "illegal")
    assert give(state, 0, "the other seat still may")
