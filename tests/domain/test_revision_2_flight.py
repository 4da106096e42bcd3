"""Revision 2 of the rules (RULES.md §17), flight: reaction windows and falls (R-FLY-4), a
glory token's extra hex on a flight (R-CRT-4), chosen breath targets (R-BRE-2).

Each test here fails on the first edition's rules (checked once against the code before
revision 2); tests/domain/test_first_edition_replay.py keeps first-edition games as they were.
"""

from __future__ import annotations

import pytest

from domain import command_from_json, decide
from domain import events as ev
from tests.domain.harness import Game, at, of_type, one, player

# -- R-FLY-4: only an opponent who can pay is asked -----------------------------------------

FOUR = """
gf0 .   .   .   .   .   gf1
 .   .   .   .   .   .   .
id2 bf3 bf3 bf3 .   .   .
 .   .   .   .   .   .   .
.   .   .   .   .   .   gf3
"""


def flying_seat_2(cards: dict[int, list[str]], lore: dict[int, int]) -> Game:
    edges = ["south", "north", "east", "west"]
    players = [player(edges[s], lore=lore.get(s, 3), cards=cards.get(s, [])) for s in range(4)]
    game = Game(FOUR, players=players)
    game.end_turn(0)
    game.end_turn(1)
    game.order(2, "id2")
    return game


def test_a_card_holder_without_the_lore_to_play_it_is_not_asked():  # R-FLY-4
    game = flying_seat_2({0: ["web"], 3: ["hold"]}, lore={0: 0})  # 1 after its turn; cost 2
    assert game.lore(0) == 1
    game.fly(2, "id2", (1, 2), (2, 2), (3, 2), (4, 2))
    assert game.state.pending.kind == "reaction" and game.state.pending.waiting == (3,)
    game.send(3, "pass")
    assert game.unit_hex("id2") == at(4, 2) and game.state.pending is None


def test_no_window_opens_when_no_card_holder_can_pay():  # R-FLY-4
    game = flying_seat_2({0: ["web"], 3: ["hold", "web"]}, lore={0: 0, 3: 1})
    events = game.fly(2, "id2", (1, 2), (2, 2), (3, 2), (4, 2))
    assert not of_type(events, ev.FlightDeclared)
    assert one(events, ev.DragonFlew).path[-1] == at(4, 2)
    assert game.state.pending is None
    assert [c["type"] for c in game.legal(0)] == ["resign"]


# -- R-FLY-4: where a felled dragon stays ----------------------------------------------------

FELL = """
.   .   .   .   .   bf1
 .   .   .   .   .   .
id0 .   {}  .   .   .
 .   .   .   .   .   .
.   .   .   .   .   .
"""


def felled_at_2_2(cell: str, **options: object) -> tuple[Game, list[ev.Event]]:
    """Seat 1 plays web on seat 0's Ice Drake over [2,2]; the fall's check spares it."""
    players = [player("south"), player("north", cards=["web"])]
    game = Game(FELL.format(cell), players=players, **options)  # type: ignore[arg-type]
    game.order(0, "id0")
    game.fly(0, "id0", (1, 2), (2, 2), (3, 2))
    game.roll("green")
    return game, game.send(1, "react", card="web", hex=[2, 2])


@pytest.mark.parametrize("tile", ["F", "H", "d", "s"], ids=["forest", "hill", "ford", "stream"])
def test_a_dragon_felled_over_forest_hill_ford_or_stream_stays_there(tile):  # R-FLY-4
    game, events = felled_at_2_2(tile)
    assert one(events, ev.DragonFlew).path == (at(1, 2), at(2, 2))
    assert not of_type(events, ev.UnitRetreated) and game.state.pending is None
    assert game.unit_hex("id0") == at(2, 2)
    assert game.state.turn_state.moved_to["id0"] == at(2, 2)  # its move ends there


def test_a_dragon_felled_over_a_river_retreats_off_it():  # R-FLY-4
    game, events = felled_at_2_2("R")
    assert game.state.pending.kind == "retreat"  # two hexes toward the south edge
    game.send(0, "choose_retreat", unit="id0", path=[[2, 3]])
    assert game.unit_hex("id0") == at(2, 3)


def test_a_dragon_felled_over_a_full_site_retreats_and_over_one_with_room_stays():  # R-FLY-4
    full, _ = felled_at_2_2("Cww1", sites={(2, 2): {"capacity": 1}})
    assert full.state.pending.kind == "retreat"
    room, events = felled_at_2_2("Cww1", sites={(2, 2): {"capacity": 2}})
    assert not of_type(events, ev.UnitRetreated) and room.unit_hex("id0") == at(2, 2)


# -- R-CRT-4: a glory token's extra hex on a flight --------------------------------------------

GLORY = """
id0 .   .   .   .   .   .
 .   .   .   .   .   .   .
.   .   .   .   .   .   bf1
"""
FIVE = [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]


def glorious(glory: int = 1) -> Game:
    game = Game(GLORY, units={"id0": {"glory": glory}})
    game.order(0, "id0")
    return game


def test_a_glory_token_lets_a_flight_enter_five_hexes():  # R-CRT-4, R-FLY-1
    game = glorious()
    pool = game.state.lore_pool
    events = game.send(0, "fly", unit="id0", path=FIVE, glory="extra_hex")
    assert one(events, ev.GlorySpent).use == "extra_hex"
    assert one(events, ev.DragonFlew).path[-1] == at(5, 0)
    assert game.state.units["id0"].glory == 0 and game.state.lore_pool == pool + 1  # R-LOR-1


def test_a_glory_flight_is_still_bounded():  # R-CRT-4, R-FLY-1
    assert glorious().refuse(0, "fly", unit="id0", path=FIVE).rule == "R-FLY-1"
    six = [*FIVE, [6, 0]]
    assert glorious().refuse(0, "fly", unit="id0", path=six, glory="extra_hex").rule == "R-FLY-1"
    no_token = glorious(glory=0).refuse(0, "fly", unit="id0", path=FIVE, glory="extra_hex")
    assert no_token.rule == "R-CRT-4"
    wrong_use = glorious().refuse(0, "fly", unit="id0", path=FIVE[:2], glory="extra_die")
    assert wrong_use.rule == "R-CRT-4"


def test_legal_actions_list_the_five_hex_glory_flights_and_decide_accepts_them():  # R-CRT-4
    game = glorious()
    flights = [c for c in game.legal(0) if c["type"] == "fly"]
    glory = [c for c in flights if c["glory"] == "extra_hex"]
    assert {tuple(c["path"][-1]) for c in glory} == {(5, 0), (4, 1), (4, 2)}  # 5 hexes away
    assert all(len(c["path"]) == 5 for c in glory)
    assert not {tuple(c["path"][-1]) for c in glory} & {tuple(c["path"][-1]) for c in flights
                                                         if c["glory"] is None}  # fmt: skip
    for command in flights:
        decide(game.state, command_from_json(command), game.dice, 0)  # each accepted


# -- R-BRE-2: the breathing player chooses the targets ------------------------------------------

BREATH = """
.   .   .   .   .   .
 id0 bf1 bf1 bf1 .   .
.   .   .   .   .   .
"""
OVER_THREE = [[1, 1], [2, 1], [3, 1], [4, 1]]


def breathing() -> Game:
    game = Game(BREATH)
    game.order(0, "id0", breath=["id0"])
    return game


def test_an_empty_breath_targets_marks_nobody():  # R-BRE-2
    game = breathing()
    events = game.send(0, "fly", unit="id0", path=OVER_THREE, breath_targets=[])
    assert one(events, ev.DragonFlew).targets == ()
    assert not of_type(game.end_movement(0), ev.BreathPhaseOpened)
    assert game.state.phase == "combat"


def test_breath_targets_chooses_which_units_flown_over_are_marked():  # R-BRE-2
    game = breathing()
    events = game.send(0, "fly", unit="id0", path=OVER_THREE, breath_targets=["bf1-3", "bf1"])
    assert one(events, ev.DragonFlew).targets == ("bf1", "bf1-3")  # in path order (R-DIE-3)
    assert breathing().fly(0, "id0", (1, 1), (2, 1), (3, 1), (4, 1))[-1].targets == (
        "bf1",
        "bf1-2",
        "bf1-3",
    )  # without the field, the first 3 in path order
    four = breathing().refuse(
        0, "fly", unit="id0", path=OVER_THREE, breath_targets=["bf1", "bf1-2", "bf1-3", "x"]
    )
    assert four.rule == "R-BRE-2"


def test_legal_actions_offer_each_markable_enemy_alone_and_decide_agrees():  # R-BRE-2
    game = breathing()
    alone = [c for c in game.legal(0) if c["type"] == "fly" and c["breath_targets"]]
    assert sorted(c["breath_targets"] for c in alone) == [["bf1"], ["bf1-2"], ["bf1-3"]]
    for command in alone:
        flew = of_type(decide(game.state, command_from_json(command), game.dice, 0), ev.DragonFlew)
        assert flew[0].targets == tuple(command["breath_targets"])


def test_a_glory_flight_felled_by_a_card_keeps_its_token_spent():  # R-CRT-4, R-FLY-4
    players = [player("south"), player("north", cards=["web"])]
    game = Game(GLORY, players=players, units={"id0": {"glory": 1}})
    game.order(0, "id0")
    declared = game.send(0, "fly", unit="id0", path=FIVE, glory="extra_hex")
    assert one(declared, ev.GlorySpent) and one(declared, ev.FlightDeclared).path[-1] == at(5, 0)
    game.roll("green")
    game.send(1, "react", card="web", hex=[2, 0])
    assert game.unit_hex("id0") == at(2, 0) and game.state.units["id0"].glory == 0
