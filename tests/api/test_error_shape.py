"""One error body everywhere (issue 22): every route the app serves, under /v1 and as its
unprefixed alias, answers its 405s, 404s and 400s as RFC 9457 problem details
(`application/problem+json`) with a `code`, the status's reason phrase as `title` ("Method
Not Allowed", not "Error"), and a body that fits the spec's Problem schema.

The routes come from the app's url_map, so a route added later is checked without a word here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.routing import Rule
from werkzeug.test import TestResponse

from api import create_app
from api.composition import memory_components
from tests.api.conftest import TEST_SETTINGS
from tests.api.helpers import PROBLEM_JSON, bearer, sign_up

SPEC = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text())
PROBLEM_SCHEMA = SPEC["components"]["schemas"]["Problem"]
# Path parameters that name nothing on a fresh server.
UNKNOWN = {"game_id": "no-such-game", "key_id": "k_0000000000", "grant_id": "g_nope",
           "name": "no_such_scenario", "filename": "no-such-file.js",
           "webhook_id": "wh_0000000000000000", "delivery_id": "n_nope",
           "path": "no-such-page.html", "player_id": "p_0000000000000000"}  # fmt: skip
TITLES = {400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
          405: "Method Not Allowed", 409: "Conflict", 412: "Precondition Failed",
          415: "Unsupported Media Type",
          422: "Unprocessable Content"}  # fmt: skip
PREFIXES = ("/v1", "")
# Routes that read no input at all: nothing a client sends makes them answer a 4xx.
NO_INPUT = ("/healthz", "/readyz", "/openapi.yaml", "/scenarios", "/docs")
# A body that fits, where the schema is checked before the game is looked up.
FITTING_BODY = {
    "/games/<game_id>/grants": {"role": "spectator"},
    "/games/<game_id>/forks": {"version": 1},
}


def app() -> Flask:
    return create_app(TEST_SETTINGS, components=memory_components(TEST_SETTINGS))


APP = app()
RULES = sorted(APP.url_map.iter_rules(), key=lambda r: r.rule)


@pytest.fixture(scope="module")
def client() -> Iterator[FlaskClient]:
    with APP.test_client() as test_client:
        yield test_client


@pytest.fixture(scope="module")
def key(client: FlaskClient) -> str:
    """A real player key: the routes under /players/me get past authentication to the 404."""
    found: str = sign_up(client, "Err")["key"]
    return found


def path_of(rule: Rule, prefix: str) -> str:
    return prefix + re.sub(r"<(?:[^:>]+:)?([a-z_]+)>", lambda m: UNKNOWN[m.group(1)], rule.rule)


def methods(rule: Rule) -> list[str]:
    return sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})


def is_problem(response: TestResponse) -> dict[str, Any]:
    """The one error body; returns it."""
    assert response.mimetype == PROBLEM_JSON, (response.status, response.get_data(as_text=True))
    body: dict[str, Any] = response.get_json()
    jsonschema.validate(body, PROBLEM_SCHEMA)
    assert body["status"] == response.status_code
    assert body["title"] == TITLES[response.status_code], body
    assert re.fullmatch(r"[a-z][a-z0-9_]*", body["code"]), body
    return body


@pytest.mark.parametrize("prefix", PREFIXES)
@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.rule)
def test_a_method_a_route_does_not_take_is_a_405_problem(
    client: FlaskClient, rule: Rule, prefix: str
) -> None:
    response = client.open(path_of(rule, prefix), method="PATCH")
    assert response.status_code == 405
    body = is_problem(response)
    assert body["code"] == "method_not_allowed" and body["title"] == "Method Not Allowed"
    assert set(methods(rule)) <= set(response.headers["Allow"].split(", "))


@pytest.mark.parametrize("prefix", PREFIXES)
@pytest.mark.parametrize("rule", [r for r in RULES if r.arguments], ids=lambda r: r.rule)
def test_a_route_naming_something_unknown_is_a_404_problem(
    client: FlaskClient, key: str, rule: Rule, prefix: str
) -> None:
    for method in methods(rule):
        body = FITTING_BODY.get(rule.rule, {})
        response = client.open(path_of(rule, prefix), method=method, json=body,
                               headers=bearer(key))  # fmt: skip
        assert response.status_code == 404, (method, response.get_data(as_text=True))
        is_problem(response)
        response.close()


@pytest.mark.parametrize("prefix", PREFIXES)
def test_a_path_no_route_serves_is_a_404_problem(client: FlaskClient, prefix: str) -> None:
    body = is_problem(client.get(f"{prefix}/no/such/route"))
    assert body["code"] == "not_found"


@pytest.mark.parametrize("prefix", PREFIXES)
@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.rule)
def test_every_client_error_of_every_route_is_a_problem(
    client: FlaskClient, key: str, rule: Rule, prefix: str
) -> None:
    """Bad input of every kind, on every method of the route: whatever 4xx it answers (a 400
    for a body that is not JSON or a query parameter no route takes, a 401, a 404, a 415 …),
    the body is the one problem shape."""
    path = path_of(rule, prefix)
    seen = set()
    for method in methods(rule):
        for request in (
            {"data": "{", "content_type": "application/json", "headers": bearer(key)},
            {"data": "x=1", "content_type": "application/x-www-form-urlencoded"},
            {"query_string": {"no_such_parameter": "1"}, "headers": bearer(key)},
            {"query_string": {"limit": "x", "version": "-", "from": "x", "format": "?"}},
            {"headers": {"Authorization": "Bearer lkp_not-a-key", "If-Match": "nope"}},
        ):
            response = client.open(path, method=method, **request)
            if 400 <= response.status_code < 500:
                seen.add(response.status_code)
                is_problem(response)
            response.close()
    assert seen or rule.rule in NO_INPUT, rule.rule


def test_bad_requests_reach_a_400_on_the_routes_that_read_input(
    client: FlaskClient, key: str
) -> None:
    # The test above is only worth something if its requests are refused as bad requests,
    # not only as unknown games: a body that is not JSON, a query parameter out of place.
    body = is_problem(client.post("/v1/players", data="{", content_type="application/json"))
    assert body["code"] == "malformed_json"
    body = is_problem(client.get("/v1/games?no_such_parameter=1"))
    assert body["code"] == "invalid_query"
    body = is_problem(client.get("/v1/games/no-such-game/log?format=?"))
    assert body["code"] == "invalid_query" and "format" in body["errors"]
