"""Seats over HTTP: one access decision for one caller on every route of a game, joining
again, and the table's status once the game is over (docs/players.md). On every backend."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from lorekeeper.access import Caller
from lorekeeper.players import PlayerCaller
from tests.api.helpers import bearer, create_as, problem, sign_up
from tests.api.test_players_api import trio
from tests.api.test_visibility import READ_ROUTES, URLS
from tests.service.games import duel


def statuses(client: FlaskClient, game_id: str, key: str) -> dict[str, int]:
    """Each route that reads or acts in a game, and the status it answers the caller."""
    auth = bearer(key) if key else {}
    got = {route: client.get(URLS[route].format(id=game_id), headers=auth).status_code
           for route in READ_ROUTES}  # fmt: skip
    command = client.post(f"/games/{game_id}/commands", json={"type": "end_turn"}, headers=auth)
    got["POST /games/{id}/commands"] = command.status_code
    return got


def _private_with_a_reserved_seat(client: FlaskClient) -> tuple[dict[str, Any], ...]:
    ann, bob, eve = sign_up(client, "Ann"), sign_up(client, "Bob"), sign_up(client, "Eve")
    seats = [{"kind": "me"}, {"kind": "player", "player_id": bob["id"]}]
    created = create_as(client, ann["key"], duel(), visibility="private", seats=seats)
    return ann, bob, eve, created


def test_a_caller_is_let_in_or_kept_out_of_a_game_alike_on_every_route(
    client: FlaskClient,
) -> None:
    ann, bob, eve, created = _private_with_a_reserved_seat(client)
    game_id = created["game_id"]
    seat_token = created["seats"][0]["token"]
    for who, key in (("Ann", ann["key"]), ("Bob, reserved", bob["key"]), ("Eve", eve["key"]),
                     ("seat token", seat_token), ("made-up", "lks_" + "A" * 43)):  # fmt: skip
        got = statuses(client, game_id, key)
        hidden = {route for route, status in got.items() if status == 404}
        assert hidden in (set(), set(got)), (who, got)
    bobs = statuses(client, game_id, bob["key"])
    assert bobs["/games/{id}"] == bobs["/games/{id}/table"] == bobs["/games/{id}/export"] == 200
    legal = client.get(f"/games/{game_id}/legal-actions", headers=bearer(bob["key"]))
    problem(legal, 403, "not_seated")  # a reader who holds no seat, as in a public game


def test_joining_again_is_refused_and_every_token_given_keeps_working(
    client: FlaskClient,
) -> None:
    ann, bob, cat = sign_up(client, "Ann"), sign_up(client, "Bob"), sign_up(client, "Cat")
    created = create_as(client, ann["key"], trio())  # Ann in seat 0, two open seats
    game_id = created["game_id"]
    anns = created["seats"][0]["token"]
    joined = client.post(f"/games/{game_id}/join", headers=bearer(bob["key"])).get_json()
    for who, seat in ((ann, 0), (bob, 1)):
        again = client.post(f"/games/{game_id}/join", headers=bearer(who["key"]))
        assert problem(again, 409, "already_seated")["seat"] == seat
    assert client.post(f"/games/{game_id}/join", headers=bearer(cat["key"])).status_code == 200
    for token in (anns, joined["token"]):
        assert client.get(f"/games/{game_id}", headers=bearer(token)).status_code == 200
    ended = client.post(f"/games/{game_id}/commands", json={"type": "end_turn"},
                        headers=bearer(anns))  # fmt: skip
    assert ended.status_code == 200, ended.get_json()
    legal = client.get(f"/games/{game_id}/legal-actions", headers=bearer(joined["token"]))
    assert legal.status_code == 200 and legal.get_json()["seat"] == 1


def test_the_table_of_a_game_that_is_over_says_over_as_the_lobby_does(
    client: FlaskClient,
) -> None:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    game_id = create_as(client, ann["key"], duel())["game_id"]
    assert client.post(f"/games/{game_id}/join", headers=bearer(bob["key"])).status_code == 200
    assert client.get(f"/games/{game_id}/table").get_json()["status"] == "started"
    resigned = client.post(f"/games/{game_id}/commands", json={"type": "resign"},
                           headers=bearer(bob["key"]))  # fmt: skip
    assert resigned.status_code == 200
    listed = client.get("/players/me/games?status=over", headers=bearer(ann["key"])).get_json()
    assert [g["game_id"] for g in listed["games"]] == [game_id]
    assert client.get(f"/games/{game_id}/table").get_json()["status"] == "over"


def test_a_join_whose_seed_the_rules_refuse_still_seats_the_player(app: Flask) -> None:
    """SEED-1: a seed comes before the first turn. Bob's join takes a seat; before his seed
    is recorded Cat takes the last one and the game begins: Bob is seated all the same, his
    token comes back, and the reply says the seed was not recorded."""
    client = app.test_client()
    ann, bob, cat = sign_up(client, "Ann"), sign_up(client, "Bob"), sign_up(client, "Cat")
    game_id = create_as(client, ann["key"], trio())["game_id"]
    seating = app.extensions["lorekeeper"].seating
    cats = Caller(player=PlayerCaller(cat["id"], "k"))
    seating._tables = _ThenCatJoins(seating._tables, lambda: seating.join(cats, game_id),
                                    bob["id"])  # fmt: skip
    joined = client.post(f"/games/{game_id}/join", json={"client_seed": "bob"},
                         headers=bearer(bob["key"]))  # fmt: skip
    assert joined.status_code == 200, joined.get_json()
    assert joined.get_json()["client_seed_recorded"] is False
    view = client.get(f"/games/{game_id}", headers=bearer(joined.get_json()["token"]))
    assert view.status_code == 200 and view.get_json()["turn"] == 1


class _ThenCatJoins:
    """A TableStore that runs `then` once, just after a change seats `player_id`."""

    def __init__(self, tables: Any, then: Any, player_id: str) -> None:
        self._tables, self._then, self._player_id = tables, then, player_id

    def __getattr__(self, name: str) -> Any:
        return getattr(self._tables, name)

    def replace(self, table: Any, rev: int) -> bool:
        done: bool = self._tables.replace(table, rev)
        if done and self._then is not None and table.seat_of(self._player_id) is not None:
            then, self._then = self._then, None
            then()
        return done
