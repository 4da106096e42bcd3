"""The readable history (issue 6): one plain-English line per event."""

from __future__ import annotations

import pytest

from domain import Event, new_game, replay
from domain import events as ev
from domain.narrate import _DESCRIBERS, _plural, describe, narrate
from domain.notation import scenario_from_text
from tests.viewer.games import bot_game, showcase_game


@pytest.fixture(scope="module")
def showcase() -> list[Event]:
    return showcase_game()


@pytest.fixture(scope="module")
def lines(showcase: list[Event]) -> list[str]:
    return narrate(showcase)


def test_every_event_type_has_its_own_wording() -> None:
    worded = set(_DESCRIBERS) | {ev.GameCreated, ev.TurnStarted}
    assert worded == set(ev.EVENT_TYPES.values())


def test_one_line_per_event_each_described_from_the_state_before_it(
    showcase: list[Event], lines: list[str]
) -> None:
    assert len(lines) == len(showcase)
    for i, event in enumerate(showcase):
        before = replay(showcase[:i]) if i else None
        assert lines[i] == describe(event, before)


def test_a_breath_flight_names_the_path_and_the_targets(lines: list[str]) -> None:
    # R-BRE-2: enemy units flown over become targets
    assert (
        "Turn 1, south: Fire Dragon s-fire flew [2,3]→[2,2]→[2,1]→[3,1]→[4,1], "
        "breath on bf1 and gm1"
    ) in lines


def test_breath_dice_and_their_tokens_are_spelled_out(lines: list[str]) -> None:
    # R-BRE-4: each lore rolled is one effect token
    assert (
        "Turn 1, south: Fire Dragon s-fire breathed on blue foot bf1: "
        "rolled lore, flag, red, lore: 2 fire tokens on bf1"
    ) in lines
    assert any(line.endswith("rolled lore, red: 1 poison token on rf0") for line in lines)


def test_fire_damage_battle_and_critical_hit_read_plainly(lines: list[str]) -> None:
    assert "Turn 2, north: blue foot bf1 takes 1 hit (fire), 3 figures left" in lines  # R-FIR-3
    assert (
        "Turn 3, south: Ice Drake s-ice battled Wood Wyvern n-wyvern: "
        "rolled green, flag, bonus strike: 3 hits, 0 flags"
    ) in lines
    assert any("critical hit check on Wood Wyvern n-wyvern for 3 hits" in line for line in lines)
    assert "Turn 3, south: Ice Drake s-ice takes a glory token" in lines  # R-CRT-4


def test_a_seat_other_than_the_active_one_is_named(lines: list[str]) -> None:
    assert "Turn 5, south: north resigned" in lines
    assert lines[-1] == "Turn 5, south: game over: south wins (last player standing)"


def test_game_created_counts_cards_and_never_names_them(lines: list[str]) -> None:
    # R-LOR-4: cards in hand are secret; how many each seat holds is public
    first = lines[0]
    assert "north 5 lore, 1 lore card" in first
    assert "south 8 lore, 0 lore cards" in first
    assert "hold" not in first and "web" not in first


def test_seats_sharing_a_home_edge_are_told_apart() -> None:
    doc = scenario_from_text(
        "fd0 . fd1\n . . .",
        players=[{"home_edge": "south", "lore": 1}, {"home_edge": "south", "lore": 1}],
    )
    assert narrate(new_game(doc))[1] == "Turn 1, seat 0 (south): turn begins"


def test_a_unit_already_gone_is_named_by_its_id(showcase: list[Event]) -> None:
    end = replay(showcase)
    line = describe(ev.GloryTaken(unit="n-wyvern"), end)
    assert line.endswith(": n-wyvern takes a glory token")


def test_a_whole_bot_game_reads_without_fallbacks() -> None:
    events = bot_game("sky_council", seed=5)
    lines = narrate(events)
    assert len(lines) == len(events)
    assert all(line and "{" not in line for line in lines)
    assert not any(name in lines[0] for name in ("hold", "web"))


def test_counts_are_spelled_in_plain_english() -> None:
    counts = [_plural(1, "hex"), _plural(2, "hex"), _plural(3, "hit")]
    assert counts == ["1 hex", "2 hexes", "3 hits"]
