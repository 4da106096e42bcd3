"""Seats over HTTP: one access decision for one caller on every route of a game, joining
again, declining an invitation or a reserved seat, and the table's status once the game is
over (docs/players.md). On every backend."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from lorekeeper.players.access import Caller
from lorekeeper.players.accounts import PlayerCaller
from tests.api.helpers import bearer, create_as, problem, sign_up
from tests.api.test_players_api import trio
from tests.api.test_push_stream import notes
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


def test_a_reserved_seat_is_declined_and_its_game_s_players_are_told(
    client: FlaskClient,
) -> None:
    ann, bob, eve, created = _private_with_a_reserved_seat(client)
    game_id = created["game_id"]
    problem(client.post(f"/games/{game_id}/decline", headers=bearer(eve["key"])), 404,
            "game_not_found")  # fmt: skip
    problem(client.post(f"/games/{game_id}/decline"), 401, "token_missing")
    declined = client.post(f"/games/{game_id}/decline", headers=bearer(bob["key"]))
    assert declined.status_code == 200, declined.get_json()
    body = declined.get_json()
    assert body["seat"] == 1
    seat = {"seat": 1, "kind": "declined", "player": {"id": bob["id"], "name": "Bob", "bot": False}}
    assert body["table"]["seats"][1] == seat
    again = client.post(f"/games/{game_id}/decline", headers=bearer(bob["key"]))
    assert again.status_code == 200 and again.get_json()["table"] == body["table"]
    table = client.get(f"/games/{game_id}/table", headers=bearer(ann["key"])).get_json()
    assert table["seats"][1] == seat and table["status"] == "open"
    told = [n for n in notes(client, ann["key"]) if n["type"] == "invitation_declined"]
    assert [(n["game_id"], n["seat"], n["player"]["id"]) for n in told] == [(game_id, 1, bob["id"])]
    invited = client.get("/players/me/games?status=invited", headers=bearer(bob["key"]))
    assert invited.get_json()["games"] == []
    # Bob is an outsider now: the game is hidden from him, as a missing one.
    problem(client.get(f"/games/{game_id}", headers=bearer(bob["key"])), 404, "game_not_found")
    problem(client.post(f"/games/{game_id}/join", headers=bearer(bob["key"])), 404,
            "game_not_found")  # fmt: skip


def test_an_invitation_is_declined_then_the_seat_is_invited_anew(client: FlaskClient) -> None:
    ann, cat = sign_up(client, "Ann"), sign_up(client, "Cat")
    created = create_as(client, ann["key"], duel(), seats=[{"kind": "me"}, {"kind": "invite"}])
    game_id = created["game_id"]
    invitation = {"invitation": created["invitations"][0]["token"]}
    problem(client.post(f"/games/{game_id}/decline", json={"invitation": "lki_" + "Q" * 43}),
            403, "invitation_rejected")  # fmt: skip
    declined = client.post(f"/games/{game_id}/decline", json=invitation)  # no key needed
    assert declined.status_code == 200, declined.get_json()
    assert declined.get_json()["table"]["seats"][1] == {"seat": 1, "kind": "declined"}
    assert client.post(f"/games/{game_id}/decline", json=invitation).status_code == 200
    told = [n for n in notes(client, ann["key"]) if n["type"] == "invitation_declined"]
    assert [(n["seat"], "player" in n) for n in told] == [(1, False)]
    problem(client.post(f"/games/{game_id}/join", json=invitation, headers=bearer(cat["key"])),
            403, "invitation_rejected")  # fmt: skip
    problem(client.post(f"/games/{game_id}/join", headers=bearer(cat["key"])), 409, "seat_taken")
    fresh = client.post(f"/games/{game_id}/invitations", headers=bearer(ann["key"]))
    assert fresh.status_code == 201 and fresh.get_json()["seat"] == 1
    joined = client.post(f"/games/{game_id}/join", json={"invitation": fresh.get_json()["token"]},
                         headers=bearer(cat["key"]))  # fmt: skip
    assert joined.status_code == 200 and joined.get_json()["table"]["status"] == "started"


def test_a_rematch_is_declined(client: FlaskClient) -> None:
    ann, bob, _, created = _private_with_a_reserved_seat(client)
    game_id = created["game_id"]
    assert client.post(f"/games/{game_id}/join", headers=bearer(bob["key"])).status_code == 200
    resigned = client.post(f"/games/{game_id}/commands", json={"type": "resign"},
                           headers=bearer(bob["key"]))  # fmt: skip
    assert resigned.status_code == 200
    rematch = client.post(f"/games/{game_id}/rematch", headers=bearer(ann["key"])).get_json()
    declined = client.post(f"/games/{rematch['game_id']}/decline", headers=bearer(bob["key"]))
    assert declined.status_code == 200, declined.get_json()
    kinds = [s["kind"] for s in declined.get_json()["table"]["seats"]]
    assert kinds == ["declined", "player"]  # Bob's seat, one on from his seat 1
    told = [n for n in notes(client, ann["key"]) if n["type"] == "invitation_declined"]
    assert [n["game_id"] for n in told] == [rematch["game_id"]]


def test_an_expired_game_s_seat_cannot_be_declined(app: Flask) -> None:
    client = app.test_client()
    ann, bob, _, created = _private_with_a_reserved_seat(client)
    seating = app.extensions["lorekeeper"].seating
    seating._clock = lambda: created["table"]["expires_ms"] + 1
    assert seating.expire_due() == [created["game_id"]]
    declined = client.post(f"/games/{created['game_id']}/decline", headers=bearer(bob["key"]))
    problem(declined, 409, "game_closed")


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
