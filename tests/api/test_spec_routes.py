"""Every route the app serves is in openapi.yaml, with the same methods, and every path of the
spec is served: a route added without its documentation fails here (issue 22: board.svg, the
log and the viewer page were served but missing)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from flask import Flask

from api import create_app
from api.composition import memory_components
from tests.api.conftest import TEST_SETTINGS

SPEC = Path(__file__).resolve().parents[2] / "openapi.yaml"
HTTP_METHODS = {"get", "put", "post", "delete", "patch"}
# werkzeug's `<converter(args):name>` and `<name>` as OpenAPI's `{name}`
_PARAM = re.compile(r"<(?:[a-z_]+(?:\([^)]*\))?:)?([a-z_]+)>")


def spec() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(SPEC.read_text())
    return loaded


def app() -> Flask:
    return create_app(TEST_SETTINGS, components=memory_components(TEST_SETTINGS))


def served(flask_app: Flask) -> dict[str, set[str]]:
    """OpenAPI path -> the methods the app answers on it (HEAD and OPTIONS aside: Flask adds
    them to every route)."""
    routes: dict[str, set[str]] = {}
    for rule in flask_app.url_map.iter_rules():
        path = _PARAM.sub(r"{\1}", rule.rule)
        methods = {m.lower() for m in rule.methods or ()} - {"head", "options"}
        routes.setdefault(path, set()).update(methods)
    return routes


def documented(document: dict[str, Any]) -> dict[str, set[str]]:
    return {
        path: {m for m in item if m in HTTP_METHODS} for path, item in document["paths"].items()
    }


def test_every_served_route_is_in_the_spec_with_its_methods() -> None:
    assert served(app()) == documented(spec())


def test_the_path_converter_is_read_as_openapi_reads_it() -> None:
    # The comparison above is only as good as this translation.
    assert _PARAM.sub(r"{\1}", "/players/me/keys/<string(length=12):key_id>") == (
        "/players/me/keys/{key_id}"
    )
    assert _PARAM.sub(r"{\1}", "/viewer/static/<path:filename>") == "/viewer/static/{filename}"


def test_the_viewer_files_the_spec_names_are_served() -> None:
    names = spec()["paths"]["/viewer/static/{filename}"]["get"]["parameters"][0]["schema"]["enum"]
    with app().test_client() as client:
        for name in names:
            response = client.get(f"/viewer/static/{name}")
            assert response.status_code == 200, name
            response.close()
