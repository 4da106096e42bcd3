"""Notifications through the real workers (docs/push.md): the projection loop records each
player's notes as it lists the games it projects, and the clock loop's "time running out"
reaches the seat holder's log (CLK-6), each once."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from domain.notation import scenario_from_text
from lorekeeper.players.access import Caller
from lorekeeper.players.accounts import PlayerCaller
from lorekeeper.players.ports import Player
from lorekeeper.players.seating import SeatSpec
from tests.workers.games import drain
from tests.workers.test_clock_jobs import BOARD, CLOCK, Clock, deadline
from workers import clocks
from workers.context import WorkerContext

ANN, BOB = "p_" + "a" * 16, "p_" + "b" * 16


@pytest.fixture
def fake_clock(ctx: WorkerContext) -> Iterator[Clock]:
    now = Clock(time.time_ns() // 1_000_000)  # the store stamps events with its own clock
    ctx.service.now_ms = now  # type: ignore[method-assign]
    yield now


def player(ctx: WorkerContext, player_id: str, name: str) -> Caller:
    ctx.stores.players.create(Player(player_id, name, 1))
    return Caller(player=PlayerCaller(player_id, "k"))


def notes(ctx: WorkerContext, player_id: str) -> list[dict[str, Any]]:
    assert ctx.webhooks is not None
    return [e.item for e in ctx.webhooks._notes.read(f"player:{player_id}", "0-0", 100)]


def test_a_clocked_games_players_are_told_their_turn_and_their_time_running_out(
    ctx: WorkerContext, fake_clock: Clock
) -> None:  # CLK-6
    ann, bob = player(ctx, ANN, "Ann"), player(ctx, BOB, "Bob")
    seats = [SeatSpec("me"), SeatSpec("player", player_id=BOB)]
    made = ctx.seating.create(ann, scenario_from_text(BOARD), {"clock": CLOCK}, seats=seats)
    drain(ctx)
    ctx.seating.join(bob, made.game_id)
    drain(ctx)  # the projection loop lists the started game
    assert [n["type"] for n in notes(ctx, ANN)] == ["game_started", "your_turn"]
    assert [n["type"] for n in notes(ctx, BOB)] == ["invitation_received", "game_started"]
    fake_clock.now = deadline(ctx, made.game_id) - 3_000  # a tenth of 30 s left
    loop = clocks.ClockLoop(ctx)
    assert loop.tick() == (0, 1)
    assert loop.tick() == (0, 0)  # told once
    running_out = notes(ctx, ANN)[-1]
    assert running_out["type"] == "time_running_out" and running_out["game_id"] == made.game_id
    assert (running_out["seat"], running_out["period"], running_out["remaining_ms"]) == (
        0, "turn", 3_000)  # fmt: skip
    assert [n["type"] for n in notes(ctx, BOB)] == ["invitation_received", "game_started"]
