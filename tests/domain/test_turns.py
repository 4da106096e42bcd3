"""Turn flow, decisions and lore at the end of turns (R-TRN-1..9, R-LOR-3)."""

from __future__ import annotations

from domain import legal_actions

TWO = """
. .   .   .   .
 . gf0 .  gf1 .
. bf0 .   rf1 .
 . .  .   .   .
"""
ADJ = """
. .   .   .   .
 . .  .   gf1 .
. bf0 rf1 .   .
 . gf0 .  .   .
"""
THREE = """
. gf0 .   gf1 .
 . .  .   .   gf2
"""


def test_players_take_turns_in_seat_order(game):  # R-TRN-1
    g = game(THREE, players=[{"home_edge": e} for e in ("south", "north", "east")])
    seats = []
    for _ in range(4):
        seats.append(g.state.active)
        g.send(g.state.active, "end_turn")
    assert seats == [0, 1, 2, 0]


def test_eliminated_players_are_skipped(game):  # R-TRN-1
    g = game(THREE, players=[{"home_edge": e} for e in ("south", "north", "east")])
    g.send(1, "resign")
    g.send(0, "end_turn")
    assert g.state.active == 2


def test_only_the_active_player_acts(game):  # R-TRN-1
    g = game(TWO)
    v = g.refuse(1, "order", units=["rf1"])
    assert (v.rule, v.code) == ("R-TRN-1", "not_your_turn")


def test_phases_run_order_movement_combat(game):  # R-TRN-2
    g = game(TWO)
    assert g.state.phase == "order"
    g.send(0, "order", units=["bf0"])
    assert g.state.phase == "movement"
    g.send(0, "end_movement")
    assert g.state.phase == "combat"
    assert g.refuse(0, "order", units=["bf0"]).code == "wrong_phase"


def test_at_most_orders_per_turn_units_are_ordered(game):  # R-TRN-4
    g = game(TWO, settings={"orders_per_turn": 1})
    assert g.refuse(0, "order", units=["bf0", "gf0"]).rule == "R-TRN-4"
    assert g.refuse(0, "order", units=["rf1"]).rule == "R-TRN-4"


def test_ordering_nothing_and_ending_the_turn_at_once_is_allowed(game):  # R-TRN-4, R-TRN-8
    g = game(TWO)
    g.send(0, "end_turn")
    assert g.state.active == 1 and g.state.turn == 2
    g.send(1, "order", units=[])
    g.send(1, "end_turn")
    assert g.state.active == 0


def test_end_of_turn_gives_the_active_player_lore(game):  # R-LOR-3, R-TRN-8
    g = game(TWO, settings={"lore_per_turn": 2})
    ended = g.send(0, "end_turn")
    assert [e.type for e in ended] == ["LoreGained", "TurnEnded", "TurnStarted"]
    assert g.player(0).lore == 5 and g.state.lore_pool == 48


def test_end_of_turn_lore_is_nothing_from_an_empty_pool(game):  # R-LOR-3, R-LOR-1
    g = game(TWO, settings={"lore_pool": 0})
    g.send(0, "end_turn")
    assert g.player(0).lore == 3


def test_fire_token_costs_a_hit_when_its_owners_turn_starts(game):  # R-TRN-3, R-FIR-3
    g = game(TWO, units={"rf1": {"tokens": {"fire": 2}}})
    g.send(0, "end_turn")
    assert g.unit("rf1").figures == 3  # one hit, however many fire tokens (R-BRE-8)


def test_roosting_pays_lore_and_ends_at_the_start_of_the_owners_turn(game):  # R-TRN-3, R-RST-3
    g = game(TWO.replace("rf1", "ww1"))
    g.send(0, "end_turn")
    g.send(1, "order", units=["ww1"], roost=["ww1"])
    assert g.unit("ww1").roosted
    g.send(1, "end_turn")
    g.send(0, "end_turn")
    assert not g.unit("ww1").roosted
    assert g.player(1).lore == 3 + 1 + 1


def test_the_turn_cannot_end_while_a_decision_is_pending(game):  # R-TRN-7, R-TRN-9
    g = game(ADJ, dice=["flag", "green", "green"])
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert g.state.pending is not None
    assert g.refuse(0, "end_turn").code == "wrong_phase"
    assert legal_actions(g.state, 0) == [legal_actions(g.state, 0)[0]]  # only resign
    assert {a.type for a in legal_actions(g.state, 1)} == {"resign", "choose_retreat"}


def test_auto_decisions_choose_the_first_option_in_the_documented_order(game):  # R-TRN-9
    g = game(ADJ, dice=["flag", "green", "green"], auto_decisions=True)
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert g.state.pending is None
    assert g.at("rf1") == [1, 1]  # options [1,1] and [2,1]: column first


def test_a_decision_accepts_only_its_matching_command(game):  # R-TRN-9
    g = game(ADJ, dice=["flag", "green", "green"])
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert g.refuse(1, "battle_back", unit="rf1", accept=True).rule == "R-TRN-9"
    assert g.refuse(1, "choose_retreat", unit="gf1", path=[[3, 0]]).rule == "R-TRN-9"


def test_no_player_command_while_the_breath_phase_is_open(game):  # R-TRN-6
    g = game(
        """
. .   .   .   .
 . .  rf1 .   .
. .   fd0 .   .
""",
        dice=["green"] * 8,
    )
    g.send(0, "order", units=["fd0"], breath=["fd0"])
    g.send(0, "fly", unit="fd0", path=[[2, 1], [3, 0]])
    g.send(0, "end_movement")
    assert g.state.phase == "breath"
    for seat in (0, 1):
        assert g.refuse(seat, "end_turn").code == "breath_pending"
    g.resolve_breath()
    assert g.state.phase == "combat"


def test_units_move_one_at_a_time_in_any_order(game):  # R-TRN-5
    g = game(TWO)
    g.send(0, "order", units=["bf0", "gf0"])
    g.send(0, "move", unit="gf0", path=[[2, 1]])
    g.send(0, "move", unit="bf0", path=[[1, 3]])
    assert (g.at("gf0"), g.at("bf0")) == ([2, 1], [1, 3])
