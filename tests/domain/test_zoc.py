"""Zones of control, engagements and voluntary combat (R-ZOC-1..7), R-AMB-4 and R-AMB-5."""

from __future__ import annotations

import pytest

from domain import events as ev
from tests.domain.harness import FIRST, Game, of_type, one, player

ZOC = """
.   .   .   gf1 .   .
 ww0 .   .   fd1 .   .
.   .   .   .   .   .
"""


def engagements(game: Game) -> set[tuple[str, str]]:
    return {(g.attacker, g.defender) for g in game.state.engagements}


def test_a_ground_move_ending_next_to_an_enemy_dragon_creates_an_engagement():  # R-ZOC-1
    game = Game(ZOC)
    game.order(0, "ww0")
    created = one(game.move(0, "ww0", (1, 1), (2, 1)), ev.EngagementCreated)
    assert (created.attacker, created.defender) == ("ww0", "fd1")


def test_a_flight_landing_next_to_an_enemy_dragon_creates_an_engagement():  # R-ZOC-1
    game = Game(ZOC)
    game.order(0, "ww0")
    game.fly(0, "ww0", (1, 0), (2, 0), (2, 1))
    assert engagements(game) == {("ww0", "fd1")}


def test_passing_through_a_zone_of_control_creates_nothing():  # R-ZOC-1
    game = Game(ZOC)
    game.order(0, "ww0")
    assert not of_type(game.fly(0, "ww0", (1, 1), (2, 1), (2, 2)), ev.EngagementCreated)


def test_an_engagement_must_be_fought_before_the_turn_ends():  # R-ZOC-1, R-TRN-7
    game = Game(ZOC)
    game.order(0, "ww0")
    game.move(0, "ww0", (1, 1), (2, 1))
    game.end_movement(0)
    assert game.refuse(0, "end_turn").rule == "R-TRN-7"
    game.roll("blue", "blue")
    game.battle(0, "ww0", "fd1")
    game.send(1, "battle_back", unit="fd1", accept=False)
    assert game.state.engagements == ()
    game.end_turn(0)


def test_an_engagement_takes_the_place_of_the_optional_battle():  # R-ZOC-1
    game = Game(ZOC)
    game.order(0, "ww0")
    game.move(0, "ww0", (1, 1), (2, 1))
    game.end_movement(0)
    assert game.refuse(0, "battle", unit="ww0", target="gf1").rule == "R-ZOC-1"
    assert {(c["unit"], c["target"]) for c in game.legal(0) if c["type"] == "battle"} == {
        ("ww0", "fd1")
    }


def test_a_dragon_that_flew_fights_only_the_engagements_its_landing_creates():
    # R-AMB-5, R-MOV-3
    game = Game(ZOC)
    game.order(0, "ww0")
    game.fly(0, "ww0", (1, 1), (2, 0))  # next to gf1, outside fd1's zone
    game.end_movement(0)
    assert game.refuse(0, "battle", unit="ww0", target="gf1").rule == "R-MOV-3"
    game = Game(ZOC)
    game.order(0, "ww0")
    game.fly(0, "ww0", (1, 0), (2, 0), (2, 1))
    game.end_movement(0)
    game.roll("blue", "blue")
    assert one(game.battle(0, "ww0", "fd1"), ev.BattleRolled).attacker == "ww0"


PUSHED = """
.   .   fd0 .   .
 .   .   .   .   .
.   .   .   .   .
 .   ww1 .   .   .
.   rf0 .   .   gf2
"""


@pytest.mark.parametrize("owner", [0, 2], ids=["active dragon", "third player's dragon"])
def test_a_retreat_ending_next_to_a_dragon_creates_no_engagement(owner):  # R-ZOC-1, R-ZOC-5
    game = Game(
        PUSHED.replace("fd0", f"fd{owner}"),
        players=[player("south"), player("north"), player("east")],
    )
    game.order(0, "rf0")
    game.end_movement(0)
    game.roll("flag", "flag", "red", "red")
    game.battle(0, "rf0", "ww1")
    events = game.send(1, "choose_retreat", unit="ww1", path=[[1, 2], [1, 1], [1, 0]])
    assert game.unit_hex("ww1").row == 0
    assert not of_type(events, ev.EngagementCreated) and game.state.engagements == ()


TWO = """
.   .   .   .   .
 ww0 .   .   fd1 .
.   .   .   .   .
 id0 .   .   .   .
"""


def test_each_pair_of_dragons_fights_at_most_once_per_turn():  # R-ZOC-2
    game = Game(TWO)
    game.order(0, "ww0")
    game.move(0, "ww0", (1, 1), (2, 1))
    game.end_movement(0)
    game.roll("blue", "blue", "blue", "blue", "blue", "blue")
    game.battle(0, "ww0", "fd1")
    game.send(1, "battle_back", unit="fd1", accept=True)
    assert game.refuse(0, "battle", unit="ww0", target="fd1").rule in ("R-ZOC-2", "R-BAT-1")
    game.end_turn(0)
    game.end_turn(1)
    # Next turn, still side by side, they may fight again (R-ZOC-6 c).
    game.order(0, "ww0")
    game.end_movement(0)
    game.roll("blue", "blue")
    assert one(game.battle(0, "ww0", "fd1"), ev.BattleRolled).target == "fd1"


def test_two_dragons_of_one_player_each_engage_the_same_enemy():  # R-AMB-4, R-ZOC-2
    game = Game(TWO)
    game.order(0, "ww0", "id0")
    game.move(0, "ww0", (1, 1), (2, 1))
    game.fly(0, "id0", (1, 3), (2, 3), (3, 2))
    assert engagements(game) == {("ww0", "fd1"), ("id0", "fd1")}
    game.end_movement(0)
    game.roll("blue", "blue", "blue", "blue", "blue")
    game.battle(0, "ww0", "fd1")
    game.send(1, "battle_back", unit="fd1", accept=False)
    game.battle(0, "id0", "fd1")
    game.send(1, "battle_back", unit="fd1", accept=False)
    game.end_turn(0)


def test_zones_of_control_do_not_cross_a_red_border():  # R-ZOC-3, R-BRD-4, R-BAT-1 (clarified)
    game = Game(ZOC.replace(" fd1", "Vfd1"))
    game.order(0, "ww0")
    assert not of_type(game.move(0, "ww0", (1, 1), (2, 1)), ev.EngagementCreated)
    game.end_movement(0)
    violation = game.refuse(0, "battle", unit="ww0", target="fd1")
    assert violation.rule == "R-BAT-1" and "red border" in violation.message


def test_a_dragon_inside_a_village_neither_engages_nor_is_engaged():  # R-ZOC-3
    game = Game(
        """
        .   .   .   .
         ww0 V   .   .
        .   .   fd1 .
        """
    )
    game.order(0, "ww0")
    game.move(0, "ww0", (1, 1))
    assert game.state.engagements == ()
    game.end_turn(0)
    game.order(1, "fd1")
    assert not of_type(game.move(1, "fd1", (1, 2)), ev.EngagementCreated)


def test_a_first_edition_enemy_stopping_next_to_a_roosted_dragon_engaged_it_for_no_blood():
    # R-ZOC-4 (first edition; revision 2: test_revision_2_combat.py), R-BLD-1, R-RST-2
    game = Game(ZOC, units={"fd1": {"roosted": True}}, edition=FIRST)
    game.order(0, "ww0")
    game.move(0, "ww0", (1, 1), (2, 1))
    assert engagements(game) == {("ww0", "fd1")}
    game.end_movement(0)
    game.roll("red", "red", "blue")
    events = game.battle(0, "ww0", "fd1")
    assert one(events, ev.BattleRolled).hits == 2
    assert not of_type(events, ev.BloodGained) and game.blood(0) == 0
    assert game.state.pending.kind == "battle_back"  # a roosted dragon may still battle back


def test_a_first_edition_roosted_dragon_was_engaged_by_an_enemy_stopping_by():
    # R-ZOC-4 (first edition), R-RST-1
    game = Game(
        """
        .   .   .   .   .
         ww0 fd1 .   .   .
        .   .   .   .   .
        """,
        edition=FIRST,
    )
    game.order(0, "ww0", roost=["ww0"])
    game.end_movement(0)
    assert game.state.engagements == ()
    game.end_turn(0)  # nothing to fight
    game.order(1, "fd1")
    game.move(1, "fd1", (1, 0))  # still next to the roosted ww0
    assert engagements(game) == {("fd1", "ww0")}


# -- voluntary combat (R-ZOC-6) ------------------------------------------------------------------


@pytest.mark.parametrize("site", ["C", "P"], ids=["cave", "pickup"])
def test_a_dragon_may_battle_one_sharing_its_cave_or_pickup(site):  # R-ZOC-6
    game = Game(
        f"""
        .   .   .   .
         ww0 .   {site}fd1 .
        .   .   .   .
        """
    )
    game.order(0, "ww0")
    assert not of_type(game.move(0, "ww0", (1, 1), (2, 1)), ev.EngagementCreated)
    game.end_movement(0)
    game.roll("blue", "blue")
    assert one(game.battle(0, "ww0", "fd1"), ev.BattleRolled).target == "fd1"


def test_a_dragon_that_fights_in_its_village_cannot_trade_there():  # R-ZOC-6, R-SIT-5
    game = Game(
        """
        .   .   .   .
         ww0 .   Vfd1 .
        .   .   .   .
        """,
        players=[player("south", blood=4), player("north")],
    )
    game.order(0, "ww0")
    game.move(0, "ww0", (1, 1), (2, 1))
    game.end_movement(0)
    game.roll("blue", "blue")
    game.battle(0, "ww0", "fd1")
    game.send(1, "battle_back", unit="fd1", accept=False)
    violation = game.refuse(0, "trade", unit="ww0", blood=2, **{"for": "lore"})
    assert violation.rule == "R-ZOC-6"


def test_a_dragon_may_battle_one_already_in_its_zone_of_control():  # R-ZOC-6
    game = Game(
        """
        .   .   .   .
         ww0 fd1 .   .
        .   .   .   .
        """
    )
    game.order(0, "ww0")
    game.end_movement(0)
    assert game.state.engagements == ()
    game.roll("blue", "blue")
    assert one(game.battle(0, "ww0", "fd1"), ev.BattleRolled).target == "fd1"


def test_voluntary_combat_needs_an_ordered_dragon_that_did_not_fly():  # R-ZOC-6, R-MOV-3
    board = """
    .   .   .   .
     ww0 .   Cfd1 .
    .   .   .   .
    """
    game = Game(board)
    game.order(0)
    game.end_movement(0)
    assert game.refuse(0, "battle", unit="ww0", target="fd1").rule in ("R-TRN-4", "R-BAT-1")
    game = Game(board)
    game.order(0, "ww0")
    game.fly(0, "ww0", (1, 1), (2, 1))
    game.end_movement(0)
    assert game.refuse(0, "battle", unit="ww0", target="fd1").rule == "R-MOV-3"


# -- the portal (R-ZOC-7, R-SIT-6) ---------------------------------------------------------------


def test_no_engagement_into_the_portal_and_no_battle_with_a_dragon_inside():  # R-ZOC-7, R-SIT-6
    game = Game(ZOC.replace(" fd1", "Ofd1"))
    game.order(0, "ww0")
    assert not of_type(game.move(0, "ww0", (1, 1), (2, 1)), ev.EngagementCreated)
    game.end_movement(0)
    violation = game.refuse(0, "battle", unit="ww0", target="fd1")
    assert "portal" in violation.message and violation.rule in ("R-BAT-1", "R-ZOC-7")


def test_no_engagement_out_of_the_portal_and_no_battle_from_inside():  # R-ZOC-7, R-SIT-6
    game = Game(
        """
        .   .   .   .
         ww0 .   O   .
        .   .   .   fd1
        """
    )
    game.order(0, "ww0")
    assert not of_type(game.move(0, "ww0", (1, 1), (2, 1)), ev.EngagementCreated)
    game.end_movement(0)
    assert "portal" in game.refuse(0, "battle", unit="ww0", target="fd1").message
