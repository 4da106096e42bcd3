"""A started API, as scripts/run starts it: gunicorn with its settings (gevent workers, two of
them) on a free port, against the suite's private Redis (emptied first). Each test says which
settings it needs; `jobs=inline`, so no worker process is needed."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import redis

from adapters.redis.server import RedisServerProcess, free_port

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 90.0  # a bound on a start, not a measure: a loaded machine starts slowly


@dataclass
class Api:
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
        timeout: float = 10.0,
    ) -> tuple[int, dict[str, str], Any]:
        """One request on its own connection: (status, headers, JSON body or None)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            data = None if body is None else json.dumps(body)
            sent = {**({"Content-Type": "application/json"} if data else {}), **(headers or {})}
            conn.request(method, path, data, sent)
            response = conn.getresponse()
            raw = response.read()
            parsed = json.loads(raw) if raw and response.getheader("Content-Length") else None
            return response.status, {k.lower(): v for k, v in response.getheaders()}, parsed
        finally:
            conn.close()

    def create_game(self, scenario: Any = "river_crossing", **options: Any) -> dict[str, Any]:
        status, _, body = self.request("POST", "/games", {"scenario": scenario, "options": options})
        assert status == 201, body
        return dict(body)

    def command(self, game: dict[str, Any], seat: int, body: Any, **kw: Any) -> int:
        auth = {"Authorization": f"Bearer {game['seats'][seat]['token']}"}
        status, _, reply = self.request(
            "POST", f"/games/{game['game_id']}/commands", body, auth, **kw
        )
        assert status == 200, reply
        return int(reply["version"])


@pytest.fixture
def start_api(
    redis_server: RedisServerProcess, redis_client: redis.Redis, tmp_path: Path
) -> Iterator[Callable[..., Api]]:
    """start_api(LOREKEEPER_…="…") -> a running Api; stopped when the test ends."""
    started: list[Api] = []

    def start(**settings: str) -> Api:
        port = free_port()
        env = {
            **os.environ,
            "REDIS_URL": redis_server.url,
            "LOREKEEPER_JOBS": "inline",
            "LOREKEEPER_ALLOW_SCRIPTED_DICE": "1",
            "LOREKEEPER_ALLOW_ANONYMOUS_GAMES": "1",  # as scripts/run allows
            **settings,
        }
        log = tmp_path / f"api-{port}.log"
        command = [sys.executable, "-m", "gunicorn", "--config", "gunicorn.conf.py",
                   "--bind", f"127.0.0.1:{port}", "--workers", "2", "--worker-class", "gevent",
                   "--worker-connections", "4096", "--graceful-timeout", "1",
                   "--no-control-socket", "--reuse-port", "api.wsgi:app"]  # fmt: skip
        with log.open("wb") as out:
            process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=out)
        api = Api(port, process, log)
        started.append(api)
        _wait_ready(api)
        return api

    yield start
    for api in started:
        api.process.terminate()
        try:
            api.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            api.process.kill()
            api.process.wait()


def _wait_ready(api: Api) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        assert api.process.poll() is None, api.log.read_text()
        try:
            if api.request("GET", "/readyz", timeout=1)[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.05)
    raise AssertionError(f"the API did not start:\n{api.log.read_text()}")


def answers_within(api: Api, path: str, seconds: float) -> bool:
    """Whether `path` answers 200 within `seconds` (a starved API does not)."""
    try:
        return api.request("GET", path, timeout=seconds)[0] == 200
    except OSError:  # the read timed out: no thread, or no connection, was free
        return False
