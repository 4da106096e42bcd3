"""Garbage in, never a 500: random bytes, JSON of any shape, deep nesting, huge bodies,
unicode and wrong types, sent to every endpoint with random headers and queries."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.helpers import Game, create
from tests.service.games import duel

ROUTES = [
    ("POST", "/games"),
    ("GET", "/games"),
    ("GET", "/games/{id}"),
    ("GET", "/games/{id}/state"),
    ("GET", "/games/{id}/legal-actions"),
    ("POST", "/games/{id}/commands"),
    ("GET", "/games/{id}/events"),
    ("GET", "/games/{id}/stream"),
    ("GET", "/scenarios"),
    ("GET", "/scenarios/{name}"),
    ("GET", "/healthz"),
    ("GET", "/readyz"),
    ("PUT", "/games/{id}/commands"),
    ("DELETE", "/games/{id}"),
]
COMMAND_TYPES = ["order", "move", "fly", "battle", "trade", "react", "end_turn", "nope", ""]
FUZZ = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
command_like = st.fixed_dictionaries(
    {"type": st.sampled_from(COMMAND_TYPES)},
    optional={
        "unit": json_values,
        "units": json_values,
        "path": json_values,
        "target": json_values,
        "blood": json_values,
        "for": json_values,
        "accept": json_values,
        "command_id": json_values,
    },
)
create_like = st.fixed_dictionaries(
    {"scenario": st.sampled_from(["river_crossing", "x"]) | json_values},
    optional={
        "options": st.dictionaries(
            st.sampled_from(["seed", "dice", "auto_decisions", "z"]), json_values
        )
    },
)


def deep(depth: int) -> str:
    return '{"type": ' * depth + "1" + "}" * depth


raw_bodies = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass")),
    json_values.map(lambda v: json.dumps(v).encode()),
    command_like.map(lambda v: json.dumps(v).encode()),
    create_like.map(lambda v: json.dumps(v).encode()),
    st.integers(1, 20_000).map(lambda d: deep(d).encode()),
    st.integers(1, 20_000).map(lambda d: ("[" * d + "]" * d).encode()),
    st.integers(60_000, 90_000).map(lambda n: b'{"type": "' + b"x" * n + b'"}'),
    st.just(b'{"type": "order", "units": ["\\ud800"]}'),
    st.just(b'{"blood": 1' + b"0" * 5000 + b"}"),
)
header_text = st.text(st.characters(min_codepoint=32, max_codepoint=255), max_size=40)
headers = st.fixed_dictionaries(
    {},
    optional={
        "Authorization": st.sampled_from(["Bearer ", "Bearer x", "Basic y", "bearer lks_"])
        | header_text,
        "If-Match": header_text | st.sampled_from(['"2"', '"999999999999999999999"', "*", 'W/"2"']),
        "If-None-Match": header_text | st.just('"2"'),
        "Idempotency-Key": header_text,
        "Last-Event-ID": header_text | st.sampled_from(["1", "-1", "99999999999999"]),
        "Accept": header_text | st.just("application/x-ndjson"),
        "Content-Type": st.sampled_from(
            ["application/json", "text/plain", "application/x+json", ""]
        ),
    },
)
query_values = st.text(max_size=30) | st.integers(-5, 10**20).map(str)
queries = st.dictionaries(
    st.sampled_from(["from", "limit", "min_version", "version", "status", "zz"]),
    query_values,
    max_size=3,
)
path_parts = st.text(max_size=40) | st.sampled_from(["river_crossing", "", ".", ".."])


@pytest.fixture
def game(app: Flask) -> Game:
    return create(app.test_client(), duel())


def assert_no_server_error(client: FlaskClient, method: str, url: str, **kwargs: Any) -> None:
    response = client.open(url, method=method, **kwargs)
    assert response.status_code < 500, (method, url, kwargs, response.get_data(as_text=True))
    if response.status_code >= 400 and method != "HEAD":
        assert response.mimetype == "application/problem+json"


@FUZZ
@given(
    route=st.sampled_from(ROUTES),
    body=raw_bodies,
    hdrs=headers,
    query=queries,
    real_game=st.booleans(),
    seat_token=st.sampled_from([None, 0, 1]),
    other=path_parts,
)
def test_no_request_is_a_server_error(
    app: Flask, game: Game, route, body, hdrs, query, real_game, seat_token, other
):
    method, template = route
    game_id = game.id if real_game else other
    url = template.format(id=quote(game_id, safe=""), name=quote(other, safe=""))
    if seat_token is not None:
        hdrs = {**hdrs, "Authorization": f"Bearer {game.tokens[seat_token]}"}
    content_type = hdrs.pop("Content-Type", "application/json")
    assert_no_server_error(
        app.test_client(), method, url, data=body, headers=hdrs, query_string=query,
        content_type=content_type,
    )  # fmt: skip


@FUZZ
@given(body=command_like, seat=st.sampled_from([0, 1]))
def test_command_shaped_garbage_is_refused_cleanly(app: Flask, game: Game, body, seat):
    response = app.test_client().post(
        f"{game.url}/commands", json=body, headers={"Authorization": f"Bearer {game.tokens[seat]}"}
    )
    assert response.status_code in (200, 409, 422), response.get_json()
