"""The API's work a command, in process, next to the ceiling app's for the same commands.

`python -m bench.in_process` plays three worked-out games (river_crossing, sky_council,
sky_trio) through each WSGI app called directly, the way gunicorn calls it (a WSGI environ
per request, `/v1` paths, the bench clients' headers), against a private redis-server with
AOF as shipped: Lorekeeper's app (`api.wsgi`'s, with the benchmark's settings) and the
ceiling (`bench/ceiling.py`: validate + one XADD). It prints the CPU a command of each
(`time.process_time` around each request: no HTTP server, no load generator, no workers).

`--instructions` runs each app again under valgrind's callgrind, counting the instructions of
the commands alone (collection is on only inside `itertools.starmap`, which runs them): a
count does not move with the machine, which a CPU time on a shared 2-core machine does by
±30 % from one run to the next (BENCHMARKS.md). It takes about 3 minutes an app.

`--instructions --part NAME` counts ours with one pure part of a command run twice (`PARTS`:
deciding, encoding, hashing …), or with `--part no_rate_limit` without the rate limit; the
difference from `--part plain` is that part's cost (BENCHMARKS.md, "Where the API's
instructions go"). These runs hold the rate limiter's leases for an hour: under valgrind,
some 50 times slower, a lease (0.5 s) would lapse long before its 16 requests, as it does
not at full speed.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import io
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from adapters.redis.server import RedisServerProcess
from bench.clients import command_request
from bench.games import Script, random_game
from bench.stack import LOREKEEPER_ENV
from bench.stats import percentile

SCENARIOS = ("river_crossing", "sky_council", "sky_trio")
Request = tuple[str, str, bytes, dict[str, str]]  # method, path, body, headers
WSGIApp = Callable[[dict[str, Any], Any], Iterable[bytes]]


def wsgi_environ(method: str, path: str, body: bytes, headers: dict[str, str]) -> dict[str, Any]:
    """The environ gunicorn would give the app for this request."""
    environ: dict[str, Any] = {
        "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "", "RAW_URI": path,
        "SERVER_NAME": "127.0.0.1", "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1", "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body), "wsgi.errors": sys.stderr, "wsgi.url_scheme": "http",
        "wsgi.version": (1, 0), "wsgi.multithread": False, "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }  # fmt: skip
    for name, value in headers.items():
        key = name.upper().replace("-", "_")
        environ[key if key == "CONTENT_TYPE" else f"HTTP_{key}"] = value
    return environ


def call(app: WSGIApp, request: Request) -> tuple[int, bytes]:
    """The status and body of `request` through `app`."""
    status: list[str] = []

    def start_response(line: str, headers: Any, exc_info: Any = None) -> None:
        status.append(line)

    body = b"".join(app(wsgi_environ(*request), start_response))
    return int(status[0].split(" ", 1)[0]), body


def command_requests(games: Sequence[tuple[str, Sequence[str], Script]]) -> list[Request]:
    """Every step of the games as bench/clients.py sends it, one of each game in turn."""
    requests: list[Request] = []
    for i in range(max(len(script.steps) for _, _, script in games)):
        for game_id, tokens, script in games:
            if i < len(script.steps):
                key = f"in-process-{len(requests)}"
                path, body, headers = command_request(game_id, tokens, script.steps[i], key)
                requests.append(("POST", path, body, headers))
    return requests


def _lorekeeper(url: str, scripts: Sequence[Script]) -> tuple[WSGIApp, list[Request]]:
    from api import create_app

    app = create_app({"REDIS_URL": url, **LOREKEEPER_ENV})
    games = []
    for script in scripts:
        body = json.dumps(script.create_body()).encode()
        status, reply = call(app, ("POST", "/v1/games", body, {"Content-Type": "application/json"}))
        if status != 201:
            raise RuntimeError(f"POST /v1/games: {status} {reply!r}")
        created = json.loads(reply)
        tokens = [s["token"] for s in sorted(created["seats"], key=lambda s: s["seat"])]
        games.append((created["game_id"], tokens, script))
    return app, command_requests(games)


def _ceiling(url: str, scripts: Sequence[Script]) -> tuple[WSGIApp, list[Request]]:
    os.environ["REDIS_URL"] = url
    from bench.ceiling import create_app

    fake = [(f"c{i}-{time.monotonic_ns()}", ["x"] * 8, s) for i, s in enumerate(scripts)]
    return create_app(), command_requests(fake)


APPS = {"ours": _lorekeeper, "ceiling": _ceiling}

# A part of our command: (module, name[, class]) of a pure function or method the request
# path calls through that name, so that running it twice costs it once more.
PARTS: dict[str, tuple[str, ...]] = {
    "decide": ("domain", "decide_and_fold"),
    "encode": ("adapters.redis.event_store", "encode_events"),
    "chain": ("adapters.redis.event_store", "chain_hashes"),
    "entries": ("adapters.redis.event_store", "entry_pairs"),
    "stored": ("adapters.redis.event_store", "_result", "RedisStreamEventStore"),
    "public": ("api.commands", "public_event"),
    "validate": ("api.commands", "validate_command"),
    "jsonify": ("api.commands", "jsonify"),
    "hash": ("lorekeeper.games.service", "command_hash"),
    "new_events": ("lorekeeper.games.log", "new_events"),
}
PART_CHOICES = ("plain", "no_rate_limit", *PARTS)


def run_twice(module_name: str, name: str, owner: str | None = None) -> None:
    """Make the function (or `owner`'s method) `name` of the module run twice a call."""
    holder: Any = importlib.import_module(module_name)
    if owner is not None:
        holder = getattr(holder, owner)
    once = getattr(holder, name)

    @functools.wraps(once)
    def twice(*args: Any, **kwargs: Any) -> Any:
        once(*args, **kwargs)
        return once(*args, **kwargs)

    setattr(holder, name, twice)


def prepare_part(part: str) -> None:
    """Set up a `--part` run (in the counted child, before the app is made)."""
    import adapters.redis.ratelimit

    adapters.redis.ratelimit.LEASE_TTL_S = 3600.0
    if part == "no_rate_limit":
        LOREKEEPER_ENV["LOREKEEPER_RATE_PER_S"] = "0"
    elif part != "plain":
        run_twice(*PARTS[part])


def run(app_name: str, warm_up: int, seed: str, counted: bool) -> dict[str, float]:
    """Play the commands through one app; the CPU a command (ms), or, `counted`, only run
    them inside `itertools.starmap` for callgrind to count."""
    scripts = [random_game(scenario, f"{seed}-{i}") for i, scenario in enumerate(SCENARIOS)]
    with RedisServerProcess(appendonly=True, appendfsync="always") as server:
        app, requests = APPS[app_name](server.url, scripts)
        for request in requests[:warm_up]:
            call(app, request)
        measured = requests[warm_up:]
        if counted:
            statuses = list(itertools.starmap(lambda *r: call(app, r)[0], measured))
            return {"commands": len(measured), "failed": sum(s != 200 for s in statuses)}
        cpu, failed = [], 0
        for request in measured:
            started = time.process_time()
            status, _ = call(app, request)
            cpu.append(time.process_time() - started)
            failed += status != 200
    return {"commands": len(measured), "failed": failed,
            "cpu_ms": 1000 * sum(cpu) / len(cpu), "p50_ms": 1000 * percentile(cpu, 50)}  # fmt: skip


def instructions(
    app_name: str, warm_up: int, seed: str, part: str | None = None
) -> dict[str, float]:
    """`run` under callgrind: the instructions of the measured commands (`part`: see PARTS)."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise SystemExit("--instructions needs valgrind (Debian's package valgrind)")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        command = [valgrind, "--tool=callgrind", "--collect-atstart=no",
                   "--toggle-collect=starmap_next", f"--callgrind-out-file={out}",
                   sys.executable, "-m", "bench.in_process", "--apps", app_name,
                   "--warm-up", str(warm_up), "--seed", seed, "--counted"]  # fmt: skip
        command += [] if part is None else ["--part", part]
        done = subprocess.run(command, capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": "0"})  # fmt: skip
    found = re.search(r"Collected : (\d+)", done.stderr)
    counted = json.loads(done.stdout.strip().splitlines()[-1])
    if found is None:
        raise RuntimeError(f"callgrind said no count: {done.stderr[-500:]}")
    return {**counted, "instructions_m": int(found.group(1)) / 1e6}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--apps", default="ours,ceiling", help="comma-separated: ours, ceiling")
    parser.add_argument("--warm-up", type=int, default=100, help="commands before measuring")
    parser.add_argument("--seed", default="in-process")
    parser.add_argument("--instructions", action="store_true", help="count under callgrind")
    parser.add_argument(
        "--part",
        choices=PART_CHOICES,
        help="with --instructions, ours: one part run twice (or no rate limit)",
    )
    parser.add_argument("--counted", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.part is not None:
        if not args.instructions and not args.counted:
            parser.error("--part goes with --instructions")
        args.apps = "ours"
        if args.counted:
            prepare_part(args.part)
    for app_name in args.apps.split(","):
        if args.counted:  # the child of --instructions: its result, as JSON, last
            print(json.dumps(run(app_name, args.warm_up, args.seed, counted=True)))
            continue
        if args.instructions:
            found = instructions(app_name, args.warm_up, args.seed, args.part)
            per_k = 1000 * found["instructions_m"] / max(1, found["commands"])
            what = f"{found['instructions_m']:,.0f} M instructions, {per_k:,.0f} k a command"
        else:
            found = run(app_name, args.warm_up, args.seed, counted=False)
            what = f"CPU {found['cpu_ms']:.3f} ms a command, p50 {found['p50_ms']:.3f} ms"
        commands, failed = int(found["commands"]), int(found["failed"])
        print(f"{app_name:8} {commands} commands ({failed} failed): {what}")


if __name__ == "__main__":
    main()
