"""The processes a benchmark run starts, and only those: a private redis-server (AOF as
shipped: appendonly yes, appendfsync always), gunicorn for Lorekeeper and for the ceiling app
on free localhost ports, and the RQ workers (`python -m workers`). Stopped by their pids.
"""

from __future__ import annotations

import http.client
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import redis

from adapters.redis.server import RedisServerProcess, free_port

ROOT = Path(__file__).absolute().parent.parent
# scripts/run's gunicorn settings (gevent workers, so event streams hold no thread; logs as
# gunicorn.conf.py writes them); both apps get the same ones. `python -m bench
# --gunicorn-args "..."` tries others.
DEFAULT_GUNICORN_ARGS = (
    "--config", "gunicorn.conf.py",
    "--workers", os.environ.get("LOREKEEPER_WEB_WORKERS", "2"),
    "--worker-class", "gevent",
    "--worker-connections", os.environ.get("LOREKEEPER_WEB_CONNECTIONS", "4096"),
    "--no-control-socket",
    "--reuse-port",
)  # fmt: skip
# The rate limiter runs as shipped (one Redis script per request), but with buckets no
# benchmark client empties (its own, and its address's: every client runs on this host),
# and one client may open every stream of measure 8: the benchmarks measure speed, not
# the limits.
# Games are created without player keys, as scripts/run allows (the command-path benchmark
# with player keys signs its players up: bench/players.py).
LOREKEEPER_ENV = {
    "LOREKEEPER_RATE_PER_S": "1000000",
    "LOREKEEPER_RATE_BURST": "1000000",
    "LOREKEEPER_ADDRESS_RATE_PER_S": "1000000",
    "LOREKEEPER_ADDRESS_RATE_BURST": "1000000",
    "LOREKEEPER_PLAYERS_PER_ADDRESS": "1000000",
    "LOREKEEPER_ALLOW_ANONYMOUS_GAMES": "1",
    "LOREKEEPER_STREAMS_PER_CLIENT": "1000000",
}
# The workers as scripts/run starts them: one process (breath jobs and the projection loop).
WORKERS_ENV = {"LOREKEEPER_WORKER_PROCESSES": os.environ.get("LOREKEEPER_WORKER_PROCESSES", "1")}


class Stack:
    def __init__(self, gunicorn_args: tuple[str, ...] = DEFAULT_GUNICORN_ARGS) -> None:
        self.gunicorn_args = gunicorn_args
        self.logs = Path(tempfile.mkdtemp(prefix="lorekeeper-bench-"))
        self.keep_logs = False  # the servers' logs are removed at exit unless this is set
        self.redis = RedisServerProcess(appendonly=True, appendfsync="always")
        self._procs: dict[str, subprocess.Popen[bytes]] = {}
        self.ports: dict[str, int] = {}

    def __enter__(self) -> Stack:
        self.redis.start()
        return self

    def __exit__(self, exc_type: object, *exc: object) -> None:
        for name in reversed(list(self._procs)):
            self.stop(name)
        self.redis.close()
        if exc_type is None and not self.keep_logs:
            shutil.rmtree(self.logs, ignore_errors=True)

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.redis.url)

    def env(self, root: Path = ROOT, **more: str) -> dict[str, str]:
        env = {**os.environ, "REDIS_URL": self.redis.url, **LOREKEEPER_ENV, **WORKERS_ENV, **more}
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH")]))
        return env

    def start_gunicorn(self, name: str, app: str, probe: str, **env: str) -> int:
        """gunicorn serving `app` on a free port (`env` added to its environment); returns
        the port once `probe` answers."""
        return self.start_gunicorn_in(ROOT, name, app, probe, env)

    def start_gunicorn_in(
        self, root: Path, name: str, app: str, probe: str, env: dict[str, str] | None = None
    ) -> int:
        """As start_gunicorn, from the checkout at `root` (bench/ab.py starts another's)."""
        port = free_port()
        command = [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}"]
        command += [*self.gunicorn_args, app]
        self._spawn(name, command, env, root)
        _wait_http(port, probe, self._procs[name], self.logs / f"{name}.log")
        self.ports[name] = port
        return port

    def start_router(self, name: str, upstream_port: int) -> int:
        """bench/router.py in front of `upstream_port` (bench/layouts.py); its port."""
        port = free_port()
        self._spawn(name, [sys.executable, "-m", "bench.router", str(port), str(upstream_port)])
        _wait_http(port, "/healthz", self._procs[name], self.logs / f"{name}.log")
        self.ports[name] = port
        return port

    def pid(self, name: str) -> int:
        return self._procs[name].pid

    def start_workers(self, name: str = "workers", **env: str) -> None:
        self.start_workers_in(ROOT, name, env)

    def start_workers_in(self, root: Path, name: str, env: dict[str, str] | None = None) -> None:
        """As start_workers, from the checkout at `root` (bench/ab.py)."""
        self._spawn(name, [sys.executable, "-m", "workers"], env, root)

    def _spawn(
        self, name: str, command: list[str], env: dict[str, str] | None = None, root: Path = ROOT
    ) -> None:
        log = open(self.logs / f"{name}.log", "wb")  # noqa: SIM115  (the child keeps it)
        self._procs[name] = subprocess.Popen(
            command, cwd=root, env=self.env(root, **(env or {})), stdin=subprocess.DEVNULL,
            stdout=log, stderr=log,
        )  # fmt: skip
        log.close()

    def stop(self, name: str) -> None:
        process = self._procs.pop(name, None)
        if process is None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_http(port: int, path: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{process.args!r} exited; see {log}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", path)
            if conn.getresponse().status < 500:
                return
        except OSError:
            pass
        time.sleep(0.05)
    raise RuntimeError(f"nothing answered on port {port}; see {log}")
