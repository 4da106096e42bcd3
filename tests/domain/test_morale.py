"""Dragon morale and retreat (R-MOR-1..3), with R-AMB-3 and the clarification of R-MOR-1."""

from __future__ import annotations

from domain import events as ev
from tests.domain.harness import Game, at, of_type, one

OPEN = """
.   .   .   .   .   .
 .   .   .   .   .   .
.   .   .   .   .   .
 .   .   .   .   .   .
.   .   ww1 .   .   .
 .   .   rf0 .   .   .
"""


def attack(game: Game, target: str, *faces: str) -> list[ev.Event]:
    """rf0 battles `target`; the dice show `faces` in order."""
    game.order(0, "rf0")
    game.end_movement(0)
    game.roll(*faces)
    return game.battle(0, "rf0", target)


def test_a_dragon_ignores_the_first_flag_of_a_battle_by_itself():  # R-MOR-1 (clarified)
    game = Game(OPEN)
    events = attack(game, "ww1", "flag", "red", "red", "red")
    ignored = one(events, ev.FlagsIgnored)
    assert (ignored.unit, ignored.flags) == ("ww1", 1)
    assert not of_type(events, ev.UnitRetreated) and game.unit_hex("ww1") == at(2, 4)
    assert game.state.pending.kind == "battle_back"  # it stood its ground


def test_a_dragon_retreats_three_hexes_per_flag_it_does_not_ignore():  # R-MOR-2
    game = Game(OPEN)
    attack(game, "ww1", "flag", "flag", "flag", "red")
    assert game.state.pending.kind == "retreat" and game.state.pending.hexes == 6


def test_a_dragons_retreat_goes_three_hexes_toward_home():  # R-MOR-2, R-RET-1
    game = Game(OPEN)
    attack(game, "ww1", "flag", "flag", "red", "red")
    assert game.state.pending.hexes == 3
    game.send(1, "choose_retreat", unit="ww1", path=[[2, 3], [2, 2], [2, 1]])
    assert game.unit_hex("ww1") == at(2, 1)
    assert game.refuse(1, "battle_back", unit="ww1", accept=True).rule == "R-TRN-9"


def test_a_ground_unit_supported_by_two_friends_ignores_one_flag():  # R-MOR-1
    board = OPEN.replace(".   .   ww1 .", ".   bf1 gf1 bf1")
    game = Game(board)
    events = attack(game, "gf1", "flag", "red", "red", "red")
    assert one(events, ev.FlagsIgnored).reason == "supported"
    assert game.unit_hex("gf1") == at(2, 4)


def test_an_unsupported_ground_unit_retreats_on_its_only_flag():  # R-MOR-1
    game = Game(OPEN.replace("ww1", "gf1"))
    events = attack(game, "gf1", "flag", "red", "red", "red")
    assert not of_type(events, ev.FlagsIgnored)
    assert game.state.pending.kind == "retreat" and game.state.pending.hexes == 1


BLOCKED = """
.   .   .   .   .   .
 F   F   F   F   .   .
.   gf1 .   gf1 .   .
 .   gf0 gf0 .   .   .
.   .   ww1 .   .   .
 .   .   rf0 .   .   .
"""


def test_a_retreating_dragon_flies_over_units_and_stops_at_the_farthest_landing_hex():
    # R-MOR-2, R-FLY-2, R-RET-2: three hexes owed, the third step has only forest.
    game = Game(BLOCKED)
    events = attack(game, "ww1", "flag", "flag", "red", "red")
    retreat = one(events, ev.UnitRetreated)
    assert retreat.path[-1] == at(2, 2) and len(retreat.path) == 2 and retreat.short == 1
    assert game.unit_hex("ww1") == at(2, 2)
    hit = one(events, ev.UnitHit)
    assert (hit.unit, hit.hits) == ("ww1", 1)
    assert not of_type(events, ev.CriticalHitChecked)


EDGE = """
.   .   F   .
 .   ww1 .   .
.   rf0 .   .
"""


def test_two_or_more_retreat_hits_make_a_critical_hit_check():  # R-MOR-3, R-MOR-2
    game = Game(EDGE)
    events = attack(game, "ww1", "flag", "flag", "red", "red", "blue")
    assert one(events, ev.UnitRetreated).short == 2
    check = one(events, ev.CriticalHitChecked)
    assert (check.unit, check.hits, len(check.faces)) == ("ww1", 2, 1)


def test_retreat_hits_are_a_group_of_their_own():  # R-MOR-3, R-AMB-3
    # One hit from the roll and one hex short: two single hits, so no check at all.
    game = Game(
        """
        F   .   F   .
         .   .   .   .
        .   ww1 .   .
         .   rf0 .   .
        """
    )
    events = attack(game, "ww1", "green", "flag", "flag", "red")
    assert one(events, ev.UnitRetreated).short == 1
    assert [h.hits for h in of_type(events, ev.UnitHit)] == [1, 1]
    assert not of_type(events, ev.CriticalHitChecked)
    assert "ww1" in game.state.units
