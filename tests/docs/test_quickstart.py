"""The Quickstart page runs as written: its shell blocks, in order, against a real HTTP server
(the app in memory, its jobs run in the request), with curl and jq as a reader has them."""

from __future__ import annotations

import json
import re
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from api import create_app
from api.composition import memory_components
from lorekeeper.settings import Settings

PAGE = Path(__file__).resolve().parents[2] / "docs" / "client" / "quickstart.md"
_SHELL = re.compile(r"^```sh\n(.*?)^```$", re.MULTILINE | re.DOTALL)
# The bot answers in the request that ends the turn; an event stream ends after 1 s.
SETTINGS = Settings(jobs="inline", rate_per_s=0, sse_max_s=1.0, sse_keepalive_s=0.5)


@pytest.fixture
def api_url() -> Iterator[str]:
    app = create_app(SETTINGS, components=memory_components(SETTINGS))
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/v1"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()


def shell_blocks() -> list[str]:
    return _SHELL.findall(PAGE.read_text(encoding="utf-8"))


@pytest.mark.timeout(60)
def test_the_quickstart_plays_against_a_server_as_written(api_url: str) -> None:
    start, address, *steps = shell_blocks()
    assert start.strip() == "scripts/run"
    assert address.strip() == "API=http://127.0.0.1:8000/v1"  # here: this test's server
    script = "set -euo pipefail\n" + "\n".join(steps)
    run = subprocess.run(["bash", "-c", script], env={"API": api_url, "PATH": "/usr/bin:/bin"},
                         capture_output=True, text=True, timeout=50)  # fmt: skip
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith('[{"type":"resign"}')  # the legal actions
    order, end, again = (json.loads(line) for line in lines[1:4])
    assert order == {"version": 3, "duplicate": False}
    assert end["version"] > 3 and end["duplicate"] is False
    assert again == {"version": end["version"], "duplicate": True}  # the first answer again
    stream = [json.loads(line) for line in lines[4:]]
    assert [e["type"] for e in stream[:3]] == ["GameCreated", "TurnStarted", "UnitsOrdered"]
    assert [e["version"] for e in stream] == list(range(1, len(stream) + 1))
    assert len(stream) > end["version"], "the bot's turn follows"
