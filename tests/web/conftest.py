"""The browser client (clients/web) in a real headless Chromium (Debian's, driven by
Playwright, as tests/viewer does: never a downloaded browser), against the real stack:
gunicorn (gevent, as scripts/run starts it), a worker process and a private redis-server.

The client is built from its lock first (scripts/web). Screenshots are kept in
var/test-artefacts/web/ (the run prints where).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from playwright.sync_api import Browser, sync_playwright

from adapters.redis.server import RedisServerProcess, free_port

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "var" / "test-artefacts" / "web"
CHROMIUM = os.environ.get("LOREKEEPER_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# Every browser of these tests shares one address (127.0.0.1), where real players each have
# their own: the per-address budgets are raised so that they do not stand in for players'.
STACK_ENV = {
    "LOREKEEPER_WORKER_PROCESSES": "1",
    "LOREKEEPER_RECONCILE_INTERVAL_S": "1",
    "LOREKEEPER_ADDRESS_RATE_PER_S": "1000",
    "LOREKEEPER_ADDRESS_RATE_BURST": "3000",
    "LOREKEEPER_PLAYERS_PER_ADDRESS": "1000",
    "LOREKEEPER_RATE_PER_S": "200",
    "LOREKEEPER_RATE_BURST": "400",
}


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if SHOTS.is_dir() and any(SHOTS.glob("*.png")):
        terminalreporter.write_line(f"browser client screenshots (phone and desktop): {SHOTS}")


@pytest.fixture(scope="session")
def built_client() -> Path:
    """clients/web/dist, built now from this tree's locks and spec (scripts/web)."""
    build = subprocess.run(
        [str(ROOT / "scripts" / "web")], cwd=ROOT, capture_output=True, text=True, timeout=900
    )
    assert build.returncode == 0, build.stdout + build.stderr
    return ROOT / "clients" / "web" / "dist"


@pytest.fixture(scope="module")
def stack(
    built_client: Path, redis_server: RedisServerProcess, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """The server's URL: gunicorn and one worker process on the private Redis, emptied."""
    redis.Redis.from_url(redis_server.url).flushall()
    logs_dir = tmp_path_factory.mktemp("stack")
    port = free_port()
    env = {**os.environ, **STACK_ENV, "REDIS_URL": redis_server.url}
    gunicorn = [
        sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}",
        "--workers", "2", "--worker-class", "gevent", "--worker-connections", "256",
        "--graceful-timeout", "2", "--no-control-socket", "--reuse-port",
        "--config", "gunicorn.conf.py", "api.wsgi:app",
    ]  # fmt: skip
    logs = {name: (logs_dir / f"{name}.log").open("wb") for name in ("api", "worker")}
    processes = [
        subprocess.Popen(gunicorn, cwd=ROOT, env=env, stderr=logs["api"]),
        subprocess.Popen(
            [sys.executable, "-m", "workers"], cwd=ROOT, env=env, stderr=logs["worker"]
        ),
    ]
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90  # a bound on a start, not a measure
        while not _ready(f"{url}/readyz"):
            for process in processes:
                assert process.poll() is None, (logs_dir / "api.log").read_text()
            assert time.monotonic() < deadline, "the API did not answer /readyz"
            time.sleep(0.1)
        yield url
    finally:
        for process in reversed(processes):
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for log in logs.values():
            log.close()


def _ready(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: run scripts/ensure_chromium.sh", pytrace=False)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()
