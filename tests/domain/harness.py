"""The rule tests' one harness: a game set up from a text board, driven by commands in their
JSON form, with its dice scripted by face.

    game = Game('''
        id0 bf1 bf1 .
        ''')
    game.roll("lore", "lore", "green")           # the next dice, in the order of R-DIE-3
    events = game.send(0, "fly", unit="id0", path=[[1, 0], [2, 0], [3, 0]])
    game.refuse(1, "end_turn")                   # the RuleViolation; the game unchanged

A die nobody scripted fails the test: a rule that rolls more (or other) dice than R-DIE-3
says shows up at once, instead of drawing a silent fallback face. `Game(board, dice=[...],
then=SeededDice("test"))` scripts the first faces up front and draws the rest from a seed
(the `game` fixture of tests/domain/conftest.py builds games that way).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import pytest

from domain import (
    SERVER_SEAT,
    DiceSource,
    GameState,
    RuleViolation,
    ScriptedDice,
    command_from_json,
    decide,
    evolve,
    legal_actions,
    new_game,
    replay,
    resolve_breath,
)
from domain import events as ev
from domain.edition import CURRENT, FIRST
from domain.hexes import Hex
from domain.notation import scenario_from_text
from domain.state import Player, Unit

E = TypeVar("E", bound=ev.Event)


class UnscriptedDie(AssertionError):
    pass


class _NoMoreDice:
    def face(self, index: int) -> str:
        raise UnscriptedDie(f"die #{index} was rolled but the test scripted no face for it")


def player(edge: str, lore: int = 3, cards: Sequence[str] = (), **more: Any) -> dict[str, Any]:
    return {"home_edge": edge, "lore": lore, "cards": list(cards), **more}


class Game:
    """A game under test: its events, its state, and the faces of the dice still to roll."""

    def __init__(
        self,
        board: str,
        *,
        dice: Sequence[str] = (),
        then: DiceSource | None = None,
        sites: Mapping[tuple[int, int], Mapping[str, Any]] | None = None,
        auto_decisions: bool = False,
        edition: int = CURRENT,
        takebacks: bool = False,
        **scenario: Any,
    ) -> None:
        self.doc = scenario_from_text(board, **scenario)
        for site in self.doc["sites"]:
            site.update((sites or {}).get(tuple(site["hex"]), {}))
        self.events: list[ev.Event] = new_game(
            self.doc, auto_decisions=auto_decisions, edition=edition, takebacks=takebacks
        )
        self.state: GameState = replay(self.events)
        self._faces: list[str] = list(dice)
        self._then: DiceSource = then if then is not None else _NoMoreDice()

    # -- dice ---------------------------------------------------------------------------------

    def roll(self, *faces: str) -> Game:
        """Script the next dice the game draws (from its roll counter on)."""
        start = self.state.rolls
        self._faces = self._faces[:start] + ["flag"] * (start - len(self._faces)) + list(faces)
        return self

    @property
    def dice(self) -> ScriptedDice:
        return ScriptedDice(self._faces, self._then)

    # -- commands -----------------------------------------------------------------------------

    def send(self, seat: int, type: str, **fields: Any) -> list[ev.Event]:
        """Decide the command, then apply its events as the server would."""
        command = command_from_json({"type": type, **fields})
        return self._apply(decide(self.state, command, self.dice, seat))

    def refuse(self, seat: int, type: str, **fields: Any) -> RuleViolation:
        """The command must be rejected and leave the game as it was."""
        command = command_from_json({"type": type, **fields})
        before = self.state
        with pytest.raises(RuleViolation) as caught:
            decide(self.state, command, self.dice, seat)
        assert self.state == before
        return caught.value

    def resolve_breath(self) -> list[ev.Event]:
        return self._apply(resolve_breath(self.state, self.dice))

    def _apply(self, new: list[ev.Event]) -> list[ev.Event]:
        for event in new:
            self.state = evolve(self.state, event)
        self.events.extend(new)
        return new

    # -- shortcuts ----------------------------------------------------------------------------

    def order(self, seat: int, *units: str, **options: Any) -> list[ev.Event]:
        return self.send(seat, "order", units=list(units), **options)

    def fly(self, seat: int, unit: str, *path: tuple[int, int], **options: Any) -> list[ev.Event]:
        return self.send(seat, "fly", unit=unit, path=[list(h) for h in path], **options)

    def move(self, seat: int, unit: str, *path: tuple[int, int], **options: Any) -> list[ev.Event]:
        return self.send(seat, "move", unit=unit, path=[list(h) for h in path], **options)

    def battle(self, seat: int, unit: str, target: str, **options: Any) -> list[ev.Event]:
        return self.send(seat, "battle", unit=unit, target=target, **options)

    def end_movement(self, seat: int) -> list[ev.Event]:
        return self.send(seat, "end_movement")

    def end_turn(self, seat: int) -> list[ev.Event]:
        return self.send(seat, "end_turn")

    def pass_turn(self, seat: int) -> list[ev.Event]:
        """Order nothing and end the turn (R-TRN-4, clarified)."""
        return self.end_turn(seat)

    def to_combat(self, seat: int, *units: str) -> list[ev.Event]:
        """Order `units`, move none of them, end the movement phase."""
        return self.order(seat, *units) + self.end_movement(seat)

    # -- reading ------------------------------------------------------------------------------

    def unit(self, unit: str) -> Unit:
        return self.state.units[unit]

    def unit_hex(self, unit: str) -> Hex:
        return self.state.units[unit].hex

    def at(self, unit: str) -> list[int]:
        """The unit's hex as JSON ([col, row])."""
        return self.state.units[unit].hex.to_json()

    def player(self, seat: int) -> Player:
        return self.state.player(seat)

    def events_of(self, kind: str) -> list[ev.Event]:
        """Every event of the game so far of type `kind` ("BattleRolled" …)."""
        return [e for e in self.events if e.type == kind]

    def lore(self, seat: int) -> int:
        return self.state.player(seat).lore

    def banners(self, seat: int) -> int:
        return self.state.player(seat).banners

    def blood(self, seat: int) -> int:
        return self.state.player(seat).blood

    def legal(self, seat: int) -> list[dict[str, Any]]:
        return [c.to_json() for c in legal_actions(self.state, seat)]

    def total_lore(self) -> int:
        """R-LOR-1: pool + goblets + glory tokens on the board."""
        return (
            self.state.lore_pool
            + sum(p.lore for p in self.state.players)
            + sum(u.glory for u in self.state.units.values())
        )


def of_type(events: Sequence[ev.Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def one(events: Sequence[ev.Event], kind: type[E]) -> E:
    found = of_type(events, kind)
    assert len(found) == 1, f"expected one {kind.__name__}, got {found}"
    return found[0]


def types(events: Sequence[ev.Event]) -> list[str]:
    return [e.type for e in events]


def at(col: int, row: int) -> Hex:
    return Hex(col, row)


__all__ = [
    "FIRST",
    "SERVER_SEAT",
    "Game",
    "UnscriptedDie",
    "at",
    "of_type",
    "one",
    "player",
    "types",
]
