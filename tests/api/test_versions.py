"""Versions (docs/client/contract.md, "Versions and breaking changes"): every route under /v1, the
unprefixed paths as deprecated aliases (RFC 9745 Deprecation, a Link to the policy), and the
retirement mechanism's Sunset (RFC 8594) for an endpoint marked retired."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import http_sfv
import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.http import parse_date

from api import create_app, versioning
from api.composition import memory_components
from tests.api.conftest import TEST_SETTINGS
from tests.service.games import duel

ALIASES_DEPRECATED = datetime(2026, 12, 1, tzinfo=UTC)


@pytest.fixture
def client() -> Iterator[FlaskClient]:
    app: Flask = create_app(TEST_SETTINGS, components=memory_components(TEST_SETTINGS))
    with app.test_client() as test_client:
        yield test_client


def deprecation(value: str) -> datetime:
    """RFC 9745: the field is an RFC 9651 Date item."""
    item = http_sfv.Item()
    item.parse(value.encode())  # raises unless it is a structured field
    assert isinstance(item.value, datetime) and value.startswith("@"), value
    return datetime.fromtimestamp(int(value[1:]), UTC)


def test_every_route_is_served_under_v1_without_a_deprecation(client: FlaskClient) -> None:
    created = client.post("/v1/games", json={"scenario": duel()})
    assert created.status_code == 201, created.get_json()
    game = created.get_json()["game_id"]
    for path in (f"/v1/games/{game}", f"/v1/games/{game}/log", f"/v1/games/{game}/board.svg",
                 "/v1/scenarios", "/v1/healthz", "/v1/openapi.yaml"):  # fmt: skip
        response = client.get(path)
        assert response.status_code == 200, path
        assert "Deprecation" not in response.headers and "Sunset" not in response.headers


def test_an_unprefixed_alias_answers_the_same_and_says_it_is_deprecated(
    client: FlaskClient,
) -> None:
    game = client.post("/v1/games", json={"scenario": duel()}).get_json()["game_id"]
    alias, current = client.get(f"/games/{game}"), client.get(f"/v1/games/{game}")
    assert alias.status_code == current.status_code == 200
    assert alias.get_json() == current.get_json()
    assert deprecation(alias.headers["Deprecation"]) == ALIASES_DEPRECATED
    assert '</v1/openapi.yaml>; rel="deprecation"' in alias.headers.getlist("Link")[0]
    assert "Sunset" not in alias.headers  # none announced (the policy: 6 months ahead)
    # Errors too: the alias's 404 is deprecated like its 200.
    missing = client.get("/games/nope")
    assert missing.status_code == 404 and "Deprecation" in missing.headers


def test_probes_the_spec_and_the_viewer_files_are_not_versioned(client: FlaskClient) -> None:
    for path in ("/healthz", "/readyz", "/openapi.yaml", "/viewer/static/viewer.js"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "Deprecation" not in response.headers, path
        response.close()


def test_links_the_api_makes_keep_the_prefix_the_client_used(client: FlaskClient) -> None:
    for _ in range(2):
        client.post("/v1/games", json={"scenario": duel()})
    for prefix in ("/v1", ""):
        page = client.get(f"{prefix}/games?limit=1")
        assert page.status_code == 200
        links = ", ".join(page.headers.getlist("Link"))
        assert links.startswith(f"<{prefix}/games?"), links
        assert ('rel="deprecation"' in links) is (prefix == "")
        made = client.post(f"{prefix}/players", json={"name": "Bo"})
        assert made.status_code == 201, made.get_json()
        assert made.headers["Location"] == f"{prefix}/players/me"


def test_a_retired_endpoint_carries_its_deprecation_and_sunset(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    sunset = datetime(2027, 6, 1, tzinfo=UTC)
    retired = versioning.Retirement(deprecated=datetime(2026, 12, 2, tzinfo=UTC), sunset=sunset)
    monkeypatch.setitem(versioning.RETIRED_ENDPOINTS, "meta.scenarios", retired)
    response = client.get("/v1/scenarios")
    assert response.status_code == 200  # retired is not gone: it answers until its sunset
    assert deprecation(response.headers["Deprecation"]) == datetime(2026, 12, 2, tzinfo=UTC)
    assert parse_date(response.headers["Sunset"]) == sunset
    assert 'rel="deprecation"' in response.headers["Link"]
    assert 'rel="sunset"' in response.headers["Link"]
    assert response.headers.getlist("Link") == [retired.headers()["Link"]]
    # Another endpoint of /v1 is untouched.
    assert "Deprecation" not in client.get("/v1/healthz").headers
