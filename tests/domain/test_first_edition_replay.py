"""Games written under the first edition of the rules fold to the same states, and decide to
the same events, whatever the rules say now (RULES.md §17: revision 2 changes new decisions,
not history).

`data/first_edition_games.json` was written by `data/make_first_edition_games.py` before
revision 2 was implemented: random games of every shipped scenario, and short games played
where revision 2 changes a rule (a window for a card holder without lore, a fall on a forest,
poison lore, a roosted dragon engaged, a burning dragon's retreat, an active player
eliminated in their own turn, a `red_border` the first edition ignored).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from domain import command_from_json, decide, evolve, new_game, resolve_breath
from domain.codec import to_json
from domain.edition import FIRST
from domain.events import Event, GameCreated, event_from_json
from domain.state import GameState

DATA = Path(__file__).with_name("data") / "first_edition_games.json"


@cache
def stored_games() -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = json.loads(DATA.read_text("utf-8"))["games"]
    return games


def first_edition_json(state: GameState) -> Any:
    """The state as the first edition's code wrote it: the fields added since are checked to
    hold their first-edition values, then left out."""
    data = to_json(state)
    assert data.pop("edition") == FIRST
    for site in data["sites"].values():
        assert site.pop("red_border") is False  # R-BRD-4: ignored by the first edition
    assert data.pop("seat_seeds") is False  # SEED-1: no seeds from seats back then
    assert set(data.pop("client_seeds")) <= {None}
    assert set(data.pop("seeds_given")) <= {0}
    assert data.pop("seed_step") == []  # SEED-2: no seed step back then
    assert data.pop("seed_deadline_ms") is None
    assert data.pop("seed_step_length_ms") is None  # nor one promised on fill
    assert set(data.pop("seed_commitments")) <= {None}  # SEED-3: nor commitments
    assert data.pop("commits_closed") is False
    assert data.pop("reveal_deadline_ms") is None
    return data


def digest(state: GameState) -> str:
    text = json.dumps(first_edition_json(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def events_of(step: dict[str, Any]) -> list[Event]:
    return [event_from_json(e["type"], e["payload"]) for e in step["events"]]


class RecordedDice:
    """The faces the stored events recorded, by roll index (as the audit re-decides)."""

    def __init__(self, game: dict[str, Any]) -> None:
        self.faces: dict[int, str] = {}
        for step in game["steps"]:
            for event in step["events"]:
                roll, faces = event["payload"].get("roll"), event["payload"].get("faces")
                for i, face in enumerate(faces or ()):
                    self.faces[roll + i] = face

    def face(self, index: int) -> str:
        return self.faces[index]


def names() -> list[str]:
    return [g["name"] for g in stored_games()]


def game_named(name: str) -> dict[str, Any]:
    return next(g for g in stored_games() if g["name"] == name)


def test_the_stored_games_cover_what_revision_2_changes():
    assert len(stored_games()) >= 13
    kinds = {e["type"] for g in stored_games() for s in g["steps"] for e in s["events"]}
    assert {"CardPlayed", "BreathRolled", "EngagementCreated", "UnitRetreated"} <= kinds


@pytest.mark.parametrize("name", names())
def test_a_first_edition_game_folds_to_the_same_states(name):  # R-DIE-2
    game = game_named(name)
    state: GameState | None = None
    for s, step in enumerate(game["steps"]):
        for e, (event, want) in enumerate(zip(events_of(step), step["states"], strict=True)):
            state = evolve(state, event)
            assert digest(state) == want, f"step {s}, event {e} ({event.type}) folds differently"
    assert state is not None
    assert first_edition_json(state) == game["final"]


@pytest.mark.parametrize("name", names())
def test_a_first_edition_game_decides_the_same_events(name):  # R-DIE-3
    """Each stored command, decided again on the state before it, gives the stored events:
    a first-edition game keeps its edition's rules, so the audit can check it."""
    game = game_named(name)
    dice = RecordedDice(game)
    state: GameState | None = None
    for s, step in enumerate(game["steps"]):
        stored = events_of(step)
        if state is None:
            decided = _recreate(stored[0])
        elif step["command"]["type"] == "resolve_breath":
            decided = resolve_breath(state, dice)
        else:
            decided = decide(state, command_from_json(step["command"]), dice, step["seat"])
        got = [{"type": e.type, "payload": _json(e.payload())} for e in decided]
        assert got == step["events"], f"step {s}: {step['command']} decides differently"
        for event in stored:
            state = evolve(state, event)


def _recreate(created: Event) -> list[Event]:
    assert isinstance(created, GameCreated) and created.rules_edition == FIRST
    assert "rules_edition" not in created.payload()  # written as the first edition wrote it
    return new_game(created.scenario, auto_decisions=created.auto_decisions, edition=FIRST)


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))
