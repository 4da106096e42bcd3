"""Breath attacks (R-BRE-1..9) and the deferred breath phase (R-TRN-6)."""

from __future__ import annotations

import pytest

from domain import events as ev
from tests.domain.harness import Game, at, of_type, one, player, types

ICE = """
.   .   .   .   .   .
 id0 bf1 bf1 bf1 .   .
.   bf0 .   .   .   .
 .   .   .   .   .   .
"""


def ice_drake_over_three(*faces: str) -> Game:
    """Seat 0's Ice Drake has flown over three of seat 1's units; the breath phase is open."""
    game = Game(ICE)
    game.order(0, "id0", breath=["id0"])
    game.fly(0, "id0", (1, 1), (2, 1), (3, 1), (4, 1))
    game.end_movement(0)
    game.roll(*faces)
    return game


def test_ice_drake_breath_freezes_and_frozen_unit_takes_both_flags_as_hits():
    # R-BRE-4, R-FRS-2, R-DIE-3: the first target's dice come first.
    game = ice_drake_over_three(*["lore", "lore", "green"], *["red"] * 6)
    rolled = of_type(game.resolve_breath(), ev.BreathRolled)
    assert [(r.target, r.roll, r.faces, r.tokens) for r in rolled] == [
        ("bf1", 0, ("lore", "lore", "green"), 2),
        ("bf1-2", 3, ("red", "red", "red"), 0),
        ("bf1-3", 6, ("red", "red", "red"), 0),
    ]
    assert game.state.units["bf1"].tokens.frost == 2
    game.end_turn(0)
    game.pass_turn(1)
    game.order(0, "bf0")
    game.end_movement(0)
    game.roll("flag", "flag", "green")
    events = game.battle(0, "bf0", "bf1")
    assert one(events, ev.BattleRolled).hits == 2 and one(events, ev.BattleRolled).flags == 0
    assert game.state.units["bf1"].figures == 2
    assert not of_type(events, ev.UnitRetreated) and not of_type(events, ev.FlagsIgnored)
    assert game.unit_hex("bf1") == at(1, 1)


# -- R-BRE-1: paid in the order phase, only for a flight -------------------------------------


def test_breath_is_paid_from_the_goblet_when_ordering():  # R-BRE-1, R-LOR-1
    game = Game(ICE)
    events = game.order(0, "id0", breath=["id0"])
    assert types(events) == ["LorePaid", "UnitsOrdered"]
    assert game.lore(0) == 1 and game.state.lore_pool == 52
    assert game.state.turn_state.breath_paid == {"id0"}


def test_an_order_refused_for_short_lore_says_what_it_costs():  # R-BRE-1
    game = Game(ICE, players=[player("south", lore=1), player("north")])
    violation = game.refuse(0, "order", units=["id0"], breath=["id0"])
    assert violation.rule == "R-BRE-1" and "cost 2 lore" in violation.message


def test_a_dragon_that_paid_for_breath_must_fly():  # R-BRE-1 (clarified)
    game = Game(ICE)
    game.order(0, "id0", breath=["id0"])
    assert game.refuse(0, "move", unit="id0", path=[[0, 2]]).rule == "R-BRE-1"
    assert not any(c["type"] == "move" for c in game.legal(0))


def test_only_a_dragon_that_paid_may_name_breath_targets():  # R-BRE-1
    game = Game(ICE)
    game.order(0, "id0")
    violation = game.refuse(
        0, "fly", unit="id0", path=[[1, 1], [2, 1], [3, 1], [4, 1]], breath_targets=["bf1"]
    )
    assert violation.rule == "R-BRE-1"
    assert one(game.fly(0, "id0", (1, 1), (2, 1), (3, 1), (4, 1)), ev.DragonFlew).targets == ()
    assert not of_type(game.end_movement(0), ev.BreathPhaseOpened)


# -- R-BRE-2: who is a target ------------------------------------------------------------------

MIXED = """
.   .   .   .   .   .
 id0 bf0 bf1 Cww1 .  .
.   .   .   .   .   .
"""


def test_only_enemies_flown_over_are_targets_not_friends_nor_the_landing_hex():  # R-BRE-2
    game = Game(MIXED)
    game.order(0, "id0", breath=["id0"])
    assert one(game.fly(0, "id0", (1, 1), (2, 1), (3, 1)), ev.DragonFlew).targets == ("bf1",)
    assert game.state.units["bf1"].breath_target == "id0"
    assert game.state.units["ww1"].breath_target is None  # it shares the landing hex


CAVE = """
.   .   .                    .   .
 id0 bf1 Cww1#a+ww1#b+ww1#c  .   .
.   .   .                    .   .
"""


def test_at_most_three_targets_are_marked_in_path_order_then_by_id():  # R-BRE-2, R-AMB-2
    game = Game(CAVE)
    game.order(0, "id0", breath=["id0"])
    assert one(game.fly(0, "id0", (1, 1), (2, 1), (3, 1)), ev.DragonFlew).targets == (
        "bf1",
        "a",
        "b",
    )
    assert game.state.units["c"].breath_target is None


def test_targets_named_inside_one_hex_are_rolled_in_the_order_named():
    # R-BRE-2, R-DIE-3 (clarified)
    game = Game(CAVE)
    game.order(0, "id0", breath=["id0"])
    game.fly(0, "id0", (1, 1), (2, 1), (3, 1), breath_targets=["c", "bf1", "b"])
    game.end_movement(0)
    game.roll("lore", "red", "red", "red", "red", "red", "lore", "lore", "red")
    rolled = of_type(game.resolve_breath(), ev.BreathRolled)
    assert [(r.target, r.tokens) for r in rolled] == [("bf1", 1), ("c", 0), ("b", 2)]


def test_the_client_may_name_up_to_three_flown_over_enemies():  # R-BRE-2
    game = Game(CAVE)
    game.order(0, "id0", breath=["id0"])
    path = [[1, 1], [2, 1], [3, 1]]
    assert (
        game.refuse(0, "fly", unit="id0", path=path, breath_targets=["a", "b", "c", "bf1"]).rule
        == "R-BRE-2"
    )
    assert (
        game.refuse(0, "fly", unit="id0", path=[[1, 1], [2, 2]], breath_targets=["a"]).rule
        == "R-BRE-2"
    )
    assert one(
        game.fly(0, "id0", (1, 1), (2, 1), (3, 1), breath_targets=["b"]), ev.DragonFlew
    ).targets == ("b",)


TWO_DRAGONS = """
.   .   .   .   .
 id0 bf1 .   .   .
.   ww0 .   .   .
"""


def test_each_enemy_unit_is_a_target_at_most_once_per_turn():  # R-BRE-2
    game = Game(TWO_DRAGONS)
    game.order(0, "id0", "ww0", breath=["id0", "ww0"])
    game.fly(0, "id0", (1, 1), (2, 1), (3, 1))
    assert (
        game.refuse(0, "fly", unit="ww0", path=[[1, 1], [2, 0]], breath_targets=["bf1"]).rule
        == "R-BRE-2"
    )
    assert one(game.fly(0, "ww0", (1, 1), (2, 0)), ev.DragonFlew).targets == ()
    game.roll("lore", "lore", "lore")
    assert [
        r.dragon for r in of_type(game.end_movement(0) + game.resolve_breath(), ev.BreathRolled)
    ] == ["id0"]


def test_units_inside_the_portal_are_never_targets():  # R-BRE-2, R-SIT-6
    game = Game("""
    .   .     .   .
     id0 Oww1  .   .
    .   .     .   .
    """)
    game.order(0, "id0", breath=["id0"])
    path = [[1, 1], [2, 1]]
    assert game.refuse(0, "fly", unit="id0", path=path, breath_targets=["ww1"]).rule == "R-BRE-2"
    assert one(game.fly(0, "id0", (1, 1), (2, 1)), ev.DragonFlew).targets == ()


# -- R-BRE-3, R-TRN-6: the deferred breath phase ---------------------------------------------


def test_breath_waits_for_the_end_of_movement_and_opens_a_breath_phase():  # R-BRE-3, R-TRN-6
    game = Game(ICE)
    game.order(0, "id0", breath=["id0"])
    flight = game.fly(0, "id0", (1, 1), (2, 1), (3, 1), (4, 1))
    assert not of_type(flight, ev.BreathRolled)
    assert game.state.rolls == 0
    events = game.end_movement(0)
    assert types(events) == ["MovementEnded", "BreathPhaseOpened"]
    assert events[-1].targets == ("bf1", "bf1-2", "bf1-3")
    assert game.state.phase == "breath"


def test_no_breath_phase_without_a_target():  # R-TRN-6, R-TRN-2
    game = Game(ICE)
    game.order(0, "id0", breath=["id0"])
    game.fly(0, "id0", (0, 2), (0, 3))
    assert types(game.end_movement(0)) == ["MovementEnded"]
    assert game.state.phase == "combat"


@pytest.mark.parametrize(
    ("seat", "command"),
    [
        (0, {"type": "battle", "unit": "bf0", "target": "bf1"}),
        (0, {"type": "end_turn"}),
        (0, {"type": "end_movement"}),
        (0, {"type": "order", "units": ["bf0"]}),
        (0, {"type": "move", "unit": "bf0", "path": [[0, 2]]}),
        (0, {"type": "trade", "unit": "id0", "blood": 2, "for": "lore"}),
        (1, {"type": "pass"}),
        (1, {"type": "react", "card": "hold", "hex": [1, 1]}),
        (1, {"type": "end_turn"}),
    ],
)
def test_no_player_command_is_accepted_while_the_breath_phase_is_open(seat, command):  # R-TRN-6
    game = ice_drake_over_three()
    fields = {k: v for k, v in command.items() if k != "type"}
    violation = game.refuse(seat, command["type"], **fields)
    assert violation.rule == "R-TRN-6" and violation.code == "breath_pending"


def test_only_reads_and_resigning_are_legal_while_the_breath_phase_is_open():  # R-TRN-6
    game = ice_drake_over_three()
    assert [c["type"] for c in game.legal(0)] == ["resign"]
    assert [c["type"] for c in game.legal(1)] == ["resign"]


def test_a_player_cannot_resolve_the_breath_phase():  # R-TRN-6
    game = ice_drake_over_three()
    for seat in (0, 1):
        violation = game.refuse(seat, "resolve_breath")
        assert violation.rule == "R-TRN-6" and violation.code == "forbidden"


def test_the_breath_phase_cannot_be_resolved_twice():  # R-TRN-6
    game = ice_drake_over_three("lore", "lore", "lore", "red", "red", "red", "red", "red", "red")
    game.resolve_breath()
    rolls, tokens = game.state.rolls, game.state.units["bf1"].tokens
    with pytest.raises(Exception) as again:
        game.resolve_breath()
    assert getattr(again.value, "rule", None) == "R-TRN-6"
    assert game.state.rolls == rolls == 9
    assert game.state.units["bf1"].tokens == tokens
    assert len(of_type(game.events, ev.BreathRolled)) == 3


def test_after_the_breath_phase_the_combat_phase_is_open():  # R-BRE-3, R-TRN-2
    game = ice_drake_over_three(*["red"] * 9)
    assert types(game.resolve_breath())[-1] == "BreathPhaseClosed"
    assert game.state.phase == "combat" and game.state.pending is None
    game.end_turn(0)
    assert game.state.active == 1


# -- R-BRE-4..9: rolling breath and its tokens ------------------------------------------------


def test_no_lore_rolled_removes_the_target_token_and_nothing_else_happens():  # R-BRE-4
    game = ice_drake_over_three("flag", "blue", "bonus_strike", *["red"] * 6)
    events = game.resolve_breath()
    bf1 = game.state.units["bf1"]
    assert bf1.breath_target is None and bf1.tokens.total == 0
    assert bf1.figures == 4 and bf1.hex == at(1, 1)
    assert not of_type(events, ev.UnitHit) and not of_type(events, ev.UnitRetreated)


def test_terrain_does_not_limit_breath():  # R-BRE-5
    game = Game(
        """
    .   .   .   .   .
     fd0 bf1 .   .   .
    .   .   .   .   .
    """.replace("bf1", "Fbf1"),
        players=[player("south", lore=3), player("north")],
    )
    game.order(0, "fd0", breath=["fd0"])
    game.fly(0, "fd0", (1, 1), (2, 1))
    game.end_movement(0)
    game.roll("lore", "lore", "lore", "lore")
    rolled = one(game.resolve_breath(), ev.BreathRolled)
    assert len(rolled.faces) == 4 and rolled.tokens == 4  # a forest caps melee at 2, not breath


def test_lore_rolled_for_breath_never_reaches_a_goblet():  # R-BRE-6, R-LOR-2
    game = ice_drake_over_three(*["lore"] * 9)
    before = (game.lore(0), game.lore(1), game.state.lore_pool)
    events = game.resolve_breath()
    assert not of_type(events, ev.LoreGained)
    assert (game.lore(0), game.lore(1), game.state.lore_pool) == before


def test_effect_tokens_stay_until_removed():  # R-BRE-7
    game = ice_drake_over_three("lore", "lore", "green", *["red"] * 6)
    game.resolve_breath()
    for seat in (0, 1, 0, 1):
        game.end_turn(seat)
    assert game.state.units["bf1"].tokens.frost == 2
    game.order(0)
    assert game.state.units["bf1"].tokens.frost == 2


TOKENS = """
.   .   .   .
 .   bf0 rf1 .
.   .   .   .
"""


def test_tokens_of_several_types_add_their_effects():  # R-BRE-8, R-FRS-2, R-PSN-1
    game = Game(TOKENS, units={"rf1": {"tokens": {"frost": 1, "poison": 1}}})
    game.order(0, "bf0")
    game.end_movement(0)
    game.roll("flag", "lore", "green")
    rolled = one(game.battle(0, "bf0", "rf1"), ev.BattleRolled)
    assert (rolled.hits, rolled.flags) == (2, 0)
    # the lore face is a poison hit and still gives its lore (R-LOR-2, revision 2)
    assert game.state.units["rf1"].figures == 2 and game.lore(0) == 4


def test_two_poison_tokens_still_make_one_hit_per_lore():  # R-BRE-8 (clarified)
    game = Game(TOKENS, units={"rf1": {"tokens": {"poison": 2}}})
    game.order(0, "bf0")
    game.end_movement(0)
    game.roll("lore", "green", "green")
    assert one(game.battle(0, "bf0", "rf1"), ev.BattleRolled).hits == 1


def test_two_fire_tokens_still_cost_one_hit_a_turn():  # R-BRE-8 (clarified), R-FIR-3
    game = Game(TOKENS, units={"rf1": {"tokens": {"fire": 2}}})
    hit = one(game.end_turn(0), ev.UnitHit)
    assert (hit.unit, hit.hits) == ("rf1", 1)


def test_tokens_are_removed_for_two_lore_each_and_the_unit_then_acts_normally():  # R-BRE-9
    game = Game(
        TOKENS,
        units={"bf0": {"tokens": {"frost": 2}}},
        players=[player("south", lore=4), player("north")],
    )
    events = game.order(0, "bf0", remove_tokens={"bf0": {"frost": 2}})
    assert one(events, ev.LorePaid).amount == 4 and game.lore(0) == 0
    assert game.state.units["bf0"].tokens.total == 0
    game.move(0, "bf0", (0, 1))
    assert game.unit_hex("bf0") == at(0, 1)


def test_removing_some_tokens_leaves_the_others_in_force():  # R-BRE-9, R-FRS-1
    game = Game(TOKENS, units={"bf0": {"tokens": {"frost": 2}}})
    game.order(0, "bf0", remove_tokens={"bf0": {"frost": 1}})
    assert game.state.units["bf0"].tokens.frost == 1 and game.lore(0) == 1
    assert game.refuse(0, "move", unit="bf0", path=[[0, 1]]).rule in ("R-MOV-2", "R-FRS-1")


@pytest.mark.parametrize(
    ("lore", "units", "remove"),
    [
        (3, ["bf0"], {"bf0": {"frost": 2}}),  # costs 4, holds 3
        (9, [], {"bf0": {"frost": 1}}),  # not ordered
        (9, ["bf0"], {"bf0": {"frost": 3}}),  # more than it carries
    ],
    ids=["short of lore", "unordered unit", "more than carried"],
)
def test_token_removal_is_refused_when_not_paid_ordered_or_held(lore, units, remove):  # R-BRE-9
    game = Game(
        TOKENS,
        units={"bf0": {"tokens": {"frost": 2}}},
        players=[player("south", lore=lore), player("north")],
    )
    assert game.refuse(0, "order", units=units, remove_tokens=remove).rule == "R-BRE-9"


def test_marks_of_a_dragon_that_left_the_game_do_not_block_the_next_turn():  # R-BRE-4, R-TRN-6
    game = Game(
        """
        .   .   .   .   .
         id0 bf1 .   .   gf2
        .   .   .   .   .
        """,
        players=[player("south"), player("north"), player("east")],
    )
    game.order(0, "id0", breath=["id0"])
    game.fly(0, "id0", (1, 1), (2, 1))
    game.send(0, "resign")
    assert game.state.active == 1
    game.end_turn(1)
    assert game.state.active == 2
    assert game.state.units["bf1"].breath_target is None


def test_a_unit_on_the_landing_hex_is_no_target_even_if_flown_over_before():  # R-BRE-2
    game = Game(
        """
        .   .   .     .   .
         .   id0 Cww1  bf1 .
        .   .   .     .   .
        """
    )
    game.order(0, "id0", breath=["id0"])
    assert one(game.fly(0, "id0", (2, 1), (3, 1), (2, 1)), ev.DragonFlew).targets == ("bf1",)
