"""A game harness for rule tests: a text board, scripted dice, commands by seat."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from domain import (
    RuleViolation,
    ScriptedDice,
    SeededDice,
    command_from_json,
    decide,
    evolve,
    new_game,
    replay,
    resolve_breath,
)
from domain.edition import CURRENT
from domain.events import Event
from domain.notation import scenario_from_text
from domain.state import GameState


class Game:
    """A game in progress; `dice` is the scripted sequence of faces for the whole game."""

    def __init__(
        self,
        board: str,
        dice: Sequence[str] = (),
        auto: bool = False,
        edition: int = CURRENT,
        **scenario: Any,
    ) -> None:
        self.doc = scenario_from_text(board, **scenario)
        self.dice = ScriptedDice(list(dice), SeededDice("test"))
        self.events: list[Event] = new_game(self.doc, auto_decisions=auto, edition=edition)
        self.state: GameState = replay(self.events)

    def do(self, seat: int, type: str, **fields: Any) -> list[Event]:
        new = decide(self.state, command_from_json({"type": type, **fields}), self.dice, seat)
        self._apply(new)
        return new

    def breath(self) -> list[Event]:
        new = resolve_breath(self.state, self.dice)
        self._apply(new)
        return new

    def rejects(self, seat: int, type: str, **fields: Any) -> RuleViolation:
        before = self.state
        with pytest.raises(RuleViolation) as info:
            self.do(seat, type, **fields)
        assert self.state == before
        return info.value

    def _apply(self, new: list[Event]) -> None:
        for event in new:
            self.state = evolve(self.state, event)
        self.events.extend(new)

    # -- reading the state ------------------------------------------------------------------

    def unit(self, uid: str) -> Any:
        return self.state.units[uid]

    def at(self, uid: str) -> list[int]:
        return self.state.units[uid].hex.to_json()

    def player(self, seat: int) -> Any:
        return self.state.player(seat)

    def of_type(self, name: str) -> list[Event]:
        return [e for e in self.events if e.type == name]

    def to_combat(self, seat: int, *units: str) -> None:
        self.do(seat, "order", units=list(units))
        self.do(seat, "end_movement")


@pytest.fixture
def game() -> Callable[..., Game]:
    return Game


def types(events: Sequence[Event]) -> list[str]:
    return [e.type for e in events]
