"""A demo game: two bots play a whole game over HTTP against a running server.

    python -m lorekeeper demo [--url URL] [--seed S] [--quiet] [--timeout 120]
                              [--clock SECONDS [--idle-seat SEAT]]

It talks to the server only through the public API (the standard library's urllib), the way
any client would, as two players who never see each other's keys: each signs up
(`POST /players`, its own API key), the first creates a game on a small inline scenario
(`SKIRMISH`) with its own seat and an invitation for the other (`"seats": [{"kind": "me"},
{"kind": "invite"}]`), and hands over only the invitation; the second joins with it
(`POST /games/{id}/join`), which starts the game. Then each player in turn reads its legal
actions (`GET /games/{id}/legal-actions`, with its own key) and picks one with the bots'
policy that seeks battles (bots.py: the server's `battler` bot plays the same).
Breath phases are resolved by the server's worker: the demo waits for them with
`GET /games/{id}?min_version=N`. Each new line of the game's history (`GET /games/{id}/log`)
is printed as it happens; at the end the winner and the viewer URL are.

The server is the one `scripts/run` starts: `--url`, else `http://$LOREKEEPER_BIND` (a
wildcard host is reached on 127.0.0.1), else http://127.0.0.1:8000.

By default the server draws the dice seed and commits to it (a new game each time; once it
ends the seed is revealed and the game's audit verifies). `--seed S` plays a reproducible game
instead: the dice are a function of the seed, the policy of the board (`--seed demo`: south
wins in turn 3). A chosen seed makes a reproducible game, not a fair one (anyone who knows the
seed knows the dice), so its audit says `not_verifiable`. Of 1,000 games with different seeds,
every one ended with a winner, by turn 16 at the latest; a draw (R-WIN-3, at `max_turns`)
would be reported as one.

`--clock S` gives the game a per-turn clock of S seconds (docs/client/clocks.md); with
`--idle-seat N` that seat's player never answers: each of its turns runs out, and the
server's worker ends it by the automatic choices (a `TimedOut` line in the history), while
the other player plays on. The automatic choices accept every battle back, so the idle seat
still defends and may win. The demo waits for each of those time-outs.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from lorekeeper.bots import View, choose_action, hex_distance

__all__ = ["DemoGame", "Http", "choose_action", "hex_distance", "main"]

DEFAULT_BIND = "127.0.0.1:8000"  # scripts/run's LOREKEEPER_BIND default
EXAMPLE_SEED = "demo"  # a reproducible game docs/run/demo.md describes: south wins in turn 3
BREATH_WAIT_S = 15.0
# The board moved on under the command (nothing was appended): read it again and retry.
RETRY_CODES = ("breath_pending", "version_mismatch", "version_conflict", "time_out")
TIME_OUT_SLACK_S = 15.0  # after a clock's deadline, how long the demo waits for the worker

# Two small armies a few hexes apart on an open board: foot and horse with two figures left,
# and a Wood Wyvern each, whose breath (1 lore) brings a breath phase for the worker to
# resolve. Three banners win; the turn limit bounds the game if nobody gets there.
SKIRMISH: dict[str, Any] = {
    "name": "demo_skirmish",
    "description": "Two small armies and two wyverns on an open field (the demo game).",
    "width": 7,
    "height": 5,
    "settings": {"orders_per_turn": 3, "banners_to_win": 3, "max_turns": 40},
    "players": [
        {"home_edge": "south", "lore": 3, "cards": []},
        {"home_edge": "north", "lore": 3, "cards": []},
    ],
    "units": [
        {"id": "s-foot-1", "kind": "red_foot", "owner": 0, "hex": [1, 3], "figures": 2},
        {"id": "s-foot-2", "kind": "blue_foot", "owner": 0, "hex": [3, 3], "figures": 2},
        {"id": "s-horse", "kind": "green_mounted", "owner": 0, "hex": [5, 3], "figures": 2},
        {"id": "s-wyvern", "kind": "wood_wyvern", "owner": 0, "hex": [3, 4]},
        {"id": "n-foot-1", "kind": "red_foot", "owner": 1, "hex": [5, 1], "figures": 2},
        {"id": "n-foot-2", "kind": "blue_foot", "owner": 1, "hex": [3, 1], "figures": 2},
        {"id": "n-horse", "kind": "green_mounted", "owner": 1, "hex": [1, 1], "figures": 2},
        {"id": "n-wyvern", "kind": "wood_wyvern", "owner": 1, "hex": [3, 0]},
    ],
}


class DemoError(RuntimeError):
    """The server refused or failed a request the demo needed."""


@dataclass
class ApiError(DemoError):
    status: int
    body: dict[str, Any]

    def __str__(self) -> str:
        code, detail = self.body.get("code", "?"), self.body.get("detail", "")
        return f"HTTP {self.status} {code}: {detail}"


@dataclass
class Http:
    """A JSON client of the API: waits out 429s (Retry-After), raises ApiError otherwise."""

    base_url: str
    timeout_s: float = 10.0

    def get(self, path: str, token: str | None = None) -> Any:
        return self.request("GET", path, token=token)

    def post(self, path: str, body: Any, token: str | None = None, **headers: str) -> Any:
        return self.request("POST", path, body=body, token=token, headers=headers)

    def request(
        self,
        method: str,
        path: str,
        *,
        body: Any = None,
        token: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Any:
        sent = {"Accept": "application/json", **(headers or {})}
        if token:
            sent["Authorization"] = f"Bearer {token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        while True:
            status, reply_headers, raw = self.send(method, path, sent, data)
            if status != 429:
                break
            time.sleep(float(reply_headers.get("Retry-After", "1")))
        parsed = json.loads(raw) if raw else {}
        if status >= 400:
            raise ApiError(status, parsed if isinstance(parsed, dict) else {})
        return parsed

    def send(
        self, method: str, path: str, headers: dict[str, str], data: bytes | None
    ) -> tuple[int, Mapping[str, str], bytes]:
        request = urllib.request.Request(
            self.base_url + path, data=data, headers=headers, method=method
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout_s) as response:
                return response.status, dict(response.headers.items()), response.read()
        except urllib.error.HTTPError as error:
            with error:
                return error.code, dict(error.headers.items()), error.read()


# --- Playing a game over HTTP. -------------------------------------------------------------


@dataclass
class DemoGame:
    http: Http
    seed: str | None  # None: the server draws (and commits to) the seed
    out: Callable[[str], None] | None = print  # None: print nothing (no log is read)
    deadline_s: float = 120.0
    clock_s: int | None = None  # a per-turn clock of this many seconds
    idle_seat: int | None = None  # this seat never answers: its clock runs out
    game_id: str = ""
    keys: list[str] = field(default_factory=list)  # each seat's player's API key
    version: int = 0
    printed: int = 0

    def play(self) -> View:
        """Create the game, play it to its end, and return the final board view."""
        options: dict[str, Any] = {"auto_decisions": True}
        if self.seed is not None:
            options["seed"] = self.seed
        if self.clock_s is not None:
            options["clock"] = {"kind": "per_turn", "turn_s": self.clock_s}
        self.keys = [self._sign_up("Southmoor"), self._sign_up("Northwind")]  # south, north
        body = {"scenario": SKIRMISH, "options": options,
                "seats": [{"kind": "me"}, {"kind": "invite"}]}  # fmt: skip
        created = self.http.post("/games", body, self.keys[0])
        self.game_id = created["game_id"]
        invitation = created["invitations"][0]["token"]  # all the first player hands over
        self._say(f"game {self.game_id} created by player 1, who invites player 2")
        joined = self.http.post(f"/games/{self.game_id}/join", {"invitation": invitation},
                                self.keys[1])  # fmt: skip
        self.version = joined["version"]
        self._say(f"player 2 joined: seat {joined['seat']}; the game starts: "
                  f"{self.http.base_url}/games/{self.game_id}")  # fmt: skip
        give_up = time.monotonic() + self.deadline_s
        while time.monotonic() < give_up:
            view = self.http.get(f"/games/{self.game_id}?min_version={self.version}")
            self.version = max(self.version, view["version"])
            self._print_log()
            if view["winner"] is not None or view["phase"] == "over":
                return view
            if view["phase"] == "breath":
                self._wait_for_breath()
            elif self._to_act(view) == self.idle_seat:
                self._wait_for_time_out(view)
            else:
                self._act(view)
        raise DemoError(f"the game did not end within {self.deadline_s:.0f} s")

    @staticmethod
    def _to_act(view: View) -> int:
        seat = (view.get("pending") or {}).get("seat")
        return int(view["active_seat"] if seat is None else seat)

    def _act(self, view: View) -> None:
        seat = self._to_act(view)
        token = self.keys[seat]
        legal = self.http.get(f"/games/{self.game_id}/legal-actions", token)
        if legal["version"] != view["version"]:
            self.version = max(self.version, legal["version"])
            return  # the board moved on since the view was read: read it again
        action = choose_action(view, legal["actions"], seat, legal.get("order"))
        headers = {
            "Idempotency-Key": f"demo-{self.game_id}-{view['version']}",
            "If-Match": f'"{view["version"]}"',
        }
        try:
            reply = self.http.post(f"/games/{self.game_id}/commands", action, token, **headers)
        except ApiError as error:
            if error.body.get("code") in RETRY_CODES:
                self.version = max(self.version, error.body.get("current_version", self.version))
                return
            raise
        self.version = reply["version"]

    def _sign_up(self, name: str) -> str:
        """A new player; its API key (the server shows it once)."""
        key: str = self.http.post("/players", {"name": name})["key"]
        return key

    def _wait_for_breath(self) -> None:
        """The worker resolves the breath phase (R-TRN-6): wait for the event after it."""
        give_up = time.monotonic() + BREATH_WAIT_S
        while time.monotonic() < give_up:
            view = self.http.get(f"/games/{self.game_id}?min_version={self.version + 1}")
            if view["version"] > self.version:
                self.version = view["version"]
                return
        raise DemoError(
            f"the breath phase was not resolved in {BREATH_WAIT_S:.0f} s: "
            "is a worker (`python -m workers`) running against the server's Redis?"
        )

    def _wait_for_time_out(self, view: View) -> None:
        """The idle seat never answers: wait for its clock to run out and the server's
        worker to time it out (docs/client/clocks.md)."""
        running = (view.get("clock") or {}).get("running") or {}
        left_s = running.get("remaining_ms", 0) / 1000
        self._say(f"      seat {self.idle_seat} does not answer: its clock runs out in "
                  f"{left_s:.1f} s")  # fmt: skip
        give_up = time.monotonic() + left_s + TIME_OUT_SLACK_S
        while time.monotonic() < give_up:
            later = self.http.get(f"/games/{self.game_id}?min_version={self.version + 1}")
            if later["version"] > self.version:
                self.version = later["version"]
                return
            time.sleep(0.1)
        raise DemoError(
            f"seat {self.idle_seat}'s clock ran out and nothing happened in "
            f"{TIME_OUT_SLACK_S:.0f} s: is a worker (`python -m workers`) running?"
        )

    def _print_log(self) -> None:
        if self.out is None:
            return
        log = self.http.get(f"/games/{self.game_id}/log?format=json")
        for entry in log["entries"][self.printed :]:
            self.out(f"{entry['version']:>4}  {entry['text']}")
        self.printed = len(log["entries"])

    def _say(self, line: str) -> None:
        if self.out is not None:
            self.out(line)


def describe_result(view: View) -> str:
    winner = view["winner"]
    timeouts = ""
    for seat in (view.get("clock") or {}).get("seats", []):
        if seat["timeouts"]:
            timeouts += f" Seat {seat['seat']} ran out of time {seat['timeouts']} times."
    if winner is None or winner == "draw":
        return f"The game ended in a draw after turn {view['turn']}.{timeouts}"
    player = view["players"][winner]
    return (
        f"The winner is seat {winner} ({player['home_edge']}) with {player['banners']} "
        f"banners, in turn {view['turn']}.{timeouts}"
    )


def default_url(environ: Mapping[str, str] = os.environ) -> str:
    """The API that `scripts/run` serves: `http://$LOREKEEPER_BIND`, loopback for a wildcard."""
    bind = environ.get("LOREKEEPER_BIND", "").strip() or DEFAULT_BIND
    if "://" in bind:
        return bind.rstrip("/")
    host, _, port = bind.rpartition(":")
    if host in ("", "0.0.0.0", "[::]", "::"):
        host = "127.0.0.1"
    return f"http://{host}:{port}"


def api_root(url: str) -> str:
    """The API's version 1 at the server `url` (docs/client/contract.md, "Versions"): `/v1` added
    unless the URL names it already."""
    url = url.rstrip("/")
    return url if url.endswith("/v1") else f"{url}/v1"


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    base = api_root(args.url or default_url())
    seed = args.seed
    if args.idle_seat is not None and args.clock is None:
        print("demo failed: --idle-seat needs --clock (a seat that never answers waits "
              "forever without one)", file=sys.stderr)  # fmt: skip
        return 2
    timeout = args.timeout
    if args.idle_seat is not None and args.clock is not None:  # its turns take their clock
        timeout = max(timeout, 20 * (args.clock + 5.0))
    game = DemoGame(Http(base), seed, out=None if args.quiet else print, deadline_s=timeout,
                    clock_s=args.clock, idle_seat=args.idle_seat)  # fmt: skip
    try:
        view = game.play()
    except urllib.error.URLError as error:
        print(
            f"demo failed: no server at {base} ({error.reason}); is scripts/run up?",
            file=sys.stderr,
        )
        return 1
    except (DemoError, OSError) as error:
        print(f"demo failed: {error}", file=sys.stderr)
        if game.game_id:
            print(f"see {base}/viewer/{game.game_id}", file=sys.stderr)
        return 1
    print(describe_result(view))
    print(f"Watch it again: {base}/viewer/{game.game_id}")
    print(f"The whole log:  {base}/games/{game.game_id}/log")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m lorekeeper demo",
        description="Play a whole demo game between two bots against a running server.",
    )
    parser.add_argument(
        "--url", help="the API (default: http://$LOREKEEPER_BIND, else http://127.0.0.1:8000)"
    )
    dice = parser.add_mutually_exclusive_group()
    dice.add_argument(
        "--seed",
        help=f"play a reproducible game with this dice seed (e.g. {EXAMPLE_SEED!r}); its audit "
        "says not_verifiable",
    )
    dice.add_argument(
        "--server-dice",
        action="store_true",
        help="the default: the server draws the seed and commits to it (a new game each time)",
    )
    parser.add_argument("--quiet", action="store_true", help="print only the result")
    parser.add_argument(
        "--timeout", type=float, default=120.0, help="give up after this many seconds (120)"
    )
    parser.add_argument(
        "--clock", type=_turn_seconds, metavar="SECONDS",
        help="a per-turn clock of SECONDS (1-86400; the server's workers enforce it)",
    )  # fmt: skip
    parser.add_argument(
        "--idle-seat", type=int, choices=(0, 1), metavar="SEAT",
        help="with --clock: this seat (0 or 1) never answers; its turns time out",
    )  # fmt: skip
    return parser


def _turn_seconds(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 86_400:
        raise argparse.ArgumentTypeError("a whole number of seconds from 1 to 86400")
    return int(text)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
