"""The orjson provider writes what Flask's own provider, set up as create_app had it, wrote."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from flask import Flask
from flask.json.provider import DefaultJSONProvider

from api.json_provider import OrjsonProvider

DOCUMENTS = [
    {"z": 1, "a": [True, None, "é ✓ 🐉"], "nested": {"b": {"c": [1, -2, 2**53]}}},
    {"type": "tag:lorekeeper,2026:problem:x", "detail": 'line\nbreak "quoted" \\ \x01'},
    {"big": 2**80, "negative": -(2**70)},  # past orjson's 64 bits: the standard writer's text
    {"when": datetime(2026, 12, 1, 7, 30, tzinfo=UTC)},  # dates as Flask writes them
]


def standard(app: Flask) -> DefaultJSONProvider:
    provider = DefaultJSONProvider(app)
    provider.sort_keys = False
    provider.ensure_ascii = False
    return provider


@pytest.mark.parametrize("document", DOCUMENTS)
def test_a_response_body_is_the_standard_one(document: dict[str, object]) -> None:
    app = Flask(__name__)
    with app.app_context():
        ours = OrjsonProvider(app).response(document)
        theirs = standard(app).response(document)

    assert ours.get_data() == theirs.get_data()
    assert ours.mimetype == theirs.mimetype == "application/json"
    assert json.loads(ours.get_data()) == json.loads(theirs.get_data())


def test_debug_responses_are_indented_like_flasks() -> None:
    app = Flask(__name__)
    app.debug = True
    with app.app_context():
        ours = OrjsonProvider(app).response({"a": [1, 2], "b": "x"})

    assert json.loads(ours.get_data()) == {"a": [1, 2], "b": "x"}
    assert b'\n  "a": [\n' in ours.get_data()
