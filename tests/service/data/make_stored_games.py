"""Writes stored_games.jsonl: scripts of service calls and what the code of the day stored.

Run once, at commit d4cbdd3 (before the domain folded the clocks and decided time-outs):

    .venv/bin/python -m tests.service.data.make_stored_games

Running it on later code would record what that code stores, which is not the point: the
file is the history tests/service/test_stored_games.py holds today's code to. Each game is
played by random legal commands (a seeded generator) with times that move on by the script:
a game of each rules edition (the first edition's from tests/domain/data, appended as its
events were stored), a three-seat game, a clocked game whose seats are sometimes late
(time-outs met by a command, and by the server's own step), and a game with a seed step
(seeds committed, revealed, the step ended at its deadline).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any
from unittest.mock import patch

from domain import legal_actions
from domain.scenarios import get_scenario
from domain.timeouts import waiting_on
from lorekeeper.games import creation
from tests.service.stored_games import Time, play

OUT = Path(__file__).with_name("stored_games.jsonl")
FIRST_EDITION = Path(__file__).parents[2] / "domain" / "data" / "first_edition_games.json"
T0 = 1_800_000_000_000
SEED = "5eed" * 16


class Scripter:
    """Plays a game through the service and writes down each call with its time."""

    def __init__(self, name: str, game_id: str, rng: random.Random) -> None:
        from adapters.memory.event_store import InMemoryEventStore
        from adapters.memory.game_secrets import InMemoryDiceStore, InMemorySeatTokenStore
        from lorekeeper.games.log import GameLog
        from lorekeeper.games.service import GameService
        from tests.service.stored_games import NoJobs, Secrets

        self.name, self.game_id, self.rng = name, game_id, rng
        self.time = Time(T0)
        self.secrets = Secrets()
        self.steps: list[dict[str, Any]] = []
        self.log = GameLog(InMemoryEventStore(clock=lambda: self.time.now),
                           InMemoryDiceStore(), NoJobs())  # fmt: skip
        self.service = GameService(self.log, InMemorySeatTokenStore(), allow_scripted_dice=True,
                                   new_game_id=lambda: game_id,
                                   new_dice_seed=lambda: bytes.fromhex(SEED),
                                   clock=lambda: self.time.now)  # fmt: skip

    def call(self, step: dict[str, Any], later_ms: int = 0) -> None:
        self.time.now += later_ms
        step = {**step, "at": self.time.now}
        if step["do"] == "command":
            step["key"] = f"command-{len(self.steps)}"
        self.steps.append(step)
        from tests.service.stored_games import _call

        with patch.object(creation, "secrets", self.secrets):
            _call(self.service, self.log, self.game_id, step)

    def state(self) -> Any:
        return self.log.load(self.game_id).state

    def play_randomly(self, commands: int, late_every: int = 0, late_ms: int = 0) -> None:
        for n in range(commands):
            state = self.state()
            if state.is_over:
                return
            if state.phase == "breath":
                self.call({"do": "resolve_breath"}, 50)
                continue
            waiting = waiting_on(state)
            seat = state.active if waiting is None else waiting.seat
            actions = [a for a in legal_actions(state, seat) if a.type != "resign"]
            if not actions:
                self.call({"do": "command", "seat": seat, "body": {"type": "resign"}}, 100)
                continue
            body = self.rng.choice(actions).to_json()
            late = late_ms if late_every and n % late_every == late_every - 1 else 0
            self.call({"do": "command", "seat": seat, "body": body},
                      self.rng.randint(100, 3000) + late)  # fmt: skip
            if late and self.rng.random() < 0.5:
                self.call({"do": "time_out"}, late_ms)

    def script(self) -> dict[str, Any]:
        return {"name": self.name, "game_id": self.game_id, "seed": SEED, "steps": self.steps}


def river_crossing() -> dict[str, Any]:
    s = Scripter("river_crossing, edition 2", "a1b2c3d4e5f60001", random.Random(1))
    s.call({"do": "create", "scenario": "river_crossing"})
    s.play_randomly(600)
    return s.script()


def sky_trio() -> dict[str, Any]:
    s = Scripter("sky_trio, three seats", "a1b2c3d4e5f60002", random.Random(2))
    s.call({"do": "create", "scenario": "sky_trio"})
    s.play_randomly(160)
    return s.script()


def clocked() -> dict[str, Any]:
    s = Scripter("sky_council, a clock, late seats", "a1b2c3d4e5f60003", random.Random(3))
    clock = {"kind": "per_turn", "turn_s": 20, "decision_s": 5, "policy": "auto"}
    s.call({"do": "create", "scenario": "sky_council", "options": {"clock": clock}})
    s.play_randomly(140, late_every=7, late_ms=25_000)
    return s.script()


def seed_step() -> dict[str, Any]:
    s = Scripter("river_crossing, a seed step", "a1b2c3d4e5f60004", random.Random(4))
    step = [[0, 1], T0 + 60_000, T0 + 120_000]
    s.call({"do": "create", "scenario": "river_crossing", "seed_step": step, "start": False})
    s.call({"do": "command", "seat": 0, "body": {"type": "client_seed", "seed": "zero's"}}, 500)
    s.call({"do": "command", "seat": 1, "body": {"type": "client_seed",
                                                 "commitment": "0" * 64}}, 500)  # fmt: skip
    s.call({"do": "end_seed_step"}, 1_000)  # not due yet
    s.call({"do": "end_seed_step"}, 60_000)  # the commit phase closes
    s.call({"do": "command", "seat": 0, "body": {"type": "end_turn"}}, 100)  # not begun
    s.call({"do": "end_seed_step"}, 60_000)  # seat 1 never revealed: the first turn
    s.play_randomly(40)
    return s.script()


def fill_step() -> dict[str, Any]:
    s = Scripter("river_crossing, a seed step as it fills", "a1b2c3d4e5f60005", random.Random(5))
    s.call({"do": "create", "scenario": "river_crossing", "fill_step": 30_000, "start": False})
    s.call({"do": "start_game"}, 100)  # the step opens first
    s.call({"do": "open_seed_step", "seats": [0, 1]}, 1_000)
    s.call({"do": "command", "seat": 1, "body": {"type": "client_seed", "seed": "one's"}}, 500)
    s.call({"do": "command", "seat": 0, "body": {"type": "end_turn"}}, 30_000)  # past it
    s.play_randomly(40)
    return s.script()


def first_edition() -> list[dict[str, Any]]:
    games = json.loads(FIRST_EDITION.read_text("utf-8"))["games"][:2]
    scripts = []
    for n, game in enumerate(games):
        steps, at = [], T0
        for i, step in enumerate(game["steps"]):
            at += 700
            command_id = "create" if i == 0 else f"first-edition-{i}"
            steps.append({"do": "append", "at": at, "events": step["events"],
                          "command": step["command"], "seat": step["seat"],
                          "command_id": command_id})  # fmt: skip
        scripts.append({"name": f"{game['name']}, first edition", "game_id":
                        f"f1e57ed1710200{n:02d}", "seed": SEED, "steps": steps})  # fmt: skip
    return scripts


def main() -> None:
    get_scenario("river_crossing")  # the shipped scenarios load
    scripts = [river_crossing(), sky_trio(), clocked(), seed_step(), fill_step(),
               *first_edition()]  # fmt: skip
    games = [{"script": script, "stored": play(script)} for script in scripts]
    about = ("Scripts of service calls and what the code of commit d4cbdd3 stored and folded: "
             "tests/service/test_stored_games.py.")  # fmt: skip
    lines = [json.dumps(about), *(json.dumps(game, separators=(",", ":")) for game in games)]
    OUT.write_text("\n".join(lines) + "\n", "utf-8")  # a line a game
    for game in games:
        print(game["script"]["name"], len(game["stored"]["records"]), "events")


if __name__ == "__main__":
    main()
