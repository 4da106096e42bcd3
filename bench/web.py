"""The browser client, measured in Debian's Chromium against a running server (not a test):

    scripts/run &                       # the stack, with the client built
    python -m bench.web                 # against http://127.0.0.1:8000 ($LOREKEEPER_BIND)
    python -m bench.web --url http://127.0.0.1:8731 --runs 5 --moves 40

It prints, for several runs each:

- **first load**: the bytes a new visitor's browser receives until the page asks for a
  name, and until a game's board is drawn (the page, its script and style sheet, the API's
  answers), on the wire and as gzip would send each answer (target: 200 kB or less);
- **time to a drawn board**: from navigating to a game's page until its board picture is
  in the page, on loopback;
- **a move's round trip as the page sees it**: from the click on "End turn" in a hot seat
  until the page shows the new version (the command, the answer, the reads after it, the
  board redrawn); p50 and p95 (target: p95 100 ms or less).
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

CHROMIUM = os.environ.get("LOREKEEPER_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
ROUND_TRIP = """async () => {
  const game = document.querySelector('.game');
  const before = game.dataset.version;
  const button = [...document.querySelectorAll('.actions button')]
    .find((b) => b.textContent.trim() === 'End turn' && !b.disabled);
  if (!button) return null;
  const started = performance.now();
  const drawn = new Promise((done) => {
    const watch = new MutationObserver(() => {
      if (game.dataset.version !== before && game.querySelector('.actions[aria-busy="false"]')) {
        watch.disconnect();
        done(performance.now() - started);
      }
    });
    watch.observe(game, { attributes: true, subtree: true });
  });
  button.click();
  return drawn;
}"""


def _default_url() -> str:
    bind = os.environ.get("LOREKEEPER_BIND", "127.0.0.1:8000")
    host, _, port = bind.rpartition(":")
    return f"http://{'127.0.0.1' if host in ('', '0.0.0.0', '[::]') else host}:{port}"


class Transfer:
    """Every answer's bytes on the wire, and gzip's size of its body, from a CDP session."""

    def __init__(self, page: Page) -> None:
        self.wire = 0
        self.gzipped = 0
        self._session = page.context.new_cdp_session(page)
        self._session.send("Network.enable")
        self._session.on("Network.loadingFinished", self._finished)

    def _finished(self, event: dict[str, Any]) -> None:
        self.wire += int(event.get("encodedDataLength", 0))
        try:
            body = self._session.send("Network.getResponseBody", {"requestId": event["requestId"]})
        except Exception:  # noqa: BLE001  an answer with no body (a 204, a stream cut)
            return
        text = body.get("body", "")
        raw = text.encode() if not body.get("base64Encoded") else b"x" * (len(text) * 3 // 4)
        self.gzipped += len(gzip.compress(raw))


def first_load(browser: Browser, url: str) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    transfer = Transfer(page)
    page.goto(f"{url}/play")
    page.get_by_label("Your name").wait_for()
    page.wait_for_load_state("networkidle")
    landing = {"wire": transfer.wire, "gzip": transfer.gzipped}
    page.get_by_label("Your name").fill("Bench")
    page.get_by_role("button", name="Start playing").click()
    game_id = _hot_seat_game(page, url)
    # A new browser tab of the same player opening the game: the page's first load of a game.
    second = context.new_page()
    transfer = Transfer(second)
    second.goto(f"{url}/play#/game/{game_id}")
    second.locator(".board-stage svg").wait_for()
    second.locator('.actions[aria-busy="false"]').wait_for()
    second.wait_for_timeout(500)  # the streams stay open: no "network idle" ever comes
    result = {
        "landing_wire_kB": landing["wire"] / 1000,
        "landing_gzip_kB": landing["gzip"] / 1000,
        "game_wire_kB": transfer.wire / 1000,
        "game_gzip_kB": transfer.gzipped / 1000,
    }
    context.close()
    return result


def _hot_seat_game(page: Page, url: str) -> str:
    page.goto(f"{url}/play#/new")
    page.get_by_label("Scenario", exact=True).locator("option").nth(1).wait_for(state="attached")
    page.get_by_label("Seat 1", exact=True).select_option(value="hotseat")
    page.get_by_role("button", name="Create the game").click()
    page.locator(".board-stage svg").wait_for()
    return str(page.locator(".game").get_attribute("data-game"))


def board_and_moves(browser: Browser, url: str, moves: int) -> tuple[float, list[float]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{url}/play")
    page.get_by_label("Your name").fill("Bench")
    page.get_by_role("button", name="Start playing").click()
    game_id = _hot_seat_game(page, url)
    page.goto("about:blank")
    page.goto(f"{url}/play#/game/{game_id}")
    page.locator(".board-stage svg").wait_for()
    drawn = float(page.evaluate("() => performance.now()"))
    page.locator('.actions[aria-busy="false"]').wait_for()
    trips = []
    for _ in range(moves):
        page.get_by_role("button", name="End turn").wait_for()
        took = page.evaluate(ROUND_TRIP)
        if took is None:
            break
        trips.append(float(took))
    context.close()
    return drawn, trips


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default=_default_url())
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--moves", type=int, default=30)
    args = parser.parse_args()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        print(f"browser client at {args.url}/play, {args.runs} runs")
        head = "run  landing kB (wire/gzip)  game page kB (wire/gzip)  board ms"
        print(head + "  move p50 ms  p95 ms  moves")
        for run in range(1, args.runs + 1):
            load = first_load(browser, args.url)
            drawn, trips = board_and_moves(browser, args.url, args.moves)
            p95 = statistics.quantiles(trips, n=20)[-1] if len(trips) >= 2 else float("nan")
            print(
                f"{run:>3}  {load['landing_wire_kB']:>8.1f} / {load['landing_gzip_kB']:<8.1f}"
                f"    {load['game_wire_kB']:>8.1f} / {load['game_gzip_kB']:<8.1f}"
                f"      {drawn:>6.0f}  {statistics.median(trips):>10.1f}  {p95:>6.1f}"
                f"  {len(trips):>5}"
            )
        browser.close()


if __name__ == "__main__":
    main()
