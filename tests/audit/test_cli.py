"""`python -m lorekeeper verify FILE`: a separate process with no server, no Redis and no
Flask to import, reading a file; its exit status says verified (0) and nothing else does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lorekeeper import cli
from lorekeeper.audit.export import export_records, ndjson_lines
from tests.audit.conftest import Finished
from tests.audit.games import memory_service, play, skirmish
from tests.audit.tamper import event_at, parsed, rechained, verify_records

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, blocked: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("REDIS", "LOREKEEPER"))}
    env["PYTHONPATH"] = os.pathsep.join(str(p) for p in (blocked, ROOT) if p)
    return subprocess.run(
        [sys.executable, "-m", "lorekeeper", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


@pytest.fixture(scope="module")
def blocked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory whose `redis` and `flask` refuse to be imported: the verifier needs neither."""
    path = tmp_path_factory.mktemp("blocked")
    for name in ("redis", "flask", "rq"):
        (path / name).mkdir()
        (path / name / "__init__.py").write_text(f"raise ImportError('{name} is not for the CLI')")
    return path


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(lines), encoding="utf-8")
    return path


def test_a_clean_export_verifies_with_no_server(finished: Finished, tmp_path: Path, blocked: Path):
    file = write(tmp_path / "game.ndjson", finished.lines)
    done = run("verify", str(file), blocked=blocked)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1].startswith("VERIFIED")


def test_a_tampered_export_fails_naming_the_first_bad_event(
    finished: Finished, tmp_path: Path, blocked: Path
):
    records = parsed(finished.lines)
    version = finished.versions_of("CriticalHitChecked")[0]
    event_at(records, version)["payload"]["faces"].reverse()
    event_at(records, version)["payload"]["faces"].append("lore")
    lines = [json.dumps(r) + "\n" for r in rechained(records)]
    file = write(tmp_path / "forged.ndjson", lines)
    done = run("verify", str(file), "--json", blocked=blocked)
    assert done.returncode == 1
    verdict = json.loads(done.stdout)
    assert (verdict["verdict"], verdict["first_bad_event"]) == ("failed", version)
    assert verify_records(rechained(records)).first_bad_event == version
    text = run("verify", str(file), blocked=blocked).stdout
    assert f"FIRST BAD EVENT: {version}" in text


def test_scripted_dice_exit_3_as_not_verifiable(tmp_path: Path):
    service = memory_service()
    game_id = play(service, skirmish(3), 5, {"dice": {"script": ["lore"] * 5}})
    lines = list(ndjson_lines(export_records(game_id, service.log.events.read(game_id))))
    done = run("verify", str(write(tmp_path / "scripted.ndjson", lines)))
    assert done.returncode == 3
    assert "not verifiable: scripted dice" in done.stdout and "VERIFIED:" not in done.stdout


def test_receipts_pin_the_history(finished: Finished, tmp_path: Path):
    file = write(tmp_path / "game.ndjson", finished.lines)
    good = f"10:{finished.events[9].hash}"
    assert run("verify", str(file), "--expect", good).returncode == 0
    bad = f"10:{'0' * 64}"
    done = run("verify", str(file), "--expect", bad, "--json")
    assert (done.returncode, json.loads(done.stdout)["first_bad_event"]) == (1, 10)
    assert run("verify", str(file), "--expect", "ten:abc").returncode == 2


def test_stdin_and_unreadable_files(finished: Finished, tmp_path: Path, capsys):
    assert run("verify", str(tmp_path / "missing.ndjson")).returncode == 2
    assert cli.main(["verify", str(write(tmp_path / "g.ndjson", finished.lines))]) == 0
    assert "VERIFIED" in capsys.readouterr().out


def test_demo_without_its_module_says_so(monkeypatch: pytest.MonkeyPatch, capsys):
    monkeypatch.setitem(sys.modules, "lorekeeper.demo", None)
    assert cli.main(["demo"]) == 2
    assert "lorekeeper.demo is not installed" in capsys.readouterr().err
