"""What a moment of a game shows besides its state: read from the events up to it.

- The moment: the event a picture is about, its last one's version, but at the game's end
  (the `GameEnded` and the secrets revealed after it) the act that ended it: the battle
  whose hits and kills brought the end, a resignation, a delivery; the end itself after a
  turn limit. The viewer shows that event's line.
- The last move of the turn (a move, a flight, a retreat), from the hex the unit left, and
  the last battle: the picture draws them, and marks them `current` when they are the
  moment. A retreat that went nowhere (a unit that could not retreat at all, R-RET-2) is not
  a move: the turn's last move stays the one before it.
- A resignation: from the event where a seat resigns until something else happens (the game
  going on without it, or never, when it ended the game), the picture shows the position
  before the resignation, the resigned seat's pieces faded, and says who resigned, instead of
  a board from which that seat's pieces have vanished (R-WIN-4).
- A takeback (TKB-3, TKB-4): the request, the answer, and after an accepted one the board as
  the fold restored it, with the marks of moves taken back gone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from domain import Event, GameState, evolve
from domain import events as ev
from domain.takeback import TakebackDeclined, TakebackRequested, TakenBack
from domain.view import board_view
from lorekeeper.budget import spending

MOVES = {ev.UnitMoved: "move", ev.DragonFlew: "flight", ev.UnitRetreated: "retreat"}
# The events a resignation brings with it; anything else ends its picture.
RESIGNATION = {"PlayerResigned", "PlayerEliminated", "GameEnded", "DiceRevealed", "SecretsRevealed",
               "TurnEnded"}  # fmt: skip
# What an act brings about rather than an act: a battle's hits, kills, banners and retreats,
# the decisions it asks for, an elimination. The act that ended a game is the last event
# before its end that is none of these.
OUTCOMES = {"UnitHit", "CriticalHitChecked", "UnitDestroyed", "GloryTaken", "GlorySpent",
            "BannersGained", "BloodGained", "LoreGained", "FlagsIgnored", "PlayerEliminated",
            "DecisionRequested", "BattleBackDeclined", "UnitRetreated"}  # fmt: skip


@dataclass(frozen=True)
class Move:
    unit: str
    owner: int
    kind: str  # move, flight or retreat
    hexes: tuple[tuple[int, int], ...]  # from the hex it left to where it stopped
    version: int  # of its event
    current: bool = False  # its event is the moment


@dataclass(frozen=True)
class Battle:
    attacker: str
    target: str
    hexes: tuple[tuple[int, int], tuple[int, int]]  # the attacker's and the target's
    version: int
    current: bool = False


@dataclass(frozen=True)
class Takeback:
    """A takeback at the moment: `asked`, `accepted` or `declined` (TKB-3, TKB-4)."""

    kind: str
    seat: int  # the seat that asked
    to_version: int | None  # the version the game goes back to (None: declined)
    by: int | None = None  # the seat that answered


@dataclass(frozen=True)
class Story:
    """The marks of a moment: see the module's docstring."""

    last_move: Move | None = None
    last_battle: Battle | None = None
    resigned: tuple[int, ...] = ()
    ordered: tuple[str, ...] = ()
    moment: int = 0  # the version of the event the picture is about
    takeback: Takeback | None = None


def read_story(events: Sequence[Event]) -> tuple[dict[str, Any], Story]:
    """The view to draw after `events` (a game's history up to a moment) and its story."""
    state: GameState | None = None
    move: Move | None = None
    battle: Battle | None = None
    before_resignation: GameState | None = None
    resigned: list[int] = []
    marks: list[tuple[Move | None, Battle | None]] = []  # after each version
    takeback: Takeback | None = None
    for version, event in enumerate(spending(events), 1):  # the read's budget
        takeback = _takeback(event)
        if isinstance(event, TakenBack) and 0 < event.to_version <= len(marks):
            move, battle = marks[event.to_version - 1]  # the marks of moves taken back go
        elif event.type == "TurnStarted":
            move, battle = None, None
        elif isinstance(event, ev.UnitMoved | ev.DragonFlew | ev.UnitRetreated) and state:
            move = _move(state, event, version) or move
        elif isinstance(event, ev.BattleRolled) and state:
            battle = _battle(state, event, version) or battle
        if isinstance(event, ev.PlayerResigned):
            if before_resignation is None:
                before_resignation = state
            resigned.append(event.seat)
        elif event.type not in RESIGNATION:
            before_resignation, resigned = None, []
        state = evolve(state, event)
        marks.append((move, battle))
    if state is None:
        raise ValueError("no events")
    view = board_view(state, None)
    if before_resignation is not None:
        before = board_view(before_resignation, None)
        view = {**view, "units": before["units"], "engagements": before["engagements"]}
    moment = moment_of(events)
    story = Story(
        last_move=_marked(move, moment),
        last_battle=_marked(battle, moment),
        resigned=tuple(resigned),
        ordered=tuple(view["turn_state"]["ordered"]),
        moment=moment,
        takeback=takeback,
    )
    return view, story


def _takeback(event: Event) -> Takeback | None:
    if isinstance(event, TakebackRequested):
        return Takeback("asked", event.seat, event.to_version)
    if isinstance(event, TakenBack):
        return Takeback("accepted", event.seat, event.to_version, event.by)
    if isinstance(event, TakebackDeclined):
        return Takeback("declined", event.seat, None, event.by)
    return None


def moment_of(events: Sequence[Event]) -> int:
    """The version of the event a picture after `events` is about (the module's docstring)."""
    ended = next((v for v, e in enumerate(events, 1) if e.type == "GameEnded"), None)
    if ended is None:
        return len(events)
    act = ended - 1
    while act > 0 and events[act - 1].type in OUTCOMES:
        act -= 1
    if act == 0 or events[act - 1].type == "TurnEnded":  # the turn limit (R-WIN-3)
        return ended
    if events[act - 1].type == "TurnStarted":  # fire or poison at the turn's start (R-FIR-3)
        hits = (v for v in range(act + 1, ended) if events[v - 1].type == "UnitHit")
        return next(hits, ended)
    return act


Mark = TypeVar("Mark", Move, Battle)


def _marked(mark: Mark | None, moment: int) -> Mark | None:
    return None if mark is None else replace(mark, current=mark.version == moment)


def _move(
    state: GameState, event: ev.UnitMoved | ev.DragonFlew | ev.UnitRetreated, version: int
) -> Move | None:
    """The move, or None when the unit did not leave its hex (a retreat with no path)."""
    unit = state.units.get(event.unit)
    if unit is None:
        return None
    start = (unit.hex.col, unit.hex.row)
    steps = tuple((h.col, h.row) for h in event.path)
    hexes = steps if steps and steps[0] == start else (start, *steps)
    if len(hexes) < 2:
        return None
    return Move(unit.id, unit.owner, MOVES[type(event)], hexes, version)


def _battle(state: GameState, event: ev.BattleRolled, version: int) -> Battle | None:
    """The battle, where its units stood (the target may be gone when it is shown)."""
    attacker, target = state.units.get(event.attacker), state.units.get(event.target)
    if attacker is None or target is None:
        return None
    hexes = ((attacker.hex.col, attacker.hex.row), (target.hex.col, target.hex.row))
    return Battle(attacker.id, target.id, hexes, version)
