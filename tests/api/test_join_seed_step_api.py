"""The seed step of a game that fills up by joins, over HTTP on every backend (SEED-2,
SEED-3, docs/client/proving.md): created with `options.seed_step` and seats to fill, it is promised
a step (GameCreated.dice.seed_step `on_fill`); it takes plain seeds while it waits for players
but no commitment; when its last seat is taken the server opens the step (SeedStepOpened,
its deadlines counted from then) instead of beginning the first turn, which then begins as
in a game full at its creation: with the last awaited seed or reveal, or at the deadline.
Exports verify offline. The app reads a test clock set past the deadline: nothing sleeps."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.api.helpers import Game, bearer, create_as, problem, sign_up
from tests.api.test_seed_commitments_api import SALTS, commitment, send
from tests.api.test_seed_step_api import STEP, past_the_deadline, payloads, types, verified
from tests.service.games import duel


def waiting_game(client: FlaskClient, **body: Any) -> tuple[Game, dict[str, Any]]:
    """Ann's duel, seat 1 open, promised a seed step; Ann holds seat 0's token."""
    ann = sign_up(client, "Ann")
    created = create_as(client, ann["key"], duel(), options=STEP, **body)
    tokens = [s["token"] for s in created["seats"]] + [""]
    return Game(client, created["game_id"], tokens[:2]), created


def join(game: Game, seat: int = 1, **body: Any) -> dict[str, Any]:
    """Bob takes `seat`; his seat token goes into `game`."""
    bob = sign_up(game.client, "Bob")
    response = game.client.post(f"{game.url}/join", json={"seat": seat, **body},
                                headers=bearer(bob["key"]))  # fmt: skip
    assert response.status_code == 200, response.get_json()
    joined: dict[str, Any] = response.get_json()
    game.tokens[seat] = joined["token"]
    return joined


def events(game: Game) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = game.get("/events").get_json()["events"]
    return found


def test_a_join_game_with_a_seed_step_waits_after_its_last_join(
    client: FlaskClient,
) -> None:  # SEED-2, SEED-1, SEED-3
    game, created = waiting_game(client)
    assert created["dice"]["seed_step"] == {"on_fill": True, "length_ms": 60_000}
    assert created["table"]["status"] == "open"
    early = send(game, 0, commitment=commitment(SALTS[0], "ann"))
    found = problem(early, 409, "wrong_phase")
    assert found["rule"] == "SEED-3" and "opens when the last seat is taken" in found["detail"]
    assert send(game, 0, seed="ann, while waiting").status_code == 200  # plain seeds: yes
    joined = join(game)
    assert joined["table"]["status"] == "started"
    assert types(game) == ["GameCreated", "ClientSeedGiven", "SeedStepOpened"]
    opened = events(game)[2]
    assert opened["command"] == {"type": "open_seed_step"} and opened["seat"] is None
    assert opened["payload"] == {
        "seats": [0, 1],
        "deadline_ms": opened["time_ms"] + 60_000,
        "reveal_deadline_ms": opened["time_ms"] + 120_000,
    }
    table = client.get(f"{game.url}/table", headers=bearer(game.tokens[0])).get_json()
    assert table["expires_ms"] == opened["payload"]["deadline_ms"]  # the expiry pass's cue
    problem(game.send(1, {"type": "end_turn"}), 409, "not_started")
    assert send(game, 1, seed="bob").status_code == 200  # the last awaited seat
    assert payloads(game, "ClientSeedsSealed") == [{"seeds": ["ann, while waiting", "bob"]}]
    assert game.send(0, {"type": "resign"}).status_code == 200
    verified(client, game)


def test_two_seats_commit_and_reveal_and_the_last_reveal_begins_it(
    client: FlaskClient,
) -> None:  # SEED-3, SEED-2
    game, _ = waiting_game(client)
    join(game)
    seeds = ["ann: 4e07408562bedb8b", "bob: 60d5a7b3"]
    assert send(game, 1, commitment=commitment(SALTS[1], seeds[1])).status_code == 200
    assert send(game, 0, commitment=commitment(SALTS[0], seeds[0])).status_code == 200
    assert types(game)[1:] == ["SeedStepOpened", "ClientSeedCommitted", "ClientSeedCommitted",
                               "ClientSeedCommitsClosed"]  # fmt: skip
    assert send(game, 0, seed=seeds[0], salt=SALTS[0]).status_code == 200
    assert "TurnStarted" not in types(game)
    assert send(game, 1, seed=seeds[1], salt=SALTS[1]).status_code == 200
    assert types(game)[-3:-1] == ["ClientSeedRevealed", "ClientSeedsSealed"]
    assert payloads(game, "ClientSeedsSealed") == [{"seeds": seeds}]
    assert "TurnStarted" in types(game)
    assert game.send(1, {"type": "resign"}).status_code == 200
    verified(client, game)


def test_the_deadline_begins_it_with_the_silent_seat_as_none(app: Flask) -> None:  # SEED-2
    client = app.test_client()
    game, _ = waiting_game(client)
    join(game)
    deadline = payloads(game, "SeedStepOpened")[0]["deadline_ms"]
    assert send(game, 1, seed="bob").status_code == 200
    seating = app.extensions["lorekeeper"].seating
    seating.expire_due()
    assert "TurnStarted" not in types(game)  # not yet due
    past_the_deadline(app, deadline)
    assert seating.expire_due() == []  # nothing expired: the game began
    assert payloads(game, "ClientSeedsSealed") == [{"seeds": [None, "bob"]}]
    start = [e for e in events(game) if e["type"] == "ClientSeedsSealed"][0]
    assert start["command"] == {"type": "start_game"} and start["time_ms"] > deadline
    assert game.send(0, {"type": "resign"}).status_code == 200
    verified(client, game)


def test_seeds_given_while_waiting_begin_it_as_the_step_opens(
    client: FlaskClient,
) -> None:  # SEED-2: the step waits for the seats held by players, not bots
    ann = sign_up(client, "Ann")
    seats = [{"kind": "bot", "bot": "battler"}, {"kind": "open"}]
    created = create_as(client, ann["key"], duel(), options=STEP, seats=seats)
    game = Game(client, created["game_id"], ["", ""])
    join(game, 1, client_seed="bob, at his join")
    assert types(game)[1:4] == ["ClientSeedGiven", "SeedStepOpened", "ClientSeedsSealed"]
    assert payloads(game, "SeedStepOpened")[0]["seats"] == [1]
    assert payloads(game, "ClientSeedsSealed") == [{"seeds": [None, "bob, at his join"]}]
    assert "TurnStarted" in types(game)


def test_a_join_game_without_a_seed_step_begins_at_its_last_join(
    client: FlaskClient,
) -> None:  # SEED-1: as before
    ann = sign_up(client, "Ann")
    created = create_as(client, ann["key"], duel())
    game = Game(client, created["game_id"], [created["seats"][0]["token"], ""])
    assert "seed_step" not in created["dice"]
    join(game)
    assert types(game)[:3] == ["GameCreated", "ClientSeedsSealed", "TurnStarted"]
    refused = send(game, 0, commitment=commitment(SALTS[0], "ann"))
    assert problem(refused, 409, "wrong_phase")["rule"] == "SEED-1"


def test_a_rematch_is_promised_the_seed_step_too(client: FlaskClient) -> None:  # SEED-2
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    created = create_as(client, ann["key"], duel(), options={**STEP, "seed_step_s": 30})
    game = Game(client, created["game_id"], [created["seats"][0]["token"], ""])
    joined = client.post(f"{game.url}/join", json={"seat": 1}, headers=bearer(bob["key"]))
    game.tokens[1] = joined.get_json()["token"]
    assert send(game, 0, seed="ann").status_code == 200
    assert send(game, 1, seed="bob").status_code == 200  # the step ends, the game begins
    assert game.send(0, {"type": "resign"}).status_code == 200

    again = client.post(f"{game.url}/rematch", headers=bearer(bob["key"]))

    assert again.status_code == 201, again.get_json()
    rematch = Game(client, again.get_json()["game_id"], [])
    first = events(rematch)[0]["payload"]
    assert first["dice"]["seed_step"] == {"on_fill": True, "length_ms": 30_000}
