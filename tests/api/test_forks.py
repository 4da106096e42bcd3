"""Forks over HTTP (docs/play/forks.md): a practice game from a finished game's position,
played to its end (rules FRK-1..FRK-4, docs/rules-notes.md)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from lorekeeper import cli
from lorekeeper.audit.forks import verify_fork_lines
from lorekeeper.audit.verify import FAILED, VERIFIED
from tests.api.conftest import TEST_SETTINGS, make_app
from tests.api.helpers import Game, bearer, create, problem, sign_up
from tests.api.test_full_game import DICE, winning_scenario
from tests.service.games import ICE_FLIGHT

POSITION_ONLY = ("version", "practice", "hands_known", "dice_chosen", "head_hash", "clock")
N = 5  # after seat 0's first end_turn: seat 1's turn 2


@pytest.fixture(params=["in_memory", "redis"])
def client(request: pytest.FixtureRequest) -> Iterator[FlaskClient]:
    redis_client = request.getfixturevalue("redis_client") if request.param == "redis" else None
    with make_app(request.param, TEST_SETTINGS, redis_client).test_client() as test_client:
        yield test_client


def finished_game(client: FlaskClient) -> Game:
    """A public game of committed dice: two turns, then seat 0 resigns."""
    game = create(client, "river_crossing")
    game.ok(0, {"type": "end_turn"})
    game.ok(1, {"type": "end_turn"})
    game.ok(0, {"type": "resign"})
    return game


def fork(client: FlaskClient, game: Game, key: str, **body: Any) -> dict[str, Any]:
    response = client.post(f"{game.url}/forks", json={"version": N, **body}, headers=bearer(key))
    assert response.status_code == 201, response.get_json()
    made: dict[str, Any] = response.get_json()
    return made


def position(view: dict[str, Any]) -> dict[str, Any]:
    """A board view without what a fork adds; each seat's cards as their count."""
    players = [{**p, "cards": None} for p in view["players"]]
    return {k: v for k, v in view.items() if k not in POSITION_ONLY} | {"players": players}


def test_a_forks_first_state_is_the_parents_at_n(client):  # FRK-1
    game = finished_game(client)
    ann = sign_up(client)
    made = fork(client, game, ann["key"])
    assert made["table"]["fork"] == {"parent": game.id, "version": N, "practice": True,
                                     "dice": "committed"}  # fmt: skip
    parent = client.get(f"{game.url}/state?version={N}").get_json()
    first = client.get(f"/games/{made['game_id']}/state?version=1").get_json()
    assert position(first) == position(parent)
    assert first["practice"] and first["hands_known"] and not first["dice_chosen"]
    assert all(p["cards"] is not None for p in first["players"])  # FRK-3, for anyone


def test_a_hot_seat_fork_is_played_to_its_end(client):  # FRK-2
    game = finished_game(client)
    ann = sign_up(client)
    made = fork(client, game, ann["key"])
    forked = Game(client, made["game_id"], [s["token"] for s in made["seats"]])
    assert [s["seat"] for s in made["seats"]] == [0, 1]  # the forker holds both seats
    forked.ok(1, {"type": "end_turn"})
    forked.ok(0, {"type": "end_turn"})
    forked.ok(1, {"type": "resign"})
    assert forked.get().get_json()["winner"] == 0
    created = client.get(f"{forked.url}/events").get_json()["events"][0]
    assert created["payload"]["fork"]["parent"] == game.id
    assert created["payload"]["fork"]["parent_head"] == game.get().get_json()["head_hash"]
    header = json.loads(export(forked)[0])
    assert header["fork"] == {"parent": game.id, "version": N, "practice": True,
                              "dice": "committed"}  # fmt: skip
    assert "fork" not in json.loads(export(game)[0])
    verdict = verify_fork_lines(export(forked), export(game))
    assert verdict.verdict == VERIFIED, verdict.report()
    assert verdict.checks["fork"] == "event 1 is the parent's position at its version"
    audit = client.get(f"{forked.url}/audit").get_json()  # the server's, with the parent
    assert audit["verdict"] == VERIFIED and audit["checks"]["fork"] == verdict.checks["fork"]
    listed = client.get("/games?status=over").get_json()["games"]
    assert [g.get("practice") for g in listed if g["game_id"] in (game.id, forked.id)] in (
        [True, None], [None, True])  # fmt: skip


def export(game: Game) -> list[bytes]:
    response = game.client.get(f"{game.url}/export")
    assert response.status_code == 200
    return response.get_data().splitlines()


def test_a_fork_with_another_parent_fails(client):  # FRK-1
    game, other = finished_game(client), finished_game(client)
    ann = sign_up(client)
    made = fork(client, game, ann["key"])
    forked = Game(client, made["game_id"], [s["token"] for s in made["seats"]])
    forked.ok(1, {"type": "resign"})
    verdict = verify_fork_lines(export(forked), export(other))
    assert verdict.verdict == FAILED and verdict.first_bad_event == 1


def test_a_game_in_progress_cannot_be_forked(client):  # FRK-1
    game = create(client, "river_crossing")
    game.ok(0, {"type": "end_turn"})
    ann = sign_up(client)
    reply = client.post(f"{game.url}/forks", json={"version": 2}, headers=bearer(ann["key"]))
    assert problem(reply, 409, "game_in_progress")["rule"] == "FRK-1"


@pytest.mark.parametrize("version", [0, 1, 99, "5"])
def test_a_version_to_fork_from_is_checked(client, version):  # FRK-1
    game = finished_game(client)
    ann = sign_up(client)
    reply = client.post(f"{game.url}/forks", json={"version": version}, headers=bearer(ann["key"]))
    problem(reply, 422, "invalid_body")


def test_a_fork_is_never_rated(client):  # FRK-2
    game = finished_game(client)
    ann = sign_up(client)
    reply = client.post(f"{game.url}/forks", json={"version": N, "rated": True},
                        headers=bearer(ann["key"]))  # fmt: skip
    assert problem(reply, 422, "invalid_body")["rule"] == "FRK-2"
    made = fork(client, game, ann["key"])
    rematch = client.post(f"/games/{made['game_id']}/rematch", headers=bearer(ann["key"]))
    assert rematch.status_code in (403, 409)


def test_outsiders_of_a_private_game_get_404(client):  # FRK-1
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    body = {"scenario": "river_crossing", "visibility": "private",
            "seats": [{"kind": "me"}, {"kind": "token"}]}  # fmt: skip
    created = client.post("/games", json=body, headers=bearer(ann["key"])).get_json()
    game = Game(client, created["game_id"], [s["token"] for s in created["seats"]])
    game.ok(0, {"type": "resign"})
    reply = client.post(f"{game.url}/forks", json={"version": 2}, headers=bearer(bob["key"]))
    problem(reply, 404, "game_not_found")
    made = fork(client, game, ann["key"], version=2)
    assert made["visibility"] == "private"


def test_a_fork_against_a_bot(client):  # FRK-2
    game = finished_game(client)
    ann = sign_up(client)
    made = fork(client, game, ann["key"], seats="bot", seat=0)
    seats = made["table"]["seats"]
    assert seats[1]["kind"] == "bot" and seats[0]["player"]["id"] == ann["id"]
    view = client.get(f"/games/{made['game_id']}", headers=bearer(ann["key"])).get_json()
    assert view["version"] > 1  # the position is the bot's turn: it has begun to play


def test_the_owner_chooses_the_next_dice(client):  # FRK-4
    game = finished_game(client)
    ann = sign_up(client)
    made = fork(client, game, ann["key"], dice="chosen")
    forked = Game(client, made["game_id"], [s["token"] for s in made["seats"]])
    assert forked.get().get_json()["dice_chosen"]
    reply = forked.ok(1, {"type": "choose_dice", "faces": ["flag", "flag"]})
    assert reply["events"][0]["type"] == "DiceChosen"
    refused = forked.send(1, {"type": "choose_dice", "faces": ["six"]})
    assert refused.status_code == 422
    forked.ok(1, {"type": "resign"})
    verdict = verify_fork_lines(export(forked), export(game))
    assert verdict.verdict == VERIFIED, verdict.report()


def test_dice_are_chosen_only_in_a_fork_marked_so(client):  # FRK-4
    game = finished_game(client)
    ann = sign_up(client)
    made = fork(client, game, ann["key"])
    forked = Game(client, made["game_id"], [s["token"] for s in made["seats"]])
    refused = forked.send(1, {"type": "choose_dice", "faces": ["flag"]})
    assert problem(refused, 403, "forbidden")["rule"] == "FRK-4"


def test_a_battle_on_chosen_dice_verifies(client):  # FRK-4
    # "What if this battle had rolled otherwise?": the faces of test_full_game, chosen.
    game = create(client, winning_scenario())
    game.ok(0, {"type": "end_turn"})
    game.ok(1, {"type": "end_turn"})  # version 8: seat 0's turn 3 begins
    game.ok(0, {"type": "resign"})
    ann = sign_up(client)
    made = fork(client, game, ann["key"], version=8, dice="chosen")
    forked = Game(client, made["game_id"], [s["token"] for s in made["seats"]])
    forked.ok(1, {"type": "choose_dice", "faces": DICE})  # any seat the owner holds
    forked.ok(0, {"type": "order", "units": ["bf0", "id0"], "breath": ["id0"]})
    forked.ok(0, {"type": "fly", "unit": "id0", "path": ICE_FLIGHT})
    forked.ok(0, {"type": "end_movement"})
    won = forked.ok(0, {"type": "battle", "unit": "bf0", "target": "bf1"})
    rolled = [
        f for e in won["events"] if e["type"] == "BattleRolled" for f in e["payload"]["faces"]
    ]
    assert rolled == DICE[-3:] and won["events"][-1]["type"] == "DiceRevealed"
    verdict = verify_fork_lines(export(forked), export(game))
    assert verdict.verdict == VERIFIED, verdict.report()
    assert verdict.checks["dice"].startswith(f"{len(DICE)} dice")
    assert verdict.reason.endswith("some dice were chosen by the fork's owner (FRK-4)")


def test_the_offline_verifier_takes_the_parents_export(client, tmp_path, capsys):  # FRK-1
    game = finished_game(client)
    ann = sign_up(client)
    made = fork(client, game, ann["key"])
    forked = Game(client, made["game_id"], [s["token"] for s in made["seats"]])
    forked.ok(1, {"type": "resign"})
    paths = {}
    for name, exported in (("fork", forked), ("parent", game)):
        paths[name] = tmp_path / f"{name}.ndjson"
        paths[name].write_bytes(b"\n".join(export(exported)) + b"\n")
    assert cli.main(["verify", str(paths["fork"]), "--parent", str(paths["parent"])]) == 0
    assert "fork: event 1 is the parent's position" in capsys.readouterr().out
    assert cli.main(["verify", str(paths["fork"]), "--parent", str(paths["fork"])]) == 1
    assert cli.main(["verify", str(paths["fork"])]) == 3  # alone: its start is unchecked
    assert "fork: not checked" in capsys.readouterr().out


def test_the_viewer_links_a_fork_to_its_parent(client):  # FRK-1
    game = finished_game(client)
    ann = sign_up(client)
    made = fork(client, game, ann["key"], dice="chosen")
    forked = Game(client, made["game_id"], [s["token"] for s in made["seats"]])
    forked.ok(1, {"type": "choose_dice", "faces": ["flag"]})
    log = client.get(f"{forked.url}/log?format=json").get_json()
    assert log["fork"] == {"parent": game.id, "version": N}
    assert log["entries"][0]["text"].startswith(f"Fork of game {game.id} at version {N}")
    assert log["entries"][1]["text"].endswith("the owner chooses the next dice: flag")
    assert "fork" not in client.get(f"{game.url}/log?format=json").get_json()
    assert client.get(f"{forked.url}/board.svg?version=1").status_code == 200
    page = client.get(f"/viewer/{forked.id}").get_data(as_text=True)
    assert 'id="fork"' in page


def test_a_fork_with_a_friend_keeps_their_seat(client):  # FRK-2
    game = finished_game(client)
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    made = fork(client, game, ann["key"], seats="friend", friend=bob["id"])
    assert made["table"]["seats"][1]["kind"] == "reserved"
    joined = client.post(f"/games/{made['game_id']}/join", json={}, headers=bearer(bob["key"]))
    assert joined.status_code == 200 and joined.get_json()["seat"] == 1
    forked = Game(client, made["game_id"], [made["seats"][0]["token"], joined.get_json()["token"]])
    forked.ok(1, {"type": "end_turn"})  # the position's turn is seat 1's: the friend's
    forked.ok(0, {"type": "resign"})
    assert forked.get().get_json()["winner"] == 1
