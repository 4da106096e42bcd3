"""Clocks in the workers (docs/workers.md, "Clocks"): the clock loop queues a time-out when a
deadline passes, a real RQ worker applies it once, the reconciler applies what was lost.

The workers' context reads a test clock (`ctx.service.now_ms`): nothing here sleeps."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from adapters.redis.jobs import TIME_OUT_FUNC, time_out_job_id
from adapters.redis.keys import CLOCK_ENTRIES_KEY, DEADLINES_KEY
from domain.notation import scenario_from_text
from lorekeeper.clocks.timekeeper import TimeRunningOut
from lorekeeper.players.access import Caller
from lorekeeper.players.accounts import PlayerCaller
from lorekeeper.players.ports import Player
from lorekeeper.players.seating import SeatSpec
from lorekeeper.projections.projector import projection_of
from tests.workers.games import drain
from workers import clocks
from workers.context import WorkerContext
from workers.reconcile import reconcile

BOARD = """
. .   .   .   .
 . .  .   .   .
. bf0 rf1 .   .
"""
CLOCK = {"kind": "per_turn", "turn_s": 30, "decision_s": 10}


@dataclass
class Clock:
    now: int

    def __call__(self) -> int:
        return self.now


@pytest.fixture
def clock(ctx: WorkerContext) -> Iterator[Clock]:
    # The store stamps a creation with its own (wall) clock: start from there.
    fake = Clock(time.time_ns() // 1_000_000)
    ctx.service.now_ms = fake
    yield fake


def clocked_game(ctx: WorkerContext, **clock: Any) -> str:
    created = ctx.service.create_game(scenario_from_text(BOARD), {"clock": {**CLOCK, **clock}})
    drain(ctx)  # the projection schedules its deadline
    return created.game_id


def deadline(ctx: WorkerContext, game_id: str) -> int:
    running = ctx.log.load(game_id).clock.running
    assert running is not None
    return running.deadline_ms


def timed_out(ctx: WorkerContext, game_id: str) -> int:
    return sum(e.type == "TimedOut" for e in ctx.events.read(game_id))


def test_a_worker_applies_a_time_out_once_its_deadline_has_passed(
    ctx: WorkerContext, clock: Clock
) -> None:  # CLK-4
    game_id = clocked_game(ctx)
    assert [d.game_id for d in ctx.timekeeper.index.due(10**15, 10)] == [game_id]
    clock.now = deadline(ctx, game_id) - 1
    drain(ctx)
    assert timed_out(ctx, game_id) == 0 and ctx.jobs.clock_queue.get_job_ids() == []
    clock.now += 1
    drain(ctx)  # the clock loop queues the job, the worker runs it, the projection follows
    assert timed_out(ctx, game_id) == 1
    game = ctx.log.load(game_id)
    assert game.state.active == 1
    stored = ctx.projections.load(game_id)
    assert stored is not None and stored.view == dict(projection_of(game).view)
    assert [d.deadline_ms for d in ctx.timekeeper.index.due(10**15, 10)] == [deadline(ctx, game_id)]
    drain(ctx)
    assert timed_out(ctx, game_id) == 1


def test_duplicate_time_out_jobs_apply_it_once(ctx: WorkerContext, clock: Clock) -> None:
    game_id = clocked_game(ctx)  # CLK-4
    clock.now = deadline(ctx, game_id) + 5
    version = ctx.log.load(game_id).version
    assert ctx.jobs.enqueue_time_out(game_id, version)
    assert not ctx.jobs.enqueue_time_out(game_id, version)
    for copy in range(3):  # at-least-once delivery: the same job under other ids
        ctx.jobs.clock_queue.enqueue_call(TIME_OUT_FUNC, args=(game_id, version),
                                          job_id=f"copy-{copy}")  # fmt: skip
    drain(ctx)
    assert timed_out(ctx, game_id) == 1
    assert clocks.apply_time_out(game_id, version) == {"timed_out": False}


def test_the_reconciler_applies_an_overdue_clock_whose_job_was_lost(
    ctx: WorkerContext, clock: Clock
) -> None:  # CLK-4
    game_id = clocked_game(ctx)
    clock.now = deadline(ctx, game_id) + 1
    version = ctx.log.load(game_id).version
    ctx.timekeeper.tick()  # queued …
    ctx.client.delete(ctx.jobs.clock_queue.key)  # … and lost (a Redis that lost its list)
    ctx.client.delete(f"rq:job:{time_out_job_id(game_id, version)}")
    report = reconcile(ctx)
    assert report.timed_out == [game_id]
    assert timed_out(ctx, game_id) == 1
    assert reconcile(ctx).timed_out == []


def test_the_reconciler_finds_a_deadline_the_index_never_got(
    ctx: WorkerContext, clock: Clock
) -> None:  # CLK-4: the lobby entry, written from the stream, still shows it
    game_id = clocked_game(ctx)
    ctx.client.delete(DEADLINES_KEY, CLOCK_ENTRIES_KEY)
    clock.now = deadline(ctx, game_id) + 1
    assert ctx.timekeeper.due() == []
    assert reconcile(ctx).timed_out == [game_id]
    assert timed_out(ctx, game_id) == 1


def test_a_live_time_out_job_is_left_to_run(ctx: WorkerContext, clock: Clock) -> None:
    game_id = clocked_game(ctx)
    clock.now = deadline(ctx, game_id) + 1
    ctx.timekeeper.tick()
    assert reconcile(ctx).timed_out == []  # its job waits in the queue
    drain(ctx)
    assert timed_out(ctx, game_id) == 1


def test_the_clock_loop_tells_a_seat_its_time_is_running_out_once(
    ctx: WorkerContext, clock: Clock
) -> None:  # CLK-6
    notices: list[TimeRunningOut] = []
    ctx.timekeeper.on_running_out(notices.append)
    game_id = clocked_game(ctx)
    clock.now = deadline(ctx, game_id) - 3_000  # a tenth of 30 s left
    loop = clocks.ClockLoop(ctx)
    assert loop.tick() == (0, 1)
    assert loop.tick() == (0, 0)
    assert [(n.game_id, n.seat, n.period, n.remaining_ms) for n in notices] == [
        (game_id, 0, "turn", 3_000)
    ]


def test_a_bot_whose_move_comes_too_late_is_timed_out(ctx: WorkerContext, clock: Clock) -> None:
    # CLK-5: a bot is a seat like any other; its job, run after the deadline, appends nothing
    # of its own, and the time-out it met is in the game
    owner = Caller(player=PlayerCaller("p_" + "b" * 16, "k"))
    ctx.stores.players.create(Player("p_" + "b" * 16, "Bea", 1))
    made = ctx.seating.create(owner, scenario_from_text(BOARD), {"clock": CLOCK},
                              seats=[SeatSpec("bot", bot="battler"), SeatSpec("me")])  # fmt: skip
    game_id = made.game_id
    clock.now = deadline(ctx, game_id) + 1
    assert ctx.bots.play(game_id, 2, 0) == {"played": False, "reason": "its time ran out"}
    assert timed_out(ctx, game_id) == 1
    assert not [e for e in ctx.events.read(game_id) if e.seat == 0]
