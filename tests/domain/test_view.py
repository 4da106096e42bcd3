"""The stored board view (domain/view.py): every field of a unit, spelled out."""

from __future__ import annotations

import json

import pytest

from domain import evolve
from domain.codec import to_json
from domain.scenarios import scenario_names
from domain.state import GameState
from domain.view import ALL_SEATS, ViewParts, board_view
from tests.domain.harness import Game
from tests.domain.test_properties import play, short

DUEL = """
. .   .   . .
 . bf0 rf1 . .
. .   .   . .
"""


def test_a_units_tokens_in_the_view_are_all_of_its_tokens() -> None:
    game = Game(DUEL, units={"rf1": {"tokens": {"poison": 1, "frost": 2, "fire": 3}}})

    units = {u["id"]: u for u in board_view(game.state, ALL_SEATS)["units"]}

    assert units["rf1"]["tokens"] == {"poison": 1, "frost": 2, "fire": 3}
    for unit in game.state.units.values():  # a token kind added to Tokens shows up here too
        assert units[unit.id]["tokens"] == to_json(unit.tokens)


@pytest.mark.parametrize("name", scenario_names())
def test_views_made_of_kept_parts_are_the_views(name: str) -> None:
    _, events = play(short(name, 6), 11, auto=True)
    parts, state = ViewParts(most=16), None  # small: the parts start afresh on the way
    states: list[GameState] = []
    for event in events:
        state = evolve(state, event)
        states.append(state)
        made = board_view(state, ALL_SEATS, parts)
        assert json.dumps(made) == json.dumps(board_view(state, ALL_SEATS))
    again = [board_view(s, ALL_SEATS, parts) for s in states]  # older states, parts kept
    assert again == [board_view(s, ALL_SEATS) for s in states]
