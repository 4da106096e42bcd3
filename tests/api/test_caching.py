"""What caches are told, on every GET route of openapi.yaml: an answer that may depend on who
asks says so (`Vary`), an answer to a credential is `private` (or `no-store`), and an ETag or
a 304 tells no reader more than its own body does."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.caching import SAME_FOR_EVERYONE
from tests.api.helpers import bearer, create_as, sign_up
from tests.api.test_outsiders import MISSING, World, world  # noqa: F401 (a fixture)
from tests.api.test_spec_routes import spec
from tests.service.games import ORDER_BF0, duel

pytestmark = pytest.mark.parametrize("app", ["in_memory"], indirect=True)
SHARED = {"/healthz", "/readyz", "/openapi.yaml", "/scenarios", "/scenarios/{name}",
          "/.well-known/lorekeeper-keys", "/viewer/static/{filename}", "/docs", "/docs/{path}",
          "/play", "/play/static/{filename}"}  # fmt: skip
GAME_READS = ["", "/state", "/legal-actions", "/events", "/export", "/audit", "/table", "/grants",
              "/board.svg", "/log", "/transparency"]  # fmt: skip


def _started(client: FlaskClient) -> tuple[dict[str, Any], dict[str, Any], str]:
    """Ann and Bob in a private duel that has begun; its id."""
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    made = create_as(client, ann["key"], duel(), visibility="private",
                     seats=[{"kind": "me"}, {"kind": "invite"}])  # fmt: skip
    joined = client.post(f"/games/{made['game_id']}/join", headers=bearer(bob["key"]),
                         json={"invitation": made["invitations"][0]["token"]})  # fmt: skip
    assert joined.status_code == 200, joined.get_json()
    return ann, bob, made["game_id"]


def _url(path: str, game_id: str) -> str:
    return path.format(game_id=game_id, grant_id="g", webhook_id="w", delivery_id="d",
                       name="duel", filename="x.js", path="x",
                       player_id="p_0000000000000000")  # fmt: skip


def test_every_get_route_that_may_depend_on_the_caller_says_so(app: Flask) -> None:
    client = app.test_client()
    ann, _, game_id = _started(client)
    paths = [p for p, item in spec()["paths"].items() if "get" in item]
    assert len(paths) >= 30
    wrong = []
    for path in paths:
        if path in SHARED:
            continue
        for headers in (bearer(ann["key"]), {"Lorekeeper-App-Key": "lka_made_up"}, {}):
            response = client.get(_url(path, game_id), headers=headers)
            vary = set(response.vary)
            control = response.cache_control
            if not vary >= {"Authorization", "Lorekeeper-App-Key"}:
                wrong.append(f"{path} {headers}: Vary {response.headers.get('Vary')}")
            if headers and not (control.private or control.no_store):
                wrong.append(f"{path} {headers}: Cache-Control {control}")
            if not headers and not (control.no_cache or control.no_store):
                wrong.append(f"{path}: Cache-Control {control}")
            response.close()
    assert wrong == [], "\n".join(wrong)


def test_the_routes_left_alone_answer_the_same_whoever_asks(app: Flask) -> None:
    client = app.test_client()
    ann, _, _ = _started(client)
    assert {"meta.scenarios", "meta.scenario", "audit.keys"} <= SAME_FOR_EVERYONE
    for path in ("/scenarios", "/scenarios/river_crossing", "/.well-known/lorekeeper-keys"):
        anyone, player = client.get(path), client.get(path, headers=bearer(ann["key"]))
        assert anyone.status_code == 200 and anyone.data == player.data


def test_a_ticket_in_the_query_makes_the_answer_private(app: Flask) -> None:
    client = app.test_client()
    ann, _, _ = _started(client)
    made = client.post("/players/me/stream-tickets", headers=bearer(ann["key"])).get_json()
    response = client.get(made["stream"])
    assert response.status_code == 200 and response.cache_control.private
    response.close()


def test_every_reader_gets_the_same_etag_so_it_carries_no_hand(app: Flask) -> None:
    client = app.test_client()
    ann, bob, game_id = _started(client)
    grant = client.post(f"/games/{game_id}/grants", json={"role": "auditor"},
                        headers=bearer(ann["key"])).get_json()  # fmt: skip
    readers = [ann["key"], bob["key"], grant["token"]]
    for path in ("", "/state", "/export", "/audit"):
        answers = [client.get(f"/games/{game_id}{path}", headers=bearer(k)) for k in readers]
        assert {a.status_code for a in answers} == {200}, path
        assert len({a.headers["ETag"] for a in answers}) == 1, path
        if path in ("", "/state"):  # the version, which each body shows
            assert answers[0].headers["ETag"] == f'"{answers[1].get_json()["version"]}"'


def test_a_304_answers_only_the_version_the_readers_own_body_shows(app: Flask) -> None:
    client = app.test_client()
    ann, bob, game_id = _started(client)
    url = f"/games/{game_id}"
    version = client.get(url, headers=bearer(bob["key"])).get_json()["version"]
    for tried in range(version + 3):
        asked = {**bearer(bob["key"]), "If-None-Match": f'"{tried}"'}
        assert client.get(url, headers=asked).status_code == (304 if tried == version else 200)
    played = client.post(f"{url}/commands", json=ORDER_BF0, headers=bearer(ann["key"]))
    assert played.status_code == 200
    stale = {**bearer(bob["key"]), "If-None-Match": f'"{version}"'}
    fresh = client.get(url, headers=stale)
    assert fresh.status_code == 200 and fresh.get_json()["version"] == version + 1


def test_if_none_match_tells_an_outsider_nothing_of_a_private_game(
    app: Flask, request: pytest.FixtureRequest
) -> None:
    client = app.test_client()
    found: World = request.getfixturevalue("world")
    differ = []
    for game_id in found.games.values():
        for who, token in found.outsiders.items():
            for path in GAME_READS:
                for tag in ("*", '"1"', '"2"', '"3"', '"4"', '"5"'):
                    headers = {"If-None-Match": tag, **(bearer(token) if token else {})}
                    there = client.get(f"/games/{game_id}{path}", headers=headers)
                    nowhere = client.get(f"/games/{MISSING}{path}", headers=headers)
                    same = (there.status_code, there.headers.get("ETag"),
                            there.get_data(as_text=True).replace(game_id, MISSING)) == (
                        nowhere.status_code, nowhere.headers.get("ETag"),
                        nowhere.get_data(as_text=True))  # fmt: skip
                    if not same:
                        differ.append(f"{who} {path} {tag}: {there.status_code}")
    assert differ == [], "\n".join(differ)
