"""The TypeScript SDK (clients/typescript), built from its lock, plays a whole game against
the real stack: gunicorn, a worker process and a private redis-server (tests/demo's stack).

The Node driver (clients/typescript/test/integration/play-game.ts) is two players on two
devices: Ann creates a game with an invitation, Bob finds it in the lobby and joins, each
plays its seat from its legal actions until the game ends. Ann follows the game's stream,
Bob's page his notifications (with stream tickets). Mid-game a proxy in front of the server
cuts every connection once, and loses the answer to one command the server applied. The
driver checks what the SDK promises (every event once, in order; the lost answer returned by
the retry; each notification once), then reads the table, the log and the export, lets a
spectator in and starts a rematch, and prints a summary; this test checks the server's own
record of the game against it.
"""

from __future__ import annotations

import json
import subprocess
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from lorekeeper.demo import SKIRMISH
from tests.demo.test_demo_e2e import stack

__all__ = ["stack"]  # the fixture: gunicorn, a worker, a private Redis

ROOT = Path(__file__).resolve().parents[2]
SDK = ROOT / "clients" / "typescript"
DRIVER = SDK / "build-test" / "integration" / "play-game.js"


@pytest.fixture(scope="module")
def driver() -> Path:
    """The SDK and its driver, built now from this tree's lock and spec."""
    build = subprocess.run(
        [str(ROOT / "scripts" / "sdk_typescript"), "--build-only"],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert build.returncode == 0, build.stdout + build.stderr
    return DRIVER


@pytest.fixture(autouse=True)
def short_streams(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server ends each stream after a second (set before `stack` starts it), so the SDK
    resumes after the server's time limit, again and again, as well as after the drop."""
    monkeypatch.setenv("LOREKEEPER_SSE_MAX_S", "1")


@pytest.mark.timeout(600)
def test_the_sdk_plays_a_whole_game_through_a_failing_network(
    driver: Path, stack: str, tmp_path: Path
) -> None:
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"url": stack, "scenario": SKIRMISH}))
    run = subprocess.run(
        ["node", str(driver), str(config)], capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr + run.stdout
    summary = json.loads(run.stdout.splitlines()[-1])
    print(summary)

    assert summary["audit"] == "verified" and summary["winner"] in (0, 1, "draw")
    assert summary["lost_replies"] == 1 and summary["lost_reply"]["duplicate"] is True
    assert summary["game_stream_connections"] >= 2  # it resumed
    assert summary["player_stream_connections"] >= 2  # a fresh ticket each time
    assert {"game_started", "game_over"} <= set(summary["notifications"])
    assert summary["rematch_bob_seat"] == 0  # a rematch rotates the seats

    events = _events(stack, summary["game_id"])
    assert [e["version"] for e in events] == list(range(1, summary["version"] + 1))
    assert summary["events"] == len(events)
    # The command whose answer was lost was appended once: one append carries its id.
    lost = [e for e in events if e["command_id"] == summary["lost_reply"]["key"]]
    assert lost and sum(e["command"] is not None for e in lost) == 1


def _events(base: str, game_id: str) -> list[dict[str, Any]]:
    url = f"{base}/v1/games/{game_id}/events?limit=1000"
    with urllib.request.urlopen(url, timeout=10) as answer:
        page: dict[str, Any] = json.load(answer)
    assert page["next"] is None
    events: list[dict[str, Any]] = page["events"]
    return events
