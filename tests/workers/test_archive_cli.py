"""`python -m workers archive` (lorekeeper/games/archive.py) on each topology: finished games old
enough are archived and still export; LOREKEEPER_ARCHIVE_AFTER_DAYS=0 archives nothing
unless `--older-than-days` is given."""

from __future__ import annotations

import json

import pytest

from lorekeeper.audit.export import export_records, ndjson_lines
from lorekeeper.audit.verify import verify_lines
from tests.topologies import Topology
from tests.workers.games import BreathGame
from workers import cli
from workers.context import WorkerContext


def run(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert cli.main(["archive", *args]) == 0
    found: dict[str, object] = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    return found


def test_the_archive_command_archives_finished_games(
    ctx: WorkerContext,
    topology: Topology,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name, value in topology.env().items():
        monkeypatch.setenv(name, value)
    over, playing = BreathGame(ctx.service, "a"), BreathGame(ctx.service, "b")
    over.command(1, {"type": "resign"})
    playing.command(0, {"type": "end_turn"})
    export = list(ndjson_lines(export_records(over.game_id, ctx.events.read(over.game_id))))

    assert run(capsys)["archived"] == 0  # ended moments ago: 30 days to go
    monkeypatch.setenv("LOREKEEPER_ARCHIVE_AFTER_DAYS", "0")
    assert run(capsys) == {"archived": 0, "disabled": True}  # 0: never, unless asked for
    monkeypatch.delenv("LOREKEEPER_ARCHIVE_AFTER_DAYS")
    counts = run(capsys, "--older-than-days", "0")
    assert (counts["archived"], counts["not_over"]) == (1, 1)
    assert run(capsys, over.game_id) == {"game_id": over.game_id, "outcome": "archived_before"}

    assert ctx.stores.events.version(over.game_id) == 0  # the stream is gone
    again = list(ndjson_lines(export_records(over.game_id, ctx.events.read(over.game_id))))
    assert again == export and verify_lines(again).verdict in ("verified", "not_verifiable")
