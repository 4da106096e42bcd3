"""Takebacks over HTTP (TKB-1..6, docs/play/takebacks.md): asked, accepted, declined and
refused, listed among the legal actions, and exported and verified offline."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from lorekeeper.audit.verify import verify_lines
from tests.api.helpers import Game, create, problem
from tests.audit.tamper import parsed, rechained, verify_records
from tests.service.games import duel

REQUEST = {"type": "request_takeback"}
ACCEPT = {"type": "answer_takeback", "accept": True}
DECLINE = {"type": "answer_takeback", "accept": False}


def moved(client: FlaskClient) -> Game:
    """A duel with takebacks where seat 0 ordered bf0 and moved it from [0,0] to [0,1]."""
    game = create(client, duel(), takebacks=True)
    game.ok(0, {"type": "order", "units": ["bf0"]})
    game.ok(0, {"type": "move", "unit": "bf0", "path": [[0, 1]]})
    return game


def actions(game: Game, seat: int) -> list[dict[str, Any]]:
    listing: list[dict[str, Any]] = game.get("/legal-actions", seat=seat).get_json()["actions"]
    return listing


def bf0(game: Game) -> list[int]:
    units = game.get(seat=0).get_json()["units"]
    hexes: list[int] = next(u["hex"] for u in units if u["id"] == "bf0")
    return hexes


def test_an_accepted_takeback_puts_the_move_back(client: FlaskClient):  # TKB-2, TKB-4
    game = moved(client)
    assert bf0(game) == [0, 1]
    assert REQUEST in actions(game, 0)
    asked = game.ok(0, REQUEST)
    assert [e["type"] for e in asked["events"]] == ["TakebackRequested"]
    to_version = asked["events"][0]["payload"]["to_version"]
    assert ACCEPT in actions(game, 1) and DECLINE in actions(game, 1)
    assert game.get(seat=1).get_json()["takebacks"] == {"request": 0}
    taken = game.ok(1, ACCEPT)
    event = taken["events"][0]
    assert event["type"] == "TakenBack"
    assert event["payload"] == {"seat": 0, "to_version": to_version, "by": 1}
    assert bf0(game) == [0, 0]
    state = game.get(seat=0).get_json()
    assert state["takebacks"] == {"request": None}
    then = game.get(f"/state?version={to_version}", seat=0).get_json()
    assert state["phase"] == then["phase"] == "order"
    assert state["units"] == then["units"]
    kinds = [e["type"] for e in game.get("/events").get_json()["events"]]
    assert kinds[-3:] == ["UnitMoved", "TakebackRequested", "TakenBack"]  # all kept


def test_a_declined_takeback_leaves_the_move(client: FlaskClient):  # TKB-3, TKB-5
    game = moved(client)
    game.ok(0, REQUEST)
    declined = game.ok(1, DECLINE)
    assert declined["events"][0]["type"] == "TakebackDeclined"
    assert bf0(game) == [0, 1]
    assert REQUEST not in actions(game, 0)
    body = problem(game.send(0, REQUEST), 409, "wrong_phase")
    assert body["rule"] == "TKB-5"
    body = problem(game.send(1, ACCEPT), 409, "wrong_phase")
    assert body["rule"] == "TKB-3"


def test_a_takeback_is_refused_once_dice_were_rolled(client: FlaskClient):  # TKB-2
    game = create(client, duel(), takebacks=True, dice={"script": ["green"] * 3})  # misses
    game.ok(0, {"type": "order", "units": ["bf0"]})
    game.ok(0, {"type": "end_movement"})
    rolled = game.ok(0, {"type": "battle", "unit": "bf0", "target": "rf1"})
    assert [e["type"] for e in rolled["events"]] == ["BattleRolled"]
    body = problem(game.send(0, REQUEST), 409, "wrong_phase")
    assert body["rule"] == "TKB-2" and "information came out" in body["detail"]
    assert REQUEST not in actions(game, 0)


def test_only_the_other_seat_answers(client: FlaskClient):  # TKB-2, TKB-3
    game = moved(client)
    assert problem(game.send(1, REQUEST), 409, "not_your_turn")["rule"] == "TKB-2"
    game.ok(0, REQUEST)
    assert problem(game.send(0, ACCEPT), 403, "forbidden")["rule"] == "TKB-3"


def test_takebacks_are_off_unless_the_creator_turns_them_on(client: FlaskClient):  # TKB-1
    game = create(client, duel())
    game.ok(0, {"type": "order", "units": ["bf0"]})
    assert problem(game.send(0, REQUEST), 403, "forbidden")["rule"] == "TKB-1"
    assert all("takeback" not in a["type"] for a in actions(game, 0))
    first = game.get("/events?limit=1").get_json()["events"][0]
    assert "takebacks" not in first["payload"]
    assert "takebacks" not in game.get(seat=0).get_json()  # only games with takebacks show it
    response = client.post("/games", json={"scenario": duel(), "options": {"takebacks": 1}})
    problem(response, 422, "invalid_body")


def test_bad_answers_are_refused_with_the_field_named(client: FlaskClient):
    game = moved(client)
    for body in ({"type": "answer_takeback"}, {**ACCEPT, "accept": "yes"}, {**REQUEST, "x": 1}):
        assert problem(game.send(1, body), 422, "invalid_body")["errors"]


def test_a_game_with_takebacks_exports_and_verifies(client: FlaskClient):  # TKB-4
    game = moved(client)
    game.ok(0, REQUEST)
    game.ok(1, ACCEPT)
    game.ok(0, {"type": "order", "units": ["bf0"]})
    game.ok(0, {"type": "move", "unit": "bf0", "path": [[0, 1]]})
    game.ok(0, REQUEST)
    game.ok(1, DECLINE)
    game.ok(1, {"type": "resign"})
    lines = game.get("/export").get_data(as_text=True).splitlines(keepends=True)
    verdict = verify_lines(lines)
    assert verdict.verdict == "verified", verdict.report()
    kinds = "".join(lines)
    assert all(k in kinds for k in ("TakebackRequested", "TakenBack", "TakebackDeclined"))
    records = parsed(lines)  # a forger moves the takeback and rehashes the chain after it
    taken = next(r for r in records if r.get("type") == "TakenBack")
    taken["payload"]["to_version"] += 1
    forged = verify_records(rechained(records))
    assert (forged.verdict, forged.first_bad_event) == ("failed", taken["version"])
