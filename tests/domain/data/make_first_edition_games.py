"""Writes first_edition_games.json: games played under the FIRST edition of the rules.

Run once, at commit 59cbbeb (the last commit before revision 2 of RULES.md was implemented):

    .venv/bin/python -m tests.domain.data.make_first_edition_games

Running it on later code would write games of a later edition, which is not what the file
holds: it is the stored history that tests/domain/test_first_edition_replay.py replays.

Each game is a list of steps (its creation, each command, each breath step) with the events
the step appended and a digest of the state after each event. Besides random legal games of
every shipped scenario, a few short games were played on purpose where revision 2 changes a
rule, so that their first-edition outcome is on record.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from domain import (
    ScriptedDice,
    SeededDice,
    command_from_json,
    decide,
    evolve,
    legal_actions,
    new_game,
    resolve_breath,
)
from domain.codec import to_json
from domain.events import Event
from domain.notation import scenario_from_text
from domain.scenarios import get_scenario, scenario_names
from domain.state import GameState

OUT = Path(__file__).with_name("first_edition_games.json")


def digest(state: GameState) -> str:
    text = json.dumps(to_json(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


class Recorder:
    def __init__(self, name: str, doc: dict[str, Any], auto: bool, dice: Any) -> None:
        self.name, self.dice = name, dice
        self.steps: list[dict[str, Any]] = []
        created = new_game(doc, auto_decisions=auto)
        self.state: GameState | None = None
        self._record(None, {"type": "create_game"}, created)

    def _record(self, seat: int | None, command: dict[str, Any], events: list[Event]) -> None:
        states = []
        for event in events:
            self.state = evolve(self.state, event)
            states.append(digest(self.state))
        self.steps.append(
            {
                "seat": seat,
                "command": command,
                "events": [{"type": e.type, "payload": e.payload()} for e in events],
                "states": states,
            }
        )

    def send(self, seat: int, body: dict[str, Any]) -> list[Event]:
        assert self.state is not None
        events = decide(self.state, command_from_json(body), self.dice, seat)
        self._record(seat, body, events)
        return events

    def breath(self) -> None:
        assert self.state is not None
        self._record(None, {"type": "resolve_breath"}, resolve_breath(self.state, self.dice))

    def to_json(self) -> dict[str, Any]:
        assert self.state is not None
        return {"name": self.name, "steps": self.steps, "final": to_json(self.state)}


def random_game(name: str, seed: int, auto: bool, turns: int) -> Recorder:
    doc = get_scenario(name)
    assert doc is not None
    doc["settings"]["max_turns"] = turns
    rec = Recorder(f"{name}, seed {seed}, auto {auto}", doc, auto, SeededDice(seed))
    rnd = random.Random(seed)
    for _ in range(3000):
        state = rec.state
        assert state is not None
        if state.is_over:
            break
        if state.phase == "breath":
            rec.breath()
            continue
        pending = state.pending
        seat = pending.seat if pending and pending.seat is not None else state.active
        listed = [c for c in legal_actions(state, seat) if c.type != "resign"]
        keen = [
            c for c in listed if c.type in ("fly", "battle", "react") or getattr(c, "breath", ())
        ]
        pick = rnd.choice(keen if keen and rnd.random() < 0.6 else listed)
        rec.send(seat, pick.to_json())
    return rec


def scripted(name: str, board: str, faces: list[str], auto: bool = False, **more: Any) -> Recorder:
    doc = scenario_from_text(board, name=name, **more)
    return Recorder(name, doc, auto, ScriptedDice(faces, SeededDice(name)))


def p(edge: str, lore: int = 3, cards: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"home_edge": edge, "lore": lore, "cards": list(cards)}


def window_without_lore() -> Recorder:
    """R-FLY-4 (a window for a card holder who cannot pay), R-BRE-2 (`breath_targets: []`)."""
    rec = scripted(
        "window without lore",
        ". . . . .\n . id0 bf1 . .\n. . . . .",
        ["green", "green", "green"],
        players=[p("south"), p("north", lore=0, cards=("hold",))],
    )
    rec.send(0, {"type": "order", "units": ["id0"], "breath": ["id0"]})
    rec.send(0, {"type": "fly", "unit": "id0", "path": [[2, 1], [3, 1]], "breath_targets": []})
    rec.send(1, {"type": "pass"})
    rec.send(0, {"type": "end_movement"})
    rec.breath()
    rec.send(0, {"type": "end_turn"})
    rec.send(1, {"type": "end_turn"})
    return rec


def fall_on_forest() -> Recorder:
    """R-FLY-4: felled over a forest, the first edition makes the dragon retreat off it."""
    rec = scripted(
        "fall on forest",
        ". . . . bf1\n . . . . .\n. id0 F . .\n . . . . .\n. . . . .",
        ["red"],
        players=[p("south"), p("north", cards=("web",))],
    )
    rec.send(0, {"type": "order", "units": ["id0"]})
    rec.send(0, {"type": "fly", "unit": "id0", "path": [[2, 2], [3, 2]]})
    rec.send(1, {"type": "react", "card": "web", "hex": [2, 2]})
    pending = rec.state.pending if rec.state else None
    if pending is not None:
        rec.send(0, {"type": "choose_retreat", "unit": "id0", "path": [[2, 3]]})
    rec.send(0, {"type": "end_movement"})
    rec.send(0, {"type": "end_turn"})
    return rec


def poison_lore() -> Recorder:
    """R-LOR-2: lore faces that cause poison hits gave no lore in the first edition."""
    rec = scripted(
        "poison lore",
        ". . . .\n . bf0 bf1 .\n. . . .",
        ["lore", "lore", "red"],
        units={"bf1": {"tokens": {"poison": 1}}},
    )
    rec.send(0, {"type": "order", "units": ["bf0"]})
    rec.send(0, {"type": "end_movement"})
    rec.send(0, {"type": "battle", "unit": "bf0", "target": "bf1"})
    rec.send(0, {"type": "end_turn"})
    return rec


def roosted_engagement() -> Recorder:
    """R-ZOC-4: stopping next to a roosted dragon engaged it in the first edition."""
    rec = scripted(
        "roosted engagement",
        ". . . . .\n . id0 . id1 .\n. . . . .",
        ["green", "green", "green"],
        units={"id1": {"roosted": True}},
    )
    rec.send(0, {"type": "order", "units": ["id0"]})
    rec.send(0, {"type": "move", "unit": "id0", "path": [[2, 1]]})
    rec.send(0, {"type": "end_movement"})
    rec.send(0, {"type": "battle", "unit": "id0", "target": "id1"})
    rec.send(1, {"type": "battle_back", "unit": "id1", "accept": False})
    rec.send(0, {"type": "end_turn"})
    return rec


def burning_retreat() -> Recorder:
    """R-FIR-2: a burning dragon retreated 3 hexes, flying, in the first edition."""
    rec = scripted(
        "burning retreat",
        ". . . .\n . . . .\n. . . .\n . fd1 . .\n. bf0 . .\n . . . .",
        ["flag", "flag", "green"],
        auto=True,
        units={"fd1": {"tokens": {"fire": 1}}},
    )
    rec.send(0, {"type": "order", "units": ["bf0"]})
    rec.send(0, {"type": "end_movement"})
    rec.send(0, {"type": "battle", "unit": "bf0", "target": "fd1"})
    rec.send(0, {"type": "end_turn"})
    return rec


def eliminated_in_own_turn() -> Recorder:
    """R-TRN-1: the first edition waited for an eliminated active player's end_turn."""
    rec = scripted(
        "eliminated in own turn",
        ". . . . .\n . bf0 bf1 . .\n. . . . gf2",
        ["lore", "green", "green"],
        players=[p("south"), p("north"), p("east")],
        units={"bf0": {"figures": 1, "tokens": {"poison": 1}}},
    )
    rec.send(0, {"type": "order", "units": ["bf0"]})
    rec.send(0, {"type": "end_movement"})
    rec.send(0, {"type": "battle", "unit": "bf0", "target": "bf1"})
    rec.send(0, {"type": "end_turn"})
    rec.send(1, {"type": "end_turn"})
    return rec


def unbounded_and_red_border() -> Recorder:
    """R-BRD-4 (`red_border` on a cave was ignored) and a setting past revision 2's limits."""
    doc = scenario_from_text(
        ". . . .\n . id0 ww1 .\n. . . .",
        name="red border ignored",
        settings={"orders_per_turn": 1000},
    )
    doc["sites"] = [{"hex": [1, 1], "kind": "cave", "red_border": True}]
    faces = ["blue", "blue", "blue", "blue", "blue", "red"]
    rec = Recorder(doc["name"], doc, False, ScriptedDice(faces, SeededDice("x")))
    rec.send(0, {"type": "order", "units": ["id0"]})
    rec.send(0, {"type": "end_movement"})
    rec.send(0, {"type": "battle", "unit": "id0", "target": "ww1"})
    rec.send(1, {"type": "battle_back", "unit": "ww1", "accept": True})
    rec.send(0, {"type": "end_turn"})
    return rec


def main() -> None:
    games = [
        window_without_lore(),
        fall_on_forest(),
        poison_lore(),
        roosted_engagement(),
        burning_retreat(),
        eliminated_in_own_turn(),
        unbounded_and_red_border(),
    ]
    for i, name in enumerate(scenario_names()):
        games.append(random_game(name, 100 + i, auto=False, turns=40))
        games.append(random_game(name, 200 + i, auto=True, turns=30))
    doc = {
        "about": "Games played under the first edition of RULES.md (commit 59cbbeb); see "
        "make_first_edition_games.py. `states`: SHA-256 of the canonical JSON of "
        "domain.codec.to_json(state) after each event.",
        "games": [g.to_json() for g in games],
    }
    OUT.write_text(json.dumps(doc, separators=(",", ":"), sort_keys=True) + "\n", "utf-8")
    print(f"{OUT}: {len(games)} games, {sum(len(g.steps) for g in games)} steps")


if __name__ == "__main__":
    main()
