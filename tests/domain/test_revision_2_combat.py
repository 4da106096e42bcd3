"""Revision 2 of the rules (RULES.md §17), combat and turns: poison lore (R-LOR-2), a glory
token's extra die on a battle back (R-CRT-4), roosted dragons (R-ZOC-4), burning retreats
(R-FIR-2, R-FIR-4), the end of an eliminated player's turn (R-TRN-1), red borders on any site
(R-BRD-4).

Each test here fails on the first edition's rules (checked once against the code before
revision 2); tests/domain/test_first_edition_replay.py keeps first-edition games as they were.
"""

from __future__ import annotations

import pytest

from domain import ScenarioError, command_from_json, decide, new_game
from domain import events as ev
from domain.notation import scenario_from_text
from domain.view import board_view
from tests.domain.harness import Game, at, of_type, one, player, types

# -- R-LOR-2 -------------------------------------------------------------------------------------

DUEL = """
.   .   .   .
 .   bf0 bf1 .
.   .   .   .
"""


def test_a_lore_face_that_causes_a_poison_hit_still_gives_its_lore():  # R-LOR-2, R-PSN-1
    game = Game(DUEL, units={"bf1": {"tokens": {"poison": 1}}})
    game.order(0, "bf0")
    game.end_movement(0)
    game.roll("lore", "lore", "red")
    events = game.battle(0, "bf0", "bf1")
    assert one(events, ev.BattleRolled).hits == 2  # both lore faces are poison hits
    gained = one(events, ev.LoreGained)
    assert (gained.seat, gained.amount) == (0, 2) and game.lore(0) == 5


# -- R-CRT-4: glory on a battle back ---------------------------------------------------------------

BACK = """
.   .   .   .
 .   bf0 id1 .
.   .   .   .
"""


def offered_battle_back(glory: int = 1) -> Game:
    game = Game(BACK, units={"id1": {"glory": glory}})
    game.order(0, "bf0")
    game.end_movement(0)
    game.roll("green", "green", "green")  # no hit, no flag on the Ice Drake
    game.battle(0, "bf0", "id1")
    assert game.state.pending.kind == "battle_back"
    return game


def test_an_accepted_battle_back_may_spend_glory_for_an_extra_die():  # R-CRT-4, R-BAT-5
    game = offered_battle_back()
    back = {"type": "battle_back", "unit": "id1", "accept": True, "glory": "extra_die"}
    assert back in game.legal(1)
    game.roll("red", "red", "red", "red")
    events = game.send(1, "battle_back", unit="id1", accept=True, glory="extra_die")
    assert one(events, ev.GlorySpent).use == "extra_die"
    rolled = one(events, ev.BattleRolled)
    assert rolled.battle_back and rolled.glory and len(rolled.faces) == 4  # 3 dice + 1
    assert game.state.units["id1"].glory == 0


def test_glory_on_a_battle_back_is_an_extra_die_on_an_accepted_one_only():  # R-CRT-4
    declined = offered_battle_back().refuse(
        1, "battle_back", unit="id1", accept=False, glory="extra_die"
    )
    assert declined.rule == "R-CRT-4"
    hexes = offered_battle_back().refuse(
        1, "battle_back", unit="id1", accept=True, glory="extra_hex"
    )
    assert hexes.rule == "R-CRT-4"
    none = offered_battle_back(glory=0)
    assert none.refuse(1, "battle_back", unit="id1", accept=True, glory="extra_die").rule == (
        "R-CRT-4"
    )
    assert not [c for c in none.legal(1) if c.get("glory")]


# -- R-ZOC-4: roosted dragons ---------------------------------------------------------------------

ROOST = """
.   .   .   .   .   .
 .   .   .   .   .   .
.   .   .   .   .   gf1
 ww0 .   .   fd1 .   .
.   .   .   .   .   .
"""


def near_a_roosted_dragon(how: str, **options: object) -> Game:
    game = Game(ROOST, units={"fd1": {"roosted": True}}, **options)  # type: ignore[arg-type]
    game.order(0, "ww0")
    if how == "move":
        game.move(0, "ww0", (1, 3), (2, 3))
    else:
        game.fly(0, "ww0", (1, 3), (2, 3))
    return game


@pytest.mark.parametrize("how", ["move", "fly"])
def test_stopping_next_to_a_roosted_dragon_creates_no_engagement(how):  # R-ZOC-4, R-ZOC-1
    game = near_a_roosted_dragon(how)
    assert not of_type(game.events, ev.EngagementCreated) and game.state.engagements == ()
    game.end_movement(0)
    assert ev.TurnStarted(seat=1, turn=2) in game.end_turn(0)  # nothing had to be fought


def test_an_ordered_dragon_that_did_not_fly_may_battle_a_roosted_enemy_by_choice():
    # R-ZOC-4, R-ZOC-6, R-BLD-1, R-RST-1
    game = near_a_roosted_dragon("move")
    game.end_movement(0)
    assert game.state.engagements == ()  # nothing forces the battle: it is a choice
    assert {"type": "battle", "unit": "ww0", "target": "fd1", "glory": None} in game.legal(0)
    game.roll("red", "green")  # one hit on the Fire Dragon
    events = game.battle(0, "ww0", "fd1")
    assert one(events, ev.BattleRolled).hits == 1
    assert not of_type(events, ev.BloodGained)  # no blood with a roosted dragon
    assert game.state.pending.kind == "battle_back"  # it may still battle back (R-RST-2)


def test_a_pushed_roosted_dragon_stays_roosted():  # R-ZOC-4, R-RST-1
    game = near_a_roosted_dragon("move", auto_decisions=True)
    game.end_movement(0)
    assert game.state.engagements == ()
    game.roll("flag", "flag")
    events = game.battle(0, "ww0", "fd1")
    assert one(events, ev.UnitRetreated).path  # one flag ignored, pushed 3 hexes north
    assert game.unit_hex("fd1").row == 0 and game.state.units["fd1"].roosted


def test_a_dragon_that_flew_next_to_a_roosted_enemy_may_not_battle_it():  # R-ZOC-4, R-MOV-3
    game = near_a_roosted_dragon("fly")
    game.end_movement(0)
    assert game.refuse(0, "battle", unit="ww0", target="fd1").rule == "R-MOV-3"
    assert not [c for c in game.legal(0) if c["type"] == "battle"]


# -- R-FIR-2, R-FIR-4: a burning unit's retreat ---------------------------------------------------

BURN = """
.   .   .   .
 .   .   .   .
.   .   .   .
 .   fd1 .   .
.   bf0 .   .
 .   .   .   .
"""


def burning_pushed(board: str = BURN, target: str = "fd1", **units: object) -> list[ev.Event]:
    game = Game(board, units={target: {"tokens": {"fire": 1}}, **units}, auto_decisions=True)
    game.order(0, "bf0")
    game.end_movement(0)
    game.roll("flag", "flag", "green", "green")  # bf0's 3 dice, then a check die
    return game.battle(0, "bf0", target)


def test_a_burning_dragon_retreats_one_hex_on_the_ground_and_takes_a_hit_per_hex_short():
    # R-FIR-2, R-MOR-2, R-MOR-3, R-RET-2
    events = burning_pushed()
    retreat = one(events, ev.UnitRetreated)  # one flag ignored: 3 hexes owed
    assert (retreat.path, retreat.short) == ((at(1, 2),), 2)
    assert one(events, ev.UnitHit).hits == 2
    assert one(events, ev.CriticalHitChecked).hits == 2  # 2 hits at once: a check (R-MOR-3)


def test_a_burning_ground_unit_retreats_one_hex_at_most():  # R-FIR-2, R-RET-2
    events = burning_pushed(BURN.replace("fd1", "rf1"), "rf1")
    retreat = one(events, ev.UnitRetreated)  # 2 flags, not supported: 2 hexes owed
    assert (len(retreat.path), retreat.short) == (1, 1)
    assert one(events, ev.UnitHit).hits == 1


def across(tile: str) -> str:
    """BURN with a river at [1,2] and `tile` at [2,2]: the Fire Dragon's one step north."""
    rows = BURN.strip("\n").split("\n")
    rows[2] = f".   R   {tile}   ."
    return "\n".join(rows)


def test_a_burning_retreat_step_into_water_puts_out_the_fire():  # R-FIR-4, R-FIR-2
    events = burning_pushed(across("d"))
    assert one(events, ev.UnitRetreated).path == (at(2, 2),)  # onto the ford, on the ground
    assert one(events, ev.TokensRemoved).tokens.fire == 1


def test_a_burning_dragon_may_retreat_into_a_forest():  # R-FIR-2
    events = burning_pushed(across("F"))
    assert one(events, ev.UnitRetreated).path == (at(2, 2),)
    assert not of_type(events, ev.TokensRemoved)


# -- R-TRN-1: eliminated during their own turn ---------------------------------------------------

THREE = """
.   .   .   .   .
 .   bf0 bf1 .   .
.   .   .   .   gf2
"""


def three_players(*faces: str) -> tuple[Game, list[ev.Event]]:
    players = [player("south"), player("north"), player("east")]
    game = Game(THREE, players=players, units={"bf0": {"figures": 1, "tokens": {"poison": 1}}})
    game.order(0, "bf0")
    game.end_movement(0)
    game.roll(*faces)
    return game, game.battle(0, "bf0", "bf1")  # its own lore is a poison hit: bf0 dies


def test_a_player_eliminated_in_their_own_turn_ends_it_at_once_without_lore():
    # R-TRN-1, R-WIN-2, R-LOR-3
    game, events = three_players("lore", "green", "green")
    assert types(events)[-4:] == ["UnitDestroyed", "PlayerEliminated", "TurnEnded", "TurnStarted"]
    assert one(events, ev.TurnStarted) == ev.TurnStarted(seat=1, turn=2)
    assert not [e for e in of_type(events, ev.LoreGained) if e.reason == "end of turn"]
    assert game.state.active == 1 and game.state.phase == "order"


def test_the_turn_ends_once_a_retreat_owed_by_another_seat_is_chosen():  # R-TRN-1, R-TRN-9
    game, events = three_players("lore", "flag", "green")
    assert game.state.pending.kind == "retreat" and game.state.pending.seat == 1
    events = game.send(1, "choose_retreat", unit="bf1", path=[[2, 0]])
    assert types(events)[-2:] == ["TurnEnded", "TurnStarted"] and game.state.active == 1


# -- R-BRD-4: a red border on any site -------------------------------------------------------------

CAVE = """
.   .   .   .
 id0 C   ww1 .
.   .   .   .
"""


def bordered_cave() -> Game:
    return Game(CAVE, sites={(1, 1): {"red_border": True}})


def test_a_red_bordered_cave_stops_zones_of_control_and_battles():  # R-BRD-4, R-ZOC-3, R-BAT-1
    game = bordered_cave()
    game.order(0, "id0")
    assert not of_type(game.move(0, "id0", (1, 1)), ev.EngagementCreated)
    game.end_movement(0)
    assert game.refuse(0, "battle", unit="id0", target="ww1").rule == "R-BAT-1"
    assert not [c for c in game.legal(0) if c["type"] == "battle"]


def test_the_board_view_shows_red_borders():  # R-BRD-4
    sites = {tuple(s["hex"]): s["red_border"] for s in board_view(bordered_cave().state)["sites"]}
    assert sites == {(1, 1): True}
    village = Game(CAVE.replace(" C ", " V "))
    assert [s["red_border"] for s in board_view(village.state)["sites"]] == [True]


def test_a_red_border_is_a_boolean_on_a_site_and_misspellings_are_refused():  # R-BRD-4
    doc = scenario_from_text(CAVE)
    doc["sites"][0].update({"red_border": "yes", "red_boarder": True})
    with pytest.raises(ScenarioError) as caught:
        new_game(doc)
    assert {p.split(":")[0] for p in caught.value.problems} == {
        "sites[0].red_border",
        "sites[0].red_boarder",
    }


def test_every_listed_action_of_a_red_bordered_game_is_accepted():  # R-BRD-4
    game = bordered_cave()
    game.order(0, "id0")
    for command in game.legal(0):
        decide(game.state, command_from_json(command), game.dice, 0)


def test_a_burning_dragon_may_retreat_into_a_site_with_room():  # R-FIR-2, R-BRD-3
    events = burning_pushed(across("C"))
    assert one(events, ev.UnitRetreated).path == (at(2, 2),)


def test_a_glory_token_lets_a_burning_unit_retreat_two_hexes():  # R-FIR-2, R-CRT-4
    game = Game(BURN, units={"fd1": {"tokens": {"fire": 1}, "glory": 1}})
    game.order(0, "bf0")
    game.end_movement(0)
    game.roll("flag", "flag", "green")
    game.battle(0, "bf0", "fd1")
    options = [c for c in game.legal(1) if c["type"] == "choose_retreat"]
    extra = [c for c in options if c["glory"] == "extra_hex"]
    assert {len(c["path"]) for c in extra} == {2}
    assert {len(c["path"]) for c in options if c["glory"] is None} == {1}
    events = game.send(
        1, **{k: v for k, v in extra[0].items() if k != "type"}, type="choose_retreat"
    )
    retreat = one(events, ev.UnitRetreated)
    assert (len(retreat.path), retreat.short) == (2, 1)  # 3 owed: one hit, no check (R-MOR-3)
    assert one(events, ev.UnitHit).hits == 1 and not of_type(events, ev.CriticalHitChecked)
