"""Retreat and morale (R-RET-1/2, R-MOR-1..3, R-BRD-5, R-TRN-9)."""

from __future__ import annotations

# Seat 1 (north) at [2,2]; its home edge is row 0.
OPEN = """
. .   .   .   .
 . .  .   .   .
. bf0 rf1 .   .
 . .  .   .   .
. .   .   .   .
"""


def test_each_retreat_step_goes_one_hex_toward_the_home_edge(game):  # R-RET-1, R-BRD-5
    g = game(OPEN, dice=["flag", "flag", "green"])
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert g.state.pending.kind == "retreat" and g.state.pending.seat == 1
    assert g.state.pending.hexes == 2
    sideways = g.refuse(1, "choose_retreat", unit="rf1", path=[[3, 2], [3, 1]])
    assert sideways.rule == "R-RET-1"
    g.send(1, "choose_retreat", unit="rf1", path=[[2, 1], [2, 0]])
    assert g.at("rf1") == [2, 0]


def test_the_owner_alone_chooses_the_retreat(game):  # R-TRN-9
    g = game(OPEN, dice=["flag", "green", "green"])
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert g.refuse(0, "choose_retreat", unit="rf1", path=[[2, 1]]).rule == "R-TRN-9"
    assert g.refuse(1, "end_turn").rule == "R-TRN-9"


def test_a_retreat_must_go_as_far_as_it_can(game):  # R-RET-1, R-RET-2
    g = game(OPEN, dice=["flag", "flag", "green"])
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert g.refuse(1, "choose_retreat", unit="rf1", path=[[2, 1]]).rule == "R-RET-2"


def test_a_single_retreat_option_is_applied_at_once(game):  # R-TRN-9 (clarified)
    g2 = game(
        """
. .   .   .   .
 . gf0 .  .   .
. bf0 rf1 .   .
""",
        dice=["flag", "green", "green"],
    )
    g2.to_combat(0, "bf0")
    g2.send(0, "battle", unit="bf0", target="rf1")
    assert g2.state.pending is None
    assert g2.at("rf1") == [2, 1]


def test_each_hex_a_unit_cannot_retreat_is_a_hit(game):  # R-RET-2
    g = game(
        """
. gf0 gf0 gf0 .
 . bf0 rf1 .  .
""",
        dice=["flag", "flag", "green"],
    )
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    retreat = g.events_of("UnitRetreated")[0]
    assert retreat.path == () and retreat.short == 2
    assert g.unit("rf1").figures == 2


def test_a_unit_on_its_home_edge_takes_every_flag_as_a_hit(game):  # R-RET-2
    g = game(
        """
. bf0 rf1 .   .
 . .   .  .   .
""",
        dice=["flag", "green", "green"],
    )
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert g.unit("rf1").figures == 3 and g.at("rf1") == [2, 0]


def test_ground_retreat_ignores_terrain_but_not_rivers_or_units(game):  # R-RET-1
    g = game(
        """
. R   .   .   .
 . F   .  .   .
. bf0 rf1 .   .
""",
        dice=["flag", "flag", "green"],
    )
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    river = g.refuse(1, "choose_retreat", unit="rf1", path=[[1, 1], [1, 0]])
    assert river.rule == "R-RET-1" and "river" in river.message
    g.send(1, "choose_retreat", unit="rf1", path=[[1, 1], [2, 0]])  # through the forest
    assert g.at("rf1") == [2, 0]


def test_supported_ground_unit_ignores_one_flag(game):  # R-MOR-1
    g = game(
        """
. .   .   .   .
 . .  .   .   .
. bf0 rf1 rf1 .
 . .  rf1 .   .
""",
        dice=["flag", "green", "green"],
    )
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert g.events_of("FlagsIgnored")[0].unit == "rf1"
    assert not g.events_of("UnitRetreated")


def test_dragon_ignores_one_flag_and_retreats_three_hexes_per_other_flag(game):  # R-MOR-1, R-MOR-2
    g = game(
        """
. .   .   .   .
 . .  .   .   .
. .   .   .   .
 . .  .   .   .
. rf0 ww1 .   .
 . .  .   .   .
""",
        dice=["flag", "flag", "red", "red"],
        auto_decisions=True,
    )
    g.to_combat(0, "rf0")
    g.send(0, "battle", unit="rf0", target="ww1")
    assert g.events_of("FlagsIgnored")[0].flags == 1
    retreat = g.events_of("UnitRetreated")[0]
    assert len(retreat.path) == 3 and g.unit("ww1").hex.row == 1


def test_a_retreating_dragon_flies_over_units_and_must_land(game):  # R-MOR-2, R-FLY-2
    g = game(
        """
. .   .   .   .
 . rf0 rf0 rf0 .
. rf0 F   rf0 .
 . rf0 ww1 rf0 .
. rf0 rf0 .   .
""",
        dice=["flag", "flag", "blue", "blue"],
        auto_decisions=True,
    )
    g.to_combat(0, "rf0-6")
    g.send(0, "battle", unit="rf0-6", target="ww1")
    retreat = g.events_of("UnitRetreated")[0]
    assert len(retreat.path) == 3 and retreat.short == 0
    assert g.unit("ww1").hex.row == 0


def test_a_dragon_that_cannot_retreat_fully_stops_short_and_takes_hits(game):  # R-MOR-2, R-MOR-3
    g = game(
        """
. rf0 rf0 rf0 .
 . .  .   .   .
. .   ww1 rf0 .
""",
        dice=["flag", "flag", "blue", "blue", "blue"],
        auto_decisions=True,
    )
    g.to_combat(0, "rf0-4")
    g.send(0, "battle", unit="rf0-4", target="ww1")
    retreat = g.events_of("UnitRetreated")[0]
    assert len(retreat.path) == 1 and retreat.short == 2
    check = g.events_of("CriticalHitChecked")
    assert [(c.hits, len(c.faces)) for c in check] == [(2, 1)]  # R-MOR-3: its own group


def test_one_retreat_hit_on_a_dragon_does_nothing(game):  # R-MOR-3, R-CRT-2
    g = game(
        """
. rf0 .   rf0 .
 . .  .   .   .
. .   ww1 rf0 .
""",
        dice=["flag", "flag", "blue", "blue"],
        auto_decisions=True,
    )
    g.to_combat(0, "rf0-3")
    g.send(0, "battle", unit="rf0-3", target="ww1")
    assert not g.events_of("CriticalHitChecked")
    assert "ww1" in g.state.units
