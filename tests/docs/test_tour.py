"""The tour (docs/tour.md, which the README points to) runs as written: `scripts/run` brings
up the whole stack on a free port and the suite's private Redis, then the page's shell
blocks run in order against it, with curl and jq as a reader has them. Each block's printed
output is checked against the example the page shows under it."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis

from adapters.redis.server import RedisServerProcess, free_port
from lorekeeper.audit.signing import new_private_key_hex

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "tour.md"
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
_MARK = "=== block"
# The tour's blocks, by their place among the page's shell blocks after the first two.
PLAYERS, CREATE, JOIN, ORDER, MOVE, READ, LOG, VIEWER, RESIGN, AUDIT, VERIFY, PROOF = range(12)
# The blocks whose output is the same in every game: the page shows it exactly.
SAME_EVERY_GAME = (JOIN, ORDER, MOVE, READ, LOG, RESIGN, AUDIT)
START_TIMEOUT_S = 240.0  # a first run installs the locked dependencies and builds the pages


@dataclass(frozen=True)
class Block:
    code: str
    example: str | None  # the fenced output shown right under it, if any


def tour_blocks() -> list[Block]:
    text = PAGE.read_text(encoding="utf-8")
    fences = list(_FENCE.finditer(text))
    blocks = []
    for fence, after in zip(fences, [*fences[1:], None], strict=True):
        if fence.group(1) != "sh":
            continue
        example = None
        if after and after.group(1) != "sh" and not text[fence.end() : after.start()].strip():
            example = after.group(2)
        blocks.append(Block(fence.group(2), example))
    return blocks


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture
def stack(
    redis_server: RedisServerProcess, redis_client: redis.Redis, tmp_path: Path
) -> Iterator[str]:
    """The address `scripts/run` prints, once it is up; stopped by a Ctrl-C at the end."""
    port = free_port()
    env = {
        **os.environ,
        "REDIS_URL": redis_server.url,  # used as it answers: no Redis of its own
        "LOREKEEPER_BIND": f"127.0.0.1:{port}",
        "LOREKEEPER_WEB_WORKERS": "1",
        # A key of this test's own: var/signing.key is scripts/run's, shared with other runs.
        "LOREKEEPER_SIGNING_KEY": new_private_key_hex(),
    }
    out, err = tmp_path / "stdout", tmp_path / "stderr"
    with out.open("w") as stdout, err.open("w") as stderr:
        # Its own session, SIGINT as a terminal leaves it: as in tests/deploy/test_run_script.py.
        run = subprocess.Popen(["scripts/run"], cwd=ROOT, env=env, stdout=stdout, stderr=stderr,
                               start_new_session=True, preexec_fn=_default_sigint)  # fmt: skip
    try:
        url = _wait_until_up(run, out, err)
        yield url
        run.send_signal(signal.SIGINT)
        assert run.wait(timeout=60) == 0
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()


def _wait_until_up(run: subprocess.Popen[bytes], out: Path, err: Path) -> str:
    deadline = time.monotonic() + START_TIMEOUT_S
    while True:
        up = re.search(r"^Lorekeeper is up at (\S+)/ ", out.read_text(), re.MULTILINE)
        if up:
            return up.group(1)
        assert run.poll() is None, f"scripts/run ended:\n{err.read_text()[-3000:]}"
        assert time.monotonic() < deadline, f"scripts/run is not up:\n{err.read_text()[-3000:]}"
        time.sleep(0.2)


def run_tour(api: str, steps: list[Block], workdir: Path) -> list[str]:
    """Each block's printed output, in order: the blocks run as one script, as pasted."""
    workdir.mkdir()
    (workdir / ".venv").symlink_to(Path(sys.prefix))  # the clone's .venv, which scripts/run made
    marked = [f"echo '{_MARK} {i}'\n{step.code}" for i, step in enumerate(steps)]
    script = "set -euo pipefail\n" + "\n".join(marked)
    run = subprocess.run(["bash", "-c", script], cwd=workdir,
                         env={"API": api, "PATH": "/usr/bin:/bin", "HOME": str(workdir)},
                         capture_output=True, text=True, timeout=120)  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    outputs = re.split(rf"^{_MARK} \d+\n", run.stdout, flags=re.MULTILINE)[1:]
    assert len(outputs) == len(steps), run.stdout
    return outputs


@pytest.mark.timeout(420)
def test_the_tour_plays_against_the_stack_scripts_run_starts(stack: str, tmp_path: Path) -> None:
    start, address, *steps = tour_blocks()
    assert start.code.strip() == "scripts/run"
    assert address.code.strip() == "API=http://127.0.0.1:8000/v1"  # here: this test's stack
    assert len(steps) == PROOF + 1, "a block was added or removed: name it above"
    api = f"{stack}/v1"
    printed = run_tour(api, steps, tmp_path / "tour")

    for i in SAME_EVERY_GAME:
        assert printed[i].strip() == (steps[i].example or "").strip(), f"block {i}"
    created = json.loads(printed[CREATE])
    assert created["status"] == "open" and created["version"] == 1
    assert re.fullmatch(r"[0-9a-f]{64}", created["commitment"])
    assert (tmp_path / "tour" / "board.svg").read_text().lstrip().startswith("<svg")
    viewer = printed[VIEWER].strip()
    with urllib.request.urlopen(viewer, timeout=10) as page:  # the history viewer's page
        assert page.status == 200 and page.headers.get_content_type() == "text/html"
    _check_verified(printed[VERIFY], signed=False)
    _check_verified(printed[PROOF], signed=True)


def _check_verified(output: str, signed: bool) -> None:
    lines = output.splitlines()
    assert lines[-1] == "VERIFIED: verified: chain, commitment, every die and every rule", output
    if signed:
        assert any(line.startswith("  signature: Ed25519 by key ") for line in lines), output
        assert any(line.startswith("  log: included in the log's tree head") for line in lines)
    else:
        assert "  signature: not checked: no key given (--key)" in lines, output
