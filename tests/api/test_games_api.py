"""Creating and reading games over HTTP: views, ETags, past states, legal actions, scenarios."""

from __future__ import annotations

from flask.testing import FlaskClient

from api import add_health_check, create_app
from api.composition import memory_components
from domain.scenarios import scenario_names
from tests.api.conftest import with_settings
from tests.api.helpers import bearer, create, problem
from tests.service.games import ORDER_BF0, duel


def test_creating_a_game_answers_its_location_version_and_seat_tokens(client: FlaskClient):
    response = client.post("/games", json={"scenario": "river_crossing", "options": {"seed": 7}})
    assert response.status_code == 201
    body = response.get_json()
    assert response.headers["Location"] == f"/games/{body['game_id']}"
    assert response.headers["ETag"] == '"2"' and body["version"] == 2
    assert [s["seat"] for s in body["seats"]] == [0, 1]
    assert all(s["token"].startswith("lks_") for s in body["seats"])


def test_the_view_holds_what_the_issue_lists(client: FlaskClient):
    game = create(client, duel())
    view = game.get().get_json()
    for key in ("version", "turn", "phase", "active_seat", "winner", "lore_pool", "players",
                "units", "engagements", "pending"):  # fmt: skip
        assert key in view
    assert view["phase"] == "order" and view["winner"] is None and view["pending"] is None
    assert set(view["players"][0]) >= {"seat", "lore", "banners", "blood", "cards", "eliminated"}
    unit = view["units"][0]
    assert set(unit) >= {"id", "kind", "owner", "hex", "figures", "tokens", "breath_target",
                         "glory", "roosted", "rider"}  # fmt: skip


def test_the_etag_is_the_version_and_if_none_match_answers_304(client: FlaskClient):
    game = create(client, duel())
    first = game.get()
    assert first.headers["ETag"] == '"2"' and "Authorization" in first.headers["Vary"]
    assert game.get(**{"If-None-Match": '"2"'}).status_code == 304
    assert game.get(**{"If-None-Match": '"1", W/"2"'}).status_code == 304
    assert game.get(**{"If-None-Match": "*"}).status_code == 304
    game.ok(0, ORDER_BF0)
    fresh = game.get(**{"If-None-Match": '"2"'})
    assert fresh.status_code == 200 and fresh.headers["ETag"] == '"3"'


def test_min_version_gets_the_stream_when_no_projection_is_recent(client: FlaskClient):
    game = create(client, duel())
    game.ok(0, ORDER_BF0)
    assert game.get("?min_version=3").get_json()["version"] == 3
    assert game.get("?min_version=99").get_json()["version"] == 3  # what was reached


def test_a_past_state_is_served_by_version(client: FlaskClient):
    game = create(client, duel())
    game.ok(0, ORDER_BF0)
    assert game.get("/state?version=2").get_json()["turn_state"]["ordered"] == []
    assert game.get("/state?version=3").get_json()["turn_state"]["ordered"] == ["bf0"]
    assert game.get("/state").get_json()["version"] == 3
    body = problem(game.get("/state?version=4"), 404, "version_not_found")
    assert body["current_version"] == 3
    problem(game.get("/state?version=0"), 400, "invalid_query")
    problem(game.get("/state?version=abc"), 400, "invalid_query")


def test_legal_actions_are_the_callers_seats_and_need_a_token(client: FlaskClient):  # R-TRN-1
    game = create(client, duel())
    mine = game.get("/legal-actions", seat=0).get_json()
    assert mine["seat"] == 0 and {"type": "end_turn"} in mine["actions"]
    assert {"type": "order", "units": ["bf0"], "breath": [], "roost": [], "remove_tokens": {}} in (
        mine["actions"]
    )
    theirs = game.get("/legal-actions", seat=1).get_json()
    assert theirs["actions"] == [{"type": "resign"}]  # R-WIN-4: only resigning is open
    response = game.get("/legal-actions")
    problem(response, 401, "token_missing")
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_unknown_games_are_404_whatever_the_endpoint(client: FlaskClient):
    for path in ("", "/state", "/events", "/stream", "/legal-actions"):
        problem(client.get(f"/games/nope{path}", headers=bearer("lks_" + "a" * 43)), 404,
                "game_not_found")  # fmt: skip
    problem(client.get("/games/nope"), 404, "game_not_found")
    problem(client.get("/games/a%7Bb%7D"), 404, "game_not_found")


def test_the_scenarios_are_listed_without_their_secret_cards(client: FlaskClient):  # R-LOR-4
    listed = client.get("/scenarios").get_json()["scenarios"]
    assert [s["name"] for s in listed] == scenario_names()
    doc = client.get("/scenarios/river_crossing").get_json()
    assert all("cards" not in p and p["card_count"] >= 0 for p in doc["players"])
    problem(client.get("/scenarios/nope"), 404, "scenario_not_found")


def test_probes_answer(client: FlaskClient):
    health = client.get("/healthz").get_json()
    assert health["status"] == "ok"
    # The Redis wiring reports projection lag; the in-memory one has no projector. Both
    # report the stream hub (docs/streams.md).
    assert set(health["checks"]) - {"streams"} <= {"projections"}
    queue = health["checks"].get("projections", {"queued": 0, "oldest_ms": 0})
    assert set(queue) == {"queued", "oldest_ms"} and queue["queued"] >= 0
    assert health["checks"]["streams"]["open_streams"] == 0
    assert client.get("/readyz").get_json() == {"status": "ready"}
    spec = client.get("/openapi.yaml")
    assert spec.status_code == 200 and spec.get_data(as_text=True).startswith("openapi: 3.1")


def test_health_checks_can_be_added_and_can_fail():
    settings = with_settings()
    app = create_app(settings, components=memory_components(settings))
    add_health_check(app, "projections", lambda: {"ok": True, "lagging": 0})
    assert app.test_client().get("/healthz").get_json()["checks"]["projections"]["lagging"] == 0
    add_health_check(app, "broken", lambda: 1 / 0)  # type: ignore[arg-type,return-value]
    response = app.test_client().get("/healthz")
    assert response.status_code == 503 and response.get_json()["status"] == "failing"


def test_readyz_is_503_when_redis_does_not_answer():
    settings = with_settings(redis_url="redis://127.0.0.1:1/0")
    response = create_app(settings).test_client().get("/readyz")
    problem(response, 503, "store_unavailable")
    assert response.headers["Retry-After"] == "1"


def test_a_store_outage_is_a_503_not_a_500():
    settings = with_settings(redis_url="redis://127.0.0.1:1/0")
    client = create_app(settings).test_client()
    problem(client.post("/games", json={"scenario": "river_crossing"}), 503, "store_unavailable")
    problem(client.get("/games/abc"), 503, "store_unavailable")
