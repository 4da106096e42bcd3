"""The demo against the real stack: a private redis-server, the API under gunicorn (gevent, as
scripts/run starts it) and `python -m workers` as processes. `python -m lorekeeper demo` plays
a whole game over HTTP; the worker resolves its breath phases and keeps the projections the
demo waits on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from adapters.redis.server import RedisServerProcess, free_port
from lorekeeper import demo

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 90.0  # a bound on a start, not a measure: a loaded machine starts slowly


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _final_board(base: str, game_id: str) -> Any:
    """The game's board once its projection has the game's end, or as it is after 10 s: the
    demo saw the end in its commands' answers, and the board follows within a projection
    round or so (a run that loaded the machine read it a round early once)."""
    deadline = time.monotonic() + 10
    while True:
        board = demo.Http(base).get(f"/games/{game_id}")  # waits out a 429 too
        if board["phase"] == "over" or time.monotonic() > deadline:
            return board
        time.sleep(0.1)


def _answers(url: str) -> bool:
    """Whether `url` answers 200, waiting out the rate limit (the demo used the bucket up)."""
    for _ in range(20):
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                return bool(response.status == 200)
        except urllib.error.HTTPError as error:
            if error.code != 429:
                return False
            time.sleep(float(error.headers.get("Retry-After", "1")))
        except OSError:
            return False
    return False


@pytest.fixture
def stack(
    redis_server: RedisServerProcess, redis_client: redis.Redis, tmp_path: Path
) -> Iterator[str]:
    """The API's URL, with gunicorn and one worker process on the private (emptied) Redis."""
    port = free_port()
    env = {
        **os.environ,
        "REDIS_URL": redis_server.url,
        "LOREKEEPER_WORKER_PROCESSES": "1",
        "LOREKEEPER_RECONCILE_INTERVAL_S": "1",
    }
    gunicorn = [
        sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}",
        "--workers", "2", "--worker-class", "gevent", "--worker-connections", "256",
        "--graceful-timeout", "2", "--no-control-socket", "--reuse-port",
        "--config", "gunicorn.conf.py", "api.wsgi:app",
    ]  # fmt: skip
    logs = {name: (tmp_path / f"{name}.log").open("wb") for name in ("api", "worker")}
    processes = [
        subprocess.Popen(gunicorn, cwd=ROOT, env=env, stderr=logs["api"]),
        subprocess.Popen(
            [sys.executable, "-m", "workers"], cwd=ROOT, env=env, stderr=logs["worker"]
        ),
    ]
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not _answers(f"{url}/readyz"):
            for process in processes:
                assert process.poll() is None, (tmp_path / "api.log").read_text()
            assert time.monotonic() < deadline, "the API did not answer /readyz"
            time.sleep(0.1)
        yield url
    finally:
        for process in reversed(processes):
            _stop(process)
        for log in logs.values():
            log.close()


@pytest.mark.timeout(60)
def test_the_demo_plays_a_whole_game_to_a_winner(stack: str, tmp_path: Path) -> None:
    started = time.monotonic()
    bind = stack.removeprefix("http://")  # as scripts/run was told: LOREKEEPER_BIND
    run = subprocess.run(
        [sys.executable, "-m", "lorekeeper", "demo", "--timeout", "45"],
        cwd=ROOT,
        env={**os.environ, "LOREKEEPER_BIND": bind},
        capture_output=True,
        text=True,
        timeout=50,
    )  # the command of docs/run/demo.md
    elapsed = time.monotonic() - started
    assert run.returncode == 0, run.stderr
    out = run.stdout.splitlines()

    assert out[-3].startswith("The winner is seat ")  # R-WIN-1
    viewer_url = out[-2].split()[-1]
    game_id = viewer_url.rsplit("/", 1)[-1]
    assert viewer_url == f"{stack}/v1/viewer/{game_id}"
    assert any("breath phase closes" in line for line in out)  # resolved by the worker
    board = _final_board(f"{stack}/v1", game_id)
    assert board["phase"] == "over" and board["winner"] in (0, 1)
    assert board["players"][board["winner"]]["banners"] >= 3
    # Server dice, revealed at the end: the viewer's first page says the audit verifies.
    assert demo.Http(stack).get(f"/games/{game_id}/audit")["verdict"] == "verified"
    assert _answers(viewer_url)
    _check_logs(tmp_path, stack, game_id)
    assert elapsed < 30, f"the demo took {elapsed:.1f} s"


@pytest.mark.timeout(120)
def test_the_demo_plays_a_clocked_game_where_one_seat_never_answers(stack: str) -> None:
    # CLK-4: docs/run/demo.md's `demo --clock S --idle-seat 1`; the worker times out north's turns
    run = subprocess.run(
        [sys.executable, "-m", "lorekeeper", "demo", "--url", stack, "--clock", "2",
         "--idle-seat", "1"],
        cwd=ROOT, capture_output=True, text=True, timeout=110,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr + run.stdout
    out = run.stdout.splitlines()
    game_id = out[-2].split()[-1].rsplit("/", 1)[-1]
    assert any("north's time for its turn ran out" in line for line in out), out
    assert any("seat 1 does not answer" in line for line in out)
    board = _final_board(stack, game_id)
    assert board["phase"] == "over"
    timeouts = [s["timeouts"] for s in board["clock"]["seats"]]
    assert timeouts[1] >= 1 and f"Seat 1 ran out of time {timeouts[1]} times." in out[-3]
    assert demo.Http(stack).get(f"/games/{game_id}/audit")["verdict"] == "verified"


def _check_logs(logs: Path, url: str, game_id: str) -> None:
    """Both processes wrote JSON lines; INFO says what happened, not every round."""
    api = [json.loads(line) for line in (logs / "api.log").read_text().splitlines()]
    worker = [json.loads(line) for line in (logs / "worker.log").read_text().splitlines()]
    assert f"Listening at: {url} " in " ".join(line["event"] for line in api)
    resolved = [line for line in worker if line["event"] == "breath.resolved"]
    assert resolved and all(line["game_id"] == game_id for line in resolved)
    assert all(isinstance(line["version"], int) for line in resolved)
    assert not [line for line in worker if line["event"] == "projection.caught_up"]
    assert len(worker) < 20 + 2 * len(resolved), [line["event"] for line in worker]
