"""Stored games stay what they were: today's code, given the calls a game was played with
(its id, dice seed and times fixed), stores the same event records (each one's chain hash
covers its payload, command, seat and time) and folds them to the same states and clocks at
every version, with the same snapshot bytes, as the code that first stored them
(data/make_stored_games.py wrote them before the domain took over the clocks' fold). Games of
both rules editions, a clocked game with time-outs, and seed steps are among them."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests.service.stored_games import play

DATA = Path(__file__).with_name("data") / "stored_games.jsonl"


@cache
def stored_games() -> list[dict[str, Any]]:
    lines = DATA.read_text("utf-8").splitlines()[1:]  # the first line says what the file is
    return [json.loads(line) for line in lines]


def names() -> list[str]:
    return [game["script"]["name"] for game in stored_games()]


@pytest.mark.parametrize("name", names())
def test_a_stored_game_is_stored_and_folded_as_it_was(name: str) -> None:
    game = next(g for g in stored_games() if g["script"]["name"] == name)
    now = play(game["script"])
    then = game["stored"]
    assert now["outcomes"] == then["outcomes"]
    for record_now, record_then in zip(now["records"], then["records"], strict=True):
        assert record_now == record_then
    for version, (digest_now, digest_then) in enumerate(
        zip(now["digests"], then["digests"], strict=True), start=1
    ):
        assert digest_now == digest_then, f"the game differs after event {version}"
    assert now["snapshot"] == then["snapshot"]


def test_the_stored_games_cover_both_editions_clocks_and_seed_steps() -> None:
    kinds = {record[1] for game in stored_games() for record in game["stored"]["records"]}
    assert {"TimedOut", "SeedStepOpened", "ClientSeedCommitsClosed", "SecretsRevealed"} <= kinds
    assert any("first edition" in name for name in names())
