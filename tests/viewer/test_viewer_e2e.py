"""The history viewer in a real headless Chromium (Debian's `chromium`, driven by Playwright).

A browser is never downloaded: `scripts/ensure_chromium.sh` installs the distribution's package.
Without it these tests fail, they do not skip. The app under test is the viewer blueprint on a
minimal Flask app over in-memory events, plus stand-ins for the stream and audit routes that
other parts of the API own (same SSE framing as `api/streams.py`).

Screenshots at desktop and phone width are kept in var/test-artefacts/viewer/ (the run prints
where): look at them after changing the picture.
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

from api.board.svg import render_board
from domain import Event, new_game, replay
from domain.catalogue import UNIT_KINDS
from domain.events import GameCreated
from domain.fork import fork_start
from domain.narrate import narrate
from domain.scenarios import get_scenario
from domain.view import board_view
from tests.viewer.conftest import SHOTS, viewer_app
from tests.viewer.games import blocked_retreat_game, drawn_state, won_by_a_blow_game

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
FORK_AT = 9  # the showcase's version a fork starts from (test_a_link_to_a_version_opens_there)

DRAWN_UNITS = """() => Array.from(document.querySelectorAll('#board svg g.unit')).map(g => {
  const body = g.querySelector('.body').getBoundingClientRect();
  const cell = document.querySelector(`#board svg polygon.hex[data-hex="${g.dataset.hex}"]`)
    .getBoundingClientRect();
  const dx = (body.left + body.right - cell.left - cell.right) / 2;
  const dy = (body.top + body.bottom - cell.top - cell.bottom) / 2;
  return {
    id: g.dataset.unit, hex: g.dataset.hex, figures: g.dataset.figures ?? null,
    breath: g.dataset.breathTarget, glory: Number(g.dataset.glory),
    roosted: g.dataset.roosted, rider: g.dataset.rider, ordered: g.dataset.ordered,
    resigned: g.dataset.resigned === "true",
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
    games = {
        "showcase": list(showcase_events),
        "live": list(showcase_events[:LIVE_START]),
        "blocked-retreat": blocked_retreat_game(),
        "won": won_by_a_blow_game(),
        "fork": fork_of(showcase_events, "showcase", FORK_AT),
    }
    stop = threading.Event()
    server = make_server("127.0.0.1", 0, with_stand_ins(viewer_app(games), games, stop), True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}", games
    stop.set()
    server.shutdown()
    thread.join(timeout=10)


@pytest.fixture
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


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


def check_board(page: Page, events: list[Event], version: int, moment: int = 0) -> None:
    """What the browser drew is what replaying the first `version` events gives (the
    position before a resignation, from it on: `drawn_state`), with the status in words, and
    the line of the `moment` the picture is about (its own event's unless given) shown."""
    state = drawn_state(events, version)
    now = replay(events[:version])
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
        assert seen["ordered"] == ("true" if unit.id in now.turn_state.ordered else "false")
        assert seen["resigned"] == (unit.id not in now.units)
    line = narrate(events)[(moment or version) - 1]
    assert page.text_content("#current-line") == line
    headline = page.text_content("#headline") or ""
    if now.is_over:
        assert headline.startswith("Game over: ")
    else:
        assert headline.startswith(f"Turn {now.turn} · "), (version, headline)
    assert page.text_content("#log li.shown") == line


def fork_of(events: list[Event], parent: str, version: int) -> list[Event]:
    """A fork's only event: the parent's position at `version` (domain/fork.py)."""
    start = fork_start(parent, version, ("a" * 64, "b" * 64), replay(events[:version]))
    return [GameCreated(scenario={"name": "showcase"}, fork=start)]


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
    check_board(page, events, len(events), moment=first_version(events, "PlayerResigned"))
    assert page.text_content("#audit") == "not available"
    assert page.text_content("#live") == "game over"

    page.click("#first")
    wait_for_version(page, 1)
    check_board(page, events, 1)
    for version in range(2, 6):  # through the fire dragon's breath flight
        page.click("#next")
        wait_for_version(page, version)
    check_board(page, events, 5)
    page.screenshot(path=shots / "desktop-v5-breath-flight.png", full_page=True)

    opened = first_version(events, "BreathPhaseOpened")
    page.fill("#slider", str(opened))
    wait_for_version(page, opened)
    check_board(page, events, opened)
    page.keyboard.press("ArrowRight")  # the first breath roll: 2 fire tokens
    wait_for_version(page, opened + 1)
    check_board(page, events, opened + 1)
    page.screenshot(path=shots / "desktop-breath-rolled.png", full_page=True)

    engaged = first_version(events, "EngagementCreated")
    page.click(f"#log li[data-version='{engaged}']")
    wait_for_version(page, engaged)
    check_board(page, events, engaged)
    page.screenshot(path=shots / "desktop-engagement.png", full_page=True)

    page.click("#last")
    wait_for_version(page, len(events))
    assert page.url.endswith(f"#v={len(events)}")
    page.screenshot(path=shots / "desktop-finished-resigned.png", full_page=True)
    assert all(url.startswith(base) or url.startswith("data:") for url in requested), requested
    assert errors == []


def test_a_fork_links_to_its_parent_at_its_version(
    browser: Browser, served: tuple[str, dict[str, list[Event]]]
) -> None:
    base, _ = served
    page, _, errors = open_viewer(browser, f"{base}/viewer/fork")
    wait_for_version(page, 1)
    link = page.get_by_role("link", name=f"showcase at version {FORK_AT}")
    assert link.get_attribute("href") == f"/viewer/showcase#v={FORK_AT}"
    link.click()
    wait_for_version(page, FORK_AT)
    assert page.is_hidden("#fork")
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
    check_board(page, full, len(full), moment=first_version(full, "PlayerResigned"))
    page.wait_for_function("() => document.getElementById('live').textContent === 'game over'")
    assert page.eval_on_selector("#slider", "s => Number(s.max)") == len(full)
    page.screenshot(path=shots / "desktop-live-followed.png", full_page=True)
    assert errors == []


def test_a_blocked_retreat_leaves_the_turns_last_move_drawn(
    browser: Browser, served: tuple[str, dict[str, list[Event]]]
) -> None:
    # bf1 battled on its own home edge cannot retreat: its UnitRetreated has no path. The
    # arrow of the turn's last move (rf0's) stays on the board.
    base, games = served
    events = games["blocked-retreat"]
    for version in (first_version(events, "UnitRetreated"), len(events)):
        page, _, errors = open_viewer(browser, f"{base}/viewer/blocked-retreat#v={version}")
        wait_for_version(page, version)
        check_board(page, events, version)
        arrow = page.query_selector("#board svg g.last-move")
        assert arrow is not None, version
        assert arrow.evaluate("g => [g.dataset.mover, g.dataset.from, g.dataset.to]") == [
            "rf0",
            "1,2",
            "1,1",
        ]
        assert errors == []


def test_a_game_won_by_a_blow_opens_on_that_blow(
    browser: Browser, served: tuple[str, dict[str, list[Event]]], shots: Path
) -> None:
    # The game ends with the server's reveal of its secrets; the page opens on the last
    # version, which is about the battle that won: its line is the one shown, its arrow drawn.
    base, games = served
    events = games["won"]
    assert events[-1].type == "SecretsRevealed"
    blow = first_version(events, "BattleRolled")
    desktop = {"viewport": {"width": 1280, "height": 900}}
    page, _, errors = open_viewer(browser, f"{base}/viewer/won", **desktop)
    wait_for_version(page, len(events))
    check_board(page, events, len(events), moment=blow)
    assert page.get_attribute("#log li.shown", "data-version") == str(blow)
    assert (page.text_content("#headline") or "").startswith("Game over: south wins")
    arrow = page.query_selector("#board svg g.last-battle")
    assert arrow is not None
    assert arrow.evaluate("g => [g.dataset.attacker, g.dataset.target]") == ["rf0", "bf1"]
    page.screenshot(path=shots / "desktop-won-by-a-blow.png", full_page=True)
    page.click("#prev")  # the game's end: about the same blow
    wait_for_version(page, len(events) - 1)
    check_board(page, events, len(events) - 1, moment=blow)
    page.click(f"#log li[data-version='{blow + 1}']")  # the hits: their own line, no arrow
    wait_for_version(page, blow + 1)
    check_board(page, events, blow + 1)
    assert page.query_selector("#board svg g.last-battle") is None
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
    board = page.eval_on_selector("#board svg", "s => s.getBoundingClientRect()")
    assert 300 <= board["width"] <= 390
    # The status is HTML at a phone's reading size, under the board, not inside the picture.
    assert page.query_selector("#board svg .panel") is None
    status = page.eval_on_selector("#status", "s => s.getBoundingClientRect()")
    assert status["top"] >= board["bottom"] - 1
    sizes = page.eval_on_selector_all(
        "#headline, #notes li, #seat-cards dd, #seat-cards .name",
        "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))",
    )
    assert sizes and min(sizes) >= 15, sizes
    assert page.text_content("#headline") == "Turn 3 · south to play · breath phase"
    cards = page.eval_on_selector_all("#seat-cards li", "ls => ls.map(l => l.innerText)")
    assert [" ".join(c.split()) for c in cards] == [
        "▶ south lore 4 banners 0 blood 0 cards 0",
        "north lore 5 banners 0 blood 0 card 1",  # a count, never the cards (R-LOR-4)
    ]
    page.screenshot(path=shots / "phone-v33.png", full_page=True)
    page.evaluate("location.hash = '#v=54'; location.reload()")
    wait_for_version(page, 54)
    check_board(page, games["showcase"], 54, first_version(games["showcase"], "PlayerResigned"))
    assert "north resigned" in (page.text_content("#notes") or "")
    page.screenshot(path=shots / "phone-resigned.png", full_page=True)
    assert errors == []


def test_the_header_names_the_scenario_and_the_seats_and_coordinates_come_on_demand(
    browser: Browser, served: tuple[str, dict[str, list[Event]]], shots: Path
) -> None:
    base, _ = served
    desktop = {"viewport": {"width": 1280, "height": 900}}
    page, _, errors = open_viewer(browser, f"{base}/viewer/showcase#v=7", **desktop)
    wait_for_version(page, 7)
    assert page.text_content("#title") == "Showcase"
    assert page.inner_text("#seats").split() == ["south", "vs", "north"]
    coords = "() => getComputedStyle(document.querySelector('#board svg .coords')).display"
    assert page.evaluate(coords) == "none"
    page.keyboard.press("c")
    assert page.evaluate(coords) != "none"
    assert page.is_checked("#coords")
    page.click("#next")
    wait_for_version(page, 8)
    assert page.evaluate(coords) != "none", "the toggle holds from one version to the next"
    page.click("#key summary")
    labels = page.eval_on_selector_all("#key-list li", "ls => ls.map(l => l.textContent)")
    assert "Fire Dragon (fire breath)" in labels and "ordered this turn" in labels
    page.screenshot(path=shots / "desktop-coordinates-and-key.png", full_page=True)
    page.click("#coords")
    assert page.evaluate(coords) == "none"
    assert errors == []


NAMES_INSIDE = """() => Array.from(document.querySelectorAll('svg g.name')).flatMap(g => {
  const cell = document.querySelector(`svg polygon.hex[data-hex="${g.dataset.hex}"]`);
  return Array.from(g.querySelectorAll('text')).map(t => {
    const box = t.getBBox(), size = parseFloat(t.getAttribute('font-size'));
    const inside = [box.x, box.x + box.width].every(x => [-0.3, 0.3].every(k =>
      cell.isPointInFill(new DOMPoint(x, box.y + box.height / 2 + k * size))));
    return {label: g.dataset.label, line: t.textContent, inside};
  });
})"""


def test_every_name_fits_inside_its_hex_as_drawn(browser: Browser) -> None:
    doc = get_scenario("river_crossing")
    assert doc is not None
    page = browser.new_page()
    page.set_content(render_board(board_view(replay(new_game(doc)))))
    names = page.evaluate(NAMES_INSIDE)
    assert {n["label"] for n in names} >= {"fordable stream", "ford", "river", "forest", "hill"}
    assert [n for n in names if not n["inside"]] == []
    stream = [n["line"] for n in names if n["label"] == "fordable stream"]
    assert stream[:2] == ["fordable", "stream"]


RASTERS = """async ([style, size, threshold]) => {
  const pixels = {};
  for (const g of document.querySelectorAll('svg g.unit')) {
    const piece = g.cloneNode(true);
    piece.removeAttribute('transform');
    piece.querySelector('title').remove();
    const drawing = new XMLSerializer().serializeToString(piece);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-24 -24 48 48" ` +
      `width="${size}" height="${size}">${style}${drawing}</svg>`;
    const img = new Image();
    img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size;
    const context = canvas.getContext('2d');
    context.drawImage(img, 0, 0);
    pixels[g.dataset.unit] = context.getImageData(0, 0, size, size).data;
  }
  const ids = Object.keys(pixels).sort();
  const drawn = Object.fromEntries(ids.map(id => {
    let n = 0;
    for (let i = 3; i < pixels[id].length; i += 4) if (pixels[id][i] > 0) n++;
    return [id, n];
  }));
  const differ = {};
  for (const a of ids) for (const b of ids) {
    if (a >= b) continue;
    const [p, q] = [pixels[a], pixels[b]];
    let n = 0;
    for (let i = 0; i < p.length; i += 4) {
      const d = Math.max(Math.abs(p[i] - q[i]), Math.abs(p[i + 1] - q[i + 1]),
        Math.abs(p[i + 2] - q[i + 2]), Math.abs(p[i + 3] - q[i + 3]));
      if (d > threshold) n++;
    }
    differ[a + " / " + b] = n;
  }
  return {drawn, differ};
}"""


def test_each_kind_of_unit_renders_as_a_distinct_piece(browser: Browser, shots: Path) -> None:
    """Drawn by Chromium, every kind of unit (and each side's foot) looks different: more
    than 4% of the pixels of any two pieces differ clearly."""
    units = []
    for i, (name, kind) in enumerate(UNIT_KINDS.items()):
        figures = None if kind.is_dragon else kind.figures
        units.append(_unit(name, kind.banner, figures, owner=0, hex=[i % 5, i // 5]))
    units.append(_unit("blue_foot", "blue", 4, owner=1, hex=[4, 1], id="other-side"))
    view = board_view(replay(new_game(get_scenario("river_crossing") or {})))
    view = {**view, "width": 5, "height": 2, "terrain": [], "sites": [], "units": units}
    view |= {"engagements": [], "pending": None}
    page = browser.new_page(viewport={"width": 900, "height": 400}, device_scale_factor=2)
    svg = render_board(view)
    page.set_content(svg)
    crop = (
        "s => s.setAttribute('viewBox', `0 0 ${s.viewBox.baseVal.width} ${s.dataset.boardHeight}`)"
    )
    page.eval_on_selector("svg", crop)  # the pieces, without the panel under them
    page.screenshot(path=shots / "unit-kinds.png")
    style = svg[svg.index("<style>") : svg.index("</style>") + len("</style>")]
    size = 96
    seen = page.evaluate(RASTERS, [style, size, 48])  # a clear difference in a channel
    assert set(seen["drawn"]) == {u["id"] for u in units}
    for piece, drawn in seen["drawn"].items():
        assert drawn > size * size * 0.25, f"{piece} is drawn"
    assert len(seen["differ"]) == len(units) * (len(units) - 1) // 2
    for pair, differ in seen["differ"].items():
        assert differ > size * size * 0.04, f"{pair} look alike ({differ} pixels differ)"


def _unit(
    kind: str, banner: str, figures: int | None, owner: int, hex: list[int], id: str = ""
) -> dict[str, Any]:
    return {
        "id": id or kind,
        "kind": kind,
        "owner": owner,
        "hex": hex,
        "banner": banner,
        "figures": figures,
        "tokens": {"poison": 0, "frost": 0, "fire": 0},
        "breath_target": False,
        "breath_by": None,
        "glory": 0,
        "roosted": False,
        "rider": "none",
    }
