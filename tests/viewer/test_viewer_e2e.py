"""The history viewer in a real headless Chromium (Debian's `chromium`, driven by Playwright).

A browser is never downloaded: `scripts/ensure_chromium.sh` installs the distribution's package.
Without it these tests fail, they do not skip. The app under test is the viewer blueprint on a
minimal Flask app over in-memory events, plus stand-ins for the stream and audit routes that
other parts of the API own (same SSE framing as `api/streams.py`).
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, Response, abort, request
from playwright.sync_api import Browser, Page, sync_playwright
from werkzeug.serving import make_server

from domain import Event, replay
from domain.narrate import narrate
from tests.viewer.conftest import viewer_app

CHROMIUM = os.environ.get("LOREKEEPER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
LIVE_START = 20

DRAWN_UNITS = """() => Array.from(document.querySelectorAll('#board svg g.unit')).map(g => {
  const body = g.querySelector('.body').getBoundingClientRect();
  const cell = document.querySelector(`#board svg polygon.hex[data-hex="${g.dataset.hex}"]`)
    .getBoundingClientRect();
  const dx = (body.left + body.right - cell.left - cell.right) / 2;
  const dy = (body.top + body.bottom - cell.top - cell.bottom) / 2;
  return {
    id: g.dataset.unit, hex: g.dataset.hex, figures: g.dataset.figures ?? null,
    breath: g.dataset.breathTarget, glory: Number(g.dataset.glory),
    roosted: g.dataset.roosted, rider: g.dataset.rider,
    offCentre: Math.hypot(dx, dy) / (cell.width / 2),
    tokens: Object.fromEntries(Array.from(g.querySelectorAll('g.token'))
      .map(t => [t.classList[1], Number(t.dataset.count)])),
  };
})"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: run scripts/ensure_chromium.sh", pytrace=False)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def with_stand_ins(app: Flask, games: dict[str, list[Event]], stop: threading.Event) -> Flask:
    @app.get("/games/<game_id>/stream")
    def stream(game_id: str) -> Response:
        start = int(request.args.get("from", "1"))
        return Response(_follow(games[game_id], start, stop), mimetype="text/event-stream")

    @app.get("/games/<game_id>/audit")
    def audit(game_id: str) -> dict[str, Any]:
        if game_id != "live":
            abort(404)
        return {"verdict": "verified", "events": len(games[game_id])}

    return app


def _follow(events: list[Event], version: int, stop: threading.Event) -> Iterator[str]:
    yield "retry: 1000\n\n"
    while not stop.is_set():
        while version <= len(events):
            event = events[version - 1]
            data = json.dumps({"version": version, "type": event.type, "payload": event.payload()})
            yield f"id: {version}\nevent: {event.type}\ndata: {data}\n\n"
            if event.type == "GameEnded":
                yield 'event: end\ndata: {"reason": "game_over"}\n\n'
                return
            version += 1
        time.sleep(0.05)
        yield ": keep-alive\n\n"


@pytest.fixture(scope="module")
def served(showcase_events: list[Event]) -> Iterator[tuple[str, dict[str, list[Event]]]]:
    games = {"showcase": list(showcase_events), "live": list(showcase_events[:LIVE_START])}
    stop = threading.Event()
    server = make_server("127.0.0.1", 0, with_stand_ins(viewer_app(games), games, stop), True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}", games
    stop.set()
    server.shutdown()
    thread.join(timeout=10)


@pytest.fixture
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("viewer-screenshots")


def open_viewer(browser: Browser, url: str, **context: Any) -> tuple[Page, list[str], list[str]]:
    page = browser.new_context(**context).new_page()
    page.set_default_timeout(15_000)
    requested: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page, requested, errors


def wait_for_version(page: Page, version: int) -> None:
    page.wait_for_function(
        """v => document.body.dataset.shownVersion === String(v)
            && document.querySelector('#board svg')?.dataset.version === String(v)""",
        arg=version,
    )


def check_board(page: Page, events: list[Event], version: int) -> None:
    """What the browser drew is what replaying the first `version` events gives."""
    state = replay(events[:version])
    drawn = {u["id"]: u for u in page.evaluate(DRAWN_UNITS)}
    assert set(drawn) == set(state.units), version
    for unit in state.units.values():
        seen = drawn[unit.id]
        assert seen["hex"] == f"{unit.hex.col},{unit.hex.row}", (version, unit.id)
        assert seen["offCentre"] < 0.6, (version, unit.id, "drawn inside its hex")
        tokens = {k: unit.tokens.get(k) for k in ("poison", "frost", "fire") if unit.tokens.get(k)}
        assert seen["tokens"] == tokens, (version, unit.id)
        assert seen["figures"] == (None if unit.is_dragon else str(unit.figures))
        assert seen["breath"] == ("true" if unit.breath_target else "false")
        assert (seen["glory"], seen["roosted"], seen["rider"]) == (
            unit.glory,
            "true" if unit.roosted else "false",
            unit.rider,
        )
    assert page.text_content("#current-line") == narrate(events)[version - 1]
    assert page.text_content("#log li.shown") == narrate(events)[version - 1]


def first_version(events: list[Event], event_type: str) -> int:
    return next(v for v, e in enumerate(events, 1) if e.type == event_type)


def test_stepping_through_a_finished_game_draws_each_state(
    browser: Browser, served: tuple[str, dict[str, list[Event]]], shots: Path
) -> None:
    base, games = served
    events = games["showcase"]
    desktop = {"viewport": {"width": 1280, "height": 1200}}
    page, requested, errors = open_viewer(browser, f"{base}/viewer/showcase", **desktop)
    wait_for_version(page, len(events))
    check_board(page, events, len(events))
    assert page.text_content("#audit") == "not available"
    assert page.text_content("#live") == "game over"

    page.click("#first")
    wait_for_version(page, 1)
    check_board(page, events, 1)
    for version in range(2, 6):  # through the fire dragon's breath flight
        page.click("#next")
        wait_for_version(page, version)
    check_board(page, events, 5)
    page.screenshot(path=shots / "v5-breath-flight.png", full_page=True)

    opened = first_version(events, "BreathPhaseOpened")
    page.fill("#slider", str(opened))
    wait_for_version(page, opened)
    check_board(page, events, opened)
    page.keyboard.press("ArrowRight")  # the first breath roll: 2 fire tokens
    wait_for_version(page, opened + 1)
    check_board(page, events, opened + 1)
    page.screenshot(path=shots / "breath-rolled.png", full_page=True)

    engaged = first_version(events, "EngagementCreated")
    page.click(f"#log li[data-version='{engaged}']")
    wait_for_version(page, engaged)
    check_board(page, events, engaged)
    page.screenshot(path=shots / "engagement.png", full_page=True)

    page.click("#last")
    wait_for_version(page, len(events))
    assert page.url.endswith(f"#v={len(events)}")
    page.screenshot(path=shots / "finished.png", full_page=True)
    assert all(url.startswith(base) or url.startswith("data:") for url in requested), requested
    assert errors == []


def test_a_link_to_a_version_opens_there(
    browser: Browser, served: tuple[str, dict[str, list[Event]]]
) -> None:
    base, games = served
    page, _, errors = open_viewer(browser, f"{base}/viewer/showcase#v=9")
    wait_for_version(page, 9)
    check_board(page, games["showcase"], 9)
    assert page.is_checked("#follow") is False
    assert errors == []


def test_live_following_moves_to_each_new_event(
    browser: Browser, served: tuple[str, dict[str, list[Event]]], shots: Path
) -> None:
    base, games = served
    page, _, errors = open_viewer(browser, f"{base}/viewer/live")
    wait_for_version(page, LIVE_START)
    page.wait_for_function("() => document.getElementById('live').dataset.state === 'on'")
    assert page.text_content("#audit") == "verified"
    full = games["showcase"]
    games["live"].extend(full[LIVE_START:])  # the game goes on while we watch
    wait_for_version(page, len(full))
    check_board(page, full, len(full))
    page.wait_for_function("() => document.getElementById('live').textContent === 'game over'")
    assert page.eval_on_selector("#slider", "s => Number(s.max)") == len(full)
    page.screenshot(path=shots / "live-followed.png", full_page=True)
    assert errors == []


def test_the_viewer_fits_a_phone(
    browser: Browser, served: tuple[str, dict[str, list[Event]]], shots: Path
) -> None:
    base, games = served
    phone = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2}
    page, _, errors = open_viewer(browser, f"{base}/viewer/showcase#v=33", **phone)
    wait_for_version(page, 33)
    check_board(page, games["showcase"], 33)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    board = page.eval_on_selector("#board svg", "s => s.getBoundingClientRect().width")
    assert 300 <= board <= 390
    status = page.eval_on_selector("#board svg .status", "t => t.getBoundingClientRect().height")
    assert status >= 9, "the panel's text stays readable"
    page.screenshot(path=shots / "phone.png", full_page=True)
    assert errors == []
