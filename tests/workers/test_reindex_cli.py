"""`python -m workers reindex` (adapters/redis/reindex.py) on each topology: after the index
of every game is lost, it is rebuilt from the games' streams and archives, a page at a time,
and running it again adds nothing; `rebuild` then finds every game."""

from __future__ import annotations

import json
from typing import Any

import pytest

from adapters.redis.keys import GAMES_KEY
from adapters.redis.reindex import reindex
from tests.topologies import Topology
from tests.workers.games import BreathGame
from workers import cli
from workers.context import WorkerContext


def run(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, Any]]:
    assert cli.main(list(args)) == 0
    return [json.loads(line) for line in capsys.readouterr().out.strip().splitlines()]


def test_reindex_restores_the_index_of_every_game_from_the_streams_and_archives(
    ctx: WorkerContext,
    topology: Topology,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name, value in topology.env().items():
        monkeypatch.setenv(name, value)
    games = [BreathGame(ctx.service, name) for name in "abc"]
    games[0].command(1, {"type": "resign"})
    assert run(capsys, "archive", "--older-than-days", "0")[-1]["archived"] == 1
    assert ctx.stores.events.version(games[0].game_id) == 0  # only its archive is left
    ids = {g.game_id for g in games}
    assert set(ctx.log.events.iter_game_ids()) == ids

    ctx.client.delete(GAMES_KEY)  # the loss
    assert set(ctx.log.events.iter_game_ids()) == set()
    assert run(capsys, "reindex") == [{"found": 3, "added": 3}]
    assert set(ctx.log.events.iter_game_ids()) == ids
    assert run(capsys, "reindex") == [{"found": 3, "added": 0}]  # again: nothing new
    rebuilt = run(capsys, "rebuild")
    assert {line["game_id"] for line in rebuilt} == ids


class RecordingIndex:
    """The coordination Redis's SADD, recorded: how many ids each call held."""

    def __init__(self) -> None:
        self.calls: list[int] = []
        self.ids: set[str] = set()

    def sadd(self, key: str, *members: str) -> int:
        assert key == GAMES_KEY
        self.calls.append(len(members))
        new = set(members) - self.ids
        self.ids |= new
        return len(new)


def test_reindex_holds_one_page_of_ids_at_a_time(ctx: WorkerContext) -> None:
    games = [BreathGame(ctx.service, f"p{n}") for n in range(5)]
    index = RecordingIndex()
    done = reindex(ctx.games, index, page=2)  # type: ignore[arg-type]
    assert (done.found, done.added) == (5, 5)
    assert index.ids == {g.game_id for g in games}
    assert max(index.calls) <= 2 and sum(index.calls) == 5
