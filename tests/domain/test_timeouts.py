"""Time-outs (domain/timeouts.py): whom the game waits on, and what a time-out appends.

Clocks are a service setting (docs/client/clocks.md, rules CLK-1..6), not a rule of
RULES.md: these tests cite the rules the automatic choices go through (R-TRN-9, R-WIN-4 …)
and the clock rule they serve.
"""

from __future__ import annotations

import random

import pytest

from domain import SeededDice, decide, evolve, legal_actions, new_game, replay, resolve_breath
from domain import commands as cmd
from domain.events import Event, TimedOut
from domain.scenarios import get_scenario, scenario_names
from domain.state import GameState
from domain.timeouts import Waiting, auto_decision, time_out, waiting_on
from tests.domain.harness import Game, types
from tests.domain.test_battle import SUPPORTED
from tests.domain.test_reactions import four_players
from tests.domain.test_retreat import OPEN
from tests.domain.test_zoc import ZOC


def timed_out(g, seat: int, period: str, policy: str = "auto") -> list[Event]:
    events = time_out(g.state, g.dice, seat=seat, period=period, policy=policy, deadline_ms=5)
    g._apply(events)
    return events


def test_the_active_seat_is_on_the_clock_for_its_turn(game):  # CLK-2, R-TRN-1
    g = game(OPEN)
    assert waiting_on(g.state) == Waiting(0, "turn")
    g.send(0, "end_turn")
    assert waiting_on(g.state) == Waiting(1, "turn")


def test_an_inactive_seat_is_on_the_clock_for_its_decision(game):  # CLK-2, R-TRN-9
    g = game(OPEN, dice=["flag", "flag", "green"])
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    assert waiting_on(g.state) == Waiting(1, "decision")


def test_nobody_is_on_the_clock_in_a_breath_phase_before_the_start_or_at_the_end(game):
    # CLK-2, R-TRN-6, R-TRN-1, R-WIN-1
    unstarted = replay(new_game(game(OPEN).doc, start=False))
    assert waiting_on(unstarted) is None
    g = game(
        """
. .   .   .   .   .
 . ww0 rf1 .  .   .
. .   .   .   .   .
""",
        players=[{"home_edge": "south", "lore": 5}, {"home_edge": "north", "lore": 3}],
    )
    g.send(0, "order", units=["ww0"], breath=["ww0"])
    g.send(0, "fly", unit="ww0", path=[[2, 1], [3, 1], [4, 1]])
    g.send(0, "end_movement")
    assert g.state.phase == "breath" and waiting_on(g.state) is None
    g.send(1, "resign")
    assert g.state.is_over and waiting_on(g.state) is None


def test_a_retreat_times_out_to_its_first_destination_by_column_then_row(game):
    # CLK-4, R-TRN-9 (the auto_decisions order), R-RET-1
    g = game(OPEN, dice=["flag", "flag", "green"])
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    listed = [a for a in legal_actions(g.state, 1) if not isinstance(a, cmd.Resign)]
    assert auto_decision(g.state) == listed[0]
    events = timed_out(g, 1, "decision")
    assert events[0] == TimedOut(seat=1, period="decision", policy="auto", deadline_ms=5)
    assert events[1].type == "UnitRetreated" and g.state.pending is None
    assert waiting_on(g.state) == Waiting(0, "turn")  # the turn goes on: its seat's clock runs


def test_a_battle_back_times_out_accepted(game):  # CLK-4, R-BAT-5, R-TRN-9
    g = game(SUPPORTED, dice=["green", "green", "green", "blue", "blue", "green", "green"])
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    events = timed_out(g, 1, "decision")
    assert types(events)[:2] == ["TimedOut", "BattleRolled"] and events[1].battle_back


def test_a_reaction_times_out_passed_and_the_window_asks_the_next_seat():  # CLK-4, R-FLY-4
    g = four_players({0: ["web"], 1: [], 3: ["hold"]})
    g.fly(2, "id2", (1, 2), (2, 2), (3, 2), (4, 2))
    assert waiting_on(g.state) == Waiting(3, "decision")
    events = time_out(g.state, g.dice, seat=3, period="decision", policy="auto", deadline_ms=9)
    assert types(events) == ["TimedOut", "ReactionPassed"]
    after = g.state
    for event in events:
        after = evolve(after, event)
    assert waiting_on(after) == Waiting(0, "decision")


def test_a_turn_times_out_ended_by_the_automatic_commands(game):  # CLK-4, R-TRN-8
    g = game(OPEN)
    g.send(0, "order", units=["bf0"])
    events = timed_out(g, 0, "turn")
    assert types(events) == ["TimedOut", "LoreGained", "TurnEnded", "TurnStarted"]
    assert waiting_on(g.state) == Waiting(1, "turn")


def test_a_timed_out_turn_fights_its_engagement_before_it_ends():  # CLK-4, R-ZOC-1, R-TRN-7
    g = Game(ZOC)
    g.order(0, "ww0")
    g.move(0, "ww0", (1, 1), (2, 1))
    assert g.state.engagements and g.state.phase == "movement"
    g.roll("blue", "blue")
    events = time_out(g.state, g.dice, seat=0, period="turn", policy="auto", deadline_ms=1)
    assert types(events)[:3] == ["TimedOut", "MovementEnded", "BattleRolled"]
    # the Fire Drake may battle back (R-BAT-5): the turn waits on seat 1's decision
    g._apply(events)
    assert waiting_on(g.state) == Waiting(1, "decision")
    g.send(1, "battle_back", unit="fd1", accept=False)
    assert waiting_on(g.state) == Waiting(0, "turn") and not g.state.engagements
    assert types(time_out(g.state, g.dice, seat=0, period="turn", policy="auto",
                          deadline_ms=2))[-2:] == ["TurnEnded", "TurnStarted"]  # fmt: skip


def test_forfeit_resigns_the_seat_and_the_other_wins(game):  # CLK-4, R-WIN-4
    g = game(OPEN)
    events = timed_out(g, 0, "turn", policy="forfeit")
    assert types(events)[:3] == ["TimedOut", "PlayerResigned", "PlayerEliminated"]
    assert g.state.is_over and g.state.winner == 1


def test_a_decision_forfeited_ends_the_game_for_the_deciding_seat(game):  # CLK-4, R-WIN-4
    g = game(OPEN, dice=["flag", "flag", "green"])
    g.to_combat(0, "bf0")
    g.send(0, "battle", unit="bf0", target="rf1")
    timed_out(g, 1, "decision", policy="forfeit")
    assert g.state.is_over and g.state.winner == 0


def test_nobody_times_out_who_is_not_on_the_clock(game):  # CLK-4
    g = game(OPEN)
    with pytest.raises(ValueError):
        time_out(g.state, g.dice, seat=1, period="turn", policy="auto", deadline_ms=1)
    with pytest.raises(ValueError):
        time_out(g.state, g.dice, seat=0, period="decision", policy="auto", deadline_ms=1)
    with pytest.raises(ValueError):
        time_out(g.state, g.dice, seat=0, period="turn", policy="later", deadline_ms=1)


# -- random games: a time-out never gets stuck ---------------------------------------------------


def _play(state: GameState, dice: SeededDice, rng: random.Random) -> list[Event]:
    waiting = waiting_on(state)
    if state.phase == "breath":
        return resolve_breath(state, dice)
    assert waiting is not None
    if rng.random() < 0.25:
        policy = "forfeit" if rng.random() < 0.1 else "auto"
        return time_out(state, dice, seat=waiting.seat, period=waiting.period, policy=policy,
                        deadline_ms=0)  # fmt: skip
    options = [a for a in legal_actions(state, waiting.seat) if not isinstance(a, cmd.Resign)]
    return decide(state, rng.choice(options), dice, waiting.seat)


@pytest.mark.parametrize("seed", range(12))
def test_random_games_with_time_outs_always_move_on(seed: int):  # CLK-4, R-TRN-7, R-TRN-9
    rng = random.Random(seed)
    name = sorted(scenario_names())[seed % len(scenario_names())]
    state = replay(new_game(get_scenario(name)))
    dice = SeededDice(f"timeouts-{seed}")
    for _ in range(600):
        if state.is_over:
            break
        before = waiting_on(state), state.turn
        events = _play(state, dice, rng)
        for event in events:
            state = evolve(state, event)
        if events and isinstance(events[0], TimedOut):
            # the seat no longer owes what timed out: its turn ended, or waits on another
            # seat or the server, or the decision was made
            (seat, period), turn = before
            assert state.is_over or state.turn != turn or waiting_on(state) != (seat, period) \
                or period == "decision"  # fmt: skip
