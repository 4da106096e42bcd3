"""Your turn, when a turn resumes without the other seat's command, over HTTP (docs/push.md):
after the server's breath phase, after a join completes the table, after a clock's time-out,
after the server ends a seed step. Each is told exactly once, on the stream and to webhooks
alike (one log feeds both). On every backend (the breath phase resolved inline)."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.api.helpers import bearer, create_as, sign_up
from tests.api.test_push_stream import notes, play
from tests.api.test_seed_step_api import past_the_deadline
from tests.service.games import duel, ice

ORDER_BREATH = {"type": "order", "units": ["id0"], "breath": ["id0"]}
FLY = {"type": "fly", "unit": "id0", "path": [[1, 1], [2, 1], [3, 1], [4, 1]]}
CLOCK = {"kind": "per_turn", "turn_s": 60, "decision_s": 15}
BREATH_DICE = ["lore", "lore", "green", "red", "red", "red", "lore", "red", "red"]


def _ice_game(client: FlaskClient) -> tuple[dict[str, Any], dict[str, Any], str]:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    seats = [{"kind": "me"}, {"kind": "player", "player_id": bob["id"]}]
    made = create_as(client, ann["key"], ice(), seats=seats,
                     options={"dice": {"script": BREATH_DICE}})  # fmt: skip
    joined = client.post(f"/games/{made['game_id']}/join", headers=bearer(bob["key"]))
    assert joined.status_code == 200, joined.get_json()
    return ann, bob, made["game_id"]


def _told(client: FlaskClient, key: str) -> list[tuple[str, int, str]]:
    return [(n["type"], n["turn"], n["id"]) for n in notes(client, key)]


def test_the_active_seat_is_told_once_its_turn_resumes_after_the_breath_phase(
    client: FlaskClient,
) -> None:
    ann, bob, game_id = _ice_game(client)  # R-TRN-6
    assert [t for t, _, _ in _told(client, ann["key"])] == ["game_started", "your_turn"]
    play(client, game_id, ann["key"], ORDER_BREATH)
    play(client, game_id, ann["key"], FLY)  # her own commands: nothing new
    assert [t for t, _, _ in _told(client, ann["key"])] == ["game_started", "your_turn"]
    play(client, game_id, ann["key"], {"type": "end_movement"})  # the server breathes
    view = client.get(f"/games/{game_id}", headers=bearer(ann["key"])).get_json()
    assert view["phase"] == "combat" and view["active_seat"] == 0
    told = _told(client, ann["key"])
    assert [(t, turn) for t, turn, _ in told] == [
        ("game_started", 1), ("your_turn", 1), ("your_turn", 1)]  # fmt: skip
    assert len({i for _, _, i in told}) == 3  # a new fact: its own id
    assert _told(client, ann["key"]) == told  # and only once, however often it is read
    bobs = ["invitation_received", "game_started"]
    assert [t for t, _, _ in _told(client, bob["key"])] == bobs
    play(client, game_id, ann["key"], {"type": "end_turn"})
    assert [(t, turn) for t, turn, _ in _told(client, bob["key"])][1:] == [
        ("game_started", 1), ("your_turn", 2)]  # fmt: skip
    assert len(_told(client, ann["key"])) == 3


def test_the_first_seat_is_told_once_the_last_join_starts_the_game(client: FlaskClient) -> None:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    made = create_as(client, ann["key"], ice(), seats=[{"kind": "me"}, {"kind": "open"}])
    assert [n["type"] for n in notes(client, ann["key"])] == []
    joined = client.post(f"/games/{made['game_id']}/join", headers=bearer(bob["key"]))
    assert joined.status_code == 200
    assert [n["type"] for n in notes(client, ann["key"])] == ["game_started", "your_turn"]
    assert [n["type"] for n in notes(client, bob["key"])] == ["game_started"]


def test_the_next_seat_is_told_once_when_a_clock_ends_the_turn(
    app: Flask, client: FlaskClient
) -> None:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    seats = [{"kind": "me"}, {"kind": "player", "player_id": bob["id"]}]
    made = create_as(client, ann["key"], duel(), seats=seats, options={"clock": CLOCK})
    game_id = made["game_id"]
    assert client.post(f"/games/{game_id}/join", headers=bearer(bob["key"])).status_code == 200
    service = app.extensions["lorekeeper"].service
    started = client.get(f"/games/{game_id}/events").get_json()["events"][-1]["time_ms"]
    service.now_ms = lambda: started + 61_000  # past Ann's 60 s
    for _ in range(2):  # what the workers' clock job does, twice
        service.time_out(game_id)
    view = client.get(f"/games/{game_id}", headers=bearer(bob["key"])).get_json()
    assert view["active_seat"] == 1 and view["turn"] == 2
    told = [(n["type"], n["turn"]) for n in notes(client, bob["key"])]
    assert told[-2:] == [("game_started", 1), ("your_turn", 2)]
    assert told.count(("your_turn", 2)) == 1


def test_the_first_seat_is_told_once_the_server_ends_the_seed_step(app: Flask) -> None:
    client = app.test_client()  # SEED-2
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    made = create_as(client, ann["key"], duel(), options={"seed_step": True})
    game_id = made["game_id"]
    assert client.post(f"/games/{game_id}/join", headers=bearer(bob["key"])).status_code == 200
    assert [n["type"] for n in notes(client, ann["key"])] == []  # the step is open
    opened = [e for e in client.get(f"/games/{game_id}/events").get_json()["events"]
              if e["type"] == "SeedStepOpened"][0]  # fmt: skip
    past_the_deadline(app, opened["payload"]["deadline_ms"])
    service = app.extensions["lorekeeper"].service
    for _ in range(2):  # what the workers' seed-step job does, twice
        service.end_seed_step(game_id)
    told = [(n["type"], n["turn"]) for n in notes(client, ann["key"])]
    assert told == [("game_started", 1), ("your_turn", 1)]
    assert [n["type"] for n in notes(client, bob["key"])] == ["game_started"]
