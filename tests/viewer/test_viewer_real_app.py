"""The viewer served by the real application (create_app, in-memory parts): a game played
over HTTP, finished by a resignation, opened in Chromium with its audit verdict."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser
from werkzeug.serving import make_server

from api import create_app
from api.composition import memory_components
from domain import event_from_json
from lorekeeper.settings import Settings
from tests.viewer.test_viewer_e2e import browser, check_board, open_viewer, wait_for_version

__all__ = ["browser"]  # the module-scoped Chromium fixture, shared


@pytest.fixture
def real_server() -> Iterator[str]:
    settings = Settings(jobs="inline", rate_per_s=0, sse_max_s=2, allow_anonymous_games=True)
    app = create_app(settings, components=memory_components(settings))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()


def test_a_finished_game_of_the_real_app_is_drawn_and_verified(
    browser: Browser, real_server: str
) -> None:
    import json
    from urllib.request import Request, urlopen

    def call(method: str, path: str, body: object = None, token: str = "") -> dict:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        with urlopen(Request(real_server + path, data, headers, method=method)) as response:
            return json.loads(response.read() or b"{}")

    created = call("POST", "/games", {"scenario": "river_crossing"})
    game, tokens = created["game_id"], [s["token"] for s in created["seats"]]
    commands = f"/games/{game}/commands"
    call("POST", commands, {"type": "order", "units": ["s-foot-1"]}, tokens[0])
    call("POST", commands, {"type": "move", "unit": "s-foot-1", "path": [[3, 6]]}, tokens[0])
    call("POST", commands, {"type": "end_turn"}, tokens[0])
    call("POST", commands, {"type": "resign"}, tokens[1])
    with urlopen(f"{real_server}/games/{game}/export") as response:  # over: nothing redacted
        lines = [json.loads(line) for line in response.read().splitlines()]
    events = [event_from_json(e["type"], e["payload"]) for e in lines if "payload" in e]
    assert events[-1].type == "SecretsRevealed"

    # Opened under the API's version, the page calls the API under it too (api/versioning.py).
    page, requested, errors = open_viewer(browser, f"{real_server}/v1/viewer/{game}")
    wait_for_version(page, len(events))
    page.wait_for_function("() => document.querySelector('#audit').textContent === 'verified'")
    resigned = next(v for v, e in enumerate(events, 1) if e.type == "PlayerResigned")
    check_board(page, events, len(events), moment=resigned)  # the end is about the resignation
    page.keyboard.press("Home")
    wait_for_version(page, 1)
    check_board(page, events, 1)
    assert not errors
    assert all(url.startswith(real_server) for url in requested)
    api_calls = [url for url in requested if "/games/" in url]
    assert api_calls and all(url.startswith(f"{real_server}/v1/games/") for url in api_calls)
