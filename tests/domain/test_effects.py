"""Breath effects: poison (R-PSN-1), frost (R-FRS-1/2) and fire (R-FIR-1..4)."""

from __future__ import annotations

from domain import events as ev
from tests.domain.harness import FIRST, Game, at, of_type, one, player, types

DUEL = """
.   .   .   .
 .   bf0 rf1 .
.   .   .   .
"""


def battle(game: Game, seat: int, unit: str, target: str, *faces: str) -> list[ev.Event]:
    """`unit` (ordered, not moving) battles `target`; the dice show `faces` in order."""
    game.order(seat, unit)
    game.end_movement(seat)
    game.roll(*faces)
    return game.battle(seat, unit, target)


def breathe(game: Game, seat: int, dragon: str, path: list[tuple[int, int]], *faces: str) -> None:
    """`dragon` pays, flies `path` and its breath phase is resolved with `faces`."""
    game.order(seat, dragon, breath=[dragon])
    game.fly(seat, dragon, *path)
    game.end_movement(seat)
    game.roll(*faces)
    game.resolve_breath()


# -- poison --------------------------------------------------------------------------------------


def test_lore_rolled_against_a_poisoned_unit_gave_no_lore_in_the_first_edition():
    # R-PSN-1, R-LOR-2 (first edition; revision 2: test_revision_2_combat.py)
    game = Game(DUEL, units={"rf1": {"tokens": {"poison": 1}}}, edition=FIRST)
    events = battle(game, 0, "bf0", "rf1", "lore", "lore", "green")
    assert one(events, ev.BattleRolled).hits == 2
    assert game.state.units["rf1"].figures == 2
    assert game.lore(0) == 3 and not of_type(events, ev.LoreGained)


def test_each_lore_a_poisoned_unit_rolls_is_a_hit_on_itself():  # R-PSN-1
    game = Game(DUEL, units={"bf0": {"tokens": {"poison": 1}}})
    events = battle(game, 0, "bf0", "rf1", "lore", "red", "green")
    hits = {(h.unit, h.hits) for h in of_type(events, ev.UnitHit)}
    assert hits == {("rf1", 1), ("bf0", 1)}
    # the lore face still gives its lore (R-LOR-2, revision 2)
    assert game.state.units["bf0"].figures == 3 and game.lore(0) == 4


def test_lore_between_two_poisoned_units_hits_both():  # R-PSN-1 (clarified)
    poisoned = {"tokens": {"poison": 1}}
    game = Game(DUEL, units={"bf0": poisoned, "rf1": poisoned})
    battle(game, 0, "bf0", "rf1", "lore", "green", "green")
    assert game.state.units["bf0"].figures == 3 and game.state.units["rf1"].figures == 3


def test_a_poisoned_unit_moves_and_battles_normally():  # R-PSN-1
    game = Game(
        """
        .   .   .   .   .
         rm0 .   .   rf1 .
        .   .   .   .   .
        """,
        units={"rm0": {"tokens": {"poison": 2}}},
    )
    game.order(0, "rm0")
    game.move(0, "rm0", (1, 1), (2, 1))
    game.end_movement(0)
    game.roll("green", "green", "green", "green")
    assert len(one(game.battle(0, "rm0", "rf1"), ev.BattleRolled).faces) == 4


POISONER = """
.   .   .   .   .
 ww2 gf1 .   .   gf1
.   bf0 .   .   .
"""


def test_a_unit_destroyed_by_poison_counts_as_destroyed_by_the_poisoner():
    # R-PSN-1 (clarified): seat 2's Wood Wyvern poisoned it; seat 0's lore finishes it.
    game = Game(
        POISONER,
        players=[player("south"), player("north"), player("east")],
        units={"gf1": {"figures": 1}},
    )
    game.end_turn(0)
    game.end_turn(1)
    breathe(game, 2, "ww2", [(1, 1), (2, 1)], "lore", "green")
    assert game.state.units["gf1"].tokens.poison == 1
    game.end_turn(2)
    events = battle(game, 0, "bf0", "gf1", "lore", "red", "red")
    assert one(events, ev.UnitDestroyed).by == 2
    assert game.banners(2) == 1 and game.banners(0) == 0


def test_a_unit_killed_by_its_own_lore_counts_for_the_poisoner():  # R-PSN-1 (clarified)
    game = Game(POISONER.replace("ww2", "ww0"), units={"gf1": {"figures": 1}})
    breathe(game, 0, "ww0", [(1, 1), (2, 1)], "lore", "green")
    game.end_turn(0)
    events = battle(game, 1, "gf1", "bf0", "lore", "red")
    assert one(events, ev.UnitDestroyed).unit == "gf1"
    assert game.banners(0) == 1


# -- frost ---------------------------------------------------------------------------------------


def test_a_frozen_unit_battles_with_at_most_two_dice():  # R-FRS-1
    game = Game(
        DUEL.replace("bf0", "rf0").replace("rf1", "bf1"), units={"rf0": {"tokens": {"frost": 1}}}
    )
    events = battle(game, 0, "rf0", "bf1", "blue", "blue")
    assert one(events, ev.BattleRolled).faces == ("blue", "blue")


def test_a_frozen_unit_cannot_move():  # R-FRS-1, R-MOV-2
    game = Game(DUEL, units={"bf0": {"tokens": {"frost": 1}}})
    game.order(0, "bf0")
    assert game.refuse(0, "move", unit="bf0", path=[[0, 1]]).rule in ("R-MOV-2", "R-FRS-1")
    assert not any(c["type"] == "move" for c in game.legal(0))


SUPPORTED = """
.   .   bf1 .
 .   bf0 rf1 bf1
.   .   .   .
"""


def test_frozen_unit_takes_flags_as_hits():  # R-FRS-2
    # rf1 is supported by two friends, so unfrozen it would ignore one flag (R-MOR-1).
    game = Game(SUPPORTED, units={"rf1": {"tokens": {"frost": 1}}})
    events = battle(game, 0, "bf0", "rf1", "flag", "flag", "green")
    rolled = one(events, ev.BattleRolled)
    assert (rolled.hits, rolled.flags) == (2, 0)
    assert not of_type(events, ev.FlagsIgnored) and not of_type(events, ev.UnitRetreated)
    assert game.state.units["rf1"].figures == 2 and game.unit_hex("rf1") == at(2, 1)


def test_a_frozen_supported_unit_is_still_bold():  # R-BAT-5 (clarified), R-FRS-2
    game = Game(SUPPORTED, units={"rf1": {"tokens": {"frost": 1}}})
    battle(game, 0, "bf0", "rf1", "green", "green", "green")
    pending = game.state.pending
    assert pending.kind == "battle_back" and pending.unit == "rf1"


def test_a_frozen_dragon_cannot_ignore_a_flag_and_its_flag_hits_count_for_a_check():
    # R-FRS-2, R-MOR-1, R-CRT-1
    game = Game(DUEL.replace("rf1", "ww1"), units={"ww1": {"tokens": {"frost": 1}}})
    events = battle(game, 0, "bf0", "ww1", "flag", "flag", "red", "red")
    assert not of_type(events, ev.FlagsIgnored)
    check = one(events, ev.CriticalHitChecked)
    assert check.hits == 2 and check.faces == ("red",)


# -- fire ----------------------------------------------------------------------------------------


def test_a_burning_unit_battles_with_at_most_two_dice():  # R-FIR-1
    game = Game(
        DUEL.replace("bf0", "rf0").replace("rf1", "bf1"), units={"rf0": {"tokens": {"fire": 1}}}
    )
    events = battle(game, 0, "rf0", "bf1", "blue", "blue")
    assert len(one(events, ev.BattleRolled).faces) == 2


def test_a_burning_unit_moves_at_most_one_hex():  # R-FIR-2
    game = Game(
        """
        .   .   .   .   .
         bm0 .   .   .   rf1
        .   .   .   .   .
        """,
        units={"bm0": {"tokens": {"fire": 1}}},
    )
    game.order(0, "bm0")
    assert game.refuse(0, "move", unit="bm0", path=[[1, 1], [2, 1]]).rule == "R-FIR-2"
    game.move(0, "bm0", (1, 1))
    assert game.unit_hex("bm0") == at(1, 1)


def test_a_burning_dragon_walks_one_hex_instead_of_flying():  # R-FIR-2, R-FLY-3
    game = Game(DUEL.replace("bf0", "fd0"), units={"fd0": {"tokens": {"fire": 1}}})
    game.order(0, "fd0")
    assert game.refuse(0, "fly", unit="fd0", path=[[1, 0], [2, 0]]).rule == "R-FLY-3"
    assert game.refuse(0, "move", unit="fd0", path=[[1, 0], [2, 0]]).rule == "R-FIR-2"
    game.move(0, "fd0", (1, 0))


BURN = """
.   .   .   .   .
 fd0 gf1 .   .   rf1
.   .   .   .   .
"""


def test_a_burning_unit_takes_a_hit_as_its_owners_turn_starts_credited_to_the_breather():
    # R-FIR-3, R-TRN-3
    game = Game(BURN, units={"gf1": {"figures": 1}})
    breathe(game, 0, "fd0", [(1, 1), (2, 1)], "lore", "red", "red", "red")
    assert game.state.units["gf1"].tokens.fire == 1
    events = game.end_turn(0)
    assert types(events).index("TurnStarted") < types(events).index("UnitHit")
    assert one(events, ev.UnitDestroyed).by == 0
    assert game.banners(0) == 1


def test_a_burning_unit_takes_no_hit_on_other_players_turns():  # R-FIR-3
    game = Game(BURN, units={"rf1": {"tokens": {"fire": 1}}})
    game.end_turn(0)  # seat 1's turn: rf1 burns
    assert game.state.units["rf1"].figures == 3
    events = game.end_turn(1)  # seat 0's turn: nothing burns
    assert not of_type(events, ev.UnitHit)


def test_fire_on_a_dragon_is_one_hit_which_does_nothing():  # R-FIR-3, R-CRT-2
    game = Game(BURN.replace("rf1", "ww1"), units={"ww1": {"tokens": {"fire": 1}}})
    events = game.end_turn(0)
    assert one(events, ev.UnitHit).unit == "ww1"
    assert not of_type(events, ev.CriticalHitChecked) and "ww1" in game.state.units


def test_a_unit_on_water_gets_no_fire_tokens_but_the_dice_are_rolled():  # R-FIR-4 (clarified)
    game = Game(BURN.replace("gf1", "dgf1"))
    breathe(game, 0, "fd0", [(1, 1), (2, 1)], "lore", "lore", "red", "red")
    rolled = one(game.events, ev.BreathRolled)
    assert rolled.faces == ("lore", "lore", "red", "red") and rolled.tokens == 0
    assert game.state.units["gf1"].tokens.total == 0


def test_frost_still_sticks_on_water():  # R-FIR-4 concerns fire only
    game = Game(BURN.replace("fd0", "id0").replace("gf1", "sgf1"))
    breathe(game, 0, "id0", [(1, 1), (2, 1)], "lore", "red", "red")
    assert game.state.units["gf1"].tokens.frost == 1


def test_a_burning_unit_that_enters_water_drops_its_fire_without_paying():  # R-FIR-4
    game = Game(
        """
        .   .   .   .
         bm0 d   .   rf1
        .   .   .   .
        """,
        units={"bm0": {"tokens": {"fire": 2, "frost": 0, "poison": 1}}},
    )
    game.order(0, "bm0")
    events = game.move(0, "bm0", (1, 1))
    assert one(events, ev.TokensRemoved).tokens.fire == 2
    assert game.state.units["bm0"].tokens.fire == 0
    assert game.state.units["bm0"].tokens.poison == 1
    assert game.lore(0) == 3 and not of_type(events, ev.LorePaid)


def test_a_burning_unit_retreating_into_water_drops_its_fire():  # R-FIR-4
    game = Game(
        """
        .   .   .   .
         .   rf0 .   .
        .   bf1 .   .
         R   d   .   .
        """,
        players=[player("north"), player("south")],
        units={"bf1": {"tokens": {"fire": 1}}},
    )
    events = battle(game, 0, "rf0", "bf1", "flag", "green", "green", "green")
    assert one(events, ev.UnitRetreated).path == (at(1, 3),)
    assert game.state.units["bf1"].tokens.fire == 0
