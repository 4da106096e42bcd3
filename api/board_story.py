"""What a moment of a game shows besides its state: read from the events up to it.

- The last move of the turn (a move, a flight, a retreat), from the hex the unit left, and
  the last battle: the picture draws them, and marks them `current` when the moment's own
  event is that move or battle.
- A resignation: from the event where a seat resigns until something else happens (the game
  going on without it, or never, when it ended the game), the picture shows the position
  before the resignation, the resigned seat's pieces faded, and says who resigned, instead of
  a board from which that seat's pieces have vanished (R-WIN-4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from domain import Event, GameState, evolve
from domain import events as ev
from domain.view import board_view
from lorekeeper.budget import spending

MOVES = {ev.UnitMoved: "move", ev.DragonFlew: "flight", ev.UnitRetreated: "retreat"}
# The events a resignation brings with it; anything else ends its picture.
RESIGNATION = {"PlayerResigned", "PlayerEliminated", "GameEnded", "DiceRevealed", "SecretsRevealed",
               "TurnEnded"}  # fmt: skip


@dataclass(frozen=True)
class Move:
    unit: str
    owner: int
    kind: str  # move, flight or retreat
    hexes: tuple[tuple[int, int], ...]  # from the hex it left to where it stopped
    current: bool  # the moment's own event


@dataclass(frozen=True)
class Battle:
    attacker: str
    target: str
    current: bool


@dataclass(frozen=True)
class Story:
    """The marks of a moment: see the module's docstring."""

    last_move: Move | None = None
    last_battle: Battle | None = None
    resigned: tuple[int, ...] = ()
    ordered: tuple[str, ...] = ()
    event_type: str = ""


def read_story(events: Sequence[Event]) -> tuple[dict[str, Any], Story]:
    """The view to draw after `events` (a game's history up to a moment) and its story."""
    state: GameState | None = None
    move: Move | None = None
    battle: Battle | None = None
    before_resignation: GameState | None = None
    resigned: list[int] = []
    last = len(events) - 1
    for i, event in enumerate(spending(events)):  # the read's budget (lorekeeper/budget.py)
        if event.type == "TurnStarted":
            move, battle = None, None
        elif isinstance(event, ev.UnitMoved | ev.DragonFlew | ev.UnitRetreated) and state:
            move = _move(state, event, current=i == last) or move
        elif isinstance(event, ev.BattleRolled):
            battle = Battle(event.attacker, event.target, current=i == last)
        if isinstance(event, ev.PlayerResigned):
            if before_resignation is None:
                before_resignation = state
            resigned.append(event.seat)
        elif event.type not in RESIGNATION:
            before_resignation, resigned = None, []
        state = evolve(state, event)
    if state is None:
        raise ValueError("no events")
    view = board_view(state, None)
    if before_resignation is not None:
        before = board_view(before_resignation, None)
        view = {**view, "units": before["units"], "engagements": before["engagements"]}
    story = Story(
        last_move=move,
        last_battle=battle,
        resigned=tuple(resigned),
        ordered=tuple(view["turn_state"]["ordered"]),
        event_type=events[-1].type,
    )
    return view, story


def _move(
    state: GameState, event: ev.UnitMoved | ev.DragonFlew | ev.UnitRetreated, current: bool
) -> Move | None:
    unit = state.units.get(event.unit)
    if unit is None:
        return None
    start = (unit.hex.col, unit.hex.row)
    steps = tuple((h.col, h.row) for h in event.path)
    hexes = steps if steps and steps[0] == start else (start, *steps)
    return Move(unit.id, unit.owner, MOVES[type(event)], hexes, current)
