"""Two checkouts of Lorekeeper side by side in one run: the finest comparison of a change.

    git worktree add /tmp/before <commit>
    python -m bench.ab /tmp/before --rounds 8

starts this checkout's API and the other's (gunicorn as `python -m bench` starts it, the
same Python and libraries) on one private Redis (AOF, appendfsync always), gives each its own
games, and runs measure 1's closed loop against each in turn, slice after slice, swapping
the order every round, so that both meet the same moments of a machine whose speed drifts by
±10 % within minutes. It prints each slice, then per figure the median of each side and the
median (and range) of the paired ratios, this / other, slice i against slice i of the round.

Measure 1 (`python -m bench`) compares ours with the ceiling, and its ratio moves by ±5 %
from run to run: a change worth a few per cent does not show there in five runs. Here the
two sides are the two versions, and a figure a change moves (the API's CPU, Redis's) shows
in the paired ratios. No workers run unless `--workers`: then each side has its own
workers' process, from its own checkout, on queues of its own (`LOREKEEPER_PROJECTION_QUEUE`
and `LOREKEEPER_BREATH_QUEUE` named after the side, for its API and its workers; the
reconcilers, which would project the other side's games too, every hour only), and the
workers' CPU a command is a figure too, with the projection lag (the age of the oldest
unprojected event among the side's games in play, sampled as measure 1 samples it: its
median per slice, and its percentiles over all of a side's samples; the rounds begin when
the games' first projections are done). Without, the API and Redis alone, as in measure 1's
"workers paused". `--slow-fsync-ms N`: on a slower disk (bench/slow_disk.py).
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Sequence
from pathlib import Path

from bench.clients import create_games
from bench.command_path import CLIENTS, ClosedLoop, Side, split
from bench.games import random_game
from bench.slow_disk import add_option, use_slow_disk
from bench.stack import ROOT, Stack
from bench.suite import SCENARIOS, wait_for_projections

FIGURES = ("commands/s", "API CPU ms/cmd", "Redis CPU ms/cmd", "p99 ms")
WORKERS_FIGURES = ("workers CPU ms/cmd", "lag p50 ms")


def side_env(side: str) -> dict[str, str]:
    """The queues of one side's API and workers (`--workers`)."""
    return {"LOREKEEPER_PROJECTION_QUEUE": f"projections-{side}",
            "LOREKEEPER_BREATH_QUEUE": f"breath-{side}",
            "LOREKEEPER_RECONCILE_INTERVAL_S": "3600"}  # fmt: skip


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("other", type=Path, help="another checkout (a git worktree)")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--slice-s", type=float, default=5.0)
    parser.add_argument("--warmup-s", type=float, default=1.0)
    parser.add_argument("--workers", action="store_true", help="run the workers too")
    add_option(parser)
    args = parser.parse_args(argv)
    use_slow_disk(args.slow_fsync_ms)
    other = args.other.absolute()
    if not (other / "api" / "wsgi.py").is_file():
        raise SystemExit(f"{other} is not a checkout of Lorekeeper")
    scripts = [random_game(SCENARIOS[i % 3], f"cmd-{i}") for i in range(9)]
    # Enough games that no client runs out (a game is about 250 commands; a client does up
    # to about 120 a second), or the last slices would be of fewer clients.
    per_client = max(20, math.ceil(args.rounds * (args.slice_s + args.warmup_s) * 120 / 200))
    pool = [scripts[i % len(scripts)] for i in range(CLIENTS * per_client)]
    with Stack() as stack:
        client = stack.client()
        redis_pid = int(client.info("server")["process_id"])
        roots = {"this": ROOT, "other": other}
        envs = {side: side_env(side) if args.workers else {} for side in roots}
        ports = {side: stack.start_gunicorn_in(root, side, "api.wsgi:app", "/healthz",
                                               envs[side])
                 for side, root in roots.items()}  # fmt: skip
        games = {side: create_games(port, pool) for side, port in ports.items()}
        loops = {side: ClosedLoop(port, split(games[side])) for side, port in ports.items()}
        if args.workers:  # the lag is of play, not of the games' first projections
            for side, root in roots.items():
                stack.start_workers_in(root, f"workers-{side}", envs[side])
            wait_for_projections(client, [g.game_id for side in games for g in games[side]],
                                 timeout_s=600)  # fmt: skip
        figures: dict[str, list[dict[str, float]]] = {"this": [], "other": []}
        pooled = {"this": Side(), "other": Side()}
        for r in range(args.rounds):
            for side in ("this", "other") if r % 2 == 0 else ("other", "this"):
                pids = {"server": stack.pid(side), "redis": redis_pid}
                if args.workers:
                    pids["workers"] = stack.pid(f"workers-{side}")
                done = loops[side].slice(args.warmup_s, args.slice_s, pids, client,
                                         sample_lag=args.workers)  # fmt: skip
                pooled[side].slices.append(done)
                one = Side([done])  # measure 1's figures, of this slice alone
                row = {"commands/s": one.rate, "API CPU ms/cmd": one.per_command("server"),
                       "Redis CPU ms/cmd": one.per_command("redis"),
                       "p99 ms": one.latency_ms(99)}  # fmt: skip
                if args.workers:
                    row["workers CPU ms/cmd"] = one.per_command("workers")
                    row["lag p50 ms"] = one.lag_ms(50) or 0.0
                figures[side].append(row)
                failed = f", {done.failed} failed" if done.failed else ""
                print(f"round {r + 1} {side:5} " + ", ".join(
                    f"{k} {v:,.2f}" for k, v in row.items()) + failed, flush=True)  # fmt: skip
    report(figures, pooled, workers=args.workers)


def report(
    figures: dict[str, list[dict[str, float]]], pooled: dict[str, Side], *, workers: bool
) -> None:
    """Each figure's median on both sides and their ratio, paired by round; with the workers,
    the projection lag of each side's pooled samples."""
    print()
    for figure in (*FIGURES, *WORKERS_FIGURES) if workers else FIGURES:
        this = [row[figure] for row in figures["this"]]
        that = [row[figure] for row in figures["other"]]
        paired = [a / b for a, b in zip(this, that, strict=True) if b]
        print(f"{figure:17} this {statistics.median(this):9,.2f}  other "
              f"{statistics.median(that):9,.2f}  this/other {statistics.median(paired):.3f} "
              f"({min(paired):.3f}-{max(paired):.3f})")  # fmt: skip
    if workers:  # a slice's 50 samples make a noisy p99: the sides' samples pooled
        for side, lag in pooled.items():
            print(f"oldest unprojected event, {side:5}: p50 {lag.lag_ms(50) or 0:.0f} ms, "
                  f"p90 {lag.lag_ms(90) or 0:.0f} ms, p99 {lag.lag_ms(99) or 0:.0f} ms "
                  f"({sum(len(s.lag_ms) for s in lag.slices)} samples)")  # fmt: skip


if __name__ == "__main__":
    main()
