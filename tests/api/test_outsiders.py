"""An outsider learns nothing of a private game: on every route and method of a game in
openapi.yaml, whatever it sends, it gets what it would get for a game that does not exist
(the same status, headers that matter, and body but for the id). Walked from the spec, so a
route added later is walked too."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.api.helpers import bearer, create_as, sign_up
from tests.api.test_players_api import trio
from tests.api.test_spec_routes import HTTP_METHODS, spec
from tests.service.games import duel

MISSING = "0" * 16  # the shape of a game id (16 hex digits), and no game's
FORGED = "lki_" + "Q" * 43
# Bodies an outsider may try beyond the spec's examples, by operation.
TRIED: dict[str, list[Any]] = {
    "joinGame": [
        {"invitation": FORGED},
        {"seat": 1},
        {"seat": 2},
        {"client_seed": "mine"},
        {"invitation": FORGED, "client_seed": "mine"},
        {"seat": 1, "client_seed": "mine"},
    ],
    "declineInvitation": [{"invitation": FORGED}],
    "sendCommand": [{"type": "end_turn"}, {"type": "resign"}, {"type": "nonsense"}],
    "inviteToGame": [{"seat": 2}, {"expires_in_s": 1}],
    "grantReadToken": [{"role": "auditor"}, {"role": "nobody"}],
}
QUERIES: dict[str, list[str]] = {
    "getGameState": ["?version=1", "?version=abc"],
    "listEvents": ["?from=2", "?limit=1"],
    "getBoardSvg": ["?version=1", "?version=abc"],
    "getGameLog": ["?format=text", "?format=bogus"],
    "getGame": ["?min_version=1"],
}
# What may differ between two answers that say the same thing.
_VOLATILE = {"Date", "Content-Length", "RateLimit"}


@dataclass(frozen=True)
class Attempt:
    operation: str
    method: str
    path: str  # with {game_id} and {grant_id}
    query: str
    body: Any


def attempts() -> Iterator[Attempt]:
    """Every game route and method of the spec, with no body, each of its examples, and the
    bodies and queries above."""
    for path, item in spec()["paths"].items():
        if "{game_id}" not in path:
            continue
        for method in sorted(HTTP_METHODS & set(item)):
            operation = item[method]
            name = operation["operationId"]
            bodies = [None, *_examples(operation), *TRIED.get(name, [])]
            for query in ["", *QUERIES.get(name, [])]:
                for body in bodies:
                    yield Attempt(name, method.upper(), path, query, body)


def _examples(operation: dict[str, Any]) -> list[Any]:
    content = (operation.get("requestBody") or {}).get("content", {}).get("application/json", {})
    if "example" in content:
        return [content["example"]]
    return [e["value"] for e in content.get("examples", {}).values()]


def test_the_walk_covers_every_game_route_of_the_spec() -> None:
    walked = {(a.method, a.path) for a in attempts()}
    served = {(m.upper(), p) for p, item in spec()["paths"].items() if "{game_id}" in p
              for m in HTTP_METHODS & set(item)}  # fmt: skip
    assert walked == served and len(walked) >= 20


def answer(client: FlaskClient, attempt: Attempt, game_id: str, grant_id: str,
           token: str) -> tuple[Any, ...]:  # fmt: skip
    """What the answer says, the game's id written `<id>` so two games' answers compare."""
    url = attempt.path.format(game_id=game_id, grant_id=grant_id) + attempt.query
    headers = bearer(token) if token else {}
    response: TestResponse = client.open(url, method=attempt.method, headers=headers,
                                         json=attempt.body)  # fmt: skip
    try:
        text = response.get_data(as_text=True).replace(game_id, "<id>")
        shown = {k: v.replace(game_id, "<id>") for k, v in response.headers.items()
                 if k not in _VOLATILE}  # fmt: skip
        return response.status_code, shown, text
    finally:
        response.close()


@dataclass
class World:
    games: dict[str, str]  # state -> a private game in that state
    grant_id: str  # a live grant of every game
    outsiders: dict[str, str]  # who -> its bearer token ("" for none)


def _grant(client: FlaskClient, game_id: str, key: str, role: str = "spectator") -> dict[str, Any]:
    made = client.post(f"/games/{game_id}/grants", json={"role": role}, headers=bearer(key))
    assert made.status_code == 201, made.get_json()
    granted: dict[str, Any] = made.get_json()
    return granted


@pytest.fixture
def world(app: Flask) -> World:
    """Private games open (a free seat, an invitation, a reserved seat, a player who left),
    started, over and expired; and every kind of outsider."""
    client = app.test_client()
    ann, bob, cat, eve = (sign_up(client, n) for n in ("Ann", "Bob", "Cat", "Eve"))
    seats = [{"kind": "me"}, {"kind": "invite"}, {"kind": "player", "player_id": bob["id"]}]
    open_game = create_as(client, ann["key"], trio(), visibility="private", seats=seats)
    opened = open_game["game_id"]
    invitation = {"invitation": open_game["invitations"][0]["token"]}
    for path in ("join", "leave"):  # Cat sat down and left: an outsider again
        done = client.post(f"/games/{opened}/{path}", json=invitation if path == "join" else None,
                           headers=bearer(cat["key"]))  # fmt: skip
        assert done.status_code == 200, done.get_json()
    duel_seats = [{"kind": "me"}, {"kind": "invite"}]
    seating = app.extensions["lorekeeper"].seating
    clock = seating._clock
    seating._clock = lambda: clock() - 2 * 24 * 3600 * 1000  # created two days ago
    expiring = create_as(client, ann["key"], duel(), visibility="private", seats=duel_seats)
    seating._clock = clock
    assert seating.expire_due() == [expiring["game_id"]]
    started, over = (
        create_as(client, ann["key"], duel(), visibility="private", seats=duel_seats)
        for _ in range(2)
    )
    for game in (started, over):
        joined = client.post(f"/games/{game['game_id']}/join", headers=bearer(bob["key"]),
                             json={"invitation": game["invitations"][0]["token"]})  # fmt: skip
        assert joined.status_code == 200, joined.get_json()
    resigned = client.post(f"/games/{over['game_id']}/commands", json={"type": "resign"},
                           headers=bearer(ann["key"]))  # fmt: skip
    assert resigned.status_code == 200, resigned.get_json()
    games = {"open": opened, "started": started["game_id"], "over": over["game_id"],
             "expired": expiring["game_id"]}  # fmt: skip
    grant_id = ""
    revoked = ""
    for game_id in games.values():
        grant_id = _grant(client, game_id, ann["key"])["id"]  # the same id in no two games
        gone = _grant(client, game_id, ann["key"], "auditor")
        assert client.delete(f"/games/{game_id}/grants/{gone['id']}",
                             headers=bearer(ann["key"])).status_code == 204  # fmt: skip
        revoked = gone["token"]
    elsewhere = create_as(client, eve["key"], duel(), seats=[{"kind": "me"}, {"kind": "open"}])
    outsiders = {
        "no token": "",
        "another player": eve["key"],
        "a player who left": cat["key"],
        "another game's seat token": elsewhere["seats"][0]["token"],
        "a made-up seat token": "lks_" + "A" * 43,
        "a made-up read-only token": "lkv_" + "A" * 43,
        "a revoked read-only token": revoked,  # of the expired game: made-up in the others
        "a made-up invitation as a token": FORGED,
    }
    return World(games, grant_id, outsiders)


@pytest.mark.parametrize("state", ["open", "started", "over", "expired"])
def test_an_outsider_gets_what_a_missing_game_gets_on_every_route(
    app: Flask, world: World, state: str
) -> None:
    client = app.test_client()
    game_id = world.games[state]
    differ = []
    for who, token in world.outsiders.items():
        for attempt in attempts():
            there = answer(client, attempt, game_id, world.grant_id, token)
            nowhere = answer(client, attempt, MISSING, world.grant_id, token)
            if there != nowhere:
                differ.append(
                    f"{who}: {attempt.method} {attempt.path}{attempt.query} "
                    f"{attempt.body}: {there[0]} {there[2][:200]}"
                )
    assert differ == [], "\n".join(differ)
