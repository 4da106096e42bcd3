"""The board pictures of the Play pages, drawn at build time by the server's own code.

Each picture is a position set up from a text board (domain/notation.py), then a few
commands decided by the rules with scripted dice, then drawn by api/board/svg.py. A command
the rules refuse fails the build: a picture cannot show a move the server would not allow.
The status panel under the board is cropped off (as the viewer does): the page's text says
what happens.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from api.board.story import read_story
from api.board.svg import render_board
from domain import Event, GameState, decide, evolve, new_game, replay, resolve_breath
from domain import command_from_json as command
from domain.notation import scenario_from_text

# A step: the seat that sends `command` (its JSON form), with the faces its dice show; the
# seat None resolves the breath phase, as the server's worker does (R-TRN-6).
BREATH_PHASE = None


@dataclass(frozen=True)
class Step:
    seat: int | None
    command: dict[str, Any] = field(default_factory=dict)
    faces: tuple[str, ...] = ()


@dataclass(frozen=True)
class Picture:
    """`name`.svg: the board after `steps`, played from `board`."""

    name: str
    board: str
    steps: tuple[Step, ...] = ()
    lore: int = 6


def order(seat: int, *units: str, breath: Sequence[str] = ()) -> Step:
    return Step(seat, {"type": "order", "units": list(units), "breath": list(breath)})


def act(seat: int, type: str, *faces: str, **fields: Any) -> Step:
    return Step(seat, {"type": type, **fields}, faces)


def breath_phase(*faces: str) -> Step:
    return Step(BREATH_PHASE, {}, faces)


PICTURES = (
    Picture(
        "board",
        """
         .   F   bf1  gm1  H   .   ww1
           .   .   .   .   .   O   .
         C   .   d   s   R   .   .
           .   rf0  .   .   R   .   P
         V   .   bm0  .   .   fd0  .
        """,
    ),
    Picture(
        "move",
        """
         .   .   .   .   bf1
           .   .   .   .   .
         .   bm0  F   .   .
        """,
        (order(0, "bm0"), act(0, "move", unit="bm0", path=[[1, 1], [2, 1], [3, 1]])),
    ),
    Picture(
        "battle",
        """
         .   .   .   .   .
           .   .   bf1  .   .
         .   .   rf0  .   .
        """,
        (
            order(0, "rf0"),
            act(0, "end_movement"),
            act(0, "battle", "blue", "flag", "green", "lore", unit="rf0", target="bf1"),
        ),
    ),
    Picture(
        "flight",
        """
         .   .   .   .   .   .
           .   gf1  bf1  .   .   .
         .   fd0  .   .   .   .
        """,
        (
            order(0, "fd0", breath=["fd0"]),
            act(0, "fly", unit="fd0", path=[[1, 1], [2, 1], [3, 1], [4, 1]]),
        ),
    ),
    Picture(
        "breath",
        """
         .   .   .   .   .   .
           .   gf1  bf1  .   .   .
         .   fd0  .   .   .   .
        """,
        (
            order(0, "fd0", breath=["fd0"]),
            act(0, "fly", unit="fd0", path=[[1, 1], [2, 1], [3, 1], [4, 1]]),
            act(0, "end_movement"),
            breath_phase("lore", "lore", "red", "flag", "green", "lore", "blue", "blue"),
        ),
    ),
    Picture(
        "engagement",
        """
         .   .   .   ww1  .
           .   .   .   .   .
         .   .   .   .   .
           id0  .   .   .   .
        """,
        (
            order(0, "id0"),
            act(0, "fly", unit="id0", path=[[1, 2], [1, 1], [2, 1]]),
        ),
    ),
)


def play(picture: Picture) -> list[Event]:
    """The events of the picture's position: the game's start, then each step."""
    players = [
        {"home_edge": "south", "lore": picture.lore, "cards": []},
        {"home_edge": "north", "lore": picture.lore, "cards": []},
    ]
    doc = scenario_from_text(picture.board, players=players, name=picture.name)
    for site in doc["sites"]:
        site["riders"] = 1 if site["kind"] == "pickup" else 0
    events = new_game(doc, auto_decisions=True)
    state = replay(events)
    for step in picture.steps:
        dice = StepDice(state.rolls, step.faces)
        if step.seat is BREATH_PHASE:
            new = resolve_breath(state, dice)
        else:
            new = decide(state, command(step.command), dice, step.seat)
        events += new
        state = _folded(state, new)
    return events


class StepDice:
    """The faces a step scripts, from the game's next roll on; a die it did not script is an
    error (a picture shows what its faces say, never a chance face)."""

    def __init__(self, start: int, faces: Sequence[str]) -> None:
        self._start, self._faces = start, tuple(faces)

    def face(self, index: int) -> str:
        offset = index - self._start
        if not 0 <= offset < len(self._faces):
            raise ValueError(f"die #{index} was rolled but the step scripted no face for it")
        return self._faces[offset]


def _folded(state: GameState, new: Sequence[Event]) -> GameState:
    for event in new:
        state = evolve(state, event)
    return state


def draw(picture: Picture) -> str:
    """The picture's SVG: the board alone (the status panel below it cropped off), its
    turn's last move and last battle drawn bold, as the acts the picture is about."""
    view, story = read_story(play(picture))
    move, battle = story.last_move, story.last_battle
    story = replace(
        story,
        last_move=move and replace(move, current=True),
        last_battle=battle and replace(battle, current=True),
    )
    return board_only(render_board(view, story))


def board_only(svg: str) -> str:
    ET.register_namespace("", "http://www.w3.org/2000/svg")
    root = ET.fromstring(svg)
    x, y, width, _ = root.attrib["viewBox"].split()
    root.set("viewBox", f"{x} {y} {width} {root.attrib['data-board-height']}")
    return ET.tostring(root, encoding="unicode") + "\n"
