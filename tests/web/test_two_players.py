"""Two people, each in a browser of their own, play a whole game by clicks alone."""

from __future__ import annotations

import json
import random
import time
import urllib.request
from collections import Counter

import pytest
from playwright.sync_api import Browser, Page

from tests.web.conftest import SHOTS
from tests.web.player import SMALL_FIELD, click_something, create_game, is_over, settle, sign_up

GAME_DEADLINE_S = 420


def _log_versions(page: Page) -> list[int]:
    return [int(v) for v in page.locator(".log-lines li").evaluate_all(
        "items => items.map(li => li.dataset.version)")]  # fmt: skip


def _events(url: str, game_id: str) -> list[dict[str, object]]:
    with urllib.request.urlopen(f"{url}/v1/games/{game_id}/events?limit=1000", timeout=10) as r:
        events: list[dict[str, object]] = json.load(r)["events"]
    return events


@pytest.mark.timeout(600)
def test_two_browsers_play_a_whole_game_by_clicks(browser: Browser, stack: str) -> None:
    play = f"{stack}/play"
    ann = sign_up(browser, play, "Ann", viewport={"width": 1280, "height": 900})
    game_id = create_game(ann, stack, ["A friend, with a link"], SMALL_FIELD)
    link = ann.get_by_label("Seat 1").input_value()
    assert link.startswith(f"{play}#/join/{game_id}/lki_")

    bob = sign_up(browser, link, "Bob", viewport={"width": 390, "height": 844}, has_touch=True)
    bob.get_by_role("button", name="Accept and play").click()
    bob.locator(".board-stage svg").wait_for()
    rng = random.Random(43)
    deadline = time.monotonic() + GAME_DEADLINE_S
    clicks = 0
    while not (is_over(ann) and is_over(bob)):
        assert time.monotonic() < deadline, f"no end after {clicks} clicks"
        moved = False
        for page in (ann, bob):
            settle(page)
            if not is_over(page) and click_something(page, rng):
                moved, clicks = True, clicks + 1
        if not moved:
            ann.wait_for_timeout(100)  # the server's step (a breath phase) or the stream

    events = _events(stack, game_id)
    print(f"{clicks} clicks, {len(events)} events:", Counter(str(e["type"]) for e in events))
    for page in (ann, bob):
        summary = page.get_by_role("region", name="Game over")
        summary.get_by_text("every die and every move checks out").wait_for()
        link = summary.get_by_role("link", name="Watch it again in the viewer")
        assert link.get_attribute("href") == f"/viewer/{game_id}"
        # The log beside the board holds every event once, in order.
        page.wait_for_function(
            "n => document.querySelectorAll('.log-lines li').length >= n", arg=len(events)
        )
        assert _log_versions(page) == list(range(1, len(events) + 1))
    assert events[-1]["type"] in ("SecretsRevealed", "DiceRevealed")
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann.screenshot(path=str(SHOTS / "desktop-game-over.png"), full_page=True)
    bob.screenshot(path=str(SHOTS / "phone-game-over.png"), full_page=True)
