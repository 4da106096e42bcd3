"""Scenario documents: the documented shape, clear errors, and the shipped scenarios."""

from __future__ import annotations

import copy

import pytest

from domain import ScenarioError, new_game, replay
from domain.catalogue import SITE_KINDS, TERRAIN, UNIT_KINDS
from domain.scenarios import get_scenario, scenario_names

ISSUE_EXAMPLE = {
    "name": "example",
    "width": 13,
    "height": 9,
    "terrain": [{"hex": [3, 4], "kind": "forest"}],
    "sites": [{"hex": [6, 4], "kind": "village", "capacity": 3, "riders": 0}],
    "players": [
        {"home_edge": "south", "lore": 3, "cards": ["hold"]},
        {"home_edge": "north", "lore": 3, "cards": []},
    ],
    "units": [
        {"id": "s-foot-1", "kind": "blue_foot", "owner": 0, "hex": [2, 7]},
        {"id": "n-foot-1", "kind": "red_foot", "owner": 1, "hex": [2, 1]},
    ],
    "settings": {
        "orders_per_turn": 3,
        "lore_pool": 50,
        "lore_per_turn": 1,
        "banners_to_win": 6,
        "max_turns": None,
    },
}


def test_the_documented_shape_is_accepted():  # R-BRD-1, R-BRD-3
    state = replay(new_game(ISSUE_EXAMPLE))
    assert (state.width, state.height, state.lore_pool) == (13, 9, 50)
    assert state.player(0).cards == ("hold",)


def test_optional_unit_and_player_fields_set_up_any_position():
    doc = copy.deepcopy(ISSUE_EXAMPLE)
    doc["units"][0].update(figures=2, tokens={"poison": 1, "frost": 2}, glory=1)
    doc["units"].append(
        {
            "id": "d",
            "kind": "fire_dragon",
            "owner": 1,
            "hex": [6, 4],
            "rider": "passed",
            "roosted": True,
        }
    )
    doc["players"][1].update(blood=4, banners=2)
    state = replay(new_game(doc))
    unit = state.units["s-foot-1"]
    assert (unit.figures, unit.tokens.poison, unit.tokens.frost, unit.glory) == (2, 1, 2, 1)
    assert state.units["d"].rider == "passed" and state.units["d"].roosted
    assert (state.player(1).blood, state.player(1).banners) == (4, 2)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["units"][0].update(kind="goblin"),
            "units[0].kind: unknown unit kind 'goblin'",
        ),
        (lambda d: d["units"][0].update(hex=[20, 4]), "units[0].hex: [20,4] is off the 13x9 board"),
        (
            lambda d: d["units"][1].update(hex=[2, 7]),
            "units[1].hex: [2,7] holds unit s-foot-1 already",
        ),
        (lambda d: d["terrain"].append({"hex": [2, 7], "kind": "river"}), "impassable"),
        (lambda d: d["units"][1].update(id="s-foot-1"), "unit id 's-foot-1' is used twice"),
        (lambda d: d["units"][0].update(hex=[6, 4]), "only dragons may enter sites"),
        (lambda d: d["players"].pop(), "players: a game has 2 to 4 players"),
        (lambda d: d["players"][0].update(home_edge="up"), "players[0].home_edge"),
        (lambda d: d["settings"].update(orders=3), "settings.orders: unknown"),
        (lambda d: d["units"][0].update(figures=9), "units[0].figures: expected 1..4"),
        (lambda d: d["terrain"][0].update(kind="lava"), "unknown terrain 'lava'"),
        (lambda d: d["units"].pop(), "players[1]: has no units"),
    ],
)
def test_a_bad_scenario_is_refused_with_a_clear_error(change, message):
    doc = copy.deepcopy(ISSUE_EXAMPLE)
    change(doc)
    with pytest.raises(ScenarioError) as info:
        new_game(doc)
    assert any(message in p for p in info.value.problems), info.value.problems


def test_every_problem_is_listed_at_once():
    doc = copy.deepcopy(ISSUE_EXAMPLE)
    doc["units"][0]["kind"] = "goblin"
    doc["terrain"][0]["kind"] = "lava"
    with pytest.raises(ScenarioError) as info:
        new_game(doc)
    assert len(info.value.problems) >= 2


def test_dragons_on_a_site_up_to_its_capacity():  # R-BRD-3
    doc = copy.deepcopy(ISSUE_EXAMPLE)
    doc["units"] += [
        {"id": f"d{i}", "kind": "wood_wyvern", "owner": 0, "hex": [6, 4]} for i in range(4)
    ]
    with pytest.raises(ScenarioError, match="full"):
        new_game(doc)
    doc["units"].pop()
    assert len(replay(new_game(doc)).units) == 5


def test_the_battle_scenario_has_every_ground_kind_dragon_and_terrain():
    doc = get_scenario("river_crossing")
    assert doc is not None and len(doc["players"]) == 2
    assert {u["kind"] for u in doc["units"]} == set(UNIT_KINDS)
    assert {t["kind"] for t in doc["terrain"]} == set(TERRAIN) - {"plain"}
    replay(new_game(doc))


def test_the_sky_battles_are_dragons_only_with_every_site():
    for name, players in (("sky_council", 4), ("sky_trio", 3)):
        doc = get_scenario(name)
        assert doc is not None and len(doc["players"]) == players
        assert all(UNIT_KINDS[u["kind"]].is_dragon for u in doc["units"])
        assert {s["kind"] for s in doc["sites"]} == set(SITE_KINDS)
        replay(new_game(doc))


def test_scenarios_are_listed_by_name_and_copied_on_read():
    assert set(scenario_names()) >= {"river_crossing", "sky_council", "sky_trio"}
    doc = get_scenario("river_crossing")
    assert doc is not None
    doc["units"].clear()
    assert get_scenario("river_crossing")["units"]  # type: ignore[index]
    assert get_scenario("nope") is None
