"""Visibility (issue 15): a private game refuses every read route to outsiders, as if it did
not exist (404); its players, its seat tokens and its read-only grants read it. Table-driven
over every route that reads a game, and the table must name every such route of the app."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.api.helpers import bearer, create_as, sign_up
from tests.service.games import BATTLE_RF1, END_MOVEMENT, ORDER_BF0, WINNING_DICE, duel

# Every GET route of a game; `None` where an outsider of a public game is refused too.
READ_ROUTES = {
    "/games/{id}": "view",
    "/games/{id}/state": "view",
    "/games/{id}/events": "view",
    "/games/{id}/stream": "view",
    "/games/{id}/export": "audit",
    "/games/{id}/audit": "audit",
    "/games/{id}/transparency": "audit",  # issue 20: the game's leaves in the log
    "/games/{id}/board.svg": "view",
    "/games/{id}/log": "view",
    "/games/{id}/viewer": "view",
    "/games/{id}/legal-actions": "seat",
    "/games/{id}/table": "view",
    "/games/{id}/grants": "member",
}
URLS = {route: route.replace("/games/{id}/viewer", "/viewer/{id}") for route in READ_ROUTES}
# Routes with a game id that read no game: a rated game's entry in the ratings log, which
# only public games have (tests/api/test_ratings_api.py checks a private game's answer).
NOT_GAME_READS = {"/ratings/games/{id}"}
# What each kind of reader gets from each kind of route of a private game.
EXPECTED: dict[str, dict[str, int]] = {
    "player key": {"view": 200, "audit": 200, "seat": 200, "member": 200},
    "seat token": {"view": 200, "audit": 200, "seat": 200, "member": 200},
    "auditor grant": {"view": 200, "audit": 200, "seat": 403, "member": 403},
    "spectator grant": {"view": 200, "audit": 403, "seat": 403, "member": 403},
    "no token": {"view": 404, "audit": 404, "seat": 401, "member": 404},
    "outsider key": {"view": 404, "audit": 404, "seat": 404, "member": 404},
    "other game's seat token": {"view": 404, "audit": 404, "seat": 404, "member": 404},
    "made-up grant": {"view": 404, "audit": 404, "seat": 404, "member": 404},
}


def test_the_table_names_every_route_that_reads_a_game(app: Flask) -> None:
    routes = {
        rule.rule.replace("<game_id>", "{id}")
        for rule in app.url_map.iter_rules()
        if "game_id" in rule.arguments and "GET" in (rule.methods or ())
    }
    assert routes == set(URLS.values()) | NOT_GAME_READS


def _finished_private_game(client: FlaskClient) -> tuple[str, dict[str, str]]:
    """A private game played to its end; the credentials of every kind of reader."""
    ann, bob, eve = sign_up(client, "Ann"), sign_up(client, "Bob"), sign_up(client, "Eve")
    created = create_as(client, ann["key"], duel(), visibility="private",
                        seats=[{"kind": "me"}, {"kind": "invite"}],
                        options={"dice": {"script": WINNING_DICE}})  # fmt: skip
    game_id = created["game_id"]
    invitation = {"invitation": created["invitations"][0]["token"]}
    assert client.post(f"/games/{game_id}/join", json=invitation,
                       headers=bearer(bob["key"])).status_code == 200  # fmt: skip
    for body in (ORDER_BF0, END_MOVEMENT, BATTLE_RF1):
        sent = client.post(f"/games/{game_id}/commands", json=body, headers=bearer(ann["key"]))
        assert sent.status_code == 200, sent.get_json()

    def grant(role: str) -> str:
        made = client.post(f"/games/{game_id}/grants", json={"role": role},
                           headers=bearer(bob["key"]))  # fmt: skip
        assert made.status_code == 201, made.get_json()
        token: str = made.get_json()["token"]
        return token

    other = create_as(client, eve["key"], duel(), seats=[{"kind": "me"}, {"kind": "open"}])
    readers = {
        "player key": ann["key"],
        "seat token": created["seats"][0]["token"],
        "auditor grant": grant("auditor"),
        "spectator grant": grant("spectator"),
        "no token": "",
        "outsider key": eve["key"],
        "other game's seat token": other["seats"][0]["token"],
        "made-up grant": "lkv_" + "x" * 43,
    }
    return game_id, readers


@pytest.fixture
def private_game(client: FlaskClient) -> tuple[str, dict[str, str]]:
    return _finished_private_game(client)


@pytest.mark.parametrize("reader", sorted(EXPECTED))
def test_a_private_game_answers_each_reader_as_the_table_says(
    client: FlaskClient, private_game: tuple[str, dict[str, str]], reader: str
) -> None:
    game_id, readers = private_game
    token = readers[reader]
    got: dict[str, Any] = {}
    want: dict[str, Any] = {}
    for route, kind in READ_ROUTES.items():
        url = URLS[route].format(id=game_id)
        response = client.get(url, headers=bearer(token) if token else {})
        got[route] = response.status_code
        want[route] = EXPECTED[reader][kind]
        if response.status_code == 404:
            assert game_id not in response.get_data(as_text=True).replace(f"'{game_id}'", "")
    assert got == want


def test_outsiders_learn_nothing_a_missing_game_would_not_tell(
    client: FlaskClient, private_game: tuple[str, dict[str, str]]
) -> None:
    game_id, _ = private_game
    for route in READ_ROUTES:
        there = client.get(URLS[route].format(id=game_id))
        nowhere = client.get(URLS[route].format(id="no-such-game"))
        assert (there.status_code, there.get_json()["code"] if there.is_json else None) == (
            nowhere.status_code,
            nowhere.get_json()["code"] if nowhere.is_json else None,
        ), route


def test_a_public_game_is_read_by_anyone_and_an_unlisted_one_is_not_listed(
    client: FlaskClient,
) -> None:
    ann = sign_up(client)
    public = create_as(client, ann["key"], duel())["game_id"]
    unlisted = create_as(client, ann["key"], duel(), visibility="unlisted")["game_id"]
    for game_id in (public, unlisted):
        for route, kind in READ_ROUTES.items():
            status = client.get(URLS[route].format(id=game_id)).status_code
            assert status == {"seat": 401, "member": 403}.get(kind, 200), (route, status)
    listed = [g["game_id"] for g in client.get("/games").get_json()["games"]]
    assert listed == [public]
    mine = client.get("/players/me/games", headers=bearer(ann["key"])).get_json()["games"]
    assert {g["game_id"] for g in mine} == {public, unlisted}


def test_a_revoked_grant_reads_no_more(
    client: FlaskClient, private_game: tuple[str, dict[str, str]]
) -> None:
    game_id, readers = private_game
    token = readers["spectator grant"]
    assert client.get(f"/games/{game_id}", headers=bearer(token)).status_code == 200
    listed = client.get(f"/games/{game_id}/grants", headers=bearer(readers["player key"]))
    spectator = [g for g in listed.get_json()["grants"] if g["role"] == "spectator"][0]
    assert "token" not in spectator
    gone = client.delete(f"/games/{game_id}/grants/{spectator['id']}",
                         headers=bearer(readers["player key"]))  # fmt: skip
    assert gone.status_code == 204
    assert client.get(f"/games/{game_id}", headers=bearer(token)).status_code == 404
