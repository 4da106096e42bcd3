"""Request bodies are JSON in UTF-8 and nothing else (RFC 8259 §8.1: JSON exchanged between
systems MUST be UTF-8): UTF-16 or UTF-32, with or without a byte order mark, or a charset
that says so, is refused with a clear problem, never decoded by guesswork (issue 21, item 8)."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from tests.api.helpers import create, problem

CREATE = json.dumps({"scenario": "river_crossing", "options": {"seed": 7}})


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le"])
def test_a_utf16_or_utf32_body_is_a_400_that_says_utf8(client: FlaskClient, encoding: str):
    data = CREATE.encode(encoding)
    body = problem(client.post("/games", data=data, content_type="application/json"), 400,
                   "malformed_json")  # fmt: skip
    assert "UTF-8" in body["detail"] and "RFC 8259" in body["detail"]


def test_a_command_in_utf16_is_refused_too(client: FlaskClient):
    game = create(client, "river_crossing", seed=7)
    data = json.dumps({"type": "end_turn"}).encode("utf-16")
    headers = {"Authorization": f"Bearer {game.tokens[0]}"}
    response = client.post(f"{game.url}/commands", data=data, headers=headers,
                           content_type="application/json")  # fmt: skip
    problem(response, 400, "malformed_json")
    assert game.get().get_json()["version"] == 2  # nothing appended


@pytest.mark.parametrize("charset", ["utf-16", "UTF-32", "latin-1"])
def test_a_charset_other_than_utf8_is_a_415(client: FlaskClient, charset: str):
    response = client.post(
        "/games", data=CREATE, content_type=f"application/json; charset={charset}"
    )
    body = problem(response, 415, "unsupported_media_type")
    assert "UTF-8" in body["detail"]


@pytest.mark.parametrize("charset", ["utf-8", "UTF-8", "utf8"])
def test_utf8_is_accepted_with_or_without_its_charset_or_a_bom(client: FlaskClient, charset: str):
    typed = f"application/json; charset={charset}"
    assert client.post("/games", data=CREATE, content_type=typed).status_code == 201
    bom = "\ufeff".encode() + CREATE.encode()
    assert client.post("/games", data=bom, content_type="application/json").status_code == 201
    text = json.dumps({"scenario": "river_crossing", "options": {"seed": "drachen-é€😀"}})
    assert (
        client.post("/games", data=text.encode(), content_type="application/json").status_code
        == 201
    )


def _command_nested(client: FlaskClient, lists: int) -> tuple[int, str]:
    """The status and problem type of an order whose `units` nests `lists` lists deep (the
    object itself is depth 1)."""
    game = create(client, "river_crossing", seed=7)
    data = '{"type": "order", "units": ' + "[" * lists + "]" * lists + "}"
    response = client.post(f"{game.url}/commands", data=data, content_type="application/json",
                           headers={"Authorization": f"Bearer {game.tokens[0]}"})  # fmt: skip
    return response.status_code, response.get_json()["type"].rsplit(":", 1)[-1]


def test_a_body_nested_past_32_is_malformed_and_one_at_32_is_judged_by_its_shape(
    client: FlaskClient,
):
    assert _command_nested(client, 32) == (400, "malformed_json")  # a list at depth 33
    status, kind = _command_nested(client, 31)
    assert status == 422 and kind != "malformed_json"


def test_many_brackets_side_by_side_are_no_nesting(client: FlaskClient):
    game = create(client, "river_crossing", seed=7)
    data = json.dumps({"type": "order", "units": [[]] * 40})  # 41 brackets, depth 3
    response = client.post(f"{game.url}/commands", data=data, content_type="application/json",
                           headers={"Authorization": f"Bearer {game.tokens[0]}"})  # fmt: skip
    assert response.status_code == 422
