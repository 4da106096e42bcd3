"""The stored board view (domain/view.py): every field of a unit, spelled out."""

from __future__ import annotations

from domain.codec import to_json
from domain.view import ALL_SEATS, board_view
from tests.domain.harness import Game

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
