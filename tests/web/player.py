"""A person at the browser client, for the tests: signs up, creates games through the form,
and plays by clicking at random among what the page offers (Playwright's getByRole and
getByLabel, which also keeps the page accessible)."""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import Browser, Error, Locator, Page

# A small field where a random game ends within a few turns (max_turns), with dragons
# (flights, breath), cards (reactions) and a village (trades).
SMALL_FIELD: dict[str, Any] = {
    "name": "small_field",
    "description": "Two small armies and two wyverns, for the browser tests.",
    "width": 6,
    "height": 5,
    "settings": {"orders_per_turn": 2, "banners_to_win": 2, "max_turns": 12},
    "sites": [{"hex": [2, 2], "kind": "village"}],
    "players": [
        {"home_edge": "south", "lore": 5, "cards": ["hold"]},
        {"home_edge": "north", "lore": 5, "cards": ["web"]},
    ],
    "units": [
        {"id": "s-foot", "kind": "red_foot", "owner": 0, "hex": [1, 3], "figures": 2},
        {"id": "s-horse", "kind": "blue_mounted", "owner": 0, "hex": [3, 3], "figures": 2},
        {"id": "s-wyvern", "kind": "wood_wyvern", "owner": 0, "hex": [4, 4]},
        {"id": "n-foot", "kind": "red_foot", "owner": 1, "hex": [1, 1], "figures": 2},
        {"id": "n-horse", "kind": "blue_mounted", "owner": 1, "hex": [3, 1], "figures": 2},
        {"id": "n-wyvern", "kind": "wood_wyvern", "owner": 1, "hex": [4, 0]},
    ],
}
# Choices a random player leaves alone: they undo a step or leave the game.
SKIPPED = {"Back", "Copy the link", "Resign…"}
# Choices that end a phase or the turn are picked less often, so the game sees battles.
RARELY = ("End turn", "End movement", "Order no units")


def sign_up(browser: Browser, url: str, name: str, **context: Any) -> Page:
    """A new browser (its own storage) at `url`, signed up as `name`."""
    page = browser.new_context(**context).new_page()
    page.goto(url)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Start playing").click()
    return page


def create_game(
    page: Page,
    url: str,
    seats: list[str],
    scenario: dict[str, Any] | None = None,
    ticks: tuple[str, ...] = (),
) -> str:
    """Creates a game through the form; `seats` names each other seat's choice as the form
    words it, `ticks` the boxes to tick. Returns the game's id, once its board is drawn."""
    page.goto(f"{url}/play#/new")
    select = page.get_by_label("Scenario", exact=True)
    select.locator("option").nth(1).wait_for(state="attached")  # the shipped ones have come
    if scenario is not None:
        select.select_option(label="A scenario document of your own…")
        page.get_by_label("Scenario document (JSON)").fill(json.dumps(scenario))
    for seat, choice in enumerate(seats, start=1):
        page.get_by_label(f"Seat {seat}", exact=True).select_option(label=choice)
    for label in ticks:
        page.get_by_label(label).check()
    page.get_by_role("button", name="Create the game").click()
    page.locator(".board-stage svg").wait_for()
    return str(page.locator(".game").get_attribute("data-game"))


def settle(page: Page) -> None:
    """Waits until the page is done with its last click: nothing in flight, drawn."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))")
    page.wait_for_function(
        "() => document.querySelector('.actions')?.getAttribute('aria-busy') !== 'true'"
    )


def is_over(page: Page) -> bool:
    return page.get_by_role("region", name="Game over").count() > 0


def offered(page: Page) -> list[Locator]:
    """Every choice the page offers now: the panel's buttons, boxes and radios, and the
    marked pieces and hexes of the board."""
    region = page.get_by_role("region", name="Your move")
    found: list[Locator] = []
    for role in ("button", "checkbox", "radio"):
        found += region.get_by_role(role).all()  # type: ignore[arg-type]
    found += page.locator(".board-viewport").get_by_role("button").all()
    return [c for c in found if _usable(c)]


def _name(control: Locator) -> str:
    try:
        name: str = control.evaluate(
            "e => e.getAttribute('aria-label') || e.labels?.[0]?.innerText || e.innerText || ''"
        )
        return name.strip()
    except Error:  # gone while we looked: the page moved on
        return ""


def _usable(control: Locator) -> bool:
    try:
        name = _name(control)
        return bool(name) and name not in SKIPPED and control.is_enabled() and control.is_visible()
    except Error:
        return False


def click_something(page: Page, rng: random.Random) -> bool:
    """Clicks one of the offered choices at random; False when the page offers none."""
    choices = offered(page)
    if not choices:
        return False
    weights = [0.15 if _name(c).startswith(RARELY) else 1.0 for c in choices]
    try:
        rng.choices(choices, weights)[0].click(timeout=3000)
    except Error:
        return True  # covered, or gone as the page moved on: look again
    settle(page)
    return True
