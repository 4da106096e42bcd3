"""Ground movement and the board (R-MOV-1..3, R-BRD-1..3, R-UNT-1..3, R-TRN-4/5)."""

from __future__ import annotations

from domain.hexes import Hex, distance, neighbors

FIELD = """
. .   .   .   .   .
 . .  .   .   .   .
. .   .   .   .   .
 . .  .   .   .   .
. gm0 .   .   .   .
 . .  .   .   .   rf1
"""


def test_neighbours_follow_odd_r_offset_coordinates():  # R-BRD-1
    assert neighbors(Hex(2, 2)) == (
        Hex(3, 2),
        Hex(2, 1),
        Hex(1, 1),
        Hex(1, 2),
        Hex(1, 3),
        Hex(2, 3),
    )
    assert neighbors(Hex(2, 1)) == (
        Hex(3, 1),
        Hex(3, 0),
        Hex(2, 0),
        Hex(1, 1),
        Hex(2, 2),
        Hex(3, 2),
    )


def test_distance_is_cube_distance():  # R-BRD-1
    assert distance(Hex(0, 0), Hex(0, 4)) == 4
    assert distance(Hex(0, 0), Hex(3, 0)) == 3
    assert distance(Hex(0, 1), Hex(1, 0)) == 1
    assert distance(Hex(0, 0), Hex(2, 3)) == 4


def test_mounted_unit_moves_up_to_three_adjacent_hexes(game):  # R-MOV-1, R-UNT-2
    g = game(FIELD)
    g.send(0, "order", units=["gm0"])
    g.send(0, "move", unit="gm0", path=[[2, 4], [2, 3], [3, 3]])
    assert g.at("gm0") == [3, 3]


def test_a_path_longer_than_the_move_is_refused(game):  # R-MOV-1, R-UNT-2
    g = game(FIELD.replace("gm0", "rm0"))
    g.send(0, "order", units=["rm0"])
    v = g.refuse(0, "move", unit="rm0", path=[[2, 4], [2, 3], [3, 3]])
    assert v.rule == "R-MOV-1" and "at most 2" in v.message


def test_a_path_must_step_to_adjacent_hexes(game):  # R-MOV-1
    g = game(FIELD)
    g.send(0, "order", units=["gm0"])
    assert "not next to" in g.refuse(0, "move", unit="gm0", path=[[3, 4]]).message


def test_no_move_into_another_unit_or_off_the_board(game):  # R-MOV-1, R-BRD-1
    g = game(FIELD.replace(". gm0 .", ". gm0 bf0"))
    g.send(0, "order", units=["gm0"])
    v = g.refuse(0, "move", unit="gm0", path=[[2, 4]])
    assert v.message == "unit gm0 cannot enter [2,4]: the hex holds unit bf0"
    assert "off the board" in g.refuse(0, "move", unit="gm0", path=[[0, 4], [-1, 4]]).message


def test_entering_forest_or_a_stream_ends_the_move(game):  # R-MOV-1, R-BRD-2
    for code in ("F", "s"):
        g = game(FIELD.replace(". gm0 .", f". gm0 {code}"))
        g.send(0, "order", units=["gm0"])
        v = g.refuse(0, "move", unit="gm0", path=[[2, 4], [3, 4]])
        assert "ends the move" in v.message
        g.send(0, "move", unit="gm0", path=[[2, 4]])


def test_hills_and_fords_are_free_and_rivers_impassable(game):  # R-BRD-2
    g = game(FIELD.replace(". gm0 .   .", ". gm0 H   d"))
    g.send(0, "order", units=["gm0"])
    g.send(0, "move", unit="gm0", path=[[2, 4], [3, 4], [4, 4]])
    g2 = game(FIELD.replace(". gm0 .", ". gm0 R"))
    g2.send(0, "order", units=["gm0"])
    assert "impassable" in g2.refuse(0, "move", unit="gm0", path=[[2, 4]]).message


def test_only_dragons_enter_sites_and_a_site_holds_its_capacity(game):  # R-BRD-3
    g = game(FIELD.replace(". gm0 .", ". gm0 V"))
    g.send(0, "order", units=["gm0"])
    assert "only dragons" in g.refuse(0, "move", unit="gm0", path=[[2, 4]]).message
    full = game("""
. ww0 Vfd1+id1+fd1 .
 . .  .            .
""")
    full.send(0, "order", units=["ww0"])
    assert "full" in full.refuse(0, "move", unit="ww0", path=[[2, 0]]).message


def test_dragons_move_two_hexes_on_the_ground(game):  # R-UNT-3, R-MOV-1
    g = game(FIELD.replace("gm0", "ww0"))
    g.send(0, "order", units=["ww0"])
    assert g.refuse(0, "move", unit="ww0", path=[[2, 4], [2, 3], [3, 3]]).rule == "R-MOV-1"
    g.send(0, "move", unit="ww0", path=[[2, 4], [2, 3]])


def test_only_ordered_units_move_and_each_only_once(game):  # R-TRN-4, R-TRN-5
    g = game(FIELD.replace(". .   .   .   .   .\n", ". bf0 .   .   .   .\n", 1))
    g.send(0, "order", units=["gm0"])
    assert g.refuse(0, "move", unit="bf0", path=[[2, 0]]).rule == "R-TRN-4"
    g.send(0, "move", unit="gm0", path=[[2, 4]])
    assert g.refuse(0, "move", unit="gm0", path=[[3, 4]]).rule == "R-TRN-5"


def test_frozen_unit_cannot_move_and_burning_unit_moves_one_hex(game):  # R-MOV-2
    g = game(FIELD, units={"gm0": {"tokens": {"frost": 1}}})
    g.send(0, "order", units=["gm0"])
    assert g.refuse(0, "move", unit="gm0", path=[[2, 4]]).rule == "R-MOV-2"
    g2 = game(FIELD, units={"gm0": {"tokens": {"fire": 1}}})
    g2.send(0, "order", units=["gm0"])
    assert g2.refuse(0, "move", unit="gm0", path=[[2, 4], [3, 4]]).rule == "R-FIR-2"
    g2.send(0, "move", unit="gm0", path=[[2, 4]])


def test_a_dragon_that_moved_on_the_ground_may_battle_one_that_flew_may_not(game):  # R-MOV-3
    board = """
. .   .   .   .
 . .  .   .   .
. ww0 .   .   .
 . .  .   bf1 .
. .   .   .   .
"""
    g = game(board, dice=["red"] * 4)
    g.send(0, "order", units=["ww0"])
    g.send(0, "move", unit="ww0", path=[[2, 2], [2, 3]])
    g.send(0, "end_movement")
    g.send(0, "battle", unit="ww0", target="bf1")
    flown = game(board)
    flown.send(0, "order", units=["ww0"])
    flown.send(0, "fly", unit="ww0", path=[[2, 2], [2, 3]])
    flown.send(0, "end_movement")
    assert flown.refuse(0, "battle", unit="ww0", target="bf1").rule == "R-MOV-3"


def test_units_keep_owner_banner_and_figures(game):  # R-UNT-1
    g = game(FIELD)
    unit = g.unit("gm0")
    assert (unit.owner, unit.spec.banner, unit.figures, unit.spec.move) == (0, "green", 3, 3)
    assert g.unit("rf1").spec.melee_dice == 4


def test_a_ground_move_enters_each_hex_once(game):  # R-MOV-1
    g = game(FIELD)
    g.send(0, "order", units=["gm0"])
    v = g.refuse(0, "move", unit="gm0", path=[[2, 4], [1, 4]])
    assert v.rule == "R-MOV-1" and "entered again" in v.message
    assert g.refuse(0, "move", unit="gm0", path=[[2, 4], [2, 3], [2, 4]]).rule == "R-MOV-1"


def test_breath_cannot_be_bought_for_a_dragon_that_cannot_fly(game):  # R-FLY-3, R-BRE-1
    g = game(
        FIELD.replace("gm0", "id0"),
        units={"id0": {"tokens": {"frost": 1}}},
        players=[{"home_edge": "south", "lore": 9}, {"home_edge": "north"}],
    )
    assert g.refuse(0, "order", units=["id0"], breath=["id0"]).rule == "R-FLY-3"
    g.send(0, "order", units=["id0"], breath=["id0"], remove_tokens={"id0": {"frost": 1}})
    assert g.player(0).lore == 9 - 2 - 2
