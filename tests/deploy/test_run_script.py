"""scripts/run as a person uses it: it comes up, its logs are JSON lines that say where the API
listens, and a Ctrl-C stops the stack with a calm word and nothing left running."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from adapters.redis.server import RedisServerProcess, free_port

ROOT = Path(__file__).resolve().parents[2]


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.timeout(90)
def test_scripts_run_comes_up_logs_json_and_stops_calmly_on_ctrl_c(
    redis_server: RedisServerProcess, tmp_path: Path
) -> None:
    port = free_port()
    env = {
        **os.environ,
        "REDIS_URL": redis_server.url,  # used as it answers: no Redis of its own
        "LOREKEEPER_BIND": f"127.0.0.1:{port}",
        "LOREKEEPER_WEB_WORKERS": "1",
    }
    with (tmp_path / "stderr").open("w") as err:
        # SIGINT as a terminal's shell leaves it: a suite started in the background (`cmd &`
        # without job control) inherits SIGINT ignored, and a shell started with a signal
        # ignored cannot trap it. Its own session: nothing it leaves behind outlives the test
        # (its workers would take the jobs of the tests after it on the same Redis).
        run = subprocess.Popen(["scripts/run"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                               stderr=err, text=True, start_new_session=True,
                               preexec_fn=_default_sigint)  # fmt: skip
        try:
            assert run.stdout is not None
            with run.stdout:  # both lines it prints: a pipe closed early would break it
                up, play = run.stdout.readline(), run.stdout.readline()
            assert up.startswith(f"Lorekeeper is up at http://127.0.0.1:{port}/"), up
            assert play == f"Play at http://127.0.0.1:{port}/play\n", play
            children = subprocess.run(
                ["pgrep", "-P", str(run.pid)], capture_output=True, text=True, check=False
            )
            started = [int(pid) for pid in children.stdout.split()]
            assert len(started) >= 2  # the API and the workers

            run.send_signal(signal.SIGINT)  # what a Ctrl-C in its terminal sends it
            assert run.wait(timeout=60) == 0
        finally:
            if run.poll() is None:
                os.killpg(run.pid, signal.SIGKILL)
                run.wait()
    lines = (tmp_path / "stderr").read_text().splitlines()
    assert "stopping Lorekeeper: the workers, the API, then Redis…" in lines
    assert lines[-1] == "Lorekeeper stopped."
    logs = [json.loads(line) for line in lines if line.startswith("{")]
    events = [line["event"] for line in logs]
    assert f"Listening at: http://127.0.0.1:{port}" in " ".join(events)
    assert "supervisor.stop" in events and "Shutting down: Master" in events
    others = [line for line in lines if not line.startswith("{")]
    assert all("Traceback" not in line and "Error" not in line for line in others), others
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in started) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in started)
