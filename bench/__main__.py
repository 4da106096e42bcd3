"""`python -m bench`: every benchmark of issue 9 (and issue 15's lobby and player keys,
issue 16's open streams, issue 18's command path on a Redis Cluster next to one server), one
table. Under 10 minutes on 2 cores.

    python -m bench                       # the whole run
    python -m bench --slice-s 2 --rounds 1 --lag-s 4   # a quick look
    python -m bench --gunicorn-args "--workers 4"      # other gunicorn settings, both apps
    python -m bench --only streams        # open streams alone (bench/streams.py)
    python -m bench --only command --rounds 2 --slice-s 3   # the command path alone
    python -m bench.cluster                            # the cluster measure alone
    python -m bench --only command --slow-fsync-ms 3   # each flush of Redis 3 ms slower

Everything runs against processes this command starts (a private redis-server with AOF
`appendfsync always`, gunicorn on free localhost ports, `python -m workers`) and stops.
BENCHMARKS.md explains the method and the figures.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import shlex
import statistics
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass

import redis

from adapters.redis.keys import slots_key
from bench import games as g
from bench import open_loop
from bench.ceiling import xadd_rate
from bench.clients import Game, create_games, fake_games
from bench.cluster import cluster_rows
from bench.command_path import (
    CLIENTS,
    FSYNC_THRESHOLD_MS,
    LAG_SAMPLE_S,
    ClosedLoop,
    Side,
    Slice,
    alternate,
    ratio,
    slowest_fsync_ms,
    split,
    watch_fsync,
)
from bench.games import Script
from bench.lag import steady
from bench.players import lobby_rows, player_key_rows
from bench.report import Row, num, table
from bench.slow_disk import add_option, use_slow_disk
from bench.stack import DEFAULT_GUNICORN_ARGS, Stack
from bench.streams import (
    STREAMS,
    CommandSender,
    fanout_rows,
    far_apart,
    idle_games,
    idle_streams_rows,
)
from bench.suite import (
    SCENARIOS,
    finished_games,
    legal_rows,
    paused,
    replay_rows,
    verification_rows,
    wait_for_projections,
)
from bench.transparency import transparency_rows
from bench.webhooks import webhook_rows

HELLO = "hello (bare gunicorn)"
_SIDES = (HELLO, "ceiling", "ours", "ours, workers paused")
# Each game lasts about 250 commands. Measures 1 and 8 play two slices of ours a round (with
# the workers and paused; without streams and with), each after its warm-up, and a client
# that runs out of games stops (the slice says so): each client gets enough for a client
# rate of 160 commands/s (16 clients: 2,560/s; the fastest hour measured gave 1,950), and
# never fewer than 20.
_GAMES_PER_CLIENT = 20
_GAME_COMMANDS = 250
_CLIENT_RATE = 160
_RANDOM_GAME_STEPS = 80  # about what a random game of the benchmark takes, to the low side


def games_per_client(args: argparse.Namespace) -> int:
    """Games each of the 16 clients needs for two slices of ours a round."""
    seconds = args.rounds * 2 * (args.slice_s + args.warmup_s)
    return max(_GAMES_PER_CLIENT, math.ceil(seconds * _CLIENT_RATE / _GAME_COMMANDS))


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=4, help="alternating slices per app")
    parser.add_argument("--slice-s", type=float, default=5.0, help="measured seconds a slice")
    parser.add_argument("--warmup-s", type=float, default=1.0)
    parser.add_argument("--lag-s", type=float, default=15.0, help="the steady-rate run")
    parser.add_argument("--rate", type=float, default=100.0, help="commands/s of that run")
    parser.add_argument("--gunicorn-args", default=shlex.join(DEFAULT_GUNICORN_ARGS))
    parser.add_argument("--keep-logs", action="store_true", help="keep the servers' logs")
    parser.add_argument(
        "--no-cluster", action="store_true", help="leave out measure 8 (the Redis Cluster)"
    )
    parser.add_argument("--only", choices=["all", "streams", "command", "webhooks", "lag"],
                        default="all", help="command: measure 1 alone (the command path); "
                        "webhooks: measure 11 alone; lag: measures 2-3 alone (with --rate "
                        "near measure 1's, the lag under full load)")  # fmt: skip
    parser.add_argument("--open-rounds", type=int, default=2, help="rounds of measure 13")
    parser.add_argument("--streams", type=int, default=STREAMS, help="streams of measure 8")
    parser.add_argument("--fanout-commands", type=int, default=30)
    add_option(parser)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    started = time.monotonic()
    use_slow_disk(args.slow_fsync_ms)
    print(_banner(args), flush=True)
    scripts = [g.random_game(SCENARIOS[i % 3], f"cmd-{i}") for i in range(9)]
    rows: list[Row] = []
    if args.only == "webhooks":  # its own Redis and workers (bench/webhooks.py)
        print(table(section("11 webhooks", webhook_rows)))
        return 0
    with Stack(tuple(shlex.split(args.gunicorn_args))) as stack:
        client = stack.client()
        redis_pid = int(client.info("server")["process_id"])
        if args.only == "streams":
            port = stack.start_gunicorn("api", "api.wsgi:app", "/healthz")
            stack.start_workers()
            up = Running(stack, client, redis_pid, 0, port)
            rows += section("8 streams", lambda: stream_rows(args, up))
        elif args.only == "lag":
            port = stack.start_gunicorn("api", "api.wsgi:app", "/healthz")
            stack.start_workers()
            rows += section("2-3 projection lag and breath", lambda: lag_rows(args, client, port))
        else:
            hello_port = stack.start_gunicorn("hello", "bench.ceiling:hello", "/healthz")
            ceiling_port = stack.start_gunicorn("ceiling", "bench.ceiling:create_app()", "/healthz")
            port = stack.start_gunicorn("api", "api.wsgi:app", "/healthz")
            pool = [scripts[i % len(scripts)] for i in range(16 * games_per_client(args))]
            games = create_games(port, pool)
            stack.start_workers()
            wait_for_projections(client, [x.game_id for x in games])
            up = Running(stack, client, redis_pid, ceiling_port, port, hello_port)
            rows += section("1/8 command path", lambda: command_path_rows(args, up, games, pool))
            rows += section("13 open loop", lambda: open_loop_rows(args, up))
        if args.only == "all":
            rows += section("2-3/8 projection lag and breath", lambda: lag_rows(args, client, port))
            finished: list[str] = []
            memory_rows = section(
                "6/8 memory", lambda: _keep(finished, finished_games(client, port))
            )
            rows += section("4/8 replay", lambda: replay_rows(client, port))
            rows += section("4/8 verification", lambda: verification_rows(port, finished))
            # Its own database of the same Redis: the stack's log holds the bench's games.
            log_db = redis.Redis.from_url(stack.redis.url, db=3)
            rows += section("12 transparency log", lambda: transparency_rows(log_db))
            rows += section("8/8 streams", lambda: stream_rows(args, up))
            # Last: it lists 101,000 synthetic games (in databases 1 and 2 of the same Redis).
            rows += section("7 lobby pages", lambda: lobby_rows(stack.redis.url, first_db=1))
            rows += section("7 commands with player keys", lambda: player_key_rows(client))
        stack.keep_logs = args.keep_logs or any(r.value == "error" for r in rows)
    if args.only == "all":
        rows += section("5/6 legal actions", legal_rows) + memory_rows
        rows += section("11 webhooks", webhook_rows)
        if not args.no_cluster:  # its own servers: one Redis, a cluster, three gunicorns
            rows += section("8 cluster", lambda: cluster_rows(args))
    print()
    print(table(rows))
    kept = f"; the servers' logs: {stack.logs}" if stack.keep_logs else ""
    print(f"\n(ran in {time.monotonic() - started:.0f} s{kept})")
    return 0


def section(name: str, run: Callable[[], list[Row]]) -> list[Row]:
    """The rows of one measure; a measure that fails gives a row saying so, not a traceback."""
    print(f"{name} …", flush=True)
    try:
        return run()
    except Exception as exc:  # one broken measure must not hide the others
        traceback.print_exc()
        return [Row(f"{name}: failed", "error", "", False, repr(exc)[:200])]


def _keep(into: list[str], found: tuple[list[str], list[Row]]) -> list[Row]:
    into.extend(found[0])
    return found[1]


@dataclass(frozen=True)
class Running:
    stack: Stack
    client: redis.Redis
    redis_pid: int
    ceiling_port: int
    port: int
    hello_port: int = 0


def open_loop_rows(args: argparse.Namespace, up: Running) -> list[Row]:
    """Measure 13 (bench/open_loop.py), at shares of the ceiling's rate in measure 1."""
    pids = {"api": up.stack.pid("api"), "ceiling": up.stack.pid("ceiling")}
    return open_loop.open_loop_rows(up.port, up.ceiling_port, pids, _CEILING_RATE[-1],
                                    up.client, rounds=args.open_rounds, warmup_s=args.warmup_s,
                                    slice_s=args.slice_s)  # fmt: skip


_CEILING_RATE: list[float] = []  # measure 1's, for measure 13


def command_path_rows(
    args: argparse.Namespace, up: Running, games: list[Game], pool: list[Script]
) -> list[Row]:
    ceiling_loop = ClosedLoop(
        up.ceiling_port, split(fake_games(pool)), check_versions=False, cycle=True
    )
    hello_loop = ClosedLoop(up.hello_port, split(fake_games(pool)), check_versions=False,
                            cycle=True)  # fmt: skip
    ours_loop = ClosedLoop(up.port, split(games))
    workers = up.stack.pid("workers")
    hello_pids = {"server": up.stack.pid("hello")}
    ceiling_pids = {"server": up.stack.pid("ceiling"), "redis": up.redis_pid}
    ours_pids = {"server": up.stack.pid("api"), "redis": up.redis_pid, "workers": workers}
    sides = {name: Side() for name in _SIDES}

    def run(loop: ClosedLoop, pids: dict[str, int], *, lag: bool = False) -> Callable[[], Slice]:
        return lambda: loop.slice(args.warmup_s, args.slice_s, pids, up.client, sample_lag=lag)

    def run_paused() -> Slice:
        with paused(workers):
            return ours_loop.slice(args.warmup_s, args.slice_s, ours_pids, up.client)

    xadds: list[float] = []  # the raw pipelined XADD rate, once a round, between the slices
    watch_fsync(up.client)
    for _ in range(args.rounds):
        alternate(1, [
            (sides[HELLO], run(hello_loop, hello_pids)),
            (sides["ceiling"], run(ceiling_loop, ceiling_pids)),
            (sides["ours"], run(ours_loop, ours_pids, lag=True)),
            (sides["ours, workers paused"], run_paused),
        ])  # fmt: skip
        xadds.append(xadd_rate(up.client, args.slice_s))
    _CEILING_RATE.append(sides["ceiling"].rate)
    return _command_rows(sides, xadds, slowest_fsync_ms(up.client))


def _command_rows(sides: dict[str, Side], xadds: list[float], fsync_ms: int) -> list[Row]:
    ceiling = sides["ceiling"]
    rows = [Row("1 XADD/s, one client pipelining (Redis alone)", num(statistics.median(xadds)),
                "", None, f"100 a pipeline, one stream; per round: "
                f"{', '.join(num(x) for x in xadds)}"),
            Row("1 slowest AOF fsync during the measure", f"{fsync_ms} ms", "", None,
                f"Redis's latency monitor (over {FSYNC_THRESHOLD_MS} ms; 0: none)")]  # fmt: skip
    for name in _SIDES:
        side = sides[name]
        share = ratio(side, ceiling)
        cpu = " ".join(
            f"{k} {side.per_command(k):.2f}"
            for k in ("server", "workers", "redis", "loadgen")
            if side.cores(k) > 0
        )
        note = (
            f"p50 {num(side.latency_ms(50), 1)} ms, p99 {num(side.latency_ms(99), 1)} ms; "
            f"CPU ms/cmd: {cpu}; "
            f"Redis calls/cmd {side.redis_calls:.1f}; other load {side.cores('other'):.2f} cores"
        )
        if side.failed or side.mismatches:
            note += f"; {side.failed} failed {side.mismatches[:1]}"
        judged = name == "ours"  # the others are the reference and a breakdown
        # Issue 23's targets (round 1's were 0.6 × and 30 ms).
        target = {"ceiling": "", HELLO: "", "ours": "≥ 0.8 × ceiling"}.get(
            name, "(≥ 0.8 × ceiling)"
        )
        rows.append(Row(f"1 commands/s, {name}", f"{num(side.rate)} ({share:.2f}×)", target,
                        share >= 0.8 if judged else None, note))  # fmt: skip
        if name.startswith("ours"):
            p99 = side.latency_ms(99)
            rows.append(Row(f"  p99 latency, {name}", f"{num(p99, 1)} ms",
                            "≤ 25 ms" if judged else "(≤ 25 ms)",
                            p99 <= 25 if judged else None, _tail_note(side, ceiling)))  # fmt: skip
        if judged:
            rows += _cost_rows(side, ceiling)
        lag99 = side.lag_ms(99)
        if lag99 is not None:
            samples = sum(len(s.lag_ms) for s in side.slices)
            rows.append(Row(f"  oldest unprojected event p99, {name}", f"{num(lag99, 1)} ms",
                            "≤ 100 ms", lag99 <= 100,
                            f"p50 {num(side.lag_ms(50) or 0, 1)} ms; {samples} samples, "
                            f"one each {LAG_SAMPLE_S * 1000:.0f} ms"))  # fmt: skip
    return rows


def _tail_note(ours: Side, ceiling: Side) -> str:
    """The p99 beside the ceiling's, and each times its rate: in measure 1's closed loop (each
    client sends its next command when the last is answered) the latency is the rate read
    another way, and p99 × rate hardly moves with the machine's speed (BENCHMARKS.md, "a
    fifteenth session"), where the p99 alone does."""
    mine, theirs = ours.latency_ms(99), ceiling.latency_ms(99)
    return (f"the ceiling's {num(theirs, 1)} ms ({mine / theirs if theirs else 0:.2f}×); "
            f"p99 × rate {mine * ours.rate / 1000:.1f}, the ceiling's "
            f"{theirs * ceiling.rate / 1000:.1f} ({CLIENTS} clients in a closed loop)")  # fmt: skip


def _cost_rows(ours: Side, ceiling: Side) -> list[Row]:
    """Issue 23's two cost targets, judged in each run: the API's CPU a command within 0.3 ms
    of the ceiling's (the ratio beside it says how the gap would grow on a slower machine,
    where both take longer), and at most 5 Redis calls a command, the workers' included."""
    api, reference = ours.per_command("server"), ceiling.per_command("server")
    gap = api - reference
    calls = ours.redis_calls
    return [Row("  API CPU a command over the ceiling's, ours", f"{gap:+.2f} ms", "≤ 0.3 ms",
                gap <= 0.3, f"{api:.2f} against {reference:.2f} ms "
                f"({api / reference if reference else 0:.2f}×)"),
            Row("  Redis calls a command, ours", f"{calls:.1f}", "≤ 5", calls <= 5,
                "scripts' own calls and the workers' included")]  # fmt: skip


def lag_rows(args: argparse.Namespace, client: redis.Redis, port: int) -> list[Row]:
    """10 clients play random games, 6 play breath games. At a high `--rate` each random
    client gets games enough to last the run (a random game is about 100 commands)."""
    each = max(1, math.ceil(args.rate * (args.lag_s + 3) / 10 / _RANDOM_GAME_STEPS))
    scripts = [g.random_game(SCENARIOS[i % 3], f"lag-{i}") for i in range(10)]
    breath = [g.breath_game(f"breath-{i}", rounds=40) for i in range(6)]
    made = create_games(port, [s for s in scripts for _ in range(each)] + breath)
    wait_for_projections(client, [x.game_id for x in made])
    games: list[Game | list[Game]] = [made[i * each : (i + 1) * each] for i in range(10)]
    games += made[10 * each :]
    lag = steady(port, client, games, rate=args.rate, warmup_s=2.0, seconds=args.lag_s)
    rate_note = f"at {num(lag.rate)} commands/s; watcher looks every {lag.poll_ms:.1f} ms"
    return [
        Row("2 projection lag p50", f"{num(lag.lag_ms[0], 1)} ms", "", None,
            f"{lag.lag_samples} commands {rate_note}"),
        Row("2 projection lag p99", f"{num(lag.lag_ms[1], 1)} ms", "≤ 100 ms",
            lag.lag_ms[1] <= 100,
            f"{lag.lag_missing} not projected 1 s after the run; {lag.failed} failed"),
        Row("3 breath: resolution in the stream p50/p99",
            f"{num(lag.breath_stream_ms[0], 1)}/{num(lag.breath_stream_ms[1], 1)} ms", "", None,
            f"{lag.breath_samples} phases, same run"),
        Row("3 breath: resolved phase visible p99", f"{num(lag.breath_view_ms[1], 1)} ms",
            "≤ 250 ms", lag.breath_view_ms[1] <= 250,
            f"p50 {num(lag.breath_view_ms[0], 1)} ms; board view = projection checkpoint"),
    ]  # fmt: skip


def stream_rows(args: argparse.Namespace, up: Running) -> list[Row]:
    """Measure 8: commands/s with idle streams open, and fan-out (bench/streams.py)."""
    scripts = [g.random_game(SCENARIOS[i % 3], f"str-{i}") for i in range(9)]
    pool = [scripts[i % len(scripts)] for i in range(16 * games_per_client(args))]
    games = create_games(up.port, pool)
    idle = idle_games(up.port, 100)
    wait_for_projections(up.client, [x.game_id for x in games])
    pids = {"server": up.stack.pid("api"), "redis": up.redis_pid}
    pids["workers"] = up.stack.pid("workers")
    held = slots_key("streams:addr:127.0.0.1")  # the places the streams held (api/guards.py)
    rows = idle_streams_rows(
        up.port, games, idle, streams=args.streams, rounds=args.rounds,
        slice_once=lambda loop: loop.slice(args.warmup_s, args.slice_s, pids, up.client),
        settled=lambda: up.client.zcard(held) == 0,
    )  # fmt: skip
    sender = CommandSender(up.port)
    game = sender.create(far_apart())
    rows += fanout_rows(up.port, game, sender.send, streams=args.streams,
                        commands=args.fanout_commands, gap_s=0.2)  # fmt: skip
    return rows


def _banner(args: argparse.Namespace) -> str:
    load = os.getloadavg()[0]
    return (
        f"Lorekeeper benchmarks: {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"gunicorn {args.gunicorn_args}, load average {load:.2f} at start"
        + (f", each flush of Redis {args.slow_fsync_ms:g} ms slower" if args.slow_fsync_ms else "")
    )


if __name__ == "__main__":
    sys.exit(main())
