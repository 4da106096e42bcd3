"""Sites (R-SIT-1..6), roosting (R-RST-1..3) and blood points (R-BLD-1), with the
clarifications of R-TRN-7/R-SIT, R-SIT-3, R-SIT-5 and R-BLD-1."""

from __future__ import annotations

import pytest

from domain import events as ev
from tests.domain.harness import Game, at, of_type, one, player, types

PICKUP = """
.   .   .   .   .
 ww0 .   P   .   gf1
.   .   .   .   .
"""
RIDERS = {(2, 1): {"riders": 2}}


def test_a_dragon_that_ends_its_move_on_a_pickup_takes_a_rider_at_end_of_turn():
    # R-SIT-2, R-SIT-1, R-TRN-7/R-SIT (clarified): before the end-of-turn lore.
    game = Game(PICKUP, sites=RIDERS)
    game.order(0, "ww0")
    game.move(0, "ww0", (1, 1), (2, 1))
    assert not of_type(game.end_movement(0), ev.RiderPickedUp)
    events = game.end_turn(0)
    assert types(events)[:3] == ["RiderPickedUp", "LoreGained", "TurnEnded"]
    assert game.state.units["ww0"].rider == "carried"
    assert game.state.sites[at(2, 1)].riders == 1


@pytest.mark.parametrize(
    ("units", "sites"),
    [({"ww0": {"rider": "carried"}}, RIDERS), ({}, {(2, 1): {"riders": 0}})],
    ids=["carries one already", "no rider left"],
)
def test_no_rider_for_a_dragon_carrying_one_or_from_an_empty_pickup(units, sites):  # R-SIT-2
    game = Game(PICKUP, units=units, sites=sites)
    game.order(0, "ww0")
    game.move(0, "ww0", (1, 1), (2, 1))
    game.end_movement(0)
    assert not of_type(game.end_turn(0), ev.RiderPickedUp)


def test_a_dragon_that_did_not_move_there_this_turn_takes_no_rider():  # R-SIT-1
    game = Game(PICKUP.replace("ww0 .   P ", ".   .   Pww0"), sites=RIDERS)
    game.order(0, "ww0")
    game.end_movement(0)
    assert not of_type(game.end_turn(0), ev.RiderPickedUp)
    assert game.state.units["ww0"].rider == "none"


def test_a_dragon_pushed_off_the_pickup_in_combat_takes_no_rider():  # R-SIT-1
    game = Game(
        """
        .   .   .   .   .
         .   .   .   .   .
        .   .   .   .   .
         ww0 .   P   fd1 .
        .   .   .   .   .
        """,
        sites={(2, 3): {"riders": 2}},
    )
    game.order(0, "ww0")
    game.move(0, "ww0", (1, 3), (2, 3))
    game.end_movement(0)
    game.roll("blue", "blue", "flag", "flag", "blue", "blue", "blue")
    game.battle(0, "ww0", "fd1")
    game.send(1, "battle_back", unit="fd1", accept=True)
    game.send(0, "choose_retreat", unit="ww0", path=[[2, 4]])  # one hex to its edge, 2 short
    assert game.unit_hex("ww0") == at(2, 4)
    assert not of_type(game.end_turn(0), ev.RiderPickedUp)


PORTAL = """
.   .   .   .   .   .
 ww0 O   .   V   .   gf1
.   .   .   .   .   .
"""


def test_a_ground_move_into_the_portal_passes_the_rider():  # R-SIT-3
    game = Game(PORTAL, units={"ww0": {"rider": "carried"}})
    game.order(0, "ww0")
    assert one(game.move(0, "ww0", (1, 1), (2, 1)), ev.RiderPassedPortal).unit == "ww0"
    assert game.state.units["ww0"].rider == "passed"


def test_a_flight_over_the_portal_passes_the_rider():  # R-SIT-3 (clarified)
    game = Game(PORTAL, units={"ww0": {"rider": "carried"}})
    game.order(0, "ww0")
    assert of_type(game.fly(0, "ww0", (1, 1), (2, 1), (2, 2)), ev.RiderPassedPortal)


def test_a_dragon_without_a_rider_passes_nothing():  # R-SIT-3
    game = Game(PORTAL)
    game.order(0, "ww0")
    assert not of_type(game.move(0, "ww0", (1, 1), (2, 1)), ev.RiderPassedPortal)


def test_a_rider_that_passed_the_portal_is_delivered_in_a_village_for_a_banner():  # R-SIT-4
    game = Game(PORTAL, units={"ww0": {"rider": "carried"}})
    game.order(0, "ww0")
    game.fly(0, "ww0", (1, 1), (2, 1), (3, 1))  # through the portal into the village
    game.end_movement(0)
    events = game.end_turn(0)
    assert types(events)[:3] == ["RiderDelivered", "BannersGained", "LoreGained"]
    assert game.banners(0) == 1 and game.state.units["ww0"].rider == "none"


def test_a_rider_that_never_passed_the_portal_is_not_delivered():  # R-SIT-4
    game = Game(PORTAL.replace("ww0 O", "ww0 ."), units={"ww0": {"rider": "carried"}})
    game.order(0, "ww0")
    game.fly(0, "ww0", (1, 1), (2, 1), (3, 1))
    game.end_movement(0)
    assert not of_type(game.end_turn(0), ev.RiderDelivered)
    assert game.banners(0) == 0 and game.state.units["ww0"].rider == "carried"


def test_a_dragon_already_in_the_village_delivers_nothing():  # R-SIT-1, R-SIT-4
    game = Game(
        PORTAL.replace(" V ", " Vww0#w ").replace("ww0 O", ".   O"),
        units={"w": {"rider": "passed"}},
    )
    game.order(0, "w")
    game.end_movement(0)
    assert not of_type(game.end_turn(0), ev.RiderDelivered)


# -- trading blood (R-SIT-5) ---------------------------------------------------------------------

VILLAGE = """
.   .   .   .
 ww0 .   V   gf1
.   .   .   .
"""


def in_village(blood: int) -> Game:
    game = Game(VILLAGE, players=[player("south", blood=blood), player("north")])
    game.order(0, "ww0")
    game.move(0, "ww0", (1, 1), (2, 1))
    game.end_movement(0)
    return game


def test_two_blood_points_buy_one_lore():  # R-SIT-5, R-LOR-1
    game = in_village(blood=3)
    events = game.send(0, "trade", unit="ww0", blood=2, **{"for": "lore"})
    assert one(events, ev.BloodTraded).amount == 1
    assert (game.blood(0), game.lore(0), game.state.lore_pool) == (1, 4, 49)


def test_five_blood_points_buy_one_banner():  # R-SIT-5
    game = in_village(blood=5)
    game.send(0, "trade", unit="ww0", blood=5, **{"for": "banner"})
    assert (game.blood(0), game.banners(0)) == (0, 1)


def test_trades_in_multiples_of_the_rate_are_allowed():  # R-SIT-5 (clarified)
    game = in_village(blood=10)
    game.send(0, "trade", unit="ww0", blood=4, **{"for": "lore"})
    game.send(0, "trade", unit="ww0", blood=5, **{"for": "banner"})
    assert (game.blood(0), game.lore(0), game.banners(0)) == (1, 5, 1)
    assert game.refuse(0, "trade", unit="ww0", blood=1, **{"for": "lore"}).rule == "R-SIT-5"


def test_a_trade_needs_the_blood_and_a_whole_multiple():  # R-SIT-5
    game = in_village(blood=4)
    assert game.refuse(0, "trade", unit="ww0", blood=3, **{"for": "lore"}).rule == "R-SIT-5"
    assert game.refuse(0, "trade", unit="ww0", blood=5, **{"for": "banner"}).rule == "R-SIT-5"


def test_trading_is_a_combat_phase_command():  # R-SIT-5, R-TRN-7 (clarified)
    game = Game(VILLAGE, players=[player("south", blood=4), player("north")])
    game.order(0, "ww0")
    game.move(0, "ww0", (1, 1), (2, 1))
    assert game.refuse(0, "trade", unit="ww0", blood=2, **{"for": "lore"}).rule == "R-SIT-5"


def test_only_a_dragon_that_ended_its_move_in_the_village_trades():  # R-SIT-5, R-SIT-1
    game = Game(
        VILLAGE.replace("ww0 .   V ", ".   .   Vww0"),
        players=[player("south", blood=4), player("north")],
    )
    game.order(0, "ww0")
    game.end_movement(0)
    assert game.refuse(0, "trade", unit="ww0", blood=2, **{"for": "lore"}).rule == "R-SIT-5"


# -- roosting (R-RST-1..3) -----------------------------------------------------------------------

ROOST = """
.   .   .   .
 ww0 fd1 C   .
.   .   .   .
"""


def test_a_roosted_dragon_neither_moves_nor_flies_nor_starts_a_battle():  # R-RST-1, R-RST-2
    game = Game(ROOST)
    game.order(0, "ww0", roost=["ww0"])
    assert game.refuse(0, "move", unit="ww0", path=[[0, 2]]).rule == "R-RST-1"
    assert game.refuse(0, "fly", unit="ww0", path=[[0, 2], [0, 3]]).rule == "R-RST-1"
    game.end_movement(0)
    assert game.refuse(0, "battle", unit="ww0", target="fd1").rule == "R-RST-2"


def test_a_dragon_cannot_both_roost_and_breathe():  # R-RST-1, R-BRE-1
    assert Game(ROOST).refuse(0, "order", units=["ww0"], roost=["ww0"], breath=["ww0"]).rule == (
        "R-RST-1"
    )


def test_a_roosted_dragon_may_battle_back():  # R-RST-2, R-BAT-5
    game = Game(ROOST)
    game.order(0, "ww0", roost=["ww0"])
    game.end_movement(0)
    game.end_turn(0)
    game.order(1, "fd1")
    game.end_movement(1)
    game.roll("blue", "blue", "blue", "blue", "blue", "blue")
    game.battle(1, "fd1", "ww0")
    assert game.state.pending.kind == "battle_back" and game.state.pending.unit == "ww0"
    rolled = one(game.send(0, "battle_back", unit="ww0", accept=True), ev.BattleRolled)
    assert rolled.attacker == "ww0" and rolled.battle_back


@pytest.mark.parametrize(("cell", "reward"), [("ww0", 1), ("Cww0", 2)], ids=["open", "cave"])
def test_roosting_pays_lore_at_the_start_of_the_owners_next_turn_and_ends(cell, reward):
    # R-RST-3, R-RST-1, R-TRN-3
    game = Game(ROOST.replace("ww0", cell))
    game.order(0, "ww0", roost=["ww0"])
    game.end_movement(0)
    game.end_turn(0)
    assert game.state.units["ww0"].roosted  # through the other player's turn
    lore = game.lore(0)
    events = game.end_turn(1)
    gained = [e for e in of_type(events, ev.LoreGained) if e.seat == 0]
    assert [g.amount for g in gained] == [reward]
    assert game.lore(0) == lore + reward and not game.state.units["ww0"].roosted
    assert types(events).index("RoostEnded") > types(events).index("TurnStarted")


# -- blood points (R-BLD-1) ----------------------------------------------------------------------

DUEL = """
.   .   .   .
 ww0 fd1 .   .
.   .   .   .
"""


def duel(*faces: str, **units: dict) -> tuple[Game, list[ev.Event]]:
    game = Game(DUEL, units=units)
    game.order(0, "ww0")
    game.end_movement(0)
    game.roll(*faces)
    return game, game.battle(0, "ww0", "fd1")


def test_each_hit_scored_on_a_dragon_earns_one_blood_point():  # R-BLD-1
    game, _ = duel("red", "red", "blue")
    assert game.blood(0) == 2 and game.blood(1) == 0


def test_a_battle_back_earns_blood_for_the_other_side():  # R-BLD-1
    game, _ = duel("blue", "blue")
    game.roll("green", "bonus_strike", "flag", "blue", "red")
    game.send(1, "battle_back", unit="fd1", accept=True)
    assert game.blood(1) == 2 and game.blood(0) == 0


def test_flags_turned_into_hits_and_poison_hits_from_the_rollers_lore_earn_blood():
    # R-BLD-1 (clarified), R-FRS-2, R-PSN-1
    game, _ = duel("flag", "lore", "blue", fd1={"tokens": {"frost": 1, "poison": 1}})
    assert game.blood(0) == 2


def test_self_poison_hits_earn_no_blood():  # R-BLD-1 (clarified), R-PSN-1
    game, events = duel("red", "lore", ww0={"tokens": {"poison": 1}})
    assert {(h.unit, h.hits) for h in of_type(events, ev.UnitHit)} == {("fd1", 1), ("ww0", 1)}
    assert game.blood(0) == 1 and game.blood(1) == 0


def test_blocked_retreat_hits_earn_no_blood():  # R-BLD-1 (clarified), R-MOR-2
    game = Game(
        """
        .   fd1 F   .
         .   ww0 .   .
        .   .   .   .
        """.replace(".   fd1 F", "F   fd1 F")
    )
    game.order(0, "ww0")
    game.end_movement(0)
    game.roll("flag", "flag", "blue", "blue")
    events = game.battle(0, "ww0", "fd1")
    assert one(events, ev.UnitRetreated).short == 3  # on its home edge: 3 hits, a check
    assert one(events, ev.CriticalHitChecked).hits == 3
    assert game.blood(0) == 0


def test_a_battle_with_a_ground_unit_earns_no_blood():  # R-BLD-1
    game = Game(DUEL.replace("fd1", "rf1"))
    game.order(0, "ww0")
    game.end_movement(0)
    game.roll("red", "red")
    game.battle(0, "ww0", "rf1")
    assert game.blood(0) == 0
