"""Measure 8: the command path on a Redis Cluster next to one server, in the same run.

    python -m bench.cluster [--rounds 3] [--slice-s 5]     # this measure alone
    python -m bench                                         # with every other one

One redis-server (AOF, appendfsync always, as bench/stack.py) holds everything for the
"one server" side and the queues and cross-game indexes for the cluster sides; a Redis
Cluster of 3 masters and 3 replicas (every node AOF, appendfsync always) holds the cluster
sides' games. Each side has its own gunicorn (scripts/run's settings) and `python -m workers`
(the two cluster sides share theirs); 16 clients play each side's own games in alternating
slices, so whatever else the machine does weighs on every side alike.

Besides the rates, each slice says where the CPU went per command: the API, the workers, the
one server (on the cluster sides: the coordination Redis only), the cluster's masters and its
replicas. The capacity rows turn those into commands/s per core of each; every process here
shares the same 2 cores, so they say what one more core of each is worth, not what this
machine reaches. Then, in this process, one append's cost on each (µs of wall time and of this
process's CPU, best of a few runs): what the cluster lane and WAIT add to a command.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import redis
from redis.crc import key_slot

from adapters.redis.cluster_server import RedisClusterProcess
from adapters.redis.event_store import RedisStreamEventStore
from adapters.redis.topology import ReplicaWait, cluster_client
from bench import games as g
from bench.clients import create_games
from bench.command_path import ClosedLoop, Side, Slice, alternate, split
from bench.report import Row, num, table
from bench.stack import Stack
from bench.suite import SCENARIOS, wait_for_projections
from lorekeeper.games.ports import NewEvent

SIDES = ("one server", "cluster", "cluster, WAIT 1")
_GAMES_PER_CLIENT = 12
_GROUPS = ("server", "workers", "redis", "masters", "replicas", "loadgen")


@dataclass
class CallCounter:
    """Redis commands processed by the servers a side's commands go to (for ClosedLoop,
    which asks `info("stats")`): the one server, and the cluster's masters."""

    clients: Sequence[redis.Redis]

    def info(self, section: str) -> dict[str, int]:
        total = sum(int(c.info("stats")["total_commands_processed"]) for c in self.clients)
        return {"total_commands_processed": total}


@dataclass
class Up:
    stack: Stack
    cluster: RedisClusterProcess
    ports: dict[str, int]
    pids: dict[str, dict[str, int]]  # side -> process group -> pid
    counters: dict[str, CallCounter]


def cluster_rows(args: argparse.Namespace) -> list[Row]:
    """Measure 8, every row: the three sides, the capacity model, the append in process."""
    with Stack() as stack, _cluster() as cluster:
        up = _start(stack, cluster)
        sides = _command_path(args, up)
        rows = _rate_rows(sides) + _capacity_rows(sides)
        rows += _append_rows(stack.client(), cluster)
        stack.keep_logs = getattr(args, "keep_logs", False)
    return rows


@contextmanager
def _cluster() -> Iterator[RedisClusterProcess]:
    # The test suite's node timeout is 1 s; nothing fails over here, so the default 15 s.
    with RedisClusterProcess(node_timeout_ms=15000, appendonly=True, appendfsync="always") as c:
        yield c


def _start(stack: Stack, cluster: RedisClusterProcess) -> Up:
    on_cluster = {"REDIS_URL": cluster.url, "LOREKEEPER_QUEUE_REDIS_URL": stack.redis.url}
    ports = {
        "one server": stack.start_gunicorn("api", "api.wsgi:app", "/healthz"),
        "cluster": stack.start_gunicorn("api-cluster", "api.wsgi:app", "/healthz", **on_cluster),
        "cluster, WAIT 1": stack.start_gunicorn(
            "api-wait", "api.wsgi:app", "/healthz", **on_cluster, LOREKEEPER_WAIT_REPLICAS="1"
        ),
    }
    stack.start_workers("workers")
    stack.start_workers("workers-cluster", **on_cluster)
    single = stack.client()
    redis_pid = int(single.info("server")["process_id"])
    masters = [n.pid or 0 for n in cluster.nodes[: cluster.masters]]
    replicas = [n.pid or 0 for n in cluster.nodes[cluster.masters :]]
    on_nodes = {f"masters{i}": p for i, p in enumerate(masters)}
    on_nodes |= {f"replicas{i}": p for i, p in enumerate(replicas)}
    pids = {
        "one server": {"server": stack.pid("api"), "workers": stack.pid("workers"),
                       "redis": redis_pid},
        "cluster": {"server": stack.pid("api-cluster"), "workers": stack.pid("workers-cluster"),
                    "redis": redis_pid, **on_nodes},
        "cluster, WAIT 1": {"server": stack.pid("api-wait"),
                            "workers": stack.pid("workers-cluster"), "redis": redis_pid,
                            **on_nodes},
    }  # fmt: skip
    node_clients = [cluster.client(n) for n in cluster.nodes[: cluster.masters]]
    counters = {
        "one server": CallCounter([single]),
        "cluster": CallCounter([single, *node_clients]),
        "cluster, WAIT 1": CallCounter([single, *node_clients]),
    }
    return Up(stack, cluster, ports, pids, counters)


def _command_path(args: argparse.Namespace, up: Up) -> dict[str, Side]:
    scripts = [g.random_game(SCENARIOS[i % 3], f"cluster-{i}") for i in range(9)]
    pool = [scripts[i % len(scripts)] for i in range(16 * _GAMES_PER_CLIENT)]
    games_client = cluster_client(up.cluster.url)
    loops = {}
    for side in SIDES:
        games = create_games(up.ports[side], pool)
        reader: Any = up.stack.client() if side == "one server" else games_client
        wait_for_projections(reader, [x.game_id for x in games], timeout_s=120)
        loops[side] = ClosedLoop(up.ports[side], split(games))
    sides = {name: Side() for name in SIDES}

    def run(side: str) -> Callable[[], Slice]:
        counter: Any = up.counters[side]
        return lambda: _grouped(loops[side].slice(args.warmup_s, args.slice_s,
                                                  up.pids[side], counter))  # fmt: skip

    alternate(args.rounds, [(sides[name], run(name)) for name in SIDES])
    games_client.close()
    return sides


def _grouped(slice_: Slice) -> Slice:
    """The slice's CPU with the cluster's nodes summed as `masters` and `replicas`."""
    grouped: dict[str, float] = {}
    for name, seconds in slice_.cpu_s.items():
        group = name.rstrip("0123456789")
        grouped[group] = grouped.get(group, 0.0) + seconds
    slice_.cpu_s = grouped
    return slice_


def _rate_rows(sides: dict[str, Side]) -> list[Row]:
    reference = sides["one server"]
    rows = []
    for name in SIDES:
        side = sides[name]
        pairs = zip(side.slices, reference.slices, strict=True)
        share = statistics.median(s.rate / r.rate for s, r in pairs if r.rate)
        cpu = " ".join(f"{k} {side.per_command(k):.3f}" for k in _GROUPS if side.cores(k) > 0)
        note = (f"p50 {num(side.latency_ms(50), 1)} ms, p99 {num(side.latency_ms(99), 1)} ms; "
                f"CPU ms/cmd: {cpu}; Redis calls/cmd {side.redis_calls:.1f}; "
                f"other load {side.cores('other'):.2f} cores")  # fmt: skip
        if side.failed or side.mismatches:
            note += f"; {side.failed} failed {side.mismatches[:1]}"
        rows.append(Row(f"8 commands/s, {name}", f"{num(side.rate)} ({share:.2f}×)", "", None,
                        note))  # fmt: skip
    return rows


def _capacity_rows(sides: dict[str, Side]) -> list[Row]:
    """Commands/s one core of each part would carry at the CPU per command measured (each
    command's game lives on one master; the coordination Redis sees every command)."""
    rows = []
    for name in ("one server", "cluster, WAIT 1"):
        side = sides[name]
        parts = [("API process", "server"), ("worker process", "workers")]
        parts += [("the one Redis", "redis")] if name == "one server" else [
            ("Redis master", "masters"), ("coordination Redis", "redis")]  # fmt: skip
        for label, group in parts:
            ms = side.per_command(group)
            value = num(1000 / ms) if ms else "n/a"
            note = f"commands/s per core at {ms:.3f} ms CPU a command"
            rows.append(Row(f"8 capacity, {name}: {label}", value, "", None, note))
    return rows


def _append_rows(single: redis.Redis, cluster: RedisClusterProcess) -> list[Row]:
    """One append in this process, on each: best of 5 runs of 300 appends."""
    games = cluster_client(cluster.url)
    stores = {
        "one server": RedisStreamEventStore(single),
        "cluster": RedisStreamEventStore(games, index=single),
        "cluster, WAIT 1": RedisStreamEventStore(games, index=single, wait=ReplicaWait(1, 1000)),
    }
    rows = []
    for name, store in stores.items():
        game_id = f"append-{name.replace(' ', '').replace(',', '')}"
        server = single if name == "one server" else _master_of(cluster, game_id)
        server.config_resetstat()
        wall, cpu = _append_cost(store, game_id)
        script_us = server.info("commandstats").get("cmdstat_evalsha", {}).get("usec_per_call")
        note = (f"{cpu:.0f} µs of this process's CPU; the script {script_us} µs of Redis's; "
                "best of 5 × 300 appends")  # fmt: skip
        rows.append(Row(f"8 append in process, {name}", f"{wall:.0f} µs", "", None, note))
    games.close()
    return rows


def _master_of(cluster: RedisClusterProcess, key: str) -> redis.Redis:
    return cluster.client(cluster.owner(key_slot(key.encode())))


def _append_cost(store: RedisStreamEventStore, game_id: str, n: int = 300) -> tuple[float, float]:
    store.create(game_id, [NewEvent("GameStarted", {})])
    version, best = 1, (float("inf"), float("inf"))
    event = NewEvent("UnitMoved", {"unit": "bf0", "path": [[1, 2], [2, 2]]})
    for _ in range(5):
        wall0, cpu0 = time.perf_counter(), time.process_time()
        for i in range(n):
            store.append(game_id, version, [event], seat=0, command_id=f"c{version}-{i}",
                         command_hash="h")  # fmt: skip
            version += 1
        wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
        best = min(best, (wall / n * 1e6, cpu / n * 1e6))
    return best


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.cluster", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--rounds", type=int, default=3, help="alternating slices per side")
    parser.add_argument("--slice-s", type=float, default=5.0, help="measured seconds a slice")
    parser.add_argument("--warmup-s", type=float, default=1.0)
    parser.add_argument("--keep-logs", action="store_true", help="keep the servers' logs")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    started = time.monotonic()
    rows = cluster_rows(args)
    print(table(rows))
    print(f"\n(ran in {time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
