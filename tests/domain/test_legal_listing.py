"""The legal-actions listing grows with units × reachable hexes, never with combinations
(issue 21): single-unit orders, described merges (`order_options`), one move per destination.
Every listed command is accepted; every merge the description allows is accepted too."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from domain import (
    RuleViolation,
    ScriptedDice,
    SeededDice,
    command_from_json,
    decide,
    legal_actions,
    legal_listing,
    new_game,
    order_options,
    replay,
)
from domain.commands import OrderUnits
from domain.notation import scenario_from_text
from tests.domain.harness import Game, player

ARMY = """
.   .   .   .   .   .
 ww0 bf0 rf0 .   .   .
.   .   .   .   .   .
 .   .   .   .   gf1 .
"""
DICE = ScriptedDice([], SeededDice(0))


def army(**units: Any) -> Game:
    return Game(ARMY, units=units, players=[player("south"), player("north")])


def orders_of(game: Game) -> list[dict[str, Any]]:
    return [c for c in game.legal(0) if c["type"] == "order"]


def test_orders_are_listed_one_unit_at_a_time():  # R-TRN-4, R-BRE-1, R-RST-1
    listed = orders_of(army())
    assert {"type": "order", "units": [], "breath": [], "roost": [], "remove_tokens": {}} in listed
    by_unit = {u: [c for c in listed if c["units"] == [u]] for u in ("ww0", "bf0", "rf0")}
    assert len(by_unit["bf0"]) == len(by_unit["rf0"]) == 1
    assert sorted((c["breath"], c["roost"]) for c in by_unit["ww0"]) == [
        ([], []),
        ([], ["ww0"]),
        (["ww0"], []),
    ]
    assert len(listed) == 1 + 3 + 2 and all(len(c["units"]) <= 1 for c in listed)


def test_a_unit_with_tokens_is_also_listed_with_all_of_them_removed():  # R-BRE-9
    listed = orders_of(army(bf0={"tokens": {"poison": 1}}))
    bf0 = [c["remove_tokens"] for c in listed if c["units"] == ["bf0"]]
    assert bf0 == [{}, {"bf0": {"poison": 1, "frost": 0, "fire": 0}}]


def test_order_options_describe_how_the_single_orders_merge():  # R-TRN-4
    game = army()
    options = order_options(game.state, 0)
    assert options == {
        "max_units": 3,
        "lore": 3,
        "units": ["bf0", "rf0", "ww0"],
        "breath_cost": {"ww0": 1},
        "token_cost": 2,
    }
    assert legal_listing(game.state, 0)["order"] == options
    assert order_options(game.state, 1) is None  # not seat 1's turn
    assert "order" not in legal_listing(game.state, 1)


def test_every_merge_the_description_allows_is_accepted():  # R-TRN-4, R-BRE-1, R-RST-1
    game = army()
    singles = [command_from_json(c) for c in orders_of(game) if c["units"]]
    accepted = 0
    for size in (2, 3):
        for group in itertools.combinations(singles, size):
            assert isinstance(group[0], OrderUnits)
            if len({c.units[0] for c in group}) < size:  # type: ignore[attr-defined]
                continue
            merged = OrderUnits(
                units=tuple(u for c in group for u in c.units),  # type: ignore[attr-defined]
                breath=tuple(u for c in group for u in c.breath),  # type: ignore[attr-defined]
                roost=tuple(u for c in group for u in c.roost),  # type: ignore[attr-defined]
            )
            decide(game.state, merged, DICE, 0)
            accepted += 1
    assert accepted == 3 + 3 + 1 + 3  # ww0 (3 roles) with bf0, with rf0; bf0 + rf0; all three


def test_a_merge_past_the_description_is_refused():  # R-TRN-4, R-BRE-1
    game = Game(ARMY, settings={"orders_per_turn": 2})
    assert game.refuse(0, "order", units=["ww0", "bf0", "rf0"]).rule == "R-TRN-4"
    broke = Game(ARMY, players=[player("south", lore=0), player("north")])
    assert broke.refuse(0, "order", units=["ww0"], breath=["ww0"]).rule == "R-BRE-1"
    assert not [c for c in orders_of(broke) if c["breath"]]


def crowd(per_side: int, orders: int = 3) -> dict[str, Any]:
    rows = ["  ".join(["bf0"] * min(per_side, 20))] * (per_side // 20)
    if per_side % 20:
        rows.append("  ".join(["bf0"] * (per_side % 20) + ["."] * (20 - per_side % 20)))
    rows += [" ".join(["."] * 20)] * 2
    rows += [r.replace("bf0", "rf1") for r in rows[:-2]]
    doc = scenario_from_text("\n".join(rows), settings={"orders_per_turn": orders})
    return doc


@pytest.mark.parametrize(("per_side", "orders"), [(20, 20), (150, 3)])
def test_the_listing_is_linear_in_units_even_with_many_orders(per_side, orders):
    # issue 21: 20 units with 20 orders listed 1,048,578 actions; 150 a side took 3.6 s
    state = replay(new_game(crowd(per_side, orders)))
    actions = legal_actions(state, 0)
    assert len(actions) == 1 + 1 + per_side + 1  # resign, the empty order, one each, end_turn
    assert order_options(state, 0)["max_units"] == orders  # type: ignore[index]


def test_merged_orders_of_many_units_are_accepted_up_to_the_limit():  # R-TRN-4
    state = replay(new_game(crowd(20, 20)))
    everyone = tuple(sorted(u.id for u in state.units_of(0)))
    assert decide(state, OrderUnits(units=everyone), DICE, 0)
    with pytest.raises(RuleViolation):
        decide(replay(new_game(crowd(21, 20))), OrderUnits(units=everyone + ("bf0-21",)), DICE, 0)
