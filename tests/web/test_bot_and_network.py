"""A player against the server's bot to the end, a rematch and a resignation; a hot seat;
and a network drop in the middle of a game, which the page rides out without a reload and
without a missed or doubled event."""

from __future__ import annotations

import json
import random
import time
import urllib.request

import pytest
from playwright.sync_api import Browser, Page, Request

from tests.web.conftest import SHOTS
from tests.web.player import SMALL_FIELD, click_something, create_game, is_over, settle, sign_up
from tests.web.proxy import CuttingProxy, cutting_proxy

DEADLINE_S = 420
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def _server_version(url: str, game_id: str) -> int:
    with urllib.request.urlopen(f"{url}/v1/games/{game_id}/events?limit=1", timeout=10) as r:
        version: int = json.load(r)["version"]
    return version


def _waits_on(url: str, game_id: str) -> int | None:
    """The seat the game waits for now (a decision's, else the active one), None once over."""
    with urllib.request.urlopen(f"{url}/v1/games/{game_id}", timeout=10) as r:
        view = json.load(r)
    if view["winner"] is not None or view["phase"] == "over":
        return None
    pending = view["pending"]
    if pending and pending.get("seat") is not None:
        return int(pending["seat"])
    return int(view["active_seat"])


def _log_versions(page: Page) -> list[int]:
    return [int(v) for v in page.locator(".log-lines li").evaluate_all(
        "items => items.map(li => li.dataset.version)")]  # fmt: skip


def _play_until(page: Page, rng: random.Random, done: object, others: tuple[Page, ...] = ()) -> int:
    deadline, clicks = time.monotonic() + DEADLINE_S, 0
    while not done():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"not done after {clicks} clicks"
        moved = False
        for each in (page, *others):
            settle(each)
            if not is_over(each) and click_something(each, rng):
                moved, clicks = True, clicks + 1
        if not moved:
            page.wait_for_timeout(100)
    return clicks


def _assert_tap_targets(page: Page) -> None:
    """Every control of the page is at least 44 px by 44 px (a finger's tap): a box or a
    radio button is tapped anywhere on its label."""
    small = page.evaluate(
        """() => [...document.querySelectorAll('button, a.button, select, input')]
            .filter(e => e.offsetParent !== null)
            .map(e => ['checkbox', 'radio'].includes(e.type) && e.labels.length ? e.labels[0] : e)
            .map(e => [e.textContent || e.id, e.getBoundingClientRect()])
            .filter(([, r]) => r.width < 44 || r.height < 44)
            .map(([name, r]) => `${name}: ${r.width}x${r.height}`)"""
    )
    assert small == [], small


@pytest.mark.timeout(600)
def test_a_player_plays_the_bot_to_the_end_then_rematches_and_resigns(
    browser: Browser, stack: str
) -> None:
    page = sign_up(browser, f"{stack}/play", "Cleo", **PHONE)
    create_game(page, stack, ["The computer (a bot)"], SMALL_FIELD)
    _assert_tap_targets(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-game.png"), full_page=True)
    _play_until(page, random.Random(7), lambda: is_over(page))
    summary = page.get_by_role("region", name="Game over")
    summary.get_by_text("every die and every move checks out").wait_for()
    assert summary.get_by_role("heading").first.inner_text() in ("You won", "You lost", "A draw")

    summary.get_by_role("button", name="Rematch").click()
    page.wait_for_function("() => !document.querySelector('.summary')")
    page.get_by_role("button", name="Resign…").click()
    page.get_by_role("button", name="Yes, resign").click()
    page.get_by_role("region", name="Game over").get_by_role("heading", name="You lost").wait_for()


@pytest.mark.timeout(300)
def test_a_hot_seat_plays_both_seats_in_one_browser(browser: Browser, stack: str) -> None:
    page = sign_up(browser, f"{stack}/play", "Dan", viewport={"width": 1280, "height": 900})
    create_game(page, stack, ["Someone here (hot seat: this browser plays it too)"], SMALL_FIELD)
    banner = page.get_by_role("status").filter(has_text="Hot seat")
    banner.filter(has_text="south to play").wait_for()
    page.get_by_role("button", name="End turn").click()
    banner.filter(has_text="north to play").wait_for()
    # north's own choices, read with north's token (not south's answer from the HTTP cache)
    page.get_by_role("checkbox", name="Order n-foot (red foot, 2 figures, at 1,1)").wait_for()
    page.screenshot(path=str(SHOTS / "desktop-hot-seat.png"))


@pytest.mark.timeout(600)
def test_a_dropped_network_mid_game_is_ridden_out_without_a_reload(
    browser: Browser, stack: str
) -> None:
    with cutting_proxy(stack) as proxy:
        _ride_out_a_drop(browser, stack, proxy)


def _ride_out_a_drop(browser: Browser, stack: str, proxy: CuttingProxy) -> None:
    # Eve's browser reaches the server through the proxy; Finn's directly.
    ann = sign_up(browser, f"{proxy.url}/play", "Eve", viewport={"width": 1280, "height": 900})
    game_id = create_game(ann, proxy.url, ["A friend, with a link"], SMALL_FIELD)
    link = ann.get_by_label("Seat 1").input_value().replace(proxy.url, stack)
    bob = sign_up(browser, link, "Finn", **PHONE)
    bob.get_by_role("button", name="Accept and play").click()
    bob.locator(".board-stage svg").wait_for()
    streams: list[Request] = []
    ann.on("request", lambda r: streams.append(r) if r.url.endswith("/stream") else None)
    rng = random.Random(11)
    # Play on until the game waits for Finn, who plays while Eve is offline: what he does is
    # what her page must catch up on (while it waits for Eve, nobody could move).
    _play_until(
        ann, rng,
        lambda: _server_version(stack, game_id) >= 12 and _waits_on(stack, game_id) == 1,
        (bob,),
    )  # fmt: skip
    ann.evaluate("() => { window.lkMarker = 'same page'; }")

    ann.context.set_offline(True)  # no new connection, and every open one cut
    assert proxy.cut() >= 1
    ann.get_by_text("Offline: reconnecting").wait_for()
    offline_from = _server_version(stack, game_id)
    _play_until(
        bob, rng,
        lambda: _server_version(stack, game_id) >= offline_from + 4
        or _waits_on(stack, game_id) != 1,
    )  # fmt: skip
    missed = _server_version(stack, game_id)
    assert missed > offline_from, "Finn moved while Eve was offline"
    ann.context.set_offline(False)

    ann.wait_for_function(
        "n => document.querySelectorAll('.log-lines li').length >= n", arg=missed, timeout=60_000
    )
    ann.wait_for_function(
        "v => Number(document.querySelector('.game').dataset.version) >= v", arg=missed
    )
    assert ann.evaluate("() => window.lkMarker") == "same page"  # no reload
    assert _log_versions(ann)[:missed] == list(range(1, missed + 1))
    resumed = [r.headers.get("last-event-id") for r in streams]
    assert any(resumed), "the page resumed the game's stream after the last event it had"
    # and the game goes on to its end, each event once
    _play_until(ann, rng, lambda: is_over(ann) and is_over(bob), (bob,))
    final = _server_version(stack, game_id)
    ann.wait_for_function("n => document.querySelectorAll('.log-lines li').length >= n", arg=final)
    assert _log_versions(ann) == list(range(1, final + 1))
