"""The documentation site at /docs/: the built pages and their assets, from the site folder
only; a server whose site is not built says so in the one error shape, never a 500."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.test import TestResponse

from api import create_app
from api.composition import memory_components
from api.docs_site import EXTENSION, PAGE_POLICY
from tests.api.conftest import TEST_SETTINGS


def docs_app(site: Path) -> Flask:
    app = create_app(TEST_SETTINGS, components=memory_components(TEST_SETTINGS))
    app.extensions[EXTENSION] = site
    return app


def get(
    client: FlaskClient, path: str, follow: bool = False, headers: dict[str, str] | None = None
) -> TestResponse:
    """The answer, read whole and closed (a file's answer holds the file open until then)."""
    response = client.get(path, follow_redirects=follow, headers=headers or {})
    response.get_data()
    response.close()
    return response


@pytest.fixture
def site(tmp_path: Path) -> Path:
    root = tmp_path / "site"
    (root / "play").mkdir(parents=True)
    (root / "assets").mkdir()
    (root / "index.html").write_text("<h1>Lorekeeper</h1>")
    (root / "play" / "index.html").write_text("<h1>How to play</h1>")
    (root / "assets" / "main.css").write_text("body{}")
    (tmp_path / "secret.txt").write_text("not in the site")
    return root


@pytest.fixture
def client(site: Path) -> FlaskClient:
    return docs_app(site).test_client()


def test_the_home_page_and_a_folder_page_are_served(client: FlaskClient) -> None:
    home = get(client, "/docs/")
    assert home.status_code == 200 and b"Lorekeeper" in home.data
    assert home.mimetype == "text/html"
    assert home.headers["Content-Security-Policy"] == PAGE_POLICY
    assert b"How to play" in get(client, "/docs/play/").data
    assert get(client, "/docs/assets/main.css").mimetype == "text/css"


def test_the_site_is_served_under_v1_too_and_is_not_deprecated(client: FlaskClient) -> None:
    for path in ("/docs/", "/v1/docs/play/"):
        response = get(client, path)
        assert response.status_code == 200
        assert "Deprecation" not in response.headers


def test_a_folder_without_its_slash_redirects_to_it_keeping_the_prefix(
    client: FlaskClient,
) -> None:
    for path in ("/docs", "/v1/docs"):
        response = get(client, path)
        assert response.status_code == 308
        assert response.headers["Location"] == "docs/"  # relative: /docs/, /v1/docs/
    response = get(client, "/v1/docs/play")
    assert response.status_code == 308
    assert response.headers["Location"] == "play/"  # relative: /v1/docs/play/


def test_a_query_string_is_ignored(client: FlaskClient) -> None:
    assert get(client, "/docs/play/?h=dragon").status_code == 200


@pytest.mark.parametrize(
    "path",
    ["/docs/nope.html", "/docs/../secret.txt", "/docs/%2e%2e/secret.txt", "/docs/play/x/",
     "/docs//etc/passwd", "/docs/" + "a" * 5000],
)  # fmt: skip
def test_a_path_the_site_does_not_hold_is_a_404_problem(client: FlaskClient, path: str) -> None:
    response = get(client, path, follow=True)  # `//` is merged by a redirect first
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
    assert b"not in the site" not in response.data


def test_a_site_not_built_says_how_to_build_it(tmp_path: Path) -> None:
    client = docs_app(tmp_path / "missing").test_client()
    for path in ("/docs/", "/docs/play/"):
        response = get(client, path)
        assert response.status_code == 404
        assert response.mimetype == "application/problem+json"
        body = response.get_json()
        assert body["code"] == "docs_not_built"
        assert "scripts/run" in body["detail"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.text(min_size=1, max_size=300))
def test_any_path_is_answered_never_with_a_500(tmp_path_factory: pytest.TempPathFactory,
                                                path: str) -> None:  # fmt: skip
    site = tmp_path_factory.getbasetemp() / "fuzzed-site"
    site.mkdir(exist_ok=True)
    (site / "index.html").write_text("home")
    with docs_app(site).test_client() as client:
        response = get(client, "/docs/" + path.replace("?", "%3F").replace("#", "%23"))
        assert response.status_code in (200, 308, 404), (path, response.status_code)


def test_a_copy_still_good_is_a_304_and_a_failed_if_match_a_412_problem(
    client: FlaskClient,
) -> None:
    etag = get(client, "/docs/play/").headers["ETag"]
    assert get(client, "/docs/play/", headers={"If-None-Match": etag}).status_code == 304
    response = get(client, "/docs/play/", headers={"If-Match": '"not-this-one"'})
    assert response.status_code == 412
    assert response.get_json()["code"] == "precondition_failed"
