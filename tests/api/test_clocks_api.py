"""Clocks over HTTP (docs/client/clocks.md): chosen at creation, shown in the view, past
states and the lobby, a late command refused with 409 `time_out`. The app's clocks read a
test clock set from the creation's recorded time, so nothing sleeps."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.api.helpers import Game, bearer, create, create_as, problem, sign_up
from tests.service.games import duel

CLOCK = {"kind": "per_turn", "turn_s": 60, "decision_s": 15}


@dataclass
class Clock:
    now: int = 0

    def __call__(self) -> int:
        return self.now


@pytest.fixture
def clock(app: Flask) -> Clock:
    """The service, the reader and the lobby of the app read it (epoch ms)."""
    fake = Clock()
    parts = app.extensions["lorekeeper"]
    parts.service.now_ms = fake
    parts.reader._now = fake
    parts.lobby._now = fake
    return fake


def clocked(client: FlaskClient, clock: Clock, **more: Any) -> tuple[Game, int]:
    game = create(client, duel(), clock={**CLOCK, **more})
    created = client.get(f"{game.url}/events").get_json()["events"][0]
    clock.now = created["time_ms"]
    return game, created["time_ms"]


def test_a_game_is_created_with_a_clock_and_the_view_shows_it(
    client: FlaskClient, clock: Clock
) -> None:  # CLK-1, CLK-6
    game, t0 = clocked(client, clock)
    created = client.get(f"{game.url}/events").get_json()["events"][0]
    assert created["payload"]["clock"] == {**CLOCK, "policy": "auto"}
    clock.now = t0 + 12_000
    shown = game.get().get_json()["clock"]
    assert shown["control"] == {**CLOCK, "policy": "auto"}
    assert shown["at_ms"] == t0 + 12_000
    assert shown["running"] == {"seat": 0, "period": "turn", "since_ms": t0,
                                "deadline_ms": t0 + 60_000, "remaining_ms": 48_000}  # fmt: skip
    assert shown["seats"] == [{"seat": 0, "remaining_ms": 48_000, "timeouts": 0},
                              {"seat": 1, "remaining_ms": 60_000, "timeouts": 0}]  # fmt: skip


def test_a_game_without_a_clock_shows_none(client: FlaskClient) -> None:  # CLK-1
    game = create(client, duel())
    assert game.get().get_json()["clock"] is None
    assert game.get("/state?version=1").get_json()["clock"] is None


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "hourglass"},
        {"kind": "per_turn"},
        {"kind": "per_turn", "turn_s": 86_401},
        {"kind": "fischer", "bank_s": 60, "increment_s": 5, "days": 2},
        {"kind": "correspondence", "days": 3, "policy": "lose"},
        {"kind": "none", "turn_s": 60},
        "per_turn",
    ],
)
def test_a_time_control_no_game_can_have_is_a_422(client: FlaskClient, bad: Any) -> None:
    response = client.post("/games", json={"scenario": duel(), "options": {"clock": bad}})
    body = problem(response, 422, "invalid_body")  # CLK-1
    assert "clock" in body["errors"]["options"]


def test_a_late_command_is_refused_with_time_out_and_the_state_agrees(
    client: FlaskClient, clock: Clock
) -> None:  # CLK-5
    game, t0 = clocked(client, clock)
    clock.now = t0 + 60_000
    body = problem(game.send(0, {"type": "order", "units": ["bf0"]}), 409, "time_out")
    assert body["rule"] == "CLK-5"
    assert body["timed_out"] == {"seat": 0, "period": "turn", "deadline_ms": t0 + 60_000,
                                 "policy": "auto"}  # fmt: skip
    view = game.get().get_json()
    assert view["version"] == body["current_version"] and view["active_seat"] == 1
    types = [e["type"] for e in game.get("/events").get_json()["events"]]
    assert types[-4:] == ["TimedOut", "LoreGained", "TurnEnded", "TurnStarted"]
    assert view["clock"]["seats"][0]["timeouts"] == 1
    game.ok(1, {"type": "end_turn"})  # the next seat plays on


def test_a_past_state_shows_the_clock_as_it_stood(client: FlaskClient, clock: Clock) -> None:
    game, t0 = clocked(client, clock)  # CLK-6
    clock.now = t0 + 20_000
    game.ok(0, {"type": "end_turn"})
    clock.now = t0 + 45_000
    then = game.get("/state?version=2").get_json()["clock"]
    assert then["at_ms"] == t0 and then["running"]["remaining_ms"] == 60_000
    later = game.get(f"/state?version={game.get().get_json()['version']}").get_json()["clock"]
    assert later["at_ms"] == t0 + 20_000
    assert later["running"] == {"seat": 1, "period": "turn", "since_ms": t0 + 20_000,
                                "deadline_ms": t0 + 80_000, "remaining_ms": 60_000}  # fmt: skip


def test_the_lobby_shows_each_seats_time_now(client: FlaskClient, clock: Clock) -> None:
    game, t0 = clocked(client, clock)  # CLK-6
    clock.now = t0 + 30_000
    entry = next(g for g in client.get("/games").get_json()["games"] if g["game_id"] == game.id)
    assert entry["clock"]["running"]["remaining_ms"] == 30_000
    assert [s["remaining_ms"] for s in entry["clock"]["seats"]] == [30_000, 60_000]


def test_my_games_show_my_time_and_a_rematch_keeps_the_clock(
    client: FlaskClient, clock: Clock
) -> None:  # CLK-1, CLK-6
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    made = create_as(client, ann["key"], duel(), options={"clock": CLOCK})
    game_id = made["game_id"]
    client.post(f"/games/{game_id}/join", headers=bearer(bob["key"]))
    started = client.get(f"/games/{game_id}/events").get_json()["events"][-1]
    clock.now = started["time_ms"] + 1_000
    page = client.get("/players/me/games?turn=mine", headers=bearer(ann["key"])).get_json()
    assert [g["game_id"] for g in page["games"]] == [game_id]
    assert page["games"][0]["clock"]["running"] == {
        "seat": 0, "period": "turn", "since_ms": started["time_ms"],
        "deadline_ms": started["time_ms"] + 60_000, "remaining_ms": 59_000,
    }  # fmt: skip
    client.post(f"/games/{game_id}/commands", json={"type": "resign"}, headers=bearer(ann["key"]))
    again = client.post(f"/games/{game_id}/rematch", headers=bearer(bob["key"])).get_json()
    first = client.get(f"/games/{again['game_id']}/events").get_json()["events"][0]
    assert first["payload"]["clock"] == {**CLOCK, "policy": "auto"}
