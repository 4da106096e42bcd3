"""The SDK's examples against the real stack (gunicorn with gevent workers, a worker process,
a private redis-server: tests/demo's stack), run as a user runs them, with the SDK installed
in the venv: the bot plays a whole game against the server's bot over its player stream
(which the server ends every 2 s, so the SDK resumes it again and again), and the auditor
verifies that game offline, its signature and its place in the transparency log included."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from lorekeeper_sdk import Client

from lorekeeper.audit.signing import new_private_key_hex
from tests.demo.test_demo_e2e import stack

__all__ = ["stack"]  # the fixture: gunicorn, a worker, a private Redis

EXAMPLES = Path(__file__).resolve().parents[2] / "clients" / "python" / "examples"
BOT_TIMEOUT_S = 150


@pytest.fixture(autouse=True)
def server_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server signs its exports and tree heads, and ends every stream after 2 s, so the
    bot's player stream is resumed many times in a game: a note lost at a reconnect would
    leave the bot waiting. Autouse fixtures are set up before the others of their scope, so
    `stack` starts the server with these in its environment."""
    monkeypatch.setenv("LOREKEEPER_SIGNING_KEY", new_private_key_hex())
    monkeypatch.setenv("LOREKEEPER_SSE_MAX_S", "2")


def example(name: str, *args: str, cwd: Path, timeout: float) -> list[str]:
    """The example's printed lines; it must exit 0."""
    run = subprocess.run([sys.executable, str(EXAMPLES / name), *args], cwd=cwd,
                         capture_output=True, text=True, timeout=timeout)  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout.splitlines()


@pytest.mark.timeout(BOT_TIMEOUT_S + 60)
def test_the_bot_plays_a_whole_game_and_the_auditor_verifies_it(stack: str, tmp_path: Path) -> None:
    with Client.sign_up(stack, "Ann") as ann:
        ann.create_game(seats=[{"kind": "me"}, {"kind": "open"}])  # a leaf before the saved head
        saved = ann.tree_head().to_dict()
    assert saved["tree_size"] >= 1 and "signature" in saved
    (tmp_path / "saved.json").write_text(json.dumps(saved))

    printed = example("bot.py", stack, cwd=tmp_path, timeout=BOT_TIMEOUT_S)
    game_id, result = printed[0], printed[-1]
    assert result.startswith("winner: ")

    with Client(stack) as reader:
        board = reader.game(game_id)
        assert board.phase == "over"
        streamed = list(reader.events(game_id))  # the live stream, read to its end
    assert [e.version for e in streamed] == list(range(1, len(streamed) + 1))
    assert streamed[-1].hash_ == board.head_hash

    report = example("audit.py", stack, game_id, "--tree-head", "saved.json", cwd=tmp_path,
                     timeout=60)  # fmt: skip
    assert report[-1].startswith("VERIFIED"), report
    assert any(line.strip().startswith("signature: Ed25519 by key") for line in report), report
    log = next(line for line in report if line.strip().startswith("log:"))
    assert f"extends the saved tree head of {saved['tree_size']}" in log, report


@pytest.mark.timeout(BOT_TIMEOUT_S + 60)
def test_a_bot_account_accepts_a_rated_challenge_and_both_ratings_change(
    stack: str, tmp_path: Path
) -> None:
    bot = subprocess.Popen([sys.executable, str(EXAMPLES / "bot.py"), stack, "--wait"],
                           cwd=tmp_path, stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert bot.stdout is not None
        bot_id = bot.stdout.readline().strip()
        with Client.sign_up(stack, "Ann") as ann:
            assert ann.player(bot_id).bot is True
            seats = [{"kind": "me"}, {"kind": "player", "player_id": bot_id}]  # the challenge
            game_id = ann.create_game(seats=seats, options={"rated": True}).game_id
            assert bot.stdout.readline().strip() == game_id  # it accepted: it joined
            ann.send(game_id, {"type": "resign"})
            printed, _ = bot.communicate(timeout=BOT_TIMEOUT_S)
            assert printed.splitlines()[-1] == "winner: 1"
            me = ann.me().id
            for _ in range(300):  # the worker's rating job, once it has run
                if ann.player(me).record.games == 1:
                    break
                time.sleep(0.1)
            mine, its = ann.player(me), ann.player(bot_id)
    finally:
        if bot.poll() is None:
            bot.kill()
    assert (mine.record.losses, its.record.wins, its.record.games) == (1, 1, 1)
    assert its.rating.mu > 1500 > mine.rating.mu
