"""A worker killed in the middle of a breath phase: the phase is resolved in the supervisor's
tick that sees the death, whatever RQ had done with the phase's job (docs/workers.md,
"Recovery"). That tick comes within one heartbeat TTL and one tick of the kill, so the bound
is a sum of settings, not a time measured here.

Nothing waits on the clock: each death is made by hand (the job popped as a worker's BLPOP
pops it, a heartbeat key deleted as its TTL would delete it) and one tick or pass is run.
Staleness is an hour away, so only the death can bring a phase back.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from rq.job import Job
from rq.serializers import JSONSerializer

from adapters.redis.jobs import breath_job_id
from lorekeeper.settings import Settings
from tests.topologies import Topology
from tests.workers.games import BreathGame, assert_breath_resolved_once, drain
from workers import heartbeat
from workers.context import WorkerContext
from workers.reconcile import LOST_FLAG_S, reconcile
from workers.supervisor import TICK_S, Supervisor
from workers.worker import make_worker

STALE_S = 3600.0
BOUND_S = 3.0  # what a phase caught by a kill may wait at most


@pytest.fixture
def settings(topology: Topology) -> Settings:
    return topology.settings(job_stale_s=STALE_S)


def taken(ctx: WorkerContext, game: BreathGame) -> Job:
    """Open a phase; its job popped from the queue, as RQ's worker pops it, and never marked
    started: the worker was killed in between (RQ's gap, a few calls long)."""
    job_id = breath_job_id(game.game_id, game.open_breath())
    ctx.jobs.breath_queue.remove(job_id)
    return Job.fetch(job_id, connection=ctx.client, serializer=JSONSerializer)


def test_the_bound_is_the_heartbeat_ttl_and_a_tick() -> None:
    # A child's death is seen at the next tick; another host's worker's once its heartbeat
    # key lapses. Either way the phase is resolved in the tick that sees it.
    assert Settings().worker_heartbeat_s + 2 * TICK_S < BOUND_S


def test_a_job_taken_by_a_worker_that_died_is_resolved_by_the_pass_after_the_death(
    ctx: WorkerContext,
) -> None:
    game = BreathGame(ctx.service)
    taken(ctx, game)

    report = reconcile(ctx, lost_after_s=0.0)  # what the supervisor runs on a death

    assert report.breath_resolved == [game.game_id]
    assert assert_breath_resolved_once(ctx, game.game_id) == 1


def test_a_taken_job_not_started_is_lost_once_older_than_the_pass_waits(
    ctx: WorkerContext,
) -> None:
    # With no death seen (a worker on a host without a supervisor): a worker starts a job
    # it took within milliseconds, so one taken LOST_FLAG_S ago is its dead worker's.
    game = BreathGame(ctx.service)
    job = taken(ctx, game)
    assert reconcile(ctx, lost_after_s=STALE_S).breath_live == [game.game_id]

    job.enqueued_at = datetime.now(UTC) - timedelta(seconds=2 * LOST_FLAG_S)
    job.save()

    assert reconcile(ctx).breath_resolved == [game.game_id]
    assert assert_breath_resolved_once(ctx, game.game_id) == 1


def test_after_a_death_a_job_still_waiting_is_done_by_the_pass(ctx: WorkerContext) -> None:
    # No live worker may be there to take it (one worker, restarting): the pass does it, and
    # the job, run later, finds nothing to do.
    game = BreathGame(ctx.service)
    game.open_breath()

    assert reconcile(ctx, lost_after_s=0.0).breath_resolved == [game.game_id]
    drain(ctx)
    assert assert_breath_resolved_once(ctx, game.game_id) == 1


@pytest.fixture
def beating(ctx: WorkerContext) -> Iterator[str]:
    """A worker of another host, registered with RQ, whose heartbeat is current."""
    name = f"{heartbeat.PREFIX}elsewhere-999997"
    worker = make_worker(ctx, name)
    worker.register_birth()
    heartbeat.Heartbeat(ctx.client, name, ttl_s=STALE_S).beat()
    try:
        yield name
    finally:
        worker.register_death()


def test_the_supervisor_resolves_the_phase_in_the_tick_that_sees_the_heartbeat_stop(
    ctx: WorkerContext, beating: str
) -> None:
    supervisor = Supervisor(ctx)
    supervisor.tick()  # it beats
    game = BreathGame(ctx.service)
    taken(ctx, game)

    heartbeat.forget(ctx.client, beating)  # killed: its key lapses
    supervisor.tick()

    assert game.phase() == "combat"
    assert assert_breath_resolved_once(ctx, game.game_id) == 1


def test_a_worker_that_stops_cleanly_is_no_death(ctx: WorkerContext, beating: str) -> None:
    watch = heartbeat.Watch(ctx.client)
    assert not watch.died()  # it beats
    worker = make_worker(ctx, beating)
    worker.register_death()  # as RQ's teardown does, before the worker's key goes
    heartbeat.forget(ctx.client, beating)
    assert not watch.died()


def test_a_worker_still_registered_whose_key_is_gone_died(ctx: WorkerContext, beating: str) -> None:
    watch = heartbeat.Watch(ctx.client)
    assert not watch.died()
    heartbeat.forget(ctx.client, beating)
    assert watch.died() and not watch.died()  # once
