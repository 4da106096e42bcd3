"""Battle: dice, faces, hits before flags, battle back (R-BAT, R-UNT, R-DIE-3, R-LOR-2)."""

from __future__ import annotations

from domain.combat import battle_dice
from domain.state import Tokens

LINE = """
. .   .   . .
 . .  .   . .
. bf0 rf1 . .
 . .  .   . .
. .   .   . .
"""


def test_blue_foot_rolls_three_dice_and_its_targets_banner_colour_hits(game):  # R-UNT-2, R-BAT-3
    g = game(LINE, dice=["red", "red", "green"])
    g.to_combat(0, "bf0")
    rolled = g.send(0, "battle", unit="bf0", target="rf1")[0]
    assert rolled.type == "BattleRolled" and rolled.faces == ("red", "red", "green")
    assert rolled.hits == 2
    assert g.unit("rf1").figures == 2


def test_foot_misses_on_bonus_strike_but_mounted_hits(game):  # R-BAT-3, R-UNT-2
    g = game(LINE.replace("bf0", "bm0"), dice=["bonus_strike", "bonus_strike", "blue"])
    g.to_combat(0, "bm0")
    assert g.send(0, "battle", unit="bm0", target="rf1")[0].hits == 2
    g2 = game(LINE, dice=["bonus_strike", "bonus_strike", "blue"])
    g2.to_combat(0, "bf0")
    assert g2.send(0, "battle", unit="bf0", target="rf1")[0].hits == 0


def test_lore_face_gives_the_roller_one_lore_from_the_pool(game):  # R-LOR-2, R-LOR-1
    g = game(LINE, dice=["lore", "lore", "green"])
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert g.player(0).lore == 5
    assert g.state.lore_pool == 48


def test_lore_gain_is_nothing_when_the_pool_is_empty(game):  # R-LOR-1
    g = game(LINE, dice=["lore", "lore", "green"], settings={"lore_pool": 1})
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert g.player(0).lore == 4 and g.state.lore_pool == 0


def test_unit_reduced_to_zero_figures_is_eliminated_and_gives_a_banner(game):  # R-BAT-4
    g = game(LINE, dice=["red", "red", "red"], units={"rf1": {"figures": 2}})
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert "rf1" not in g.state.units
    assert g.player(0).banners == 1
    assert [e.type for e in g.events_of("UnitDestroyed")] == ["UnitDestroyed"]


def test_hits_are_applied_before_flags(game):  # R-BAT-4
    g = game(LINE, dice=["red", "flag", "flag"], units={"rf1": {"figures": 1}})
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert "rf1" not in g.state.units
    assert not g.events_of("UnitRetreated")


def test_only_an_ordered_unit_may_battle(game):  # R-BAT-1, R-TRN-4
    g = game(LINE)
    g.to_combat(0)
    assert g.refuse(0, "battle", unit="bf0", target="rf1").rule == "R-TRN-4"


def test_a_unit_battles_at_most_once_per_turn(game):  # R-BAT-1
    g = game(LINE, dice=["green"] * 10)
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert g.refuse(0, "battle", unit="bf0", target="rf1").rule == "R-BAT-1"


def test_battle_needs_an_adjacent_enemy(game):  # R-BAT-1
    g = game("""
. bf0 . rf1 .
 . .  . .   .
. gf0 . .   .
""")
    g.to_combat(0, "bf0", "gf0")
    violation = g.refuse(0, "battle", unit="bf0", target="rf1")
    assert violation.rule == "R-BAT-1" and "not next to" in violation.message
    assert g.refuse(0, "battle", unit="bf0", target="gf0").rule == "R-BAT-1"


def test_battles_wait_for_the_combat_phase(game):  # R-TRN-7, R-TRN-2
    g = game(LINE)
    g.send(0, "order", units=["bf0"])
    violation = g.refuse(0, "battle", unit="bf0", target="rf1")
    assert violation.code == "wrong_phase"


def test_forest_caps_base_dice_into_and_out_of_it(game):  # R-BAT-2, R-BRD-2
    g = game("""
. .   .    .
 . .  .    .
. rf0 Fbf1 .
 . .  .    .
""")
    attacker, target = g.unit("rf0"), g.unit("bf1")
    assert battle_dice(g.state, attacker, target, extra_die=False) == 2
    assert battle_dice(g.state, target, attacker, extra_die=False) == 2
    assert battle_dice(g.state, attacker, target, extra_die=True) == 3


def test_hill_caps_attacks_from_below_but_not_from_another_hill(game):  # R-BAT-2, R-BRD-2
    g = game("""
. rf0 Hbf1 Hrf0#up .
 . .  .    .       .
""")
    assert battle_dice(g.state, g.unit("rf0"), g.unit("bf1"), extra_die=False) == 2
    assert battle_dice(g.state, g.unit("up"), g.unit("bf1"), extra_die=False) == 4
    assert battle_dice(g.state, g.unit("bf1"), g.unit("rf0"), extra_die=False) == 3


def test_fordable_stream_caps_dice_out_of_it_only(game):  # R-BAT-2, R-BRD-2
    g = game("""
. srf0 bf1 .
 . .   .   .
""")
    assert battle_dice(g.state, g.unit("rf0"), g.unit("bf1"), extra_die=False) == 2
    assert battle_dice(g.state, g.unit("bf1"), g.unit("rf0"), extra_die=False) == 3


def test_frost_or_fire_caps_all_dice_at_two_after_bonuses(game):  # R-BAT-2, R-FRS-1, R-FIR-1
    g = game(
        LINE.replace("bf0", "rf0").replace("rf1", "bf1"),
        units={"rf0": {"tokens": {"fire": 1}, "glory": 1}},
    )
    assert battle_dice(g.state, g.unit("rf0"), g.unit("bf1"), extra_die=True) == 2
    g2 = game(LINE, units={"bf0": {"tokens": {"frost": 2}}})
    assert battle_dice(g2.state, g2.unit("bf0"), g2.unit("rf1"), extra_die=False) == 2
    assert g2.unit("bf0").tokens == Tokens(frost=2)


SUPPORTED = """
. .   .   .   .
 . .  .   .   .
. bf0 rf1 rf1 .
 . .  rf1 .   .
. .   .   .   .
"""


def test_supported_target_battles_back_after_its_owner_accepts(game):  # R-BAT-5, R-TRN-9
    g = game(SUPPORTED, dice=["green", "green", "green", "blue", "blue", "green", "green"])
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert g.state.pending.kind == "battle_back" and g.state.pending.seat == 1
    assert g.refuse(0, "end_turn").rule == "R-TRN-9"
    back = g.send(1, "battle_back", unit="rf1", accept=True)[0]
    assert back.type == "BattleRolled" and back.battle_back
    assert (back.attacker, back.target, back.hits) == ("rf1", "bf0", 2)
    assert g.state.pending is None and g.unit("bf0").figures == 2


def test_a_declined_battle_back_rolls_nothing(game):  # R-BAT-5
    g = game(SUPPORTED, dice=["green"] * 3)
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert [e.type for e in g.send(1, "battle_back", unit="rf1", accept=False)] == [
        "BattleBackDeclined"
    ]
    assert g.state.rolls == 3


def test_an_unsupported_ground_unit_is_not_bold(game):  # R-BAT-5
    g = game(LINE, dice=["green"] * 3)
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert g.state.pending is None


def test_a_target_that_retreated_does_not_battle_back(game):  # R-BAT-5
    g = game(SUPPORTED, dice=["flag", "flag", "green"])
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert g.state.pending.kind == "retreat" and g.state.pending.hexes == 1  # one flag ignored
    g.send(1, "choose_retreat", unit="rf1", path=[[1, 1]])
    assert g.at("rf1") == [1, 1]
    assert g.state.pending is None


def test_a_battle_back_cannot_be_battled_back(game):  # R-BAT-5
    board = """
. .   bf0 .   .
 . bf0 .  .   .
. bf0 rf1 rf1 .
 . .  rf1 .   .
"""
    g = game(board, dice=["green"] * 6)
    g.to_combat(0, "bf0-3")
    g.send(0, "battle", unit="bf0-3", target="rf1")
    g.send(1, "battle_back", unit="rf1", accept=True)
    assert g.state.pending is None
    assert len(g.events_of("BattleRolled")) == 2


def test_dice_order_attacker_then_critical_check_then_battle_back(game):  # R-DIE-3, R-CRT-1
    g = game(
        """
. .   .   .
 . .  .   .
. rf0 id1 .
 . .  .   .
""",
        dice=["blue", "blue", "green", "green", "green", "red", "red", "red"],
        auto_decisions=True,
    )
    g.to_combat(0, "rf0")
    g.send(0, "battle", unit="rf0", target="id1")
    rolled = [(e.type, e.roll, e.faces) for e in g.events if hasattr(e, "roll")]
    assert rolled == [
        ("BattleRolled", 0, ("blue", "blue", "green", "green")),
        ("CriticalHitChecked", 4, ("green",)),
        ("BattleRolled", 5, ("red", "red", "red")),
    ]
    assert g.unit("rf0").figures == 1
