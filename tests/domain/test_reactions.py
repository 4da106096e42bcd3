"""Hold/Web reactions to a flight (R-FLY-4, R-LOR-4), with the clarifications of R-FLY-4 and
R-TRN-9: windows open for every opponent holding a card and the lore to pay for one (the
first edition: any card), in seat order, and the fall."""

from __future__ import annotations

from domain import events as ev
from domain.edition import CURRENT
from tests.domain.harness import FIRST, Game, at, of_type, one, player

FOUR = """
gf0 .   .   .   .   .   gf1
 .   .   .   .   .   .   .
id2 bf3 bf3 bf3 .   .   .
 .   .   .   .   .   .   .
.   .   .   .   .   .   gf3
"""


def four_players(
    cards: dict[int, list[str]], lore: dict[int, int] | None = None, edition: int = CURRENT
) -> Game:
    """A game of four where seat 2 (home edge east) is about to fly its Ice Drake."""
    edges = ["south", "north", "east", "west"]
    players = [
        player(edges[s], lore=(lore or {}).get(s, 3), cards=cards.get(s, [])) for s in range(4)
    ]
    game = Game(FOUR, players=players, edition=edition)
    game.end_turn(0)
    game.end_turn(1)
    game.order(2, "id2")
    return game


def test_reaction_window_opens_for_every_opponent_holding_a_card_in_seat_order():  # R-FLY-4
    game = four_players({0: ["web"], 1: [], 3: ["hold"]})
    events = game.fly(2, "id2", (1, 2), (2, 2), (3, 2), (4, 2))
    assert one(events, ev.FlightDeclared).path[-1] == at(4, 2)
    assert not of_type(events, ev.DragonFlew)
    pending = game.state.pending
    # seat 3 first (seat order after the active seat 2), then seat 0; seat 1 holds no card.
    assert pending.kind == "reaction" and pending.seat == 3 and pending.waiting == (3, 0)
    assert game.unit_hex("id2") == at(0, 2)


def test_a_first_edition_window_asked_a_card_holder_without_lore_too():  # R-FLY-4 (first ed.)
    game = four_players({0: ["web"], 1: [], 3: ["hold"]}, lore={0: 0}, edition=FIRST)
    game.fly(2, "id2", (1, 2), (2, 2), (3, 2), (4, 2))
    assert game.state.pending.waiting == (3, 0)


def test_only_the_seat_asked_answers_the_window():  # R-FLY-4, R-TRN-9
    game = four_players({0: ["web"], 3: ["hold"]})
    game.fly(2, "id2", (0, 3), (1, 3))
    assert game.refuse(0, "pass").rule == "R-TRN-9"
    assert game.refuse(2, "end_movement").rule == "R-TRN-9"
    assert [c["type"] for c in game.legal(0)] == ["resign"]
    assert {c["type"] for c in game.legal(3)} == {"resign", "pass", "react"}


def test_the_flight_completes_when_every_seat_asked_has_passed():  # R-FLY-4, R-TRN-9
    game = four_players({0: ["web"], 3: ["hold"]})
    game.fly(2, "id2", (1, 2), (2, 2), (3, 2), (4, 2))
    assert not of_type(game.send(3, "pass"), ev.DragonFlew)
    assert game.state.pending.seat == 0
    flew = one(game.send(0, "pass"), ev.DragonFlew)
    assert flew.path[-1] == at(4, 2) and game.state.pending is None
    assert game.unit_hex("id2") == at(4, 2)


def test_no_window_when_no_opponent_holds_a_card():  # R-FLY-4
    game = four_players({})
    events = game.fly(2, "id2", (0, 3), (1, 3))
    assert not of_type(events, ev.FlightDeclared)
    assert game.unit_hex("id2") == at(1, 3) and game.state.pending is None


def test_a_seat_with_auto_pass_is_not_asked():  # R-FLY-4
    game = four_players({0: ["web"], 3: ["hold"]})
    game.send(3, "auto_pass", enabled=True)
    game.fly(2, "id2", (0, 3), (1, 3))
    assert game.state.pending.waiting == (0,)


def test_the_first_reaction_closes_the_window():  # R-FLY-4, R-TRN-9 (clarified)
    game = four_players({0: ["web"], 3: ["hold"]})
    game.fly(2, "id2", (1, 2), (2, 2), (3, 2), (4, 2))
    game.roll("green")
    events = game.send(3, "react", card="hold", hex=[4, 2])
    assert one(events, ev.CardPlayed).seat == 3
    assert game.state.pending is None
    assert game.state.player(0).cards == ("web",)


FALL = """
.   .   .   .   .   .   gf0
 .   .   .   .   .   .   .
id0 bf1 bf1 bf1 .   .   .
 .   .   .   F   .   .   .
.   .   .   .   .   .   .
"""


def falling(
    board: str = FALL, lore: int = 3, cards: tuple[str, ...] = ("hold",), edition: int = CURRENT
) -> Game:
    """Seat 0's Ice Drake, its breath paid, flies over three of seat 1's units; seat 1 holds a
    card. The flight waits for seat 1's answer."""
    players = [player("south"), player("north", lore=lore, cards=cards)]
    game = Game(board, players=players, edition=edition)
    game.order(0, "id0", breath=["id0"])
    game.fly(0, "id0", (1, 2), (2, 2), (3, 2), (4, 2))
    assert game.state.pending.kind == "reaction"
    return game


def test_hold_makes_the_dragon_fall_at_the_named_hex_and_retreat_toward_home():  # R-FLY-4
    game = falling()
    game.roll("green")
    events = game.send(1, "react", card="hold", hex=[3, 2])
    assert one(events, ev.DragonFlew).path == (at(1, 2), at(2, 2), at(3, 2))
    check = one(events, ev.CriticalHitChecked)
    assert check.unit == "id0" and check.faces == ("green",)  # a 1-die check, R-CRT-2
    # [3,2] holds a unit: off it, one hex toward the south edge ([3,3] is forest).
    assert one(events, ev.UnitRetreated).path == (at(2, 3),)
    assert not of_type(events, ev.UnitHit)  # no hits for this
    assert game.unit_hex("id0") == at(2, 3)


def test_playing_a_card_costs_its_lore_and_discards_it():  # R-LOR-4, R-FLY-4
    game = falling(cards=("hold", "web"))
    game.roll("green")
    game.send(1, "react", card="web", hex=[4, 2])
    assert game.lore(1) == 1
    assert game.state.player(1).cards == ("hold",)
    assert game.total_lore() == 50 + 3 + 3


def test_targets_before_the_named_hex_stay_marked_none_at_or_after_it():  # R-FLY-4, R-BRE-2
    game = falling()
    game.roll("green")
    game.send(1, "react", card="hold", hex=[3, 2])
    marked = {u.id for u in game.state.units.values() if u.breath_target == "id0"}
    assert marked == {"bf1", "bf1-2"}
    game.roll("lore", "red", "red", "lore", "lore", "red")
    rolled = of_type(game.end_movement(0) + game.resolve_breath(), ev.BreathRolled)
    assert [(r.target, r.tokens) for r in rolled] == [("bf1", 1), ("bf1-2", 2)]


def test_the_landing_hex_may_be_named():  # R-FLY-4 (clarified)
    game = falling()
    game.roll("red")
    events = game.send(1, "react", card="hold", hex=[4, 2])
    assert one(events, ev.DragonFlew).targets == ("bf1", "bf1-2", "bf1-3")
    assert not of_type(events, ev.UnitRetreated)
    assert game.unit_hex("id0") == at(4, 2)


def test_the_start_hex_cannot_be_named():  # R-FLY-4
    game = falling()
    assert game.refuse(1, "react", card="hold", hex=[0, 2]).rule == "R-FLY-4"


def test_a_card_not_held_or_not_paid_for_cannot_be_played():  # R-LOR-4
    assert falling().refuse(1, "react", card="web", hex=[3, 2]).rule == "R-LOR-4"
    # revision 2 asks nobody who cannot pay (R-FLY-4); a first-edition window did
    unpaid = falling(lore=1, edition=FIRST)
    assert unpaid.refuse(1, "react", card="hold", hex=[3, 2]).rule == "R-LOR-4"


def test_the_fall_check_is_drawn_when_the_reaction_is_played():  # R-DIE-3, R-FLY-4
    game = falling()
    game.roll("lore")
    events = game.send(1, "react", card="hold", hex=[4, 2])
    assert one(events, ev.CriticalHitChecked).roll == 0
    assert game.state.rolls == 1
    assert game.lore(0) == 1  # the lore face of a fall die gives nothing (R-CRT-1, clarified)


def test_a_fall_that_shows_the_banner_colour_kills_and_pays_the_cards_player():  # R-CRT-4
    game = falling()
    game.roll("blue")
    events = game.send(1, "react", card="hold", hex=[1, 2])
    assert one(events, ev.UnitDestroyed).unit == "id0"
    assert "id0" not in game.state.units
    assert game.banners(1) == 2 and game.banners(0) == 0
    assert not of_type(events, ev.GloryTaken)
    assert game.total_lore() == 50 + 3 + 3


def test_a_dragon_killed_by_its_fall_breathes_on_nobody():  # R-FLY-4, R-BRE-4
    game = falling()
    game.roll("blue")
    game.send(1, "react", card="hold", hex=[3, 2])
    assert all(u.breath_target is None for u in game.state.units.values())
    assert not of_type(game.end_movement(0), ev.BreathPhaseOpened)
    game.end_turn(0)
    assert game.state.active == 1


def test_equally_near_fall_hexes_are_the_owners_choice():  # R-FLY-4 (clarified), R-TRN-9
    game = falling(FALL.replace(" F ", " . "))
    game.roll("green")
    game.send(1, "react", card="hold", hex=[3, 2])
    pending = game.state.pending
    assert pending.kind == "retreat" and pending.seat == 0 and pending.unit == "id0"
    assert game.refuse(1, "choose_retreat", unit="id0", path=[[3, 3]]).rule == "R-TRN-9"
    game.send(0, "choose_retreat", unit="id0", path=[[3, 3]])
    assert game.unit_hex("id0") == at(3, 3)


FAR_FALL = """
.   .   .   .   .   .   gf0
 .   .   .   .   .   .   .
id0 bf1 bf1 bf1 .   .   .
 .   .   F   F   .   .   .
.   .   F   .   F   .   .
"""


def test_a_fall_retreat_goes_as_far_toward_home_as_the_nearest_landing_hex():  # R-FLY-4
    game = falling(FAR_FALL)
    game.roll("green")
    events = game.send(1, "react", card="hold", hex=[3, 2])
    assert game.unit_hex("id0") == at(3, 4)
    assert not of_type(events, ev.UnitHit)


def test_the_fallen_dragons_move_ends_where_it_stands_and_engages_there():  # R-FLY-4, R-ZOC-1
    board = FALL.rstrip().rsplit("\n", 1)[0] + "\n.   .   ww1 .   .   .   .\n"
    game = falling(board)
    game.roll("green")
    events = game.send(1, "react", card="hold", hex=[3, 2])
    assert game.unit_hex("id0") == at(2, 3)
    created = one(events, ev.EngagementCreated)
    assert (created.attacker, created.defender) == ("id0", "ww1")


THREE = """
id0 .   .   .   .
 .   .   .   .   gf1
.   .   .   .   gf2
"""


def three_players_window() -> Game:
    """Seat 0 declares a flight; seats 1 and 2 each hold a card, so seat 1 is asked first."""
    players = [player("south"), player("north", cards=["hold"]), player("east", cards=["web"])]
    game = Game(THREE, players=players)
    game.order(0, "id0")
    game.fly(0, "id0", (1, 0), (2, 0))
    assert game.state.pending.waiting == (1, 2)
    return game


def test_a_seat_that_resigned_is_not_waited_for():  # R-FLY-4, R-WIN-4
    game = three_players_window()
    game.send(2, "resign")
    flew = one(game.send(1, "pass"), ev.DragonFlew)
    assert flew.path[-1] == at(2, 0) and game.state.pending is None


def test_the_asked_seat_resigning_counts_as_its_pass():  # R-FLY-4, R-WIN-4
    game = three_players_window()
    game.send(1, "resign")
    assert game.state.pending is not None and game.state.pending.seat == 2
    one(game.send(2, "pass"), ev.DragonFlew)
    assert game.unit_hex("id0") == at(2, 0)


def test_a_fallen_dragon_ended_its_move_where_it_stands_for_site_effects():
    # R-FLY-4 ("its move ends where it finally stands"), R-SIT-1, R-SIT-2
    game = Game(
        FALL.replace(" .   .   .   F ", " .   .   P   F "),
        players=[player("south"), player("north", cards=["hold"])],
        sites={(2, 3): {"riders": 1}},
    )
    game.order(0, "id0")
    game.fly(0, "id0", (1, 2), (2, 2), (3, 2), (4, 2))
    game.roll("green")
    game.send(1, "react", card="hold", hex=[3, 2])
    assert game.unit_hex("id0") == at(2, 3)
    game.end_movement(0)
    assert one(game.end_turn(0), ev.RiderPickedUp).unit == "id0"
