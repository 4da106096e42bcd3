"""Measure the workers on this machine, against a private redis-server (never 6379).

    PYTHONPATH=. .venv/bin/python bench/bench_workers.py [--jobs 400] [--games 20]

1. RQ worker classes: trivial jobs drained in burst mode by the forking `Worker` and by
   `SimpleWorker` (jobs/s); then projections, as RQ jobs of either class and by the
   projection loop that runs them now (projections/s).
2. The command path: `after_append` when a projection is already pending and when none is
   (one script either way: SET NX, and RPUSH when it takes the flag), and a bare RQ
   enqueue (µs per call).
3. A projection: full replay of a long game versus folding one turn onto a cached state,
   and the cost of rendering and saving the view (ms).
4. The CPU the projector spends per command: random games of the shipped scenarios, each
   given one command per round, every round projected together (µs of process time).
The numbers go into docs/workers.md; `python -m bench` measures the whole system.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import redis
from rq import Queue, SimpleWorker, Worker
from rq.serializers import JSONSerializer
from rq.worker import BaseWorker

from adapters.redis.server import RedisServerProcess
from adapters.views import view_json
from bench.games import Script, random_game
from domain import SeededDice, command_from_json, decide, evolve, new_game, resolve_breath
from domain.events import Event
from domain.notation import scenario_from_text
from domain.state import GameState
from domain.view import ALL_SEATS, board_view
from lorekeeper.games.game import Game
from lorekeeper.games.log import new_events
from lorekeeper.games.ports import NewEvent
from lorekeeper.players.lobby import lobby_entry
from lorekeeper.settings import Settings
from workers import context
from workers.context import WorkerContext, build_context, installed
from workers.projection_loop import ProjectionLoop, tune_collector

# Projections are not RQ jobs; to measure what they would cost as RQ jobs, this module's
# own job function does one.
PROJECT_FUNC = "bench.bench_workers.project_as_rq_job"

BOARD = """
. .   .   .   . .
 . ww0 gf1 gf1 . .
. .   .   .   . .
"""


def long_game(rounds: int) -> list[Event]:
    """Seat 0 breathes on both enemy units every turn (about 14 events a round)."""
    events = new_game(scenario_from_text(BOARD))
    state: GameState | None = None
    for event in events:
        state = evolve(state, event)
    assert state is not None
    dice, east = SeededDice("bench"), True
    for _ in range(rounds):
        path = [[2, 1], [3, 1], [4, 1]] if east else [[3, 1], [2, 1], [1, 1]]
        east = not east
        for seat, body in [(0, {"type": "order", "units": ["ww0"], "breath": ["ww0"]}),
                           (0, {"type": "fly", "unit": "ww0", "path": path}),
                           (0, {"type": "end_movement"}), (-1, {}),
                           (0, {"type": "end_turn"}), (1, {"type": "end_turn"})]:  # fmt: skip
            if seat == -1:
                new = resolve_breath(state, dice)
            else:
                new = decide(state, command_from_json(body), dice, seat)
            for event in new:
                state = evolve(state, event)
            events += new
    return events


def project_as_rq_job(game_id: str) -> None:
    context.current().projector.project([game_id])


def store_game(ctx: WorkerContext, game_id: str, events: list[Event]) -> None:
    new = [NewEvent(e.type, e.payload()) for e in events]
    ctx.events.create(game_id, new[:1])
    for start in range(1, len(new), 500):
        chunk = new[start : start + 500]
        ctx.events.append(game_id, start, chunk, seat=None, command_id=None, command_hash=None)


def drain(ctx: WorkerContext, worker_class: type[BaseWorker], queue: Queue) -> float:
    worker = worker_class([queue], connection=ctx.client, serializer=JSONSerializer)
    worker.subscribe = lambda: None  # type: ignore[method-assign]  # 1 s to stop, not measured
    started = time.perf_counter()
    worker.work(burst=True, logging_level="WARNING")
    return time.perf_counter() - started


def bench_trivial_jobs(ctx: WorkerContext, jobs: int) -> dict[str, float]:
    out = {}
    for name, worker_class in (("Worker (fork)", Worker), ("SimpleWorker", SimpleWorker)):
        queue = Queue("bench", connection=ctx.client, serializer=JSONSerializer)
        for _ in range(jobs):
            queue.enqueue_call("os.getpid", result_ttl=0)
        out[name] = jobs / drain(ctx, worker_class, queue)
    return out


def bench_projection_jobs(ctx: WorkerContext, games: int, rounds: int) -> dict[str, float]:
    """Each game has a long history; one more turn is appended and projected per round, as an
    RQ job (by each worker class) and by the projection loop. The first round is a process's
    first projection of each game (no cached state: a full replay)."""
    out = {}
    base = long_game(40)  # ~560 events
    rq_queue = Queue("bench-projections", connection=ctx.client, serializer=JSONSerializer)
    runners: dict[str, Callable[[list[str]], float]] = {
        "RQ Worker (fork) job": lambda ids: _rq_round(ctx, Worker, rq_queue, ids),
        "RQ SimpleWorker job": lambda ids: _rq_round(ctx, SimpleWorker, rq_queue, ids),
        "projection loop": lambda ids: _loop_round(ctx, ids),
    }
    for k, (name, run) in enumerate(runners.items()):
        ids = [f"p{k}-{i}" for i in range(games)]
        for game_id in ids:
            store_game(ctx, game_id, base)
        seconds = []
        for _ in range(rounds):
            for game_id in ids:
                version = ctx.events.version(game_id)
                turn = [NewEvent("TurnEnded", {"seat": version % 2, "turn": 1})]
                ctx.events.append(game_id, version, turn, seat=None, command_id=None,
                                  command_hash=None)  # fmt: skip
            seconds.append(run(ids))
        out[f"{name}, first per game"] = games / seconds[0]
        out[f"{name}, later"] = games * (rounds - 1) / sum(seconds[1:])
    return out


def _rq_round(
    ctx: WorkerContext, worker_class: type[BaseWorker], queue: Queue, ids: list[str]
) -> float:
    for game_id in ids:
        queue.enqueue_call(PROJECT_FUNC, args=(game_id,), result_ttl=0)
    return drain(ctx, worker_class, queue)


def _loop_round(ctx: WorkerContext, ids: list[str]) -> float:
    for game_id in ids:
        ctx.jobs.request_projection(game_id)
    started = time.perf_counter()
    ProjectionLoop(ctx).drain()
    return time.perf_counter() - started


def per_call_us(fn: Callable[[], Any], n: int) -> float:
    samples = []
    for _ in range(n):
        started = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples) * 1e6


def bench_after_append(ctx: WorkerContext, n: int) -> dict[str, float]:
    jobs, client = ctx.jobs, ctx.client
    jobs.after_append("busy", 1, ["UnitMoved"])  # the flag stays set from now on
    pending = per_call_us(lambda: jobs.after_append("busy", 2, ["UnitMoved"]), n)
    counter = iter(range(10**9))

    def not_pending() -> None:
        jobs.clear_pending(["idle"])
        jobs.after_append("idle", next(counter), ["UnitMoved"])

    flag_delete = per_call_us(lambda: jobs.clear_pending(["idle"]), n)
    fresh = per_call_us(not_pending, n) - flag_delete
    queue = Queue("bare", connection=client, serializer=JSONSerializer)
    bare = per_call_us(lambda: queue.enqueue_call(PROJECT_FUNC, args=("x",), result_ttl=0), n)
    return {"pending (the script; its SET NX refused)": pending,
            "not pending (the script: SET NX + RPUSH)": fresh,
            "bare RQ enqueue": bare}  # fmt: skip


def bench_fold(rounds: int) -> dict[str, float]:
    events = long_game(rounds)
    state: GameState | None = None
    started = time.perf_counter()
    for event in events:
        state = evolve(state, event)
    replay_ms = (time.perf_counter() - started) * 1000
    assert state is not None
    turn = long_game(rounds + 1)[len(events) :]
    started = time.perf_counter()
    for event in turn:
        evolve(state, event)
    fold_ms = (time.perf_counter() - started) * 1000
    started = time.perf_counter()
    view_json(board_view(state, ALL_SEATS))
    view_json(lobby_entry(Game("g", state, "", 0)))
    render_ms = (time.perf_counter() - started) * 1000
    return {f"replay {len(events)} events": replay_ms,
            f"fold one more round ({len(turn)} events)": fold_ms,
            "board_view + its JSON": render_ms}  # fmt: skip


def bench_projector(ctx: WorkerContext) -> dict[str, float]:
    events = long_game(70)
    store_game(ctx, "proj", events)
    started = time.perf_counter()
    ctx.log.replay("proj")
    read_fold_ms = (time.perf_counter() - started) * 1000
    return {f"read + replay {len(events)} events from Redis": read_fold_ms}


def bench_projection_cpu(ctx: WorkerContext, games: int, rounds: int) -> dict[str, float]:
    """Process CPU of Projector.project per command and per event: `games` random games
    (river_crossing, sky_council, sky_trio in turn) stored up to their 50th command, then
    `rounds` rounds of one more command each, every round's games projected at once (as the
    projection loop's rounds do under load, its collector tuned as the loop tunes it)."""
    scenarios = ("river_crossing", "sky_council", "sky_trio")
    scripts = [random_game(scenarios[i % 3], f"cpu{i}") for i in range(games)]
    ids = [f"cpu-{i}" for i in range(games)]
    steps = [min(50, len(script.steps) - 1) for script in scripts]
    for game_id, script, first in zip(ids, scripts, steps, strict=True):
        ctx.events.create(game_id, _stored(script, 0, script.steps[first].before))
    tune_collector()
    ctx.projector.project(ids)  # the first projection of each: a full replay, not measured
    cpu = 0.0
    commands = events = 0
    for _ in range(rounds):
        for i, (game_id, script) in enumerate(zip(ids, scripts, strict=True)):
            if steps[i] >= len(script.steps):
                continue
            step = script.steps[steps[i]]
            ctx.events.append(game_id, step.before,
                              _stored(script, step.before, step.after, step.body),
                              seat=step.seat, command_id=None, command_hash=None)  # fmt: skip
            steps[i] += 1
            commands += 1
            events += step.after - step.before
        started = time.process_time()
        ctx.projector.project(ids)
        cpu += time.process_time() - started
    return {f"per command ({commands} commands)": cpu / commands * 1e6,
            f"per event ({events} events)": cpu / events * 1e6}  # fmt: skip


def _stored(
    script: Script, start: int, end: int, command: dict[str, Any] | None = None
) -> list[NewEvent]:
    """Events start+1..end of the script as stored, the command with the first."""
    return new_events(script.events[start:end], command)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--jobs", type=int, default=400)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--cpu-games", type=int, default=32)
    parser.add_argument("--cpu-rounds", type=int, default=100)
    args = parser.parse_args()
    with RedisServerProcess() as server:
        client = redis.Redis.from_url(server.url)
        ctx = build_context(Settings(redis_url=server.url), client)
        with installed(ctx):
            report("trivial jobs drained (jobs/s)", bench_trivial_jobs(ctx, args.jobs))
            report("projections, one turn each on a 560-event game (per second)",
                   bench_projection_jobs(ctx, args.games, rounds=5))  # fmt: skip
            report("after_append on the command path (µs, median)",
                   bench_after_append(ctx, 2000))  # fmt: skip
            report("projection work (ms)", {**bench_fold(70), **bench_projector(ctx)})
            report("projector CPU (µs)",
                   bench_projection_cpu(ctx, args.cpu_games, args.cpu_rounds))  # fmt: skip
        client.close()


def report(title: str, values: dict[str, float]) -> None:
    print(title)
    for name, value in values.items():
        print(f"  {name:<48} {value:10.1f}")


if __name__ == "__main__":
    main()
