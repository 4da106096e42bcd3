"""CORS for a listed origin: a script may send every request field the API reads and read
every response field the API sends (docs/push.md, "CORS")."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from api.cors import ALLOWED_HEADERS, EXPOSED_HEADERS
from tests.api.conftest import make_app, with_settings
from tests.api.helpers import bearer, create_as, sign_up
from tests.service.games import ORDER_BF0, duel

ORIGIN = {"Origin": "https://app.example"}
# What a browser shows a script without asking, and what a script never needs.
SAFELISTED = {"cache-control", "content-language", "content-length", "content-type", "expires",
              "last-modified", "pragma"}  # fmt: skip
NOT_FOR_SCRIPTS = {"date", "server", "vary", "content-security-policy", "content-encoding"}


def _app(**changes: object) -> Flask:
    settings = with_settings(cors_origins="https://app.example", **changes)
    return make_app("in_memory", settings)


def _sent(response: TestResponse) -> set[str]:
    names = {name.lower() for name, _ in response.headers.items()}
    return {n for n in names if not n.startswith("access-control-")} - SAFELISTED - NOT_FOR_SCRIPTS


def _answers(client: FlaskClient) -> list[TestResponse]:
    """Answers that carry every field the API sends."""
    ann = sign_up(client)
    auth = {**ORIGIN, **bearer(ann["key"])}
    body = {"scenario": duel(), "seats": [{"kind": "me"}, {"kind": "open"}]}
    once = {**auth, "Idempotency-Key": "k1"}
    made = [client.post("/v1/games", json=body, headers=once) for _ in range(2)]
    game_id = made[0].get_json()["game_id"]
    create_as(client, ann["key"], duel(), seats=[{"kind": "me"}, {"kind": "open"}])
    return [
        *made,
        client.get("/v1/games?limit=1", headers=ORIGIN),  # Link
        client.get(f"/games/{game_id}", headers=auth),  # unversioned: Deprecation
        client.get(f"/v1/games/{game_id}/board.svg", headers=auth),  # X-Game-Version
        client.get(f"/v1/games/{game_id}/export", headers=auth),  # Content-Disposition
        client.post(f"/v1/games/{game_id}/commands", json=ORDER_BF0, headers=auth),
    ]


def test_a_script_may_read_every_field_the_api_sends() -> None:
    with _app().test_client() as client:
        answers = _answers(client)
    with _app(rate_per_s=0.001, rate_burst=1).test_client() as client:
        client.get("/v1/scenarios", headers=ORIGIN)
        answers.append(client.get("/v1/scenarios", headers=ORIGIN))  # 429: Retry-After
    assert answers[-1].status_code == 429
    exposed = {name.lower() for name in EXPOSED_HEADERS}
    sent: set[str] = set()
    for response in answers:
        assert response.headers["Access-Control-Allow-Origin"] == ORIGIN["Origin"]
        listed = response.headers["Access-Control-Expose-Headers"].lower().split(", ")
        assert set(listed) == exposed
        sent |= _sent(response)
    assert sent <= exposed
    assert exposed - sent == {"sunset"}  # sent once a retirement date is announced


def test_a_preflight_allows_every_request_field_the_api_reads() -> None:
    wanted = ["Authorization", "Content-Type", "Idempotency-Key", "If-Match", "If-None-Match",
              "Last-Event-ID", "Lorekeeper-App-Key"]  # fmt: skip
    assert set(wanted) <= set(ALLOWED_HEADERS)
    with _app().test_client() as client:
        preflight = client.options("/v1/games/0000000000000000/commands", headers={
            **ORIGIN, "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": ", ".join(wanted)})  # fmt: skip
    assert preflight.status_code == 200
    allowed = preflight.headers["Access-Control-Allow-Headers"].lower()
    assert all(name.lower() in allowed for name in wanted)


def test_an_answer_says_it_varies_with_the_origin_as_well_as_the_caller() -> None:
    for origins in ("https://app.example", "https://app.example, https://b.example"):
        settings = with_settings(cors_origins=origins)
        with make_app("in_memory", settings).test_client() as client:
            ann = sign_up(client)
            game_id = create_as(client, ann["key"], duel())["game_id"]
            for url in (f"/v1/games/{game_id}", "/v1/games"):
                answer = client.get(url, headers={**ORIGIN, **bearer(ann["key"])})
                assert len(answer.headers.getlist("Vary")) == 1
                assert set(answer.vary) >= {"Origin", "Authorization", "Lorekeeper-App-Key"}
