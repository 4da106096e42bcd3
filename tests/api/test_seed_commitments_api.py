"""Commit, then reveal, over HTTP on every backend (SEED-3, docs/client/proving.md): in a seed step
the seats commit to their seeds, the last commitment closes the commit phase, the reveals are
checked against the commitments, and the last reveal begins the first turn; a commitment
left unrevealed at the reveal deadline is recorded as none. Exports verify offline."""

from __future__ import annotations

import hashlib
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.api.helpers import create, problem
from tests.api.test_seed_step_api import (
    created_in_step,
    past_the_deadline,
    payloads,
    types,
    verified,
)
from tests.service.games import duel

SALTS = ["a1b2c3d4e5f60718", "Zz_-0123456789abcdef"]


def commitment(salt: str, seed: str) -> str:
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


def send(game: Any, seat: int, **body: Any) -> Any:
    return game.send(seat, {"type": "client_seed", **body})


def test_two_seats_commit_then_reveal_and_the_game_verifies(
    client: FlaskClient,
) -> None:  # SEED-3
    game, _ = created_in_step(client)
    seeds = ["ann: 7c0e5f…", "bob: 19d2aa…"]
    assert send(game, 0, commitment=commitment(SALTS[0], seeds[0])).status_code == 200
    early = send(game, 0, seed=seeds[0], salt=SALTS[0])
    assert problem(early, 409, "wrong_phase")["rule"] == "SEED-3"  # bob has not committed
    assert send(game, 1, commitment=commitment(SALTS[1], seeds[1])).status_code == 200
    assert types(game)[1:] == ["ClientSeedCommitted", "ClientSeedCommitted",
                               "ClientSeedCommitsClosed"]  # fmt: skip
    late_plain = send(game, 1, seed="bob, chosen after seeing ann's")
    assert problem(late_plain, 409, "wrong_phase")["rule"] == "SEED-3"
    wrong = send(game, 1, seed="bob, another seed", salt=SALTS[1])
    assert problem(wrong, 422, "illegal")["rule"] == "SEED-3"
    assert send(game, 1, seed=seeds[1], salt=SALTS[1]).status_code == 200
    assert send(game, 0, seed=seeds[0], salt=SALTS[0]).status_code == 200
    assert payloads(game, "ClientSeedsSealed") == [{"seeds": seeds}]
    assert payloads(game, "ClientSeedRevealed") == [
        {"seat": 1, "seed": seeds[1], "salt": SALTS[1]},
        {"seat": 0, "seed": seeds[0], "salt": SALTS[0]},
    ]
    assert "TurnStarted" in types(game)
    assert game.send(0, {"type": "resign"}).status_code == 200
    verified(client, game)


def test_an_unrevealed_commitment_is_none_at_the_reveal_deadline(app: Flask) -> None:  # SEED-3
    client = app.test_client()
    game, body = created_in_step(client)
    step = body["dice"]["seed_step"]
    assert step["reveal_deadline_ms"] > step["deadline_ms"]
    assert send(game, 0, commitment=commitment(SALTS[0], "ann")).status_code == 200
    seating = app.extensions["lorekeeper"].seating
    past_the_deadline(app, step["deadline_ms"])  # seat 1 never gave: the server closes
    seating.expire_due()
    assert types(game)[2:] == ["ClientSeedCommitsClosed"]
    closed = client.get(f"{game.url}/events").get_json()["events"][2]
    assert closed["command"] == {"type": "close_seed_commits"} and closed["seat"] is None
    assert client.get(f"{game.url}/table", headers={"Authorization": f"Bearer {game.tokens[0]}"}
                      ).get_json()["expires_ms"] == step["reveal_deadline_ms"]  # fmt: skip
    seating.expire_due()  # nothing due until the reveals' deadline
    assert "TurnStarted" not in types(game)
    past_the_deadline(app, step["reveal_deadline_ms"])  # ann does not reveal
    seating.expire_due()
    assert payloads(game, "ClientSeedsSealed") == [{"seeds": [None, None]}]
    late = send(game, 0, seed="ann", salt=SALTS[0])
    assert problem(late, 409, "wrong_phase")["rule"] == "SEED-1"
    assert game.send(1, {"type": "resign"}).status_code == 200
    verified(client, game)


def test_a_reveal_after_the_deadline_meets_the_start_first(app: Flask) -> None:  # SEED-3
    client = app.test_client()
    game, body = created_in_step(client)
    assert send(game, 0, commitment=commitment(SALTS[0], "ann")).status_code == 200
    assert send(game, 1, seed=None).status_code == 200  # declines: the commit phase closes
    past_the_deadline(app, body["dice"]["seed_step"]["reveal_deadline_ms"])
    late = send(game, 0, seed="ann", salt=SALTS[0])
    assert problem(late, 409, "wrong_phase")["rule"] == "SEED-1"
    assert payloads(game, "ClientSeedsSealed") == [{"seeds": [None, None]}]


def test_bad_commitments_and_reveals_are_refused(client: FlaskClient) -> None:  # SEED-3
    game, _ = created_in_step(client)
    problem(send(game, 0), 422, "invalid_body")  # neither a seed nor a commitment
    problem(send(game, 0, commitment=7), 422, "invalid_body")
    for body in ({"commitment": "F" * 64}, {"commitment": "f" * 64, "seed": "x"},
                 {"seed": "x", "salt": SALTS[0]}):  # fmt: skip
        assert problem(send(game, 0, **body), 422, "illegal")["rule"] == "SEED-3"
    assert send(game, 0, commitment=commitment(SALTS[0], "ann")).status_code == 200
    assert send(game, 1, seed="bob").status_code == 200  # plain: closes the phase
    for salt in ("too-short", "has:a:colon:inside", "x" * 65):
        assert problem(send(game, 0, seed="ann", salt=salt), 422, "illegal")["rule"] == "SEED-3"
    begun = create(client, duel())  # no seed step: it began at once
    refused = send(begun, 0, commitment="f" * 64)
    assert problem(refused, 409, "wrong_phase")["rule"] == "SEED-1"
