"""`GET /games/{id}/export` and `/audit`, and `head_hash` wherever a version is returned,
over HTTP (Flask's test client) on both backends."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from adapters.redis.keys import events_key
from adapters.redis.stream_entries import entry_events
from lorekeeper.audit.verify import verify_lines
from tests.api.conftest import TEST_SETTINGS, make_app
from tests.api.helpers import Game, create, problem
from tests.service.games import SECRET_CARDS, duel


@pytest.fixture(params=["in_memory", "redis"])
def app(request: pytest.FixtureRequest) -> Flask:
    client = request.getfixturevalue("redis_client") if request.param == "redis" else None
    return make_app(request.param, TEST_SETTINGS, client)


@pytest.fixture
def client(app: Flask) -> Iterator[FlaskClient]:
    with app.test_client() as test_client:
        yield test_client


def finished(client: FlaskClient) -> Game:
    game = create(client, duel())
    game.ok(0, {"type": "order", "units": ["bf0"]})
    game.ok(0, {"type": "end_movement"})
    game.ok(0, {"type": "battle", "unit": "bf0", "target": "rf1"})
    if game.get().get_json()["phase"] != "over":
        game.ok(1, {"type": "resign"})
    return game


def hash_at(game: Game, version: int) -> str:
    events = game.get(f"/events?from={version}&limit=1").get_json()["events"]
    assert events[0]["version"] == version
    found: str = events[0]["hash"]
    return found


def test_a_finished_game_exports_whole_and_verifies(client: FlaskClient):
    game = finished(client)
    response = game.get("/export")
    assert response.status_code == 200 and response.mimetype == "application/x-ndjson"
    assert "attachment" in response.headers["Content-Disposition"]
    lines = response.get_data(as_text=True).splitlines(keepends=True)
    verdict = verify_lines(lines)
    assert verdict.verdict == "verified", verdict.report()
    header, trailer = json.loads(lines[0]), json.loads(lines[-1])
    assert header["game_id"] == game.id and header["scenario"] == "duel"
    assert header["engine"]["name"] == "lorekeeper" and trailer["dice_seed"]
    assert all(card in lines[1] for cards in SECRET_CARDS for card in cards)  # now public
    audit = game.get("/audit")
    assert audit.status_code == 200 and audit.headers["ETag"] == f'"{verdict.events}"'
    body = audit.get_json()
    assert body["verdict"] == "verified" and "first_bad_event" not in body
    assert body["head_hash"] == verdict.head_hash


def test_an_unfinished_game_exports_no_secret(client: FlaskClient):
    game = create(client, duel())
    game.ok(0, {"type": "order", "units": ["bf0"]})
    text = game.get("/export").get_data(as_text=True)
    assert '"redacted":true' in text
    assert all(f'"{card}"' not in text for cards in SECRET_CARDS for card in cards)
    assert verify_lines(text.splitlines()).verdict == "in_progress"
    assert game.get("/audit").get_json()["verdict"] == "in_progress"


def test_scripted_games_audit_as_not_verifiable(client: FlaskClient):
    game = create(client, duel(), dice={"script": ["red"] * 3})
    game.ok(0, {"type": "order", "units": ["bf0"]})
    game.ok(0, {"type": "end_movement"})
    game.ok(0, {"type": "battle", "unit": "bf0", "target": "rf1"})
    body = game.get("/audit").get_json()
    assert (body["verdict"], body["reason"]) == ("not_verifiable", "not verifiable: scripted dice")


def test_unknown_games_are_404(client: FlaskClient):
    for path in ("/games/nope/export", "/games/nope/audit", "/games/a%20b/audit"):
        problem(client.get(path), 404, "game_not_found")


def test_every_reply_with_a_version_has_its_head_hash(client: FlaskClient):
    response = client.post("/games", json={"scenario": duel(), "options": {}})
    created = response.get_json()
    dice = created["dice"]
    assert dice["scheme"] == "hmac-sha256-v1" and len(dice["commitment"]) == 64
    game = Game(client, created["game_id"], [s["token"] for s in created["seats"]])
    assert created["head_hash"] == hash_at(game, created["version"])
    reply = game.ok(0, {"type": "order", "units": ["bf0"]})
    assert reply["head_hash"] == reply["events"][-1]["hash"] == hash_at(game, reply["version"])
    again = game.ok(0, {"type": "end_movement"}, **{"Idempotency-Key": "k1"})
    retry = game.ok(0, {"type": "end_movement"}, **{"Idempotency-Key": "k1"})
    assert again["head_hash"] == retry["head_hash"] and retry["duplicate"]
    version = retry["version"]
    for path in ("", "/state?version=2", "/legal-actions"):
        body = game.get(path, seat=0).get_json()
        assert body["head_hash"] == hash_at(game, body["version"]), path
    page = game.get("/events?limit=1").get_json()
    assert page["head_hash"] == hash_at(game, page["version"]) and page["version"] >= version
    event = page["events"][0]
    assert {"prev_hash", "hash", "command", "time_ms"} <= set(event)


def test_client_seeds_are_an_option_of_committed_dice_only(client: FlaskClient):
    game = create(client, duel(), client_seeds=["mine", "yours"])
    first = game.get("/events?limit=1").get_json()["events"][0]
    assert first["payload"]["dice"]["client_seeds"] == ["mine", "yours"]
    for options in ({"seed": "s", "client_seeds": ["x"]}, {"client_seeds": [""]}):
        response = client.post("/games", json={"scenario": duel(), "options": options})
        problem(response, 422, "invalid_body")


# An entry holds one event (`payload`) or a whole append (`events`):
# adapters/redis/stream_entries.py.
@pytest.mark.parametrize("field", [b"payload", b"events"], ids=["one_event", "an_append"])
def test_a_tampered_stream_fails_its_audit(redis_client: redis.Redis, field: bytes):
    app = make_app("redis", TEST_SETTINGS, redis_client)
    game = finished(app.test_client())
    key = events_key(game.id)
    entries = redis_client.xrange(key)
    redis_client.delete(key)
    changed = None
    for entry_id, fields in entries:  # an operator rewrites history: one payload changes
        if changed is None and b"bf0" in fields.get(field, b""):
            events = entry_events(entry_id, fields)
            changed = next(e.version for e in events if "bf0" in json.dumps(e.payload))
            fields[field] = fields[field].replace(b"bf0", b"rf1", 1)
        redis_client.xadd(key, fields, id=entry_id)
    body = app.test_client().get(f"/games/{game.id}/audit").get_json()
    assert changed is not None
    assert (body["verdict"], body["first_bad_event"]) == ("failed", changed), body


def test_the_stream_of_a_finished_game_ends_after_the_secrets(client: FlaskClient):
    game = finished(client)
    text = game.get("/stream").get_data(as_text=True)
    kinds = [line.split(": ", 1)[1] for line in text.splitlines() if line.startswith("event: ")]
    assert kinds[-3:] == ["GameEnded", "SecretsRevealed", "end"]
    assert '"reason": "game_over"' in text.rsplit("event: end", 1)[1]
    after = game.get("/stream?from=99").get_data(as_text=True)
    assert "game_over" in after and "id: " not in after
    assert game.get("/log?format=json").get_json()["over"] is True
