"""Crashes: SIGKILLed workers in the middle of breath resolution and of time-outs, and a
restarted Redis.

Both run the real thing: `python -m workers` (the supervisor, its RQ worker process and
the reconciler) against a private redis-server; commands go through the GameService.
"""

from __future__ import annotations

import contextlib
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
from rq import Worker

from adapters.redis.projections import projection_lag
from adapters.redis.server import RedisServerProcess
from domain.notation import scenario_from_text
from lorekeeper.audit.export import export_records, ndjson_lines
from lorekeeper.audit.verify import verify_lines
from lorekeeper.games.service import CommandResult
from lorekeeper.settings import Settings
from tests.topologies import Topology
from tests.workers.games import BreathGame, assert_breath_resolved_once, fresh_projection
from workers.context import WorkerContext, build_context, installed

APPEND_DELAY_S = 0.06  # the fault hook sleeps this long before and after each append
MARKERS = "markers"  # beside the workers' log: where the fault hook says which side it is on


@contextmanager
def supervisor(where: dict[str, str], log: Path, **env: str) -> Iterator[subprocess.Popen[bytes]]:
    """`python -m workers` on the Redis `where` names (REDIS_URL and the rest)."""
    settings = {
        **where,
        "LOREKEEPER_WORKER_PROCESSES": "1",
        "LOREKEEPER_RECONCILE_INTERVAL_S": "0.2",
        "LOREKEEPER_JOB_STALE_S": "1.5",  # longer than a worker takes to start again
        **env,
    }
    if "LOREKEEPER_FAULT_APPEND_DELAY_MS" in settings:
        (log.parent / MARKERS).mkdir(exist_ok=True)
        settings["LOREKEEPER_FAULT_MARKER_DIR"] = str(log.parent / MARKERS)
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


def forget_side(markers: Path, game_id: str) -> None:
    (markers / game_id).unlink(missing_ok=True)


def reached_side(
    markers: Path, game_id: str, side: str, at: int, spare: int, timeout_s: float = 10
) -> int | None:
    """The pid of the worker appending to the game after its event `at` once its fault hook
    announced `side` ("before" or "after" that append) and sleeps there; None once it is past
    it, on time-out, or when the one appending is `spare` (the supervisor, which resolves what
    it finds open). Other appends' announcements (a stale job run again, whose append is a
    no-op) are passed over."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            announced, pid, expected = (markers / game_id).read_text().split()
        except FileNotFoundError:
            announced, pid, expected = "", "0", "-1"
        if int(expected) == at:
            if announced == side:
                return None if int(pid) == spare else int(pid)
            if announced == "after":  # past "before"
                return None
        time.sleep(0.001)
    return None


def wait_for_a_worker(ctx: WorkerContext, killed: set[int]) -> None:
    """Until a worker the test did not kill is registered and alive: the supervisor takes a
    second to start one again, and resolves what it finds open meanwhile itself."""

    def ready() -> bool:
        pids = {w.pid for w in Worker.all(connection=ctx.client)} - killed
        return any(pid and _alive(pid) for pid in pids)

    wait_until(ready, 20, "a live worker")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def wait_resolved(game: BreathGame) -> None:
    wait_until(lambda: game.phase() != "breath", 20, "the breath phase to be resolved")


def assert_consistent(ctx: WorkerContext, games: list[BreathGame]) -> None:
    wait_until(lambda: projection_lag(ctx.games, ctx.client)["lagging"] == 0, 20,
               "the projections")  # fmt: skip
    for game in games:
        assert_breath_resolved_once(ctx, game.game_id)
        assert ctx.projections.load(game.game_id) == fresh_projection(ctx, game.game_id)


def test_sigkilled_workers_resolve_every_breath_phase_exactly_once(
    ctx: WorkerContext, topology: Topology, tmp_path: Path
) -> None:
    # R-TRN-6, R-BRE-3, R-DIE-2: one resolution per phase, with the dice of the game's source
    games = [BreathGame(ctx.service, seed=f"kill-{i}") for i in range(2)]
    killed = {"before_append": 0, "after_append": 0}
    pids_killed: set[int] = set()
    log = tmp_path / "workers.log"
    delay = str(int(APPEND_DELAY_S * 1000))
    with supervisor(topology.env(), log, LOREKEEPER_FAULT_APPEND_DELAY_MS=delay) as process:
        for round_ in range(8):
            game = games[round_ % 2]
            # Even rounds: kill before the append lands; odd rounds: after it, before RQ
            # records the job as done. The fault hook says when its worker is on that side.
            side = "before" if round_ % 2 == 0 else "after"
            forget_side(tmp_path / MARKERS, game.game_id)
            wait_for_a_worker(ctx, pids_killed)
            opened = game.open_breath()
            pid = reached_side(tmp_path / MARKERS, game.game_id, side, opened, process.pid)
            if pid is not None:
                os.kill(pid, signal.SIGKILL)
                pids_killed.add(pid)
                appended = ctx.events.read(game.game_id)[-1].version > opened
                killed["after_append" if appended else "before_append"] += 1
            wait_resolved(game)
            game.end_round()
        assert_consistent(ctx, games)
    print(f"SIGKILLs: {killed}")
    assert killed["before_append"] >= 1 and killed["after_append"] >= 1, (killed, log.read_text())
    assert sum(assert_breath_resolved_once(ctx, g.game_id) for g in games) == 8


def kill_during_breath(
    ctx: WorkerContext, game: BreathGame, markers: Path, spare: int, within_s: float = 10
) -> float | None:
    """Open a breath phase, SIGKILL the worker that started its job before its append lands
    (`markers`: the supervisor's fault marker directory; `spare`: its pid), wait for the phase
    to be resolved: seconds from the kill to the resolution; None when there was nothing to
    recover (no worker started the job in time, or its append landed before the kill)."""
    forget_side(markers, game.game_id)
    opened = game.open_breath()
    pid = reached_side(markers, game.game_id, "before", opened, spare)
    if pid is None:
        wait_resolved(game)
        return None
    time.sleep(random.uniform(0, APPEND_DELAY_S / 2))  # anywhere in the sleep before it
    os.kill(pid, signal.SIGKILL)
    killed_at = time.monotonic()
    if game.phase() != "breath":
        return None  # it landed first: nothing was left to recover
    wait_until(lambda: game.phase() != "breath", within_s, "the phase, after the kill")
    return time.monotonic() - killed_at


def test_a_killed_workers_breath_job_runs_again_by_its_heartbeat_not_when_stale(
    ctx: WorkerContext, topology: Topology, tmp_path: Path
) -> None:
    # Issue 21, item 7: the job of a SIGKILLed worker was taken for alive until it was
    # LOREKEEPER_JOB_STALE_S old. With staleness and reconciling an hour away, only the
    # worker's death (its heartbeat) can bring the phase back within the 10 s waited here.
    # The projection loop resolves breath too, so a kill in its append finds RQ anywhere,
    # also between taking the job and marking it started: the pass after the death does it.
    games = [BreathGame(ctx.service, seed=f"beat-{i}") for i in range(2)]
    recovered = []
    delay = str(int(APPEND_DELAY_S * 1000))
    with supervisor(topology.env(), tmp_path / "workers.log",
                    LOREKEEPER_JOB_STALE_S="3600", LOREKEEPER_RECONCILE_INTERVAL_S="3600",
                    LOREKEEPER_FAULT_APPEND_DELAY_MS=delay) as process:  # fmt: skip
        for round_ in range(6):
            game = games[round_ % 2]
            seconds = kill_during_breath(ctx, game, tmp_path / MARKERS, process.pid)
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
        with installed(ctx), supervisor({"REDIS_URL": server.url}, tmp_path / "workers.log"):
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
    ctx: WorkerContext, topology: Topology, tmp_path: Path
) -> None:
    # Two processes, one projection loop (LOREKEEPER_PROJECTION_LOOPS=1): a game's state stays
    # cached in the one process that folds it; breath jobs go to either process (R-TRN-6).
    games = [BreathGame(ctx.service, seed=f"split-{i}") for i in range(2)]
    log = tmp_path / "workers.log"
    with supervisor(topology.env(), log, LOREKEEPER_WORKER_PROCESSES="2"):
        for game in games:
            game.open_breath()
        for game in games:
            wait_resolved(game)
        assert_consistent(ctx, games)
    started = [json.loads(line) for line in log.read_text().splitlines()
               if '"supervisor.worker_started"' in line]  # fmt: skip
    assert sorted(e["projections"] for e in started[:2]) == [False, True]


def test_a_worker_without_projections_leaves_the_projection_queue_alone(
    ctx: WorkerContext, topology: Topology
) -> None:
    game = BreathGame(ctx.service)
    env = {**os.environ, **topology.env()}
    subprocess.run([sys.executable, "-m", "workers", "work", "--burst", "--no-projections"],
                   env=env, timeout=60, check=True, capture_output=True)  # fmt: skip
    assert ctx.jobs.projection_queue.due() == [game.game_id]
    assert ctx.projections.checkpoints([game.game_id])[0] == 0


def test_sigkilled_workers_apply_every_time_out_exactly_once(
    ctx: WorkerContext, topology: Topology, tmp_path: Path
) -> None:
    # CLK-4: a one-second clock the seats never answer; every turn times out (policy auto),
    # and workers are SIGKILLed while they apply the time-outs, before and after the append.
    created = ctx.service.create_game(
        scenario_from_text(CLOCK_BOARD), {"clock": {"kind": "per_turn", "turn_s": 1}}
    )
    game_id = created.game_id
    killed = {"before_append": 0, "after_append": 0}
    pids_killed: set[int] = set()
    log = tmp_path / "workers.log"
    # The reconciler's pass (in the supervisor) applies what it finds overdue too: an hour
    # away here, so that the workers' time-out jobs, the ones killed, apply them.
    delay = str(int(APPEND_DELAY_S * 1000))
    with supervisor(topology.env(), log, LOREKEEPER_CLOCK_POLL_MS="50",
                    LOREKEEPER_RECONCILE_INTERVAL_S="3600",
                    LOREKEEPER_FAULT_APPEND_DELAY_MS=delay) as process:  # fmt: skip
        for round_ in range(6):
            forget_side(tmp_path / MARKERS, game_id)  # the next time-out is a second away
            seen = time_outs(ctx, game_id)
            side = "before" if round_ % 2 == 0 else "after"
            wait_for_a_worker(ctx, pids_killed)
            at = ctx.events.read(game_id)[-1].version
            pid = reached_side(tmp_path / MARKERS, game_id, side, at, process.pid, 20)
            if pid is not None:
                with contextlib.suppress(ProcessLookupError):  # it may have just finished
                    os.kill(pid, signal.SIGKILL)
                pids_killed.add(pid)
                after = time_outs(ctx, game_id) > seen
                killed["after_append" if after else "before_append"] += 1
            wait_until(lambda: time_outs(ctx, game_id) > seen, 20, "the time-out")  # noqa: B023
        wait_until(lambda: projection_lag(ctx.games, ctx.client)["lagging"] == 0, 20,
                   "the projections")  # fmt: skip
    print(f"SIGKILLs: {killed}")
    assert killed["before_append"] >= 1 and killed["after_append"] >= 1, (killed, log.read_text())
    events = ctx.events.read(game_id)
    deadlines = [(e.payload["seat"], e.payload["deadline_ms"]) for e in events
                 if e.type == "TimedOut"]  # fmt: skip
    assert len(deadlines) >= 6 and len(set(deadlines)) == len(deadlines)  # once each
    lines = list(ndjson_lines(export_records(game_id, events, whole=True)))
    verdict = verify_lines(lines)
    assert verdict.verdict == "in_progress", verdict.report()  # chain, rules, clock: all hold
    assert f"{len(deadlines)} time-outs, each at or after its deadline" in verdict.checks["clock"]


def time_outs(ctx: WorkerContext, game_id: str) -> int:
    return sum(e.type == "TimedOut" for e in ctx.events.read(game_id))


CLOCK_BOARD = """
. .   .   .   .
 . bf0 .  .   .
. .   .  rf1  .
"""
