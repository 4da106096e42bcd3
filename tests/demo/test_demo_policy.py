"""The demo's bots, in memory: the default game ends with a winner, and the policy only ever
sends what legal-actions offered. (The same client over real HTTP: test_demo_e2e.py.)"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from api import create_app
from api.composition import memory_components
from domain.hexes import Hex, distance
from lorekeeper import demo
from lorekeeper.bots import View
from lorekeeper.settings import Settings


class FlaskHttp(demo.Http):
    """The demo's HTTP client, sending through Flask's test client instead of a socket."""

    def __init__(self, client: FlaskClient) -> None:
        super().__init__("")
        self.client = client
        self.sent: list[dict[str, object]] = []

    def send(
        self, method: str, path: str, headers: dict[str, str], data: bytes | None
    ) -> tuple[int, Mapping[str, str], bytes]:
        response = self.client.open(path, method=method, headers=headers, data=data)
        return response.status_code, dict(response.headers), response.get_data()


@pytest.fixture
def http() -> FlaskHttp:
    settings = Settings(
        jobs="inline", rate_per_s=0, projection_wait_s=0, allow_anonymous_games=True
    )
    app = create_app(settings, components=memory_components(settings))
    return FlaskHttp(app.test_client())


def test_the_default_demo_game_has_server_dice_and_an_audit_that_verifies(
    http: FlaskHttp,
) -> None:
    lines: list[str] = []
    game = demo.DemoGame(http, None, out=lines.append)
    view = game.play()
    assert view["phase"] == "over"
    assert view["winner"] in (0, 1)  # R-WIN-1
    assert any("breath phase closes" in line for line in lines)  # R-TRN-6 happened
    assert "winner is seat" in demo.describe_result(view)
    # The server drew the seed and revealed it at the end: the viewer's first page says so.
    assert http.get(f"/games/{game.game_id}/audit")["verdict"] == "verified"


def test_the_example_seed_replays_the_game_the_demo_page_describes(http: FlaskHttp) -> None:
    lines: list[str] = []
    game = demo.DemoGame(http, demo.EXAMPLE_SEED, out=lines.append)
    view = game.play()
    assert (view["winner"], view["turn"]) == (0, 3)  # "south wins in turn 3"
    assert view["players"][0]["banners"] >= 3
    assert lines[-2].endswith("south wins (banners)")  # then the hands dealt are revealed
    # A client-chosen seed is known to the client: nothing to verify the dice against.
    assert http.get(f"/games/{game.game_id}/audit")["verdict"] == "not_verifiable"


class Clock:
    """The app's time (epoch ms): it stands still until a test moves it."""

    now = 1_780_000_000_000

    def __call__(self) -> int:
        return self.now


def idle_seat_demo(seed: str, lines: list[str]) -> View:
    """`demo --seed SEED --clock 5 --idle-seat 1` in memory. South answers at once; when the
    demo waits for north's clock, the test's clock moves to the deadline and the time-out is
    applied, as the workers do (docs/workers.md, "Clocks")."""
    settings = Settings(
        jobs="inline", rate_per_s=0, projection_wait_s=0, allow_anonymous_games=True
    )
    app = create_app(settings, components=memory_components(settings))
    parts, clock = app.extensions["lorekeeper"], Clock()
    parts.service.now_ms = parts.reader._now = parts.lobby._now = clock

    class IdleSeatDemo(demo.DemoGame):
        def _wait_for_time_out(self, view: View) -> None:
            clock.now = view["clock"]["running"]["deadline_ms"]
            assert parts.service.time_out(self.game_id) is not None
            super()._wait_for_time_out(view)

    game = IdleSeatDemo(FlaskHttp(app.test_client()), seed, out=lines.append, clock_s=5,
                        idle_seat=1)  # fmt: skip
    return game.play()


def page_example(command: str) -> list[str]:
    """The lines of the demo page's example output printed by `command` (docs/run/demo.md)."""
    page = Path(__file__).resolve().parents[2] / "docs" / "run" / "demo.md"
    text = page.read_text(encoding="utf-8")
    after = text[text.index(command) :]
    block = after.split("```")[2]  # the command's own block, then its output's
    return [line for line in block.strip("\n").splitlines() if line != "…"]


def test_the_pages_example_of_a_seat_that_never_answers_is_what_the_demo_prints() -> None:
    # CLK-4: each of north's turns times out and is ended by the automatic choices.
    lines: list[str] = []
    view = idle_seat_demo("demo", lines)
    example = page_example("demo --seed demo --clock 5 --idle-seat 1")
    assert example[-1] == demo.describe_result(view)
    printed = iter(lines)
    assert all(line in printed for line in example[:-1]), lines  # each line, in that order
    north_turns = sum(line.endswith(", north: turn begins") for line in lines)
    assert [s["timeouts"] for s in view["clock"]["seats"]] == [0, north_turns]


def test_a_seat_that_never_answers_still_battles_back_and_can_win() -> None:
    # The automatic choices accept every battle back (CLK-4): seed "g" is one that north wins.
    lines: list[str] = []
    view = idle_seat_demo("g", lines)
    assert view["winner"] == 1
    assert any("n-wyvern battled back" in line for line in lines)
    assert view["clock"]["seats"][1]["timeouts"] >= 1


@pytest.mark.parametrize(
    ("environ", "url"),
    [
        ({}, "http://127.0.0.1:8000"),
        ({"LOREKEEPER_BIND": "127.0.0.1:8123"}, "http://127.0.0.1:8123"),
        ({"LOREKEEPER_BIND": "0.0.0.0:9000"}, "http://127.0.0.1:9000"),
        ({"LOREKEEPER_BIND": "[::]:9000"}, "http://127.0.0.1:9000"),
        ({"LOREKEEPER_BIND": "games.example:80"}, "http://games.example:80"),
        ({"LOREKEEPER_BIND": ""}, "http://127.0.0.1:8000"),
    ],
)
def test_the_demo_talks_to_the_address_scripts_run_binds(environ: dict[str, str], url: str) -> None:
    assert demo.default_url(environ) == url


@pytest.mark.parametrize("url", ["http://h:1", "http://h:1/", "http://h:1/v1", "http://h:1/v1/"])
def test_the_demo_speaks_to_version_1_of_the_api(url: str) -> None:
    assert demo.api_root(url) == "http://h:1/v1"


@pytest.mark.parametrize("seed", ["a", "b", "c", "d", None])
def test_other_seeds_end_with_a_result_within_the_turn_limit(
    http: FlaskHttp, seed: str | None
) -> None:
    view = demo.DemoGame(http, seed, out=None).play()
    assert view["phase"] == "over"
    assert view["turn"] <= demo.SKIRMISH["settings"]["max_turns"]  # R-WIN-3


def test_the_policy_battles_before_anything_else() -> None:
    view = {
        "units": [
            {"id": "a", "owner": 0, "hex": [1, 1], "figures": 2},
            {"id": "b", "owner": 1, "hex": [2, 1], "figures": 1},
            {"id": "c", "owner": 1, "hex": [1, 2], "figures": 2},
        ],
        "turn_state": {"breath_paid": []},
    }
    actions = [
        {"type": "resign"},
        {"type": "end_turn"},
        {"type": "battle", "unit": "a", "target": "c"},
        {"type": "battle", "unit": "a", "target": "b"},
    ]
    assert demo.choose_action(view, actions, 0) == actions[3]  # the weaker target
    assert demo.choose_action(view, actions[:2], 0) == {"type": "end_turn"}


def test_the_demo_measures_distance_as_the_rules_do() -> None:
    # R-BRD-1: odd-r offset coordinates, cube distance. The demo is a plain HTTP client, so it
    # carries its own few lines of hex maths; they must agree with the domain's.
    board = [(c, r) for c in range(7) for r in range(5)]
    for a in board:
        for b in board:
            assert demo.hex_distance(a, b) == distance(Hex(*a), Hex(*b)), (a, b)
