"""Winning, elimination, turn limits and resigning (R-WIN-1..4, R-LOR-1)."""

from __future__ import annotations

LINE = """
. .   .   .   .
 . .  .   gf1 .
. bf0 rf1 .   .
 . gf0 .  .   .
"""


def test_reaching_the_banner_target_wins_at_once_mid_turn(game):  # R-WIN-1
    g = game(
        LINE,
        dice=["red"] * 3,
        units={"rf1": {"figures": 1}},
        players=[{"home_edge": "south", "banners": 5}, {"home_edge": "north"}],
    )
    g.send(0, "order", units=["bf0", "gf0"])
    g.send(0, "end_movement")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert g.state.phase == "over" and g.state.winner == 0
    ended = g.events_of("GameEnded")[0]
    assert ended.reason == "banners"
    v = g.refuse(0, "end_turn")
    assert v.code == "game_over"


def test_a_player_with_no_units_left_is_eliminated_and_the_last_one_wins(game):  # R-WIN-2
    g = game(LINE.replace("gf1", ". "), dice=["red"] * 3, units={"rf1": {"figures": 1}})
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert [e.type for e in g.events[-4:]] == [
        "UnitDestroyed",
        "BannersGained",
        "PlayerEliminated",
        "GameEnded",
    ]
    assert g.state.winner == 0 and g.player(1).eliminated


def test_with_three_players_an_elimination_does_not_end_the_game(game):  # R-WIN-2
    g = game(
        """
. bf0 rf1 .   .
 . .  .   .   gf2
""",
        dice=["red"] * 3,
        units={"rf1": {"figures": 1}},
        players=[{"home_edge": e} for e in ("south", "north", "east")],
    )
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert g.player(1).eliminated and g.state.phase == "combat"
    g.send(0, "end_turn")
    assert g.state.active == 2


def test_after_max_turns_the_most_banners_wins(game):  # R-WIN-3
    g = game(
        LINE,
        settings={"max_turns": 3},
        players=[{"home_edge": "south"}, {"home_edge": "north", "banners": 1}],
    )
    for _ in range(3):
        g.send(g.state.active, "end_turn")
    assert g.state.phase == "over" and g.state.winner == 1
    assert g.events_of("GameEnded")[0].reason == "turn limit"


def test_after_max_turns_equal_banners_is_a_draw(game):  # R-WIN-3
    g = game(LINE, settings={"max_turns": 2})
    g.send(0, "end_turn")
    g.send(1, "end_turn")
    assert g.state.phase == "over" and g.state.winner is None and g.state.draw


def test_a_player_may_resign_at_any_time_even_out_of_turn(game):  # R-WIN-4
    g = game(LINE)
    g.send(0, "order", units=["bf0"])
    g.send(1, "resign")
    assert g.state.winner == 0 and g.player(1).eliminated
    assert not any(u.owner == 1 for u in g.state.units.values())


def test_resigning_on_your_own_turn_passes_it_on(game):  # R-WIN-4, R-TRN-1
    g = game(
        """
. gf0 .   gf1 .
 . .  .   .   gf2
""",
        players=[{"home_edge": e} for e in ("south", "north", "east")],
    )
    g.send(0, "resign")
    assert g.state.active == 1 and g.state.phase == "order"


def test_a_resigned_players_glory_returns_to_the_pool(game):  # R-WIN-4, R-LOR-1
    g = game(LINE, units={"rf1": {"glory": 1}}, settings={"lore_pool": 10})
    g.send(1, "resign")
    assert g.state.lore_pool == 11
