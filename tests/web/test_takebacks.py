"""Takebacks in the browser (docs/play/takebacks.md): the form offers them to two-seat games;
a move taken back with the bot's consent; a hot seat that declines a request; and a second
browser, not the seat to act, that accepts one."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.web.conftest import SHOTS
from tests.web.player import SMALL_FIELD, create_game, sign_up

WAIT_MS = 60_000  # a bound on a wait, not a measure
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
FOOT = "s-foot (red foot, 2 figures, at 1,3)"


def _event_types(url: str, game_id: str) -> list[str]:
    with urllib.request.urlopen(f"{url}/v1/games/{game_id}/events?limit=1000", timeout=10) as r:
        return [str(e["type"]) for e in json.load(r)["events"]]


def _foot_at(page: Page, hex_key: str) -> Locator:
    return page.locator(f'.board-stage svg g.unit[data-unit="s-foot"][data-hex="{hex_key}"]')


def _order_and_move_the_foot(page: Page) -> str:
    """South orders its foot and moves it one hex; the hex it went to, once the board shows
    it there."""
    panel = page.get_by_role("region", name="Your move")
    panel.get_by_role("checkbox", name=f"Order {FOOT}").check(timeout=WAIT_MS)
    panel.get_by_role("button", name="Order 1 unit").click()
    panel.get_by_role("button", name=FOOT, exact=True).click(timeout=WAIT_MS)
    destination = panel.get_by_role("button", name=re.compile(r"^Move to \d+,\d+$")).first
    to = destination.inner_text(timeout=WAIT_MS).removeprefix("Move to ").strip()
    destination.click()
    _foot_at(page, to).wait_for(timeout=WAIT_MS)
    return to


@pytest.mark.timeout(120)
def test_the_form_offers_takebacks_for_two_players_only(browser: Browser, stack: str) -> None:
    page = sign_up(browser, f"{stack}/play", "Ida", **DESKTOP)
    page.goto(f"{stack}/play#/new")
    scenario = page.get_by_label("Scenario", exact=True)
    for players, enabled in (("3 players", False), ("2 players", True), ("4 players", False)):
        option = scenario.locator("option", has_text=players).first
        option.wait_for(state="attached", timeout=WAIT_MS)
        scenario.select_option(value=option.get_attribute("value"))
        box = page.get_by_role("checkbox", name=re.compile("^Allow takebacks"))
        if enabled:
            expect(box).to_be_enabled(timeout=WAIT_MS)
        else:  # TKB-6
            expect(box).to_be_disabled(timeout=WAIT_MS)


@pytest.mark.timeout(300)
def test_the_bot_accepts_a_takeback_and_the_board_goes_back(browser: Browser, stack: str) -> None:
    page = sign_up(browser, f"{stack}/play", "Gus", **DESKTOP)
    game_id = create_game(
        page, stack, ["The computer (a bot)"], SMALL_FIELD, ticks=("Allow takebacks",)
    )
    to = _order_and_move_the_foot(page)
    assert to != "1,3"
    ask = page.get_by_role("button", name="Ask to take back your moves")
    ask.click(timeout=WAIT_MS)

    _foot_at(page, "1,3").wait_for(timeout=WAIT_MS)  # TKB-4: back where it stood
    page.get_by_role("heading", name=re.compile("^Order phase")).wait_for(timeout=WAIT_MS)
    ask.wait_for(state="detached", timeout=WAIT_MS)  # nothing left to take back
    assert _event_types(stack, game_id)[-2:] == ["TakebackRequested", "TakenBack"]


@pytest.mark.timeout(300)
def test_a_hot_seat_answers_the_other_seats_request(browser: Browser, stack: str) -> None:
    page = sign_up(browser, f"{stack}/play", "Hal", **DESKTOP)
    game_id = create_game(
        page,
        stack,
        ["Someone here (hot seat: this browser plays it too)"],
        SMALL_FIELD,
        ticks=("Allow takebacks",),
    )
    to = _order_and_move_the_foot(page)
    page.get_by_role("button", name="Ask to take back your moves").click(timeout=WAIT_MS)

    # South is still the seat to play; north, the other seat, answers (TKB-3).
    request = page.get_by_role("group", name=re.compile("a takeback request$"))
    request.wait_for(timeout=WAIT_MS)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "desktop-takeback-request.png"))
    request.get_by_role("button", name="Decline the takeback").click(timeout=WAIT_MS)
    request.wait_for(state="detached", timeout=WAIT_MS)
    page.get_by_role("heading", name=re.compile("^Movement phase")).wait_for(timeout=WAIT_MS)
    assert _foot_at(page, to).count() == 1  # TKB-3: the game goes on as it stands
    assert _event_types(stack, game_id)[-2:] == ["TakebackRequested", "TakebackDeclined"]


@pytest.mark.timeout(300)
def test_a_second_browser_accepts_while_it_waits_for_its_turn(browser: Browser, stack: str) -> None:
    ann = sign_up(browser, f"{stack}/play", "Jo", **DESKTOP)
    game_id = create_game(
        ann, stack, ["A friend, with a link"], SMALL_FIELD, ticks=("Allow takebacks",)
    )
    link = ann.get_by_label("Seat 1").input_value()
    bob = sign_up(browser, link, "Kit", **DESKTOP)
    bob.get_by_role("button", name="Accept and play").click()
    bob.locator(".board-stage svg").wait_for()
    to = _order_and_move_the_foot(ann)
    ann.get_by_role("button", name="Ask to take back your moves").click(timeout=WAIT_MS)

    request = bob.get_by_role("group", name="A takeback request")
    request.get_by_role("button", name="Accept the takeback").click(timeout=WAIT_MS)
    for page in (ann, bob):  # each page reads the game again after TakenBack
        _foot_at(page, "1,3").wait_for(timeout=WAIT_MS)
    assert _foot_at(ann, to).count() == 0
    assert _event_types(stack, game_id)[-2:] == ["TakebackRequested", "TakenBack"]
