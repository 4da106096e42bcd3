"""How the process layout was chosen (docs/streams.md): the command path under each candidate,
in alternating slices on one stack, so that whatever else the machine does weighs on all.

    python -m bench.layouts [--rounds 4] [--slice-s 4]

- **gthread**: the layout before issue 16 (2 workers × 8 threads); an open stream holds a
  thread, so it cannot hold thousands: the reference for the command path.
- **gevent**: the one layout chosen, every route on gevent workers.
- **gthread behind a router**: the split layout's best case. Streams would go to a gevent
  process of their own; everything else would pass a router to gthread. The router here is
  the cheapest there can be: it reads a connection's first request line, then only copies
  bytes both ways (no HTTP parsing: a real one must parse every request to route each one,
  and costs more). Its CPU counts with the server's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable

from bench import games as g
from bench.clients import create_games
from bench.command_path import ClosedLoop, Side, Slice, alternate, split
from bench.report import Row, num, table
from bench.stack import Stack
from bench.suite import SCENARIOS, wait_for_projections

COMMON = ("--config", "gunicorn.conf.py", "--workers", "2", "--no-control-socket", "--reuse-port")
GTHREAD = (*COMMON, "--worker-class", "gthread", "--threads", "8")
GEVENT = (*COMMON, "--worker-class", "gevent", "--worker-connections", "4096")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.layouts", description=__doc__)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--slice-s", type=float, default=4.0)
    parser.add_argument("--warmup-s", type=float, default=1.0)
    args = parser.parse_args(argv)
    scripts = [g.random_game(SCENARIOS[i % 3], f"layout-{i}") for i in range(9)]
    with Stack() as stack:
        client = stack.client()
        redis_pid = int(client.info("server")["process_id"])
        stack.gunicorn_args = GTHREAD
        ports = {"gthread": stack.start_gunicorn("gthread", "api.wsgi:app", "/healthz")}
        stack.gunicorn_args = GEVENT
        ports["gevent"] = stack.start_gunicorn("gevent", "api.wsgi:app", "/healthz")
        ports["router"] = stack.start_router("router", ports["gthread"])
        pool = [scripts[i % len(scripts)] for i in range(16 * (args.rounds * 2 + 4))]
        games = {name: create_games(port, pool) for name, port in ports.items()}
        stack.start_workers()
        wait_for_projections(client, [x.game_id for side in games.values() for x in side])
        sides = {name: Side() for name in ports}
        trees = {
            "gthread": [stack.pid("gthread")],
            "gevent": [stack.pid("gevent")],
            "router": [stack.pid("gthread"), stack.pid("router")],
        }

        def runner(name: str) -> Callable[[], Slice]:
            loop = ClosedLoop(ports[name], split(games[name]))
            pids = {f"server{i}": pid for i, pid in enumerate(trees[name])}
            pids.update(redis=redis_pid, workers=stack.pid("workers"))
            return lambda: loop.slice(args.warmup_s, args.slice_s, pids, client)

        alternate(args.rounds, [(sides[name], runner(name)) for name in ports])
    reference = sides["gthread"]
    rows = []
    for name, side in sides.items():
        pairs = zip(side.slices, reference.slices, strict=True)
        share = statistics.median(s.rate / r.rate for s, r in pairs if r.rate)
        server_ms = sum(side.per_command(k) for k in ("server0", "server1"))
        rows.append(Row(f"commands/s, {name}", f"{num(side.rate)} ({share:.2f}×)",
                        "", None, f"p50 {num(side.latency_ms(50), 1)} ms, p99 "
                        f"{num(side.latency_ms(99), 1)} ms; server CPU {server_ms:.2f} ms/cmd; "
                        f"slices {' '.join(f'{s.rate:.0f}' for s in side.slices)}; "
                        f"failed {side.failed}"))  # fmt: skip
    print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
