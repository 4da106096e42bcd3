"""The board text form."""

from __future__ import annotations

import pytest

from domain import new_game, replay
from domain.notation import board_text, parse_board, scenario_from_text


def test_cells_hold_terrain_sites_and_units():
    doc = parse_board("""
. F   Vww0+fd1 .
 . bf0 sgm1#rider .
""")
    assert doc["width"] == 4 and doc["height"] == 2
    assert {(tuple(t["hex"]), t["kind"]) for t in doc["terrain"]} == {
        ((1, 0), "forest"),
        ((2, 1), "fordable_stream"),
    }
    assert doc["sites"] == [{"hex": [2, 0], "kind": "village"}]
    assert [(u["id"], u["kind"], u["owner"], u["hex"]) for u in doc["units"]] == [
        ("ww0", "wood_wyvern", 0, [2, 0]),
        ("fd1", "fire_dragon", 1, [2, 0]),
        ("bf0", "blue_foot", 0, [1, 1]),
        ("rider", "green_mounted", 1, [2, 1]),
    ]


def test_repeated_units_are_numbered_in_reading_order():
    ids = [u["id"] for u in parse_board(". bf0 bf0\n bf0 . .")["units"]]
    assert ids == ["bf0", "bf0-2", "bf0-3"]


def test_text_round_trips_through_a_game():
    text = ". F   Vww0+fd1 .\n .   bf0  sgm1#rider ."
    state = replay(new_game(scenario_from_text(text)))
    again = replay(new_game(scenario_from_text(board_text(state))))
    assert again.units == state.units and again.terrain == state.terrain


@pytest.mark.parametrize("bad", [". x0 .\n. . .", ". . .\n. .", ". zz0 .\n. . ."])
def test_bad_text_is_refused(bad):
    with pytest.raises(ValueError):
        parse_board(bad)
