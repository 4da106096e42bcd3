"""A decision in progress: emits events, evolving a working copy of the state as it goes.

Rules code reads `tx.state` to see the consequences of what it already emitted, so a battle
can apply hits, then look at what is left. Victory is checked the moment a banner is won or
a unit is removed (R-WIN-1, R-WIN-2); a won game stops the command where it stands.
"""

from __future__ import annotations

from domain import events as ev
from domain.dice import DiceSource
from domain.evolve import evolve
from domain.state import GameState
from domain.winning import victory_event


class GameOver(Exception):
    """Raised inside a decision once GameEnded is emitted: nothing more happens."""


class Tx:
    def __init__(self, state: GameState, dice: DiceSource) -> None:
        self.state = state
        self.events: list[ev.Event] = []
        self._dice = dice
        self._next_roll = state.rolls

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)
        if isinstance(event, ev.GameEnded):
            raise GameOver
        if isinstance(event, ev.BannersGained | ev.PlayerResigned):
            self.check_victory()

    def check_victory(self) -> None:
        """Call once a removal's consequences (its banners) are emitted (R-WIN-1, R-WIN-2):
        each event the rules call for is emitted, until none is (or the game ends)."""
        while (event := victory_event(self.state)) is not None:
            self.emit(event)

    def roll(self, count: int) -> tuple[int, tuple[str, ...]]:
        """Draw `count` dice; the caller must record them in the next event it emits."""
        first = self._next_roll
        self._next_roll += count
        return first, tuple(self._face(first + i) for i in range(count))

    def _face(self, index: int) -> str:
        """The face of die `index`: the one chosen for it in a fork of chosen dice (FRK-4),
        else the dice source's."""
        chosen = index - self.state.chosen_from
        if 0 <= chosen < len(self.state.chosen_faces):
            return self.state.chosen_faces[chosen]
        return self._dice.face(index)
