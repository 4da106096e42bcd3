"""Commit, then reveal (SEED-3): in a seed step a seat may commit to its seed (SHA-256 of UTF-8
`salt ":" seed`) and reveal it once the commit phase is closed, so no seat chooses its seed
after seeing another's; the first turn begins with the last reveal, or at the reveal deadline
with every unrevealed commitment recorded as none."""

from __future__ import annotations

import hashlib
from dataclasses import replace

import pytest

from domain import RuleViolation, SeededDice, command_from_json, decide, new_game, replay
from domain.decider import SERVER_SEAT, start_game
from domain.events import (
    ClientSeedCommitsClosed,
    ClientSeedCommitted,
    ClientSeedGiven,
    ClientSeedRevealed,
    ClientSeedsSealed,
    GameCreated,
    TurnStarted,
)
from domain.evolve import fold
from domain.notation import scenario_from_text
from domain.seeds import is_seed_step_due, seat_seeds, seed_commitment, unrevealed
from domain.timed import CloseSeedCommits, StartGame, Timed, decide_at, due_step

BOARD = """
. .   .   .   .
 . gf0 .  gf1 .
. bf0 .   rf1 .
"""
DICE = SeededDice(1)
DEADLINE, REVEALS = 1_700_000_060_000, 1_700_000_120_000
SALTS = ("salt-of-seat-zero", "salt_of_seat_one_")


def in_step(seed_step: bool = True):
    created = new_game(scenario_from_text(BOARD), start=False)[0]
    assert isinstance(created, GameCreated)
    dice = {"scheme": "hmac-sha256-v1", "seat_seeds": True}
    if seed_step:
        dice["seed_step"] = {"seats": [0, 1], "deadline_ms": DEADLINE,
                             "reveal_deadline_ms": REVEALS}  # fmt: skip
    return replay([replace(created, dice=dice)])


def send(state, seat: int, **body):
    return decide(state, command_from_json({"type": "client_seed", **body}), DICE, seat)


def commit(state, seat: int, seed: str):
    return send(state, seat, commitment=seed_commitment(SALTS[seat], seed))


def reveal(state, seat: int, seed: str):
    return send(state, seat, seed=seed, salt=SALTS[seat])


def refused(state, seat: int, rule: str, code: str, **body) -> None:
    with pytest.raises(RuleViolation) as caught:
        send(state, seat, **body)
    assert (caught.value.rule, caught.value.code) == (rule, code), caught.value


def test_the_commitment_is_sha256_of_salt_colon_seed():  # SEED-3
    assert (
        seed_commitment("0123456789abcdef", "ann")
        == hashlib.sha256(b"0123456789abcdef:ann").hexdigest()
    )


def test_both_seats_commit_then_reveal_and_the_last_reveal_begins_the_game():  # SEED-3
    state = in_step()
    first = commit(state, 0, "ann's secret")
    hidden = seed_commitment(SALTS[0], "ann's secret")
    assert first == [ClientSeedCommitted(seat=0, commitment=hidden)]
    state = fold(state, first)
    refused(state, 0, "SEED-3", "wrong_phase", seed="ann's secret", salt=SALTS[0])  # not yet
    closing = commit(state, 1, "bob's secret")
    assert closing[1:] == [ClientSeedCommitsClosed()]  # the last awaited seat closes it
    state = fold(state, closing)
    assert unrevealed(state) == (0, 1) and state.turn == 0
    refused(state, 1, "SEED-3", "wrong_phase", seed="a plain seed now")  # chosen after reveals
    refused(state, 1, "SEED-3", "wrong_phase", commitment="0" * 64)
    state = fold(state, reveal(state, 1, "bob's secret"))
    refused(state, 1, "SEED-3", "illegal", seed="bob's secret", salt=SALTS[1])  # once
    last = reveal(state, 0, "ann's secret")
    assert last[:2] == [ClientSeedRevealed(seat=0, seed="ann's secret", salt=SALTS[0]),
                        ClientSeedsSealed(seeds=("ann's secret", "bob's secret"))]  # fmt: skip
    assert isinstance(last[2], TurnStarted)
    assert seat_seeds(fold(state, last)) == ("ann's secret", "bob's secret")


def test_a_reveal_that_does_not_open_the_commitment_is_refused():  # SEED-3
    state = fold(in_step(), [*commit(in_step(), 0, "ann")])
    state = fold(state, send(state, 1, seed=None))  # seat 1 declines: the phase closes
    assert state.commits_closed
    refused(state, 0, "SEED-3", "illegal", seed="not ann", salt=SALTS[0])
    refused(state, 0, "SEED-3", "illegal", seed="ann", salt="another-salt-16ch")
    refused(state, 0, "SEED-3", "illegal", seed="ann", salt="short")
    refused(state, 0, "SEED-3", "illegal", seed="ann", salt="has:a:colon:in:it")
    refused(state, 1, "SEED-3", "illegal", seed="bob", salt=SALTS[1])  # nothing to open
    assert reveal(state, 0, "ann")[1] == ClientSeedsSealed(seeds=("ann", None))


def test_a_salt_cannot_split_the_commitment_two_ways():  # SEED-3
    """With `:` in a salt, `a:b` + `:` + `c` and `a` + `:` + `b:c` would hash alike."""
    salt = "sixteen-chars-ok"
    state = fold(in_step(), commit(in_step(), 0, "x:y"))
    state = fold(state, send(state, 1, seed=None))
    refused(state, 0, "SEED-3", "illegal", seed="y", salt=f"{salt}:x")


def test_a_plain_seed_and_a_commitment_in_one_step():  # SEED-3, SEED-1
    state = fold(in_step(), commit(in_step(), 0, "ann"))
    plain = send(state, 1, seed="bob in the clear")
    assert plain == [ClientSeedGiven(seat=1, seed="bob in the clear"), ClientSeedCommitsClosed()]
    state = fold(state, plain)
    assert reveal(state, 0, "ann")[1] == ClientSeedsSealed(seeds=("ann", "bob in the clear"))


def test_a_seat_may_commit_again_or_give_plainly_while_the_phase_is_open():  # SEED-3
    state = fold(in_step(), commit(in_step(), 0, "first"))
    state = fold(state, commit(state, 0, "second"))
    assert state.seed_commitments[0] == seed_commitment(SALTS[0], "second")
    state = fold(state, send(state, 0, seed="plain after all"))
    assert state.seed_commitments[0] is None and unrevealed(state) == ()
    begun = send(state, 1, seed=None)  # no commitment left: the step is done
    assert begun[1] == ClientSeedsSealed(seeds=("plain after all", None))


def server_step(state, step, now):
    return list(decide_at(Timed(state), step, None, SERVER_SEAT, now).events)


def test_at_the_deadline_the_server_closes_then_begins_with_none_unrevealed():  # SEED-3
    state = fold(in_step(), commit(in_step(), 0, "ann"))  # seat 1 stays silent
    with pytest.raises(RuleViolation) as caught:
        start_game(state)  # a commitment waits for its reveal
    assert caught.value.rule == "SEED-3"
    assert is_seed_step_due(state, DEADLINE) and not is_seed_step_due(state, DEADLINE - 1)
    assert due_step(Timed(state), DEADLINE - 1) is None
    assert due_step(Timed(state), DEADLINE) == CloseSeedCommits()
    state = fold(state, server_step(state, CloseSeedCommits(), DEADLINE))
    assert state.commits_closed and not is_seed_step_due(state, DEADLINE)
    assert is_seed_step_due(state, REVEALS)  # seat 0 never reveals
    assert due_step(Timed(state), REVEALS) == StartGame()
    begun = server_step(state, StartGame(), REVEALS)
    assert begun[0] == ClientSeedsSealed(seeds=(None, None))
    assert isinstance(begun[1], TurnStarted)


def test_commitments_are_for_a_seed_step_and_come_alone():  # SEED-3
    refused(in_step(seed_step=False), 0, "SEED-3", "forbidden", commitment="a" * 64)
    refused(in_step(), 0, "SEED-3", "illegal", commitment="A" * 64)
    refused(in_step(), 0, "SEED-3", "illegal", commitment="a" * 63)
    refused(in_step(), 0, "SEED-3", "illegal", commitment="a" * 64, seed="x")
    refused(in_step(), 0, "SEED-3", "illegal", seed="x", salt=SALTS[0])  # no commitment
