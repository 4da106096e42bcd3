"""Measure 5: time to list every legal action in busy mid-game positions of each scenario.

Positions come from random games (bench/games.py) between a third and two thirds of the
scenario's turn limit; the busiest are the ones with the most legal actions for the seat to
act. Each is timed as the median of several calls.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from bench.games import random_game, seat_to_act
from domain import evolve, legal_actions
from domain.scenarios import get_scenario
from domain.state import GameState


@dataclass(frozen=True)
class Busy:
    scenario: str
    actions: int  # legal actions in the busiest position
    phase: str
    median_ms: float  # listing them, in the busiest position
    worst_ms: float  # the slowest of the `top` busiest positions


def mid_game_positions(scenario: str, seeds: list[str]) -> list[GameState]:
    doc = get_scenario(scenario)
    assert doc is not None
    turns = doc.get("settings", {}).get("max_turns") or 60
    out = []
    for seed in seeds:
        script = random_game(scenario, seed)
        versions = {step.before for step in script.steps}
        state: GameState | None = None
        for event in script.events:
            state = evolve(state, event)
            if state.version in versions and turns / 3 <= state.turn <= 2 * turns / 3:
                out.append(state)
    return out


def time_listing(state: GameState, repeat: int = 7) -> float:
    seat = seat_to_act(state)
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        legal_actions(state, seat)
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def busiest(scenario: str, seeds: list[str], top: int = 5) -> Busy:
    positions = mid_game_positions(scenario, seeds)
    counted = sorted(
        ((len(legal_actions(s, seat_to_act(s))), i, s) for i, s in enumerate(positions)),
        reverse=True,
    )[:top]
    timings = [time_listing(state) for _, _, state in counted]
    actions, _, state = counted[0]
    return Busy(scenario, actions, state.phase, timings[0] * 1000, max(timings) * 1000)
