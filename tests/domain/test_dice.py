"""Dice sources and replays (R-DIE-1..3)."""

from __future__ import annotations

from collections import Counter

import pytest

from domain import ScriptedDice, SeededDice, replay
from domain.catalogue import FACES


def test_a_die_has_six_faces_one_of_each():  # R-DIE-1
    counts = Counter(SeededDice("x").face(i) for i in range(6000))
    assert set(counts) == set(FACES) == {"green", "blue", "red", "flag", "bonus_strike", "lore"}
    assert all(800 < n < 1200 for n in counts.values())


def test_seeded_dice_are_a_pure_function_of_seed_and_index():  # R-DIE-3
    a, b = SeededDice(7), SeededDice("7")
    assert [a.face(i) for i in range(50)] == [b.face(i) for i in range(50)]
    assert [a.face(i) for i in range(50)] != [SeededDice(8).face(i) for i in range(50)]


def test_a_script_is_consumed_in_order_then_the_seed_takes_over():  # R-DIE-3
    seed = SeededDice(1)
    dice = ScriptedDice(["red", "flag"], seed)
    assert [dice.face(i) for i in range(4)] == ["red", "flag", seed.face(2), seed.face(3)]
    with pytest.raises(ValueError, match="unknown die faces"):
        ScriptedDice(["skull"], seed)


def test_every_die_is_recorded_and_a_replay_never_rolls(game):  # R-DIE-2
    g = game(
        """
. .   .   .
 . bf0 rf1 .
""",
        dice=["red", "lore", "green"],
    )
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert g.events_of("BattleRolled")[0].faces == ("red", "lore", "green")
    assert replay(g.events) == g.state  # replay has no dice source at all
    assert g.state.rolls == 3
