"""A minimal app serving the viewer blueprint from events held in memory."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.board.viewer import register_viewer
from domain import Event
from lorekeeper.errors import GameNotFound
from tests.viewer.games import showcase_game

# The browser tests' screenshots, kept after the run (var/ is not committed).
SHOTS = Path(__file__).resolve().parents[2] / "var" / "test-artefacts" / "viewer"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if SHOTS.is_dir() and any(SHOTS.glob("*.png")):
        terminalreporter.write_line(f"viewer screenshots (desktop and phone width): {SHOTS}")


def viewer_app(games: dict[str, list[Event]]) -> Flask:
    """Flask with only the viewer; `games` may grow while it runs (live following)."""

    def load_events(game_id: str) -> list[Event]:
        if game_id not in games:
            raise GameNotFound(game_id)
        return list(games[game_id])

    app = Flask(__name__)
    register_viewer(app, load_events)
    return app


@pytest.fixture(scope="session")
def showcase_events() -> list[Event]:
    return showcase_game()


@pytest.fixture
def client(showcase_events: list[Event]) -> Iterator[FlaskClient]:
    app = viewer_app({"showcase": showcase_events})
    with app.test_client() as client:
        yield client
