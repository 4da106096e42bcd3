"""Sending commands over HTTP: the error for each refusal, If-Match, idempotency, limits."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from api import create_app
from api.composition import memory_components
from api.errors import STATUS
from lorekeeper.errors import LorekeeperError, Refused
from tests.api.conftest import with_settings
from tests.api.helpers import Game, bearer, create, problem
from tests.service.games import BATTLE_RF1, END_MOVEMENT, ORDER_BF0, WINNING_DICE, duel


@pytest.fixture
def game(client: FlaskClient) -> Game:
    return create(client, duel(), dice={"script": WINNING_DICE})


def test_a_command_answers_the_new_version_and_its_events(game: Game):
    response = game.send(0, ORDER_BF0)
    body = response.get_json()
    assert response.status_code == 200 and response.headers["ETag"] == '"3"'
    assert (body["game_id"], body["seat"], body["version"], body["duplicate"]) == (
        game.id,
        0,
        3,
        False,
    )
    [event] = body["events"]
    assert event["type"] == "UnitsOrdered" and event["version"] == 3 and event["seat"] == 0
    assert event["payload"]["units"] == ["bf0"] and event["time"].endswith("Z")


def test_rule_violations_carry_their_rule_and_code(game: Game):
    # R-TRN-1: not this seat's turn -> 409 (the same request succeeds on its turn).
    body = problem(game.send(1, ORDER_BF0), 409, "not_your_turn")
    assert body["rule"] == "R-TRN-1"
    # R-TRN-7: battles belong to the combat phase -> 409 wrong_phase.
    assert problem(game.send(0, BATTLE_RF1), 409, "wrong_phase")["rule"] == "R-TRN-7"
    # R-TRN-4 family: ordering a unit the seat does not have is illegal -> 422.
    assert "rule" in problem(game.send(0, {"type": "order", "units": ["rf1"]}), 422, "illegal")
    for body in (ORDER_BF0, END_MOVEMENT, BATTLE_RF1):
        game.ok(0, body)
    assert problem(game.send(0, {"type": "end_turn"}), 409, "game_over")["rule"] == "R-WIN-1"


def test_the_rule_codes_map_to_documented_statuses():
    rules = {
        "illegal": 422,
        "wrong_phase": 409,
        "breath_pending": 409,
        "not_your_turn": 409,
        "game_over": 409,
        "forbidden": 403,
    }
    assert {code: STATUS[code] for code in rules} == rules


def test_every_error_the_application_raises_has_a_status():
    def subclasses(cls: type) -> list[type]:
        return [cls, *(s for sub in cls.__subclasses__() for s in subclasses(sub))]

    codes = {cls.code for cls in subclasses(LorekeeperError) if cls is not Refused}
    assert codes - {"error", "game_exists"} <= set(STATUS)


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"type": "move", "unit": "bf0"}, "path"),
        ({"type": "move", "unit": "bf0", "path": [[1, "0"]]}, "path"),
        ({"type": "move", "unit": "bf0", "path": [[1, 0.0]]}, "path"),
        ({"type": "move", "unit": "bf0", "path": [[1, 0, 2]]}, "path"),
        ({"type": "battle_back", "unit": "bf0", "accept": 1}, "accept"),
        ({"type": "trade", "unit": "bf0", "blood": True, "for": "lore"}, "blood"),
        ({"type": "trade", "unit": "bf0", "blood": 2, "currency": "lore"}, "currency"),
        ({"type": "order", "units": ["bf0"], "extra": 1}, "extra"),
        ({"type": "order", "units": ["bf0"], "seat": 1}, "seat"),  # R-TRN-1: the token's seat
        ({"type": "resolve_breath"}, "type"),  # R-TRN-6: the server's step only
        ({"type": 3}, "type"),
        ({"units": ["bf0"]}, "type"),
        ([ORDER_BF0], "_schema"),
    ],
)
def test_misshapen_commands_are_422_with_field_errors(game: Game, body: object, field: str):
    errors = problem(game.send(0, body), 422, "invalid_body")["errors"]
    assert field in errors


def test_the_token_decides_before_the_body_is_read(game: Game, client: FlaskClient):
    url = f"{game.url}/commands"
    problem(client.post(url, data="not json"), 401, "token_missing")
    problem(client.post(url, json=ORDER_BF0, headers={"Authorization": "Basic x"}), 401,
            "token_rejected")  # fmt: skip
    problem(client.post(url, json=ORDER_BF0, headers=bearer("lks_" + "z" * 43)), 401,
            "token_rejected")  # fmt: skip


def test_malformed_bodies_are_400_or_415(game: Game, client: FlaskClient):
    url, auth = f"{game.url}/commands", bearer(game.tokens[0])
    post = client.post
    problem(post(url, data="{", headers=auth, content_type="application/json"), 400,
            "malformed_json")  # fmt: skip
    problem(post(url, data='{"type": NaN}', headers=auth, content_type="application/json"), 400,
            "malformed_json")  # fmt: skip
    problem(post(url, data=b"\xff\xfe", headers=auth, content_type="application/json"), 400,
            "malformed_json")  # fmt: skip
    lone = '{"type": "order", "units": ["\\ud800"]}'
    problem(post(url, data=lone, headers=auth, content_type="application/json"), 400,
            "malformed_json")  # fmt: skip
    deep = "[" * 5000 + "]" * 5000
    problem(post(url, data=deep, headers=auth, content_type="application/json"), 400,
            "malformed_json")  # fmt: skip
    problem(post(url, data="{}", headers=auth, content_type="text/plain"), 415,
            "unsupported_media_type")  # fmt: skip


def test_a_body_over_the_limit_is_413(game: Game, client: FlaskClient):
    huge = json.dumps({"type": "order", "units": ["x" * 70_000]})
    response = client.post(f"{game.url}/commands", data=huge, headers=bearer(game.tokens[0]),
                           content_type="application/json")  # fmt: skip
    problem(response, 413, "body_too_large")


def test_a_body_is_read_whole_short_or_chunked(game: Game, client: FlaskClient):
    """A body is read in one call (api/__init__.py, LorekeeperRequest): one that ends before
    its Content-Length is a 400 `malformed_json`; a chunked one (no length, the server ends
    the stream) is read up to the limit, and past it is a 413 as a body whose length says so."""
    url, auth = f"{game.url}/commands", bearer(game.tokens[0])
    body = json.dumps(ORDER_BF0).encode()
    short = {"CONTENT_LENGTH": str(len(body) + 10)}
    problem(client.post(url, data=body, headers=auth, content_type="application/json",
                        environ_overrides=short), 400, "malformed_json")  # fmt: skip
    chunked = {"CONTENT_LENGTH": "", "HTTP_TRANSFER_ENCODING": "chunked",
               "wsgi.input_terminated": True}  # fmt: skip
    sent = client.post(url, data=body, headers=auth, content_type="application/json",
                       environ_overrides=chunked)  # fmt: skip
    assert sent.status_code == 200 and sent.get_json()["version"] == 3
    huge = json.dumps({"type": "order", "units": ["x" * 70_000]}).encode()
    problem(client.post(url, data=huge, headers=auth, content_type="application/json",
                        environ_overrides=chunked), 413, "body_too_large")  # fmt: skip


def test_if_match_guards_the_version(game: Game):
    problem(game.send(0, ORDER_BF0, **{"If-Match": 'W/"2"'}), 400, "bad_header")
    problem(game.send(0, ORDER_BF0, **{"If-Match": "3"}), 412, "version_mismatch")
    body = problem(game.send(0, ORDER_BF0, **{"If-Match": '"1"'}), 412, "version_mismatch")
    assert body["current_version"] == 2
    assert game.ok(0, ORDER_BF0, **{"If-Match": '"2"'})["version"] == 3
    response = game.send(0, END_MOVEMENT, **{"If-Match": '"2"'})
    problem(response, 412, "version_mismatch")
    assert response.headers["ETag"] == '"3"'
    assert game.ok(0, END_MOVEMENT, **{"If-Match": "*"})["version"] == 4


def test_a_retried_command_never_duplicates_events_or_dice(game: Game):
    game.ok(0, ORDER_BF0)
    game.ok(0, END_MOVEMENT)
    first = game.send(0, BATTLE_RF1, **{"Idempotency-Key": "battle-1"})
    again = game.send(0, BATTLE_RF1, **{"Idempotency-Key": "battle-1"})
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["events"] == first.get_json()["events"]
    assert again.get_json()["duplicate"] is True
    events = game.get("/events").get_json()["events"]
    assert [e["type"] for e in events].count("BattleRolled") == 1
    assert events[-1]["version"] == first.get_json()["version"]


def test_the_body_command_id_is_an_idempotency_key_too(game: Game):
    first = game.ok(0, {**ORDER_BF0, "command_id": "c1"})
    assert first["events"][0]["command_id"] == "c1"
    assert game.ok(0, {**ORDER_BF0, "command_id": "c1"})["duplicate"] is True
    problem(game.send(0, {"type": "order", "units": [], "command_id": "c1"}), 422,
            "idempotency_key_reused")  # fmt: skip
    problem(game.send(0, {**ORDER_BF0, "command_id": "c2"}, **{"Idempotency-Key": "c3"}), 422,
            "command_id_conflict")  # fmt: skip
    problem(game.send(0, ORDER_BF0, **{"Idempotency-Key": "has space"}), 400, "bad_header")


def test_rate_limits_are_per_token_with_retry_after():
    settings = with_settings(rate_per_s=0.001, rate_burst=3)
    app = create_app(settings, components=memory_components(settings))
    client = app.test_client()
    game = create(client, duel())  # the tokenless client address spends one
    statuses = [game.get("", seat=0).status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    response = game.get("", seat=0)
    body = problem(response, 429, "rate_limited")
    assert int(response.headers["Retry-After"]) >= 1 and body["detail"]
    assert game.get("", seat=1).status_code == 200  # another token, another bucket
    assert client.get("/healthz").status_code == 200  # probes are never limited


def test_http_errors_are_problems_too(client: FlaskClient):
    problem(client.get("/nowhere"), 404, "not_found")
    response = client.delete("/games")
    problem(response, 405, "method_not_allowed")
    assert "POST" in response.headers["Allow"]
