"""The arena's bookkeeping: seats swapped with the same dice, scores, Wilson's interval."""

from __future__ import annotations

from bench.arena import Match, Result, matches, play, side_score, wilson


def test_every_other_game_swaps_the_seats_and_keeps_the_dice() -> None:
    four = matches("sky_council", "search-hard", "battler", 4, False)
    assert [m.seats for m in four] == [
        ("search-hard", "battler", "search-hard", "battler"),
        ("battler", "search-hard", "battler", "search-hard"),
    ] * 2
    assert [m.dice_seed for m in four] == [four[0].dice_seed] * 2 + [four[2].dice_seed] * 2
    assert four[0].dice_seed != four[2].dice_seed


def test_a_draw_scores_half_to_each_side() -> None:
    duel = Match("river_crossing", ("a", "b"), "d")
    played = [(duel, Result(0, 9)), (duel, Result(1, 9)), (duel, Result(None, 9))]
    assert side_score(played, "a") == (1.5, 3)
    assert side_score(played, "b") == (1.5, 3)


def test_wilsons_interval_holds_the_rate_and_stays_in_bounds() -> None:
    low, high = wilson(30, 40)
    assert 0.59 < low < 0.75 < high < 0.87
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_a_game_between_policy_bots_ends_and_times_each_move() -> None:
    result = play(Match("sky_trio", ("battler", "battler", "battler"), "arena-test"))
    assert result.turns > 0
    assert len(result.times["battler"]) > 10
