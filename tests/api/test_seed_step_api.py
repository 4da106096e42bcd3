"""The seed step over HTTP, on every backend (SEED-2, docs/client/proving.md): a game whose seats
are all held at its creation, created with `options.seed_step`, waits before its first turn until
every seat held by a player or a token gave its seed or declined, or until the step's
deadline, which the server applies by itself (the reconciler's expiry pass,
`SeatingService.expire_due`) or, like a clock's, the next command sent to the game. Its
export verifies offline. The app reads a test clock set past the deadline: nothing sleeps."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from lorekeeper.audit.verify import VERIFIED, verify_lines
from tests.api.helpers import Game, bearer, create_as, problem, sign_up
from tests.service.games import WINNING_DICE, duel

STEP = {"seed_step": True}


def created_in_step(client: FlaskClient, **options: Any) -> tuple[Game, dict[str, Any]]:
    """An anonymous creator's game (it holds both seats' tokens) in a seed step."""
    response = client.post("/games", json={"scenario": duel(), "options": {**STEP, **options}})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return Game(client, body["game_id"], [s["token"] for s in body["seats"]]), body


def types(game: Game) -> list[str]:
    return [e["type"] for e in game.get("/events").get_json()["events"]]


def payloads(game: Game, type_: str) -> list[dict[str, Any]]:
    events = game.get("/events").get_json()["events"]
    return [e["payload"] for e in events if e["type"] == type_]


def seed(game: Game, seat: int, value: str | None) -> Any:
    return game.send(seat, {"type": "client_seed", "seed": value})


def past_the_deadline(app: Flask, deadline_ms: int) -> None:
    """The app's clocks (the service's, the seating's) read a time past the step's end."""
    parts = app.extensions["lorekeeper"]
    parts.service.now_ms = lambda: deadline_ms + 1
    parts.seating._clock = lambda: deadline_ms + 1


def verified(client: FlaskClient, game: Game) -> None:
    lines = client.get(f"{game.url}/export").get_data(as_text=True).splitlines(True)
    verdict = verify_lines(lines)
    assert verdict.verdict == VERIFIED, verdict.report()


def test_a_full_game_in_a_seed_step_waits_then_begins_with_the_last_seed(
    client: FlaskClient,
) -> None:  # SEED-2, SEED-1
    game, body = created_in_step(client)
    step = body["dice"]["seed_step"]
    assert step["seats"] == [0, 1] and body["dice"]["seat_seeds"] is True
    assert body["table"]["status"] == "started"  # its seats are all held
    assert body["status"] == "open"  # as the lobby lists it: no first turn yet
    assert body["table"]["expires_ms"] == step["deadline_ms"]
    assert types(game) == ["GameCreated"]
    assert payloads(game, "GameCreated")[0]["dice"]["seed_step"] == step
    problem(game.send(0, {"type": "end_turn"}), 409, "not_started")
    assert seed(game, 0, "ann: first thought").status_code == 200
    assert seed(game, 0, "ann: 9f86d081884c7d65").status_code == 200  # until the step ends
    assert types(game) == ["GameCreated", "ClientSeedGiven", "ClientSeedGiven"]
    last = seed(game, 1, "bob: 2c26b46b68ffc68f")
    assert last.status_code == 200, last.get_json()
    assert types(game)[3:6] == ["ClientSeedGiven", "ClientSeedsSealed", "TurnStarted"]
    assert payloads(game, "ClientSeedsSealed") == [
        {"seeds": ["ann: 9f86d081884c7d65", "bob: 2c26b46b68ffc68f"]}
    ]
    late = seed(game, 0, "too late")
    assert problem(late, 409, "wrong_phase")["rule"] == "SEED-1"
    assert game.send(0, {"type": "resign"}).status_code == 200
    verified(client, game)


def test_a_seat_that_declines_is_the_last_seat_too(client: FlaskClient) -> None:  # SEED-2
    game, _ = created_in_step(client)
    assert seed(game, 1, None).status_code == 200
    assert seed(game, 0, "ann").status_code == 200
    assert payloads(game, "ClientSeedsSealed") == [{"seeds": ["ann", None]}]


def test_the_step_ends_at_its_deadline_with_the_silent_seat_as_none(
    app: Flask,
) -> None:  # SEED-2
    client = app.test_client()
    ann = sign_up(client, "Ann")
    seats = [{"kind": "me"}, {"kind": "bot", "bot": "battler"}]
    created = create_as(client, ann["key"], duel(), seats=seats, options=STEP)
    game = Game(client, created["game_id"], [created["seats"][0]["token"]])
    step = created["dice"]["seed_step"]
    assert step["seats"] == [0]  # a bot gives no seed: the step does not wait for it
    seating = app.extensions["lorekeeper"].seating
    assert seating.expire_due() == [] and types(game) == ["GameCreated"]  # not yet due
    past_the_deadline(app, step["deadline_ms"])
    assert seating.expire_due() == []  # nothing expired: the game began
    assert types(game)[1:3] == ["ClientSeedsSealed", "TurnStarted"]
    start = game.get("/events").get_json()["events"][1]
    assert start["payload"] == {"seeds": [None, None]} and start["time_ms"] > step["deadline_ms"]
    assert start["command"] == {"type": "start_game"}
    assert seating.expire_due() == []  # off the expiring set; begun once
    table = client.get(f"{game.url}/table", headers=bearer(ann["key"])).get_json()
    assert table["status"] == "started"
    late = seed(game, 0, "ann, too late")
    assert problem(late, 409, "wrong_phase")["rule"] == "SEED-1"
    assert game.send(0, {"type": "resign"}).status_code == 200
    verified(client, game)


def test_a_command_after_the_deadline_ends_the_step_first(app: Flask) -> None:  # SEED-2
    """As a clock's time-out is applied by the next command (CLK-5): where no worker runs."""
    client = app.test_client()
    game, body = created_in_step(client)
    assert seed(game, 0, "ann").status_code == 200
    past_the_deadline(app, body["dice"]["seed_step"]["deadline_ms"])
    late = seed(game, 1, "bob, too late")
    assert problem(late, 409, "wrong_phase")["rule"] == "SEED-1"
    assert payloads(game, "ClientSeedsSealed") == [{"seeds": ["ann", None]}]
    assert game.send(1, {"type": "resign"}).status_code == 200
    verified(client, game)


def test_the_step_length_is_the_creations_within_bounds(client: FlaskClient) -> None:  # SEED-2
    _, body = created_in_step(client, seed_step_s=5)
    first = client.get(f"/games/{body['game_id']}/events").get_json()["events"][0]
    assert 0 < body["dice"]["seed_step"]["deadline_ms"] - first["time_ms"] <= 5_000
    _, default = created_in_step(client)
    assert default["dice"]["seed_step"]["deadline_ms"] - first["time_ms"] > 50_000  # 60 s


def test_what_the_seed_step_refuses(client: FlaskClient) -> None:  # SEED-2
    def refused(options: dict[str, Any], **body: Any) -> dict[str, Any]:
        response = client.post("/games", json={"scenario": duel(), "options": options, **body})
        found = problem(response, 422, "invalid_body")
        assert found["rule"] == "SEED-2" and "SEED-2" in found["detail"], found
        return found

    assert "seed" in refused({**STEP, "seed": 7})["detail"]
    scripted = refused({**STEP, "dice": {"script": WINNING_DICE}})
    assert list(scripted["errors"]["options"]) == ["seed_step"]
    refused({**STEP, "seed_step_s": 4})
    refused({**STEP, "seed_step_s": 3601})
    refused({"seed_step_s": 30})
    ann = sign_up(client, "Ann")
    open_seat = client.post("/games", headers=bearer(ann["key"]),
                            json={"scenario": duel(), "options": STEP})  # fmt: skip
    assert open_seat.status_code == 201  # a step promised for when it fills (test_join_seed_step)
    assert open_seat.get_json()["dice"]["seed_step"] == {"on_fill": True, "length_ms": 60_000}
    two_bots = [{"kind": "bot", "bot": "battler"}] * 2
    bots = client.post("/games", headers=bearer(ann["key"]),
                       json={"scenario": duel(), "options": STEP, "seats": two_bots})  # fmt: skip
    assert problem(bots, 422, "invalid_body")["rule"] == "SEED-2"
    wrong_type = client.post("/games", json={"scenario": duel(), "options": {"seed_step": 1}})
    problem(wrong_type, 422, "invalid_body")
