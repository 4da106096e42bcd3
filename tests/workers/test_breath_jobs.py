"""The deferred breath phase (R-TRN-6, R-BRE-3..6): resolved once, by a job or the reconciler."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta

import pytest
from rq.exceptions import DuplicateJobError
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from adapters.redis.jobs import BREATH_FUNC, breath_job_id
from lorekeeper.games.ports import NewEvent
from tests.adapters.test_stream_entries import written
from tests.workers.games import (
    BreathGame,
    assert_breath_resolved_once,
    drain,
    fresh_projection,
    project,
)
from workers import heartbeat, jobs
from workers.context import WorkerContext
from workers.projection_loop import ProjectionLoop
from workers.reconcile import _open_phase, reconcile


def test_the_breath_job_resolves_the_phase_with_the_games_dice(ctx: WorkerContext) -> None:
    # R-TRN-6, R-BRE-3, R-BRE-4: the worker rolls each target's breath dice from the game's source
    game = BreathGame(ctx.service)
    opened = game.open_breath()
    assert ctx.jobs.breath_queue.get_job_ids() == [breath_job_id(game.game_id, opened)]

    drain(ctx)

    assert game.phase() == "combat"
    assert assert_breath_resolved_once(ctx, game.game_id) == 1
    rolled = [e for e in ctx.events.read(game.game_id, opened) if e.type == "BreathRolled"]
    assert [e.payload["target"] for e in rolled] == ["gf1", "gf1-2"]  # marking order, R-DIE-3
    assert ctx.projections.load(game.game_id) == fresh_projection(ctx, game.game_id)


def test_the_projection_loop_resolves_a_phase_its_round_left_open(ctx: WorkerContext) -> None:
    # R-TRN-6: resolved at once by the loop, which has the game folded; the phase's job,
    # queued by the append that opened it, comes after and finds nothing to do
    game, other = BreathGame(ctx.service), BreathGame(ctx.service, seed="other")
    opened = game.open_breath()
    loop = ProjectionLoop(ctx)
    outcomes = loop.project([game.game_id, other.game_id])

    assert loop.resolve_breath(list(outcomes)) == [game.game_id]  # not the game without one
    assert game.phase() == "combat"
    assert jobs.resolve_breath(game.game_id, opened) == {"resolved": False}
    assert loop.resolve_breath([game.game_id]) == []
    assert assert_breath_resolved_once(ctx, game.game_id) == 1
    rolled = [e for e in ctx.events.read(game.game_id, opened) if e.type == "BreathRolled"]
    assert [e.payload["target"] for e in rolled] == ["gf1", "gf1-2"]  # the same dice, R-DIE-3


def test_the_running_loop_resolves_breath_with_no_rq_worker_running(ctx: WorkerContext) -> None:
    game = BreathGame(ctx.service)
    opened = game.open_breath()
    loop = ProjectionLoop(ctx, round_s=0.0)
    runner = threading.Thread(target=loop.run)
    runner.start()
    try:
        deadline = time.monotonic() + 10
        while game.phase() == "breath" and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        loop.stop()
        runner.join(timeout=5)

    assert game.phase() == "combat"
    assert ctx.jobs.breath_queue.get_job_ids() == [breath_job_id(game.game_id, opened)]  # unrun
    drain(ctx)  # the job at last: the phase is closed
    assert assert_breath_resolved_once(ctx, game.game_id) == 1


def test_the_same_breath_job_cannot_be_enqueued_twice(ctx: WorkerContext) -> None:
    game = BreathGame(ctx.service)
    opened = game.open_breath()

    assert not ctx.jobs.enqueue_breath(game.game_id, opened)
    with pytest.raises(DuplicateJobError):
        ctx.jobs.breath_queue.enqueue_call(
            BREATH_FUNC, args=(game.game_id, opened),
            job_id=breath_job_id(game.game_id, opened), unique=True,
        )  # fmt: skip
    assert len(ctx.jobs.breath_queue.get_job_ids()) == 1


def test_duplicate_breath_jobs_resolve_the_phase_once(ctx: WorkerContext) -> None:
    game = BreathGame(ctx.service)
    opened = game.open_breath()
    for copy in range(3):  # at-least-once delivery: the same job under other ids
        ctx.jobs.breath_queue.enqueue_call(BREATH_FUNC, args=(game.game_id, opened),
                                           job_id=f"copy-{copy}")  # fmt: skip

    drain(ctx)
    again = jobs.resolve_breath(game.game_id, opened)

    assert again == {"resolved": False}
    assert assert_breath_resolved_once(ctx, game.game_id) == 1


def test_a_late_job_of_an_earlier_phase_leaves_every_phase_resolved_once(
    ctx: WorkerContext,
) -> None:
    game = BreathGame(ctx.service)
    first = game.open_breath()
    drain(ctx)
    game.end_round()
    game.open_breath()

    jobs.resolve_breath(game.game_id, first)  # a copy of the first phase's job, delivered late
    drain(ctx)

    assert assert_breath_resolved_once(ctx, game.game_id) == 2
    assert game.phase() == "combat"


def test_the_reconciler_resolves_an_open_phase_that_has_no_job(ctx: WorkerContext) -> None:
    game = BreathGame(ctx.service)
    opened = game.open_breath()
    ctx.jobs.breath_queue.empty()  # the job is lost (say, Redis lost it)

    report = reconcile(ctx)

    assert report.breath_resolved == [game.game_id]
    assert game.phase() == "combat"
    assert assert_breath_resolved_once(ctx, game.game_id) == 1
    assert ctx.events.read(game.game_id, opened + 1)[-1].type == "BreathPhaseClosed"


def test_the_reconciler_finds_an_open_phase_inside_an_append() -> None:
    # Its stream's last entries, newest first; an entry holds a whole append's events.
    def entry(last: int, *types: str) -> tuple[bytes, dict[bytes, bytes]]:
        entry_id, fields, _ = written([NewEvent(t, {}) for t in types], last - len(types) + 1)
        return entry_id, fields

    opened = entry(8, "BreathDeclared", "BreathPhaseOpened", "AutoPassSet")
    assert _open_phase([entry(9, "Resigned"), opened]) == 7
    assert _open_phase([entry(8, "BreathPhaseOpened", "BreathPhaseClosed")]) is None
    assert _open_phase([entry(8, "GameEnded"), entry(5, "BreathPhaseOpened")]) is None
    assert _open_phase([entry(3, "TurnEnded", "TurnStarted")]) is None


def test_the_reconciler_leaves_a_live_job_alone_until_it_goes_stale(
    ctx: WorkerContext,
) -> None:
    game = BreathGame(ctx.service)
    game.open_breath()

    fresh = reconcile(ctx)
    time.sleep(ctx.settings.job_stale_s + 0.1)
    stale = reconcile(ctx)
    drain(ctx)  # the job comes at last: nothing left to do

    assert fresh.breath_live == [game.game_id] and fresh.breath_resolved == []
    assert stale.breath_resolved == [game.game_id]
    assert assert_breath_resolved_once(ctx, game.game_id) == 1


def test_the_reconciler_finds_an_open_phase_through_a_stale_projection(
    ctx: WorkerContext,
) -> None:
    game = BreathGame(ctx.service)
    game.open_breath()
    ctx.jobs.breath_queue.empty()
    ctx.client.delete(ctx.jobs.projection_queue.key)
    project(ctx, game.game_id)  # the lobby shows the phase, the stream is the judge

    report = reconcile(ctx)

    assert report.breath_resolved == [game.game_id]
    assert report.projections_requested == []  # the projection was current...
    assert ctx.jobs.projection_queue.due() == [game.game_id]  # ...the resolution asked again


def test_the_reconciler_catches_up_a_projection_whose_job_was_lost(
    ctx: WorkerContext,
) -> None:
    game = BreathGame(ctx.service)
    game.command(0, {"type": "end_turn"})
    ctx.client.delete(ctx.jobs.projection_queue.key)  # the pending flag stays: no job will clear it

    fresh = reconcile(ctx)
    time.sleep(ctx.settings.job_stale_s + 0.1)
    stale = reconcile(ctx)

    assert fresh.projections_caught_up == [] and fresh.projections_requested == []
    assert stale.projections_caught_up == [game.game_id]
    assert ctx.projections.load(game.game_id) == fresh_projection(ctx, game.game_id)
    assert ctx.jobs.pending_since_ms(game.game_id) is None  # cleared: the next append asks
    game.command(1, {"type": "end_turn"})
    assert ctx.jobs.projection_queue.due() == [game.game_id]


def started_by(ctx: WorkerContext, game: BreathGame, worker: str, started_s_ago: float) -> str:
    """The phase's job marked as started by `worker`, `started_s_ago` seconds ago (as RQ does
    when a worker takes it), without running it."""
    job_id = breath_job_id(game.game_id, game.open_breath())
    job = Job.fetch(job_id, connection=ctx.client, serializer=JSONSerializer)
    job.worker_name = worker
    job.started_at = datetime.now(UTC) - timedelta(seconds=started_s_ago)
    job.save()
    job.set_status(JobStatus.STARTED)
    ctx.jobs.breath_queue.remove(job_id)
    return job_id


def test_a_job_started_by_a_worker_whose_heartbeat_stopped_is_dead_at_once(
    ctx: WorkerContext,
) -> None:
    # Issue 21, item 7: a SIGKILLed worker's job counted as live for LOREKEEPER_JOB_STALE_S.
    game = BreathGame(ctx.service)
    started_by(ctx, game, heartbeat.worker_name(pid=999_999), started_s_ago=0)
    assert ctx.settings.job_stale_s > 0

    report = reconcile(ctx)

    assert report.breath_live == [] and report.breath_resolved == [game.game_id]
    assert assert_breath_resolved_once(ctx, game.game_id) == 1


def test_a_long_job_of_a_worker_that_beats_stays_live(ctx: WorkerContext) -> None:
    game = BreathGame(ctx.service)
    name = heartbeat.worker_name(pid=999_998)
    beating = heartbeat.Heartbeat(ctx.client, name, ttl_s=5)
    beating.start()
    try:
        started_by(ctx, game, name, started_s_ago=10 * ctx.settings.job_stale_s + 60)
        assert reconcile(ctx).breath_live == [game.game_id]
    finally:
        beating.stop()
    assert reconcile(ctx).breath_resolved == [game.game_id]  # it stopped beating


def test_a_bare_rq_workers_job_goes_stale_as_before(ctx: WorkerContext) -> None:
    game = BreathGame(ctx.service)
    started_by(ctx, game, "some-rq-worker", started_s_ago=0)
    assert reconcile(ctx).breath_live == [game.game_id]
    time.sleep(ctx.settings.job_stale_s + 0.1)
    assert reconcile(ctx).breath_resolved == [game.game_id]
