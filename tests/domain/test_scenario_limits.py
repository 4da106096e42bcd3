"""What a scenario may ask for is bounded (issue 21; docs/client/games.md "Scenario limits"), and a
fault past a bound names it. First-edition games were created under looser checks and still
fold (domain/edition.py)."""

from __future__ import annotations

from typing import Any

import pytest

from domain import ScenarioError, ScriptedDice, SeededDice, decide, new_game, replay
from domain.commands import Trade
from domain.edition import FIRST
from domain.events import GameCreated
from domain.notation import scenario_from_text
from domain.scenario import LIMITS, validate_scenario

BOARD = """
.   .   .   .
 .   bf0 rf1 .
.   .   .   .
"""


def scenario(**changes: Any) -> dict[str, Any]:
    doc = scenario_from_text(BOARD)
    for key, value in changes.items():
        if key in ("settings",):
            doc[key].update(value)
        else:
            doc[key] = value
    return doc


def problems(doc: dict[str, Any], edition: int | None = None) -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        validate_scenario(doc) if edition is None else validate_scenario(doc, edition)
    return caught.value.problems


def crowd(per_side: int, side: int = 40) -> dict[str, Any]:
    """`per_side` foot units a player on a `side` × `side` board, north and south."""
    units = [
        {"id": f"u{seat}-{i}", "kind": "blue_foot", "owner": seat,
         "hex": [i % side, i // side if seat == 0 else side - 1 - i // side]}
        for seat in (0, 1) for i in range(per_side)
    ]  # fmt: skip
    doc = scenario_from_text(BOARD)
    doc.update(width=side, height=side, units=units)
    return doc


@pytest.mark.parametrize(
    ("change", "where", "limit"),
    [
        ({"width": LIMITS.board_side + 1}, "width", "board_side"),
        ({"height": 41}, "height", "board_side"),
        ({"settings": {"orders_per_turn": 21}}, "settings.orders_per_turn", "orders_per_turn"),
        ({"settings": {"lore_pool": 10_001}}, "settings.lore_pool", "lore_pool"),
        ({"settings": {"max_turns": 10_001}}, "settings.max_turns", "max_turns"),
        ({"settings": {"blood_per_lore": 0}}, "settings.blood_per_lore", "blood_per_lore"),
        ({"name": "n" * 101}, "name", "name_length"),
        ({"description": "d" * 2001}, "description", "description_length"),
    ],
)
def test_a_value_past_its_limit_is_refused_naming_the_limit(change, where, limit):
    found = problems(scenario(**change))
    assert any(p.startswith(f"{where}:") and f"(limit {limit})" in p for p in found), found


def test_a_player_past_the_cards_or_amount_limits_is_refused_naming_them():
    doc = scenario()
    doc["players"][0].update(cards=["hold"] * 11, lore=10_001)
    found = problems(doc)
    assert any("players[0].cards" in p and "cards_per_player" in p for p in found)
    assert any("players[0].lore" in p and "player_amount" in p for p in found)


def test_150_units_a_side_are_allowed_and_151_are_not():
    assert len(validate_scenario(crowd(150)).units) == 300
    assert problems(crowd(151))[0] == "units: at most 150 units a player (limit units_per_player)"
    lopsided = crowd(150)
    lopsided["units"][-1]["owner"] = 0  # 151 and 149
    assert problems(lopsided) == ["players[0]: has 151 units; at most 150 (limit units_per_player)"]


def test_a_first_edition_game_past_todays_limits_still_folds():
    doc = scenario(settings={"orders_per_turn": 1_000, "lore_pool": 500_000}, name="n" * 300)
    assert problems(doc)  # refused for a new game
    created = GameCreated(scenario=doc)  # as a first-edition game recorded it
    assert created.rules_edition == FIRST and "rules_edition" not in created.payload()
    state = replay([created])
    assert state.settings.orders_per_turn == 1_000 and state.edition == FIRST


def test_no_edition_but_the_known_ones():
    with pytest.raises(ValueError, match="no edition 3"):
        new_game(scenario(), edition=3)


def test_a_first_edition_game_without_a_blood_rate_refuses_a_trade_instead_of_failing():
    # R-SIT-5: the first edition let a rate be 0
    state = replay(new_game(scenario(settings={"blood_per_lore": 0}), edition=FIRST))
    dice = ScriptedDice([], SeededDice(1))
    with pytest.raises(Exception) as caught:
        decide(state, Trade(unit="bf0", blood=2, currency="lore"), dice, 0)
    assert getattr(caught.value, "rule", None) == "R-SIT-5"


@pytest.mark.parametrize("part", ["terrain", "sites", "units"])
def test_a_kind_that_is_not_a_name_is_a_fault_not_a_crash(part):
    doc = scenario()
    doc[part] = [{"hex": [0, 0], "kind": {"a": 1}, "id": "x", "owner": 0}]
    assert any(p.startswith(f"{part}[0].kind") for p in problems(doc))
