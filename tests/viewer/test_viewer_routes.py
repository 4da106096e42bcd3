"""The viewer's HTTP routes: board.svg at a version, the readable log, the page and its files."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from flask import Flask
from flask.testing import FlaskClient

from adapters.memory.event_store import InMemoryEventStore
from api.board.svg import render_history
from api.board.viewer import STATIC, viewer_blueprint
from domain import Event
from domain.narrate import narrate
from lorekeeper.games.ports import NewEvent


def test_board_svg_at_a_version_is_the_picture_of_that_state(
    client: FlaskClient, showcase_events: list[Event]
) -> None:
    response = client.get("/games/showcase/board.svg?version=7")
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert response.headers["X-Game-Version"] == "7"
    assert response.text == render_history(showcase_events[:7])


def test_board_svg_without_a_version_is_the_latest(
    client: FlaskClient, showcase_events: list[Event]
) -> None:
    response = client.get("/games/showcase/board.svg")
    assert response.headers["X-Game-Version"] == str(len(showcase_events))
    assert response.headers["Cache-Control"] == "no-cache"


def test_board_svg_refuses_versions_outside_the_game(
    client: FlaskClient, showcase_events: list[Event]
) -> None:
    response = client.get(f"/games/showcase/board.svg?version={len(showcase_events) + 1}")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
    assert response.json is not None
    assert response.json["code"] == "version_not_found"
    assert response.json["current_version"] == len(showcase_events)


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("/games/showcase/board.svg?version=abc", "version"),
        ("/games/showcase/board.svg?version=0", "version"),
        ("/games/showcase/board.svg?version=%D9%A3", "version"),  # an Arabic-Indic three
        ("/games/showcase/board.svg?version=1&size=9", "size"),
        ("/games/showcase/log?format=bogus", "format"),
        ("/games/showcase/log?format=json&since=3", "since"),
        ("/viewer/showcase?v=3", "v"),
    ],
)
def test_a_bad_or_unknown_query_parameter_is_a_400_naming_it(
    client: FlaskClient, path: str, field: str
) -> None:
    # The viewer's routes check their query strings as every other route does.
    response = client.get(path)
    assert response.status_code == 400
    assert response.mimetype == "application/problem+json"
    body = response.json
    assert body is not None and body["code"] == "invalid_query"
    assert list(body["errors"]) == [field]


def test_the_query_is_checked_before_the_game_is_looked_up(client: FlaskClient) -> None:
    # As on the other routes: a bad query says the same for a game that exists and one that
    # does not.
    for game in ("showcase", "nope"):
        response = client.get(f"/games/{game}/log?format=bogus")
        assert response.status_code == 400, game


def test_an_unknown_game_is_a_404_problem(client: FlaskClient) -> None:
    for path in ("/games/nope/board.svg", "/games/nope/log", "/viewer/nope", "/viewer/a%20b"):
        response = client.get(path)
        assert response.status_code == 404
        assert response.json is not None and response.json["code"] == "game_not_found"


def test_the_log_is_one_numbered_line_per_event(
    client: FlaskClient, showcase_events: list[Event]
) -> None:
    response = client.get("/games/showcase/log")
    assert response.mimetype == "text/plain"
    lines = response.text.splitlines()
    assert len(lines) == len(showcase_events)
    assert lines[0].startswith(" 1  Game created: scenario showcase")
    assert lines[-1] == f"{len(lines)}  Turn 5, south: game over: south wins (last player standing)"


def test_the_markdown_log_escapes_what_markdown_would_read(client: FlaskClient) -> None:
    response = client.get("/games/showcase/log?format=markdown")
    assert response.mimetype == "text/markdown"
    text = response.text
    assert text.startswith("# Game showcase\n\n1. Game created")
    assert r"flew \[2,3\]→\[2,2\]" in text


def test_the_json_log_pairs_lines_with_versions(
    client: FlaskClient, showcase_events: list[Event]
) -> None:
    body = client.get("/games/showcase/log?format=json").json
    assert body is not None
    assert body["version"] == len(showcase_events) and body["over"] is True
    assert [e["text"] for e in body["entries"]] == narrate(showcase_events)
    assert body["entries"][6] == {
        "version": 7,
        "type": "BreathPhaseOpened",
        "text": "Turn 1, south: breath phase opens: targets bf1 and gm1",
    }
    assert "BreathRolled" in body["event_types"]
    assert client.get("/games/showcase/log?format=pdf").status_code == 400


def test_the_viewer_page_and_its_files_are_served_by_us(client: FlaskClient) -> None:
    page = client.get("/viewer/showcase")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert "default-src 'self'" in page.headers["Content-Security-Policy"]
    for asset in re.findall(r'(?:src|href)="(/[^"]+)"', page.text):
        with client.get(asset) as response:
            assert response.status_code == 200, asset


def test_the_page_asks_nothing_of_other_hosts() -> None:
    for path in Path(STATIC).iterdir():
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"https?://|//[a-z0-9.-]+\.[a-z]{2,}/", text, re.I), path.name


def test_without_a_loader_the_viewer_reads_the_apps_event_store(
    showcase_events: list[Event],
) -> None:
    store = InMemoryEventStore()
    store.create("stored", [NewEvent(e.type, e.payload()) for e in showcase_events])
    app = Flask(__name__)
    app.extensions["lorekeeper"] = SimpleNamespace(
        service=SimpleNamespace(log=SimpleNamespace(events=store))
    )
    app.register_blueprint(viewer_blueprint)
    response = app.test_client().get("/games/stored/board.svg?version=12")
    assert response.status_code == 200
    assert response.text == render_history(showcase_events[:12])
    assert app.test_client().get("/games/other/log").status_code == 404
