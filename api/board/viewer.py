"""See a game: the board as SVG at any version, its readable log, and the history viewer page.

    GET /games/<id>/board.svg?version=N   the board after event N (default: now), public view
    GET /games/<id>/log                   one plain-English line per event (text/plain)
    GET /games/<id>/log?format=markdown   the same as a markdown list
    GET /games/<id>/log?format=json       the lines with their versions (the viewer reads this),
                                          and a fork's parent and version
    GET /viewer/<id>                      the viewer page; its JS and CSS under /viewer/static/

Their query strings are checked as every route's are (`api.requests.query`): a bad or unknown
parameter is a 400 `invalid_query` with the field `errors`.

The blueprint reads a game's events through a loader `(game_id) -> list[Event]` that raises
`lorekeeper.errors.GameNotFound` for an unknown game. `register_viewer(app, load_events)`
installs one; without it the app's own components (`app.extensions["lorekeeper"]`, as built by
`api.create_app`) are read. Everything shown is the tokenless reader's view: no seat's cards.
With the app's components, a private game is shown only to a caller who may read it (its
players, its grants: `Authorization: Bearer …`), and is a 404 to anyone else
(docs/players.md); a browser opening the viewer page sends no token, so it shows only games
that are not private.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, Response, current_app

from api.board.svg import render_history
from api.errors import problem_response
from api.guards import budgeted
from api.requests import query
from api.schemas import BoardQuery, LogQuery, NoQuery
from domain import Event, event_from_json
from domain.events import EVENT_TYPES
from domain.narrate import narrate
from lorekeeper.budget import spending
from lorekeeper.errors import GameNotFound, LorekeeperError, VersionNotFound

LoadEvents = Callable[[str], list[Event]]
LOADER = "lorekeeper.viewer.load_events"
STATIC = Path(__file__).parents[1] / "static" / "viewer"
# The page loads only what this server serves (issue 8: no CDN, no external request).
PAGE_POLICY = (
    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
GAME_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")  # the event store's game ids
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|~])")

viewer_blueprint = Blueprint(
    "viewer", __name__, static_folder=str(STATIC), static_url_path="/viewer/static"
)


def register_viewer(app: Flask, load_events: LoadEvents | None = None) -> None:
    """Serve the viewer's routes; `load_events` overrides reading the app's event store."""
    if load_events is not None:
        app.extensions[LOADER] = load_events
    app.register_blueprint(viewer_blueprint)


def _load(game_id: str) -> list[Event]:
    if not GAME_ID.fullmatch(game_id):
        raise GameNotFound(game_id)
    _check_access(game_id)
    loader: LoadEvents | None = current_app.extensions.get(LOADER)
    if loader is None:
        loader = _from_components
    events = loader(game_id)
    if not events:
        raise GameNotFound(game_id)
    return events


def _check_access(game_id: str) -> None:
    """The game's visibility, when the app has its components (404 for a private game the
    caller may not read, 401 for a token that opens nothing)."""
    seating = getattr(current_app.extensions.get("lorekeeper"), "seating", None)
    if seating is not None:  # the viewer also runs on a bare Flask app: no private games
        from api.identity import caller

        seating.access.reader(game_id, caller())


def _from_components(game_id: str) -> list[Event]:
    """The events in the store of `api.create_app`'s components."""
    store = current_app.extensions["lorekeeper"].service.log.events
    return [event_from_json(e.type, e.payload) for e in store.read(game_id)]


@viewer_blueprint.errorhandler(LorekeeperError)
def _refused(exc: LorekeeperError) -> Response:
    """The API's one error body, also where the viewer is served without the API around it."""
    return problem_response(exc)


@viewer_blueprint.get("/games/<game_id>/board.svg")
@budgeted
def board_svg(game_id: str) -> Response:
    asked: int | None = query(BoardQuery()).get("version")
    events = _load(game_id)
    version = len(events) if asked is None else asked
    if version > len(events):
        raise VersionNotFound(version, len(events))
    svg = render_history(events[:version])
    response = Response(svg, mimetype="image/svg+xml")
    # A past version never changes (the stream is append-only); "now" does.
    fixed = asked is not None
    response.headers["Cache-Control"] = "public, max-age=86400" if fixed else "no-cache"
    response.headers["X-Game-Version"] = str(version)
    return response


@viewer_blueprint.get("/games/<game_id>/log")
@budgeted
def log(game_id: str) -> Response:
    kind = query(LogQuery())["format"]
    events = _load(game_id)
    lines = narrate(spending(events))
    if kind == "json":
        return _json_log(game_id, events, lines)
    if kind == "markdown":
        text = f"# Game {_markdown(game_id)}\n\n" + "".join(
            f"{v}. {_markdown(line)}\n" for v, line in enumerate(lines, 1)
        )
        return Response(text, mimetype="text/markdown")
    width = len(str(len(lines)))
    text = "".join(f"{v:>{width}}  {line}\n" for v, line in enumerate(lines, 1))
    return Response(text, mimetype="text/plain")


def _json_log(game_id: str, events: list[Event], lines: list[str]) -> Response:
    body = {
        "game_id": game_id,
        "version": len(events),
        "over": any(e.type == "GameEnded" for e in events[-2:]),  # DiceRevealed may follow
        "entries": [
            {"version": v, "type": e.type, "text": line}
            for v, (e, line) in enumerate(zip(events, lines, strict=True), 1)
        ],
        "event_types": sorted(EVENT_TYPES),
        **_fork_of(events),
    }
    return Response(json.dumps(body, ensure_ascii=False), mimetype="application/json")


def _fork_of(events: list[Event]) -> dict[str, Any]:
    """A fork's parent and version (the viewer links to them); nothing for other games."""
    fork = getattr(events[0], "fork", None) if events else None
    if not isinstance(fork, dict):
        return {}
    return {"fork": {"parent": fork.get("parent"), "version": fork.get("version")}}


def _markdown(text: str) -> str:
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


@viewer_blueprint.get("/viewer/<game_id>")
def viewer_page(game_id: str) -> Response:
    query(NoQuery())  # the page keeps its place in the fragment: #v=12
    _load(game_id)  # 404 for an unknown game
    response = Response((STATIC / "index.html").read_bytes(), mimetype="text/html")
    response.headers["Content-Security-Policy"] = PAGE_POLICY
    response.headers["Cache-Control"] = "no-cache"
    return response
