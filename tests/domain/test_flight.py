"""Flight (R-FLY-1..3); the Hold/Web reactions of R-FLY-4 are in test_reactions.py."""

from __future__ import annotations

import pytest

from domain import RuleViolation, command_from_json, decide
from domain import events as ev
from domain.hexes import Hex, neighbors
from tests.domain.harness import Game, at, one

OPEN = """
.   .   .   .   .   .   .
 .   .   .   .   .   .   .
id0 bf1 R   V   .   .   .
 .   .   .   .   .   .   .
.   .   .   .   .   .   .
"""


def test_flight_passes_over_units_terrain_and_sites():  # R-FLY-1
    game = Game(OPEN)
    game.order(0, "id0")
    events = game.fly(0, "id0", (1, 2), (2, 2), (3, 2), (4, 2))
    assert one(events, ev.DragonFlew).path == (at(1, 2), at(2, 2), at(3, 2), at(4, 2))
    assert game.unit_hex("id0") == at(4, 2)


@pytest.mark.parametrize(
    "path",
    [[(0, 3)], [(0, 3), (1, 3), (2, 3), (3, 3), (4, 3)]],
    ids=["one hex", "five hexes"],
)
def test_a_flight_enters_two_to_four_hexes(path):  # R-FLY-1
    game = Game(OPEN)
    game.order(0, "id0")
    assert game.refuse(0, "fly", unit="id0", path=path).rule == "R-FLY-1"


@pytest.mark.parametrize("path", [[(0, 3), (1, 3)], [(0, 3), (1, 3), (2, 3), (3, 3)]])
def test_two_and_four_hex_flights_are_legal(path):  # R-FLY-1
    game = Game(OPEN)
    game.order(0, "id0")
    game.fly(0, "id0", *path)
    assert game.unit_hex("id0") == at(*path[-1])


def test_each_hex_of_a_flight_is_next_to_the_last():  # R-FLY-1
    game = Game(OPEN)
    game.order(0, "id0")
    assert game.refuse(0, "fly", unit="id0", path=[(0, 3), (2, 3)]).rule == "R-FLY-1"


def test_a_ground_unit_cannot_fly():  # R-FLY-1
    game = Game("""
    bm0 .   .   .
     .   .   .   bf1
    """)
    game.order(0, "bm0")
    assert game.refuse(0, "fly", unit="bm0", path=[(1, 0), (2, 0)]).rule == "R-FLY-1"


LANDING = """
.  .  .   .  .
 .  .  .   .  .
.  F  id0 H  .
 d  s  bf1 .  .
.  .  .   .  .
"""


@pytest.mark.parametrize(
    "path",
    [
        [(1, 1), (1, 2)],  # forest
        [(2, 1), (3, 2)],  # hill
        [(1, 3), (0, 3)],  # ford
        [(2, 3), (1, 3)],  # fordable stream
        [(3, 2), (2, 3)],  # a unit
    ],
    ids=["forest", "hill", "ford", "stream", "unit"],
)
def test_a_flight_cannot_end_on_a_unit_or_a_terrain_tile(path):  # R-FLY-2
    game = Game(LANDING)
    game.order(0, "id0")
    assert game.refuse(0, "fly", unit="id0", path=path).rule == "R-FLY-2"
    assert game.unit_hex("id0") == at(2, 2)


SITES = """
.  .   .   .              .
 .  id0 .   C              Cww1#a+ww1#b+ww1#c
.  .   .   .              .
"""


def test_a_site_with_free_capacity_counts_as_empty_for_landing():  # R-FLY-2, R-BRD-3
    game = Game(SITES)
    game.order(0, "id0")
    game.fly(0, "id0", (2, 1), (3, 1))
    assert game.unit_hex("id0") == at(3, 1)


def test_a_full_site_is_no_landing_hex():  # R-FLY-2
    game = Game(SITES)
    game.order(0, "id0")
    assert game.refuse(0, "fly", unit="id0", path=[(2, 1), (3, 1), (4, 1)]).rule == "R-FLY-2"


def test_after_landing_the_dragon_is_on_the_ground_and_can_be_attacked():  # R-FLY-2
    board = """
    .   .   .   .   .
     id0 .   .   .   rf1
    .   .   .   .   .
    """
    game = Game(board)
    game.order(0, "id0")
    game.fly(0, "id0", (1, 1), (2, 1), (3, 1))
    game.end_movement(0)
    game.end_turn(0)
    game.order(1, "rf1")
    game.end_movement(1)
    game.roll("blue", "green", "green", "green")
    rolled = one(game.battle(1, "rf1", "id0"), ev.BattleRolled)
    assert rolled.target == "id0" and rolled.hits == 1


@pytest.mark.parametrize("effect", ["frost", "fire"])
def test_frozen_or_burning_dragons_cannot_fly(effect):  # R-FLY-3, R-FRS-1, R-FIR-2
    game = Game(OPEN, units={"id0": {"tokens": {effect: 1}}})
    game.order(0, "id0")
    assert game.refuse(0, "fly", unit="id0", path=[(0, 3), (1, 3)]).rule == "R-FLY-3"
    assert not any(c["type"] == "fly" for c in game.legal(0))


def test_every_flight_the_rules_allow_is_a_legal_action():  # R-FLY-1, R-FLY-2
    """`legal_actions` lists one flight per landing hex (the path matters to nothing else here:
    no breath, no rider); every path that `decide` accepts lands on a listed hex, revisits and
    returns included, and every listed flight is accepted."""
    game = Game(
        """
        .   F   .   .
         .   id0 bf1 .
        .   H   .   ww1
        """
    )
    game.order(0, "id0")

    flights = [c for c in game.legal(0) if c["type"] == "fly"]
    listed = {Hex.from_json(c["path"][-1]) for c in flights}
    assert len(listed) == len(flights)  # one each
    accepted, paths = set(), [[]]
    for _ in range(4):
        paths = [p + [h] for p in paths for h in neighbors(p[-1] if p else at(1, 1))]
        for path in paths:
            command = command_from_json(
                {"type": "fly", "unit": "id0", "path": [h.to_json() for h in path]}
            )
            try:
                decide(game.state, command, game.dice, 0)
            except RuleViolation:
                continue
            accepted.add(path[-1])
    assert at(1, 1) in accepted  # back where it started
    assert accepted == listed
