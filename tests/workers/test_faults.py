"""Crashes: SIGKILLed workers in the middle of breath resolution, and a restarted Redis.

Both run the real thing: `python -m workers` (the supervisor, its RQ worker process and
the reconciler) against a private redis-server; commands go through the GameService.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import redis
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from adapters.redis_jobs import breath_job_id
from adapters.redis_projections import projection_lag
from adapters.redis_server import RedisServerProcess
from lorekeeper.service import CommandResult
from lorekeeper.settings import Settings
from tests.workers.games import BreathGame, assert_breath_resolved_once, fresh_projection
from workers.context import WorkerContext, build_context, installed

APPEND_DELAY_S = 0.06  # the fault hook sleeps this long before and after each append


@contextmanager
def supervisor(redis_url: str, log: Path, **env: str) -> Iterator[subprocess.Popen[bytes]]:
    settings = {
        "REDIS_URL": redis_url,
        "LOREKEEPER_WORKER_PROCESSES": "1",
        "LOREKEEPER_RECONCILE_INTERVAL_S": "0.2",
        "LOREKEEPER_JOB_STALE_S": "1.5",  # longer than a worker takes to start again
        **env,
    }
    with log.open("wb") as sink:
        process = subprocess.Popen([sys.executable, "-m", "workers", "worker"],
                                   env={**os.environ, **settings}, stderr=sink)  # fmt: skip
        try:
            yield process
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def wait_until(predicate: Callable[[], object], timeout_s: float, what: str) -> None:
    deadline = time.monotonic() + timeout_s
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.005)


def wait_resolved(game: BreathGame) -> None:
    wait_until(lambda: game.phase() != "breath", 20, "the breath phase to be resolved")


def worker_pid_once_started(client: redis.Redis, job_id: str, timeout_s: float) -> int | None:
    """The pid of the worker running the job, once it has started; None if it never did."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        job = Job.fetch(job_id, connection=client, serializer=JSONSerializer)
        status = job.get_status()
        if status == JobStatus.STARTED and job.worker_name:
            pid = client.hget(f"rq:worker:{job.worker_name}", "pid")
            if pid is not None:
                return int(pid)
        if status not in (JobStatus.QUEUED, JobStatus.STARTED):
            return None
        time.sleep(0.002)
    return None


def assert_consistent(ctx: WorkerContext, games: list[BreathGame]) -> None:
    wait_until(lambda: projection_lag(ctx.client)["lagging"] == 0, 20, "the projections")
    for game in games:
        assert_breath_resolved_once(ctx, game.game_id)
        assert ctx.projections.load(game.game_id) == fresh_projection(ctx, game.game_id)


def test_sigkilled_workers_resolve_every_breath_phase_exactly_once(
    ctx: WorkerContext, tmp_path: Path
) -> None:
    # R-TRN-6, R-BRE-3, R-DIE-2: one resolution per phase, with the dice of the game's source
    games = [BreathGame(ctx.service, seed=f"kill-{i}") for i in range(2)]
    killed = {"before_append": 0, "after_append": 0}
    log = tmp_path / "workers.log"
    with supervisor(ctx.settings.redis_url, log,
                    LOREKEEPER_FAULT_APPEND_DELAY_MS=str(int(APPEND_DELAY_S * 1000))):  # fmt: skip
        for round_ in range(12):
            game = games[round_ % 2]
            opened = game.open_breath()
            pid = worker_pid_once_started(ctx.client, breath_job_id(game.game_id, opened), 10)
            if pid is not None:
                # Even rounds: kill before the append lands; odd rounds: after it, before RQ
                # records the job as done.
                time.sleep(
                    random.uniform(0, 0.03)
                    if round_ % 2 == 0
                    else random.uniform(APPEND_DELAY_S + 0.015, 2 * APPEND_DELAY_S - 0.01)
                )
                os.kill(pid, signal.SIGKILL)
                killed["before_append" if game.phase() == "breath" else "after_append"] += 1
            wait_resolved(game)
            game.end_round()
        assert_consistent(ctx, games)
    print(f"SIGKILLs: {killed}")
    assert killed["before_append"] >= 1 and killed["after_append"] >= 1, (killed, log.read_text())
    assert sum(assert_breath_resolved_once(ctx, g.game_id) for g in games) == 12


def kill_during_breath(ctx: WorkerContext, game: BreathGame) -> float | None:
    """Open a breath phase, SIGKILL the worker that started its job (mostly before its append
    lands), wait for the phase to be resolved: seconds from the kill to the resolution; None
    when there was nothing to recover (no worker started the job in time, or its append
    landed before the kill)."""
    opened = game.open_breath()
    pid = worker_pid_once_started(ctx.client, breath_job_id(game.game_id, opened), 10)
    if pid is None:
        wait_resolved(game)
        return None
    time.sleep(random.uniform(0, APPEND_DELAY_S))  # before the append lands, mostly
    os.kill(pid, signal.SIGKILL)
    killed_at = time.monotonic()
    if game.phase() != "breath":
        return None  # it landed first: nothing was left to recover
    wait_until(lambda: game.phase() != "breath", 10, "the phase, after the kill")
    return time.monotonic() - killed_at


def test_a_killed_workers_breath_job_runs_again_by_its_heartbeat_not_when_stale(
    ctx: WorkerContext, tmp_path: Path
) -> None:
    # Issue 21, item 7: the job of a SIGKILLed worker was taken for alive until it was
    # LOREKEEPER_JOB_STALE_S old. With staleness and reconciling an hour away, only the
    # heartbeat can bring the phase back within the 10 s waited here.
    games = [BreathGame(ctx.service, seed=f"beat-{i}") for i in range(2)]
    recovered = []
    with supervisor(ctx.settings.redis_url, tmp_path / "workers.log",
                    LOREKEEPER_JOB_STALE_S="3600", LOREKEEPER_RECONCILE_INTERVAL_S="3600",
                    LOREKEEPER_FAULT_APPEND_DELAY_MS=str(int(APPEND_DELAY_S * 1000))):  # fmt: skip
        for round_ in range(6):
            game = games[round_ % 2]
            seconds = kill_during_breath(ctx, game)
            if seconds is not None:
                recovered.append(seconds)
            game.end_round()
        assert_consistent(ctx, games)
    print("recovery after a SIGKILL, s:", " ".join(f"{s:.2f}" for s in sorted(recovered)))
    assert len(recovered) >= 3
    assert sum(assert_breath_resolved_once(ctx, g.game_id) for g in games) == 6


def test_a_redis_restart_loses_no_acknowledged_command(tmp_path: Path) -> None:
    with RedisServerProcess(appendonly=True, appendfsync="always") as server:
        client = redis.Redis.from_url(server.url)
        ctx = build_context(Settings(redis_url=server.url), client)
        acked: list[CommandResult] = []
        with installed(ctx), supervisor(server.url, tmp_path / "workers.log"):
            game = BreathGame(ctx.service)
            original_command = game.command

            def command(seat: int, body: dict[str, object]) -> CommandResult:
                result = original_command(seat, body)
                acked.append(result)
                return result

            game.command = command  # type: ignore[method-assign]

            def play_round(restart_while_open: bool) -> None:
                game.open_breath()
                if restart_while_open:
                    server.restart(kill=True)  # a crash: no shutdown, AOF fsync'd per write
                wait_resolved(game)
                game.end_round()

            play_round(restart_while_open=False)
            server.restart(kill=True)
            play_round(restart_while_open=True)
            play_round(restart_while_open=False)
            assert_consistent(ctx, [game])

        stored = {e.version: (e.type, e.payload) for e in ctx.events.read(game.game_id)}
        for result in acked:
            for event in result.events:
                assert stored[event.version] == (event.type, event.payload)
        assert assert_breath_resolved_once(ctx, game.game_id) == 3
        client.close()


def test_only_the_first_workers_project_and_the_others_resolve_breath(
    ctx: WorkerContext, tmp_path: Path
) -> None:
    # Two processes, one projection loop (LOREKEEPER_PROJECTION_LOOPS=1): a game's state stays
    # cached in the one process that folds it; breath jobs go to either process (R-TRN-6).
    games = [BreathGame(ctx.service, seed=f"split-{i}") for i in range(2)]
    log = tmp_path / "workers.log"
    with supervisor(ctx.settings.redis_url, log, LOREKEEPER_WORKER_PROCESSES="2"):
        for game in games:
            game.open_breath()
        for game in games:
            wait_resolved(game)
        assert_consistent(ctx, games)
    started = [json.loads(line) for line in log.read_text().splitlines()
               if '"supervisor.worker_started"' in line]  # fmt: skip
    assert sorted(e["projections"] for e in started[:2]) == [False, True]


def test_a_worker_without_projections_leaves_the_projection_queue_alone(
    ctx: WorkerContext, settings: Settings
) -> None:
    game = BreathGame(ctx.service)
    env = {**os.environ, "REDIS_URL": settings.redis_url}
    subprocess.run([sys.executable, "-m", "workers", "work", "--burst", "--no-projections"],
                   env=env, timeout=60, check=True, capture_output=True)  # fmt: skip
    assert ctx.jobs.projection_queue.due() == [game.game_id]
    assert ctx.projections.checkpoints([game.game_id])[0] == 0
