"""The contradictions RULES.md resolves (R-AMB-1..5), each pinned to the reading chosen."""

from __future__ import annotations

import pytest

from domain import events as ev
from tests.domain.harness import Game, of_type, one, player


@pytest.mark.parametrize(
    ("code", "cost"), [("ww", 1), ("id", 2), ("fd", 3)], ids=["wyvern", "drake", "fire dragon"]
)
def test_breath_costs_one_two_three_lore_not_one_for_all(code, cost):  # R-AMB-1, R-UNT-3
    board = f"""
    .   .   .
     {code}0 .   bf1
    """
    game = Game(board, players=[player("south", lore=3), player("north")])
    assert one(game.order(0, f"{code}0", breath=[f"{code}0"]), ev.LorePaid).amount == cost
    assert game.lore(0) == 3 - cost
    short = Game(board, players=[player("south", lore=cost - 1), player("north")])
    assert short.refuse(0, "order", units=[f"{code}0"], breath=[f"{code}0"]).rule == "R-BRE-1"


def test_the_cap_of_three_targets_holds_even_over_a_crowded_site():  # R-AMB-2, R-BRE-2
    game = Game(
        """
        .   .                  .   .   .
         id0 Cww1+ww1+fd1      bf1 .   .
        """
    )
    game.order(0, "id0", breath=["id0"])
    flew = one(game.fly(0, "id0", (1, 1), (2, 1), (3, 1)), ev.DragonFlew)
    assert flew.targets == ("fd1", "ww1", "ww1-2")
    assert game.state.units["bf1"].breath_target is None


def test_blocked_retreat_hits_do_not_join_the_rolls_hits():  # R-AMB-3, R-MOR-3
    game = Game(
        """
        F   .   F   .
         .   .   .   .
        .   ww1 .   .
         .   fd0 .   .
        """
    )
    game.order(0, "fd0")
    game.end_movement(0)
    game.roll("green", "flag", "flag", "red")
    events = game.battle(0, "fd0", "ww1")
    assert [(h.hits, h.cause) for h in of_type(events, ev.UnitHit)] == [
        (1, "battle"),
        (1, "retreat blocked"),
    ]
    assert not of_type(events, ev.CriticalHitChecked)


def test_once_per_turn_is_per_pair_of_dragons_not_per_opponent():  # R-AMB-4, R-ZOC-2
    game = Game(
        """
        .   .   .   .   .
         ww0 .   .   fd1 .
        .   .   .   .   .
         id0 .   .   .   .
        """
    )
    game.order(0, "ww0", "id0")
    game.move(0, "ww0", (1, 1), (2, 1))
    game.fly(0, "id0", (1, 3), (2, 3), (3, 2))
    game.end_movement(0)
    game.roll(*["blue"] * 5)
    game.battle(0, "ww0", "fd1")
    game.send(1, "battle_back", unit="fd1", accept=False)
    assert game.refuse(0, "battle", unit="ww0", target="fd1").rule in ("R-ZOC-2", "R-BAT-1")
    assert one(game.battle(0, "id0", "fd1"), ev.BattleRolled).attacker == "id0"


def test_a_flying_dragon_fights_only_what_its_landing_engages():  # R-AMB-5, R-MOV-3
    game = Game(
        """
        .   .   .   .   .
         ww0 .   gf1 fd1 .
        .   .   .   .   .
        """
    )
    game.order(0, "ww0")
    game.fly(0, "ww0", (1, 2), (2, 2), (3, 2))  # lands next to gf1 and fd1
    game.end_movement(0)
    assert {(g.attacker, g.defender) for g in game.state.engagements} == {("ww0", "fd1")}
    assert game.refuse(0, "battle", unit="ww0", target="gf1").rule in ("R-ZOC-1", "R-MOV-3")
    game.roll("blue", "blue")
    assert one(game.battle(0, "ww0", "fd1"), ev.BattleRolled).target == "fd1"
