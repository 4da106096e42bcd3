"""Critical hits (R-CRT-1..4) and glory tokens, with the clarifications of R-CRT-1 and R-CRT-4."""

from __future__ import annotations

import pytest

from domain import events as ev
from tests.domain.harness import FIRST, Game, at, of_type, one, player

CRT = """
.   .   .   .
 .   rf0 ww1 .
.   .   .   bf1
"""


def attack(game: Game, unit: str, target: str, *faces: str, **options: str) -> list[ev.Event]:
    game.order(0, unit)
    game.end_movement(0)
    game.roll(*faces)
    return game.battle(0, unit, target, **options)


def test_one_hit_does_nothing_to_a_dragon():  # R-CRT-1, R-CRT-2
    game = Game(CRT)
    events = attack(game, "rf0", "ww1", "green", "red", "red", "red")
    assert one(events, ev.UnitHit).hits == 1
    assert not of_type(events, ev.CriticalHitChecked)
    assert game.state.rolls == 4 and "ww1" in game.state.units


@pytest.mark.parametrize("hits", [2, 3, 4])
def test_a_check_rolls_one_die_for_the_first_two_hits_and_one_per_further_hit(hits):  # R-CRT-1
    game = Game(CRT)
    faces = ["green"] * hits + ["red"] * (4 - hits)
    events = attack(game, "rf0", "ww1", *faces, *["blue"] * (hits - 1))
    check = one(events, ev.CriticalHitChecked)
    assert (check.hits, check.roll, len(check.faces)) == (hits, 4, hits - 1)
    assert not check.killed and "ww1" in game.state.units


@pytest.mark.parametrize("face", ["blue", "red", "flag", "bonus_strike", "lore"])
def test_only_the_dragons_banner_colour_kills(face):  # R-CRT-2
    game = Game(CRT)
    events = attack(game, "rf0", "ww1", "green", "green", "red", "red", face)
    assert not one(events, ev.CriticalHitChecked).killed
    assert "ww1" in game.state.units


def test_any_die_of_the_check_showing_the_banner_colour_kills():  # R-CRT-2
    game = Game(CRT)
    events = attack(game, "rf0", "ww1", "green", "green", "green", "red", "red", "green")
    assert one(events, ev.CriticalHitChecked).killed and "ww1" not in game.state.units


def test_lore_on_check_dice_gives_no_lore():  # R-CRT-1 (clarified), R-LOR-2
    game = Game(CRT)
    attack(game, "rf0", "ww1", "green", "green", "green", "red", "lore", "lore")
    assert game.lore(0) == 3 and game.lore(1) == 3


def test_a_check_rolls_all_its_dice_at_once_even_after_a_killing_die():  # R-CRT-1 (clarified)
    game = Game(CRT)
    events = attack(game, "rf0", "ww1", "green", "green", "green", "red", "green", "red")
    check = one(events, ev.CriticalHitChecked)
    assert check.faces == ("green", "red") and check.killed
    assert game.state.rolls == 6


def test_a_killed_dragon_is_removed_and_gives_two_banners_and_a_glory_token():
    # R-CRT-2, R-CRT-3, R-CRT-4, R-LOR-1
    game = Game(CRT, units={"ww1": {"rider": "carried"}})
    events = attack(game, "rf0", "ww1", "green", "green", "red", "red", "green")
    assert one(events, ev.UnitDestroyed).unit == "ww1" and "ww1" not in game.state.units
    assert game.banners(0) == 2
    assert one(events, ev.GloryTaken).unit == "rf0"
    assert game.state.units["rf0"].glory == 1 and game.state.lore_pool == 49
    assert game.total_lore() == 56
    assert not of_type(events, ev.RiderDelivered)  # the rider is gone with its dragon


def test_no_glory_token_from_an_empty_pool():  # R-CRT-4, R-LOR-1
    game = Game(CRT, settings={"lore_pool": 0})
    events = attack(game, "rf0", "ww1", "green", "green", "red", "red", "green")
    assert not of_type(events, ev.GloryTaken) and game.state.units["rf0"].glory == 0
    assert game.banners(0) == 2


def test_a_unit_already_holding_glory_takes_another_and_lore_is_conserved():
    # R-CRT-4, R-LOR-1
    game = Game(CRT, units={"rf0": {"glory": 1}})
    total = game.total_lore()
    attack(game, "rf0", "ww1", "green", "green", "red", "red", "green")
    assert game.state.units["rf0"].glory == 2 and game.state.lore_pool == 49
    assert game.total_lore() == total


def test_poison_hits_join_the_rolls_hits_for_the_check():  # R-CRT-1, R-PSN-1
    game = Game(CRT, units={"ww1": {"tokens": {"poison": 1}}})
    events = attack(game, "rf0", "ww1", "green", "lore", "red", "red", "blue")
    assert one(events, ev.CriticalHitChecked).hits == 2


CHECK_ORDER = """
.   ww1 .   .
 .   fd0 .   .
.   .   .   .
 .   .   .   gf1
"""


def test_the_targets_check_comes_before_the_attackers_own_poison_check():  # R-DIE-3, R-CRT-1
    game = Game(CHECK_ORDER, units={"fd0": {"tokens": {"poison": 1}}})
    events = attack(game, "fd0", "ww1", "green", "green", "lore", "lore", "blue", "blue")
    checks = [(c.unit, c.roll) for c in of_type(events, ev.CriticalHitChecked)]
    assert checks == [("ww1", 4), ("fd0", 5)]


def test_the_attackers_poison_check_comes_before_the_blocked_retreat_check():
    # R-DIE-3, R-MOR-3: ww1 stands on its home edge and cannot retreat the 3 hexes it owes.
    game = Game(CHECK_ORDER, units={"fd0": {"tokens": {"poison": 1}}})
    events = attack(game, "fd0", "ww1", "lore", "lore", "flag", "flag", "blue", "blue", "blue")
    checks = [(c.unit, c.hits, c.roll) for c in of_type(events, ev.CriticalHitChecked)]
    assert checks == [("fd0", 2, 4), ("ww1", 3, 5)]


def test_a_dragon_killed_by_poison_alone_pays_the_poisoner_and_no_glory():
    # R-CRT-3, R-CRT-4, R-PSN-1 (clarified): seat 2's wyvern poisoned ww1; rf0's lore kills it.
    game = Game(
        """
        .   .   .   .   .
         ww2 ww1 .   .   .
        .   rf0 .   .   .
        """,
        players=[player("south"), player("north"), player("east")],
    )
    game.end_turn(0)
    game.end_turn(1)
    game.order(2, "ww2", breath=["ww2"])
    game.fly(2, "ww2", (1, 1), (2, 1), (3, 1))
    game.end_movement(2)
    game.roll("lore", "red")
    game.resolve_breath()
    game.end_turn(2)
    total = game.total_lore()
    events = attack(game, "rf0", "ww1", "lore", "lore", "red", "red", "green")
    assert one(events, ev.UnitDestroyed).by == 2
    assert game.banners(2) == 2 and game.banners(0) == 0
    assert not of_type(events, ev.GloryTaken) and game.total_lore() == total


# -- glory tokens (R-CRT-4) ----------------------------------------------------------------------


def test_glory_gives_one_extra_die_in_a_battle_and_returns_to_the_pool():  # R-CRT-4, R-LOR-1
    game = Game(CRT, units={"rf0": {"glory": 1}})
    total = game.total_lore()
    events = attack(game, "rf0", "ww1", *["red"] * 5, glory="extra_die")
    assert one(events, ev.GlorySpent).use == "extra_die"
    assert len(one(events, ev.BattleRolled).faces) == 5
    assert game.state.units["rf0"].glory == 0 and game.state.lore_pool == 51
    assert game.total_lore() == total


def test_glory_is_spent_once():  # R-CRT-4
    game = Game(CRT, units={"rf0": {"glory": 1}})
    game.order(0, "rf0")
    game.end_movement(0)
    game.roll(*["red"] * 5)
    game.battle(0, "rf0", "ww1", glory="extra_die")
    assert game.state.units["rf0"].glory == 0
    game.send(1, "battle_back", unit="ww1", accept=False)
    for seat in (0, 1):
        game.end_turn(seat)
    game.order(0, "rf0")
    game.end_movement(0)
    assert game.refuse(0, "battle", unit="rf0", target="ww1", glory="extra_die").rule == "R-CRT-4"


def test_glory_gives_one_extra_hex_on_a_ground_move():  # R-CRT-4
    game = Game(
        """
        .   .   .   .   .   .
         bm0 .   .   .   .   rf1
        """,
        units={"bm0": {"glory": 1}},
    )
    game.order(0, "bm0")
    path = [[1, 1], [2, 1], [3, 1], [4, 1]]
    assert game.refuse(0, "move", unit="bm0", path=path).rule == "R-MOV-1"
    events = game.move(0, "bm0", (1, 1), (2, 1), (3, 1), (4, 1), glory="extra_hex")
    assert one(events, ev.GlorySpent).use == "extra_hex"
    assert game.unit_hex("bm0") == at(4, 1) and game.state.units["bm0"].glory == 0


def test_glory_never_lengthens_a_flight_in_a_first_edition_game():  # R-CRT-4 (first edition)
    game = Game(CRT.replace("rf0", "id0"), units={"id0": {"glory": 1}}, edition=FIRST)
    game.order(0, "id0")
    path = [[1, 0], [2, 0], [3, 0], [3, 1], [3, 2]]
    assert game.refuse(0, "fly", unit="id0", path=path, glory="extra_hex").rule == "R-CRT-4"
    assert game.refuse(0, "fly", unit="id0", path=path[:2], glory="extra_hex").rule == "R-CRT-4"


@pytest.mark.parametrize("use", ["extra_hex", "ignore_flag"])
def test_glory_gives_only_an_extra_die_in_a_battle(use):  # R-CRT-4
    game = Game(CRT, units={"rf0": {"glory": 1}})
    game.order(0, "rf0")
    game.end_movement(0)
    assert game.refuse(0, "battle", unit="rf0", target="ww1", glory=use).rule == "R-CRT-4"


RETREAT = """
.   .   .   .   .   .
 .   .   .   .   .   .
.   .   .   .   .   .
 .   .   .   .   .   .
.   .   ww1 .   .   .
 .   .   rf0 .   .   .
"""


def flags_on_ww1(**units: dict) -> Game:
    """rf0 rolls two flags on ww1 (home edge north): one ignored, one owes 3 hexes."""
    game = Game(RETREAT, units=units)
    attack(game, "rf0", "ww1", "flag", "flag", "red", "red")
    return game


def test_glory_ignores_one_more_flag_on_a_retreat():  # R-CRT-4, R-MOR-1
    game = flags_on_ww1(ww1={"glory": 1})
    assert game.state.pending.kind == "retreat" and game.state.pending.hexes == 3
    events = game.send(1, "choose_retreat", unit="ww1", path=[], glory="ignore_flag")
    assert one(events, ev.GlorySpent).use == "ignore_flag"
    assert one(events, ev.UnitRetreated).path == () and not of_type(events, ev.UnitHit)
    assert game.unit_hex("ww1") == at(2, 4) and game.state.units["ww1"].glory == 0


def test_a_dragon_that_stays_thanks_to_glory_may_still_battle_back():  # R-CRT-4, R-BAT-5
    game = flags_on_ww1(ww1={"glory": 1})
    game.send(1, "choose_retreat", unit="ww1", path=[], glory="ignore_flag")
    pending = game.state.pending
    assert pending is not None and pending.kind == "battle_back" and pending.unit == "ww1"


def test_glory_adds_one_hex_to_a_retreat():  # R-CRT-4
    game = flags_on_ww1(ww1={"glory": 1})
    path = [[2, 3], [2, 2], [2, 1], [2, 0]]
    assert game.refuse(1, "choose_retreat", unit="ww1", path=path).rule == "R-MOR-2"
    events = game.send(1, "choose_retreat", unit="ww1", path=path, glory="extra_hex")
    assert one(events, ev.UnitRetreated).glory is True and not of_type(events, ev.UnitHit)
    assert game.unit_hex("ww1") == at(2, 0)


def test_a_unit_holding_glory_is_asked_even_when_its_retreat_has_one_path():  # R-CRT-4, R-TRN-9
    game = Game(
        """
        .   .   .
         R   .   .
        .   bf1 .
         .   rf0 .
        """,
        units={"bf1": {"glory": 1}},
    )
    attack(game, "rf0", "bf1", "flag", "red", "red", "red")
    pending = game.state.pending
    assert pending is not None and pending.kind == "retreat" and pending.unit == "bf1"
    game.send(1, "choose_retreat", unit="bf1", path=[], glory="ignore_flag")
    assert game.unit_hex("bf1") == at(1, 2)


def test_a_glory_token_on_a_destroyed_unit_returns_to_the_pool():  # R-CRT-4 (clarified)
    game = Game(CRT.replace("ww1", "gf1"), units={"gf1": {"glory": 1, "figures": 1}})
    total = game.total_lore()
    attack(game, "rf0", "gf1", "green", "red", "red", "red")
    assert "gf1" not in game.state.units
    assert game.state.lore_pool == 51 and game.total_lore() == total


def test_the_unit_whose_flags_killed_a_dragon_by_a_blocked_retreat_takes_glory():
    # R-CRT-4, R-CRT-3, R-MOR-3: rf0's flags drove ww1 against its edge, 2 hexes short.
    game = Game(
        """
        .   .   F   .
         .   ww1 .   .
        .   rf0 .   .
        """
    )
    events = attack(game, "rf0", "ww1", "flag", "flag", "red", "red", "green")
    assert one(events, ev.UnitDestroyed).unit == "ww1" and game.banners(0) == 2
    assert one(events, ev.GloryTaken).unit == "rf0"
