"""Every rate-limited answer says the policy and what is left of it, as
draft-ietf-httpapi-ratelimit-headers defines the fields (structured field Lists of Strings
with parameters; parsed here with http_sfv, an independent implementation of RFC 9651)."""

from __future__ import annotations

from typing import Any

import http_sfv
import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from tests.api.conftest import make_app, with_settings
from tests.api.helpers import bearer, create, problem
from tests.service.games import ORDER_BF0, duel


def parsed(response: TestResponse, name: str) -> dict[str, dict[str, Any]]:
    """The field as {item: parameters}; fails on anything that is not a valid List."""
    field = http_sfv.List()
    field.parse(response.headers[name].encode("ascii"))
    items = {}
    for item in field:
        assert isinstance(item.value, str), f"{name}: items are Strings ({item.value!r})"
        items[item.value] = dict(item.params)
    return items


@pytest.fixture
def limited(request: pytest.FixtureRequest) -> FlaskClient:
    settings = with_settings(
        rate_per_s=2,
        rate_burst=5,
        address_rate_per_s=2,
        address_rate_burst=10,
        streams_per_client=3,
        waits_per_client=2,
    )
    backend = request.param if hasattr(request, "param") else "in_memory"
    client = request.getfixturevalue("redis_client") if backend == "redis" else None
    return make_app(backend, settings, client).test_client()


@pytest.mark.parametrize("limited", ["in_memory", "redis"], indirect=True)
def test_every_answer_names_the_policy_and_what_is_left(limited: FlaskClient):
    game = create(limited, duel())
    answers = [
        limited.get("/scenarios"),
        limited.get(f"/games/{game.id}"),
        limited.get("/games/nope"),  # errors too
        limited.post(f"/games/{game.id}/commands", json=ORDER_BF0, headers=bearer(game.tokens[0])),
    ]
    for response in answers:
        policy = parsed(response, "RateLimit-Policy")
        assert policy == {
            "requests": {"q": 5, "w": 3},  # 5 requests a fill of the bucket: 2.5 s, so 3
            "address": {"q": 10, "w": 5},  # everything from this address
            "streams": {"q": 3, "qu": "concurrent-requests"},
            "waits": {"q": 2, "qu": "concurrent-requests"},
        }
        assert set(parsed(response, "RateLimit")) == {"requests", "address"}
    left = [parsed(r, "RateLimit")["requests"] for r in answers[:3]]
    assert [x["r"] for x in left] == [3, 2, 1]  # the create came first: 5 - 2, - 3, - 4
    assert all(x["t"] == 1 for x in left)  # the next request comes back within a second
    from_address = [parsed(r, "RateLimit")["address"]["r"] for r in answers]
    assert from_address == [8, 7, 6, 5]  # 10 - 2, …: the seat's command counts too


@pytest.mark.parametrize("limited", ["in_memory", "redis"], indirect=True)
def test_a_refusal_says_nothing_is_left_and_when_to_come_back(limited: FlaskClient):
    answers = [limited.get("/scenarios") for _ in range(6)]

    refused = answers[-1]
    problem(refused, 429, "rate_limited")
    left = parsed(refused, "RateLimit")["requests"]
    assert left["r"] == 0 and left["t"] == int(refused.headers["Retry-After"]) >= 1


def test_without_a_rate_limit_the_caps_are_still_announced(client: FlaskClient):
    # `client` runs with rate_per_s=0: no bucket, but the caps on streams and waits hold.
    response = client.get("/scenarios")
    assert set(parsed(response, "RateLimit-Policy")) == {"streams", "waits"}
    assert "RateLimit" not in response.headers  # nothing counted for a plain request


def test_probes_and_the_spec_carry_no_fields():
    app = make_app("in_memory", with_settings(rate_per_s=2, rate_burst=5))
    limited = app.test_client()
    for path in ("/healthz", "/readyz", "/openapi.yaml"):
        headers = limited.get(path).headers
        assert "RateLimit" not in headers and "RateLimit-Policy" not in headers
