"""Measure 5: time to list every legal action, in busy positions and as armies grow.

`busiest`: positions come from random games (bench/games.py) between a third and two thirds
of the scenario's turn limit; the busiest are the ones with the most legal actions for the
seat to act. Each is timed as the median of several calls.

`growth`: two armies of 10, 50 and 150 units a side (the scenario limit), face to face. The
order phase lists every unit; the movement phase lists the moves and flights of the units
ordered (the default 3, and the limit of 20). The listing is linear in units × reachable
hexes (issue 21), so the time should grow about linearly with the units listed.

    python -m bench.legal        # this measure alone, in this process
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Any

from bench.games import random_game, seat_to_act
from domain import decide, evolve, legal_actions, new_game, replay
from domain.commands import OrderUnits
from domain.dice import SeededDice
from domain.scenarios import get_scenario, scenario_names
from domain.state import GameState

GROWTH_SIDES = (10, 50, 150)
_KINDS = ("blue_foot", "green_mounted", "red_foot", "blue_mounted", "green_foot", "red_mounted")
_DRAGONS = ("wood_wyvern", "ice_drake", "fire_dragon")


@dataclass(frozen=True)
class Busy:
    scenario: str
    actions: int  # legal actions in the busiest position
    phase: str
    median_ms: float  # listing them, in the busiest position
    worst_ms: float  # the slowest of the `top` busiest positions


@dataclass(frozen=True)
class Growth:
    per_side: int
    phase: str  # and how many units were ordered
    actions: int
    median_ms: float


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


def armies(per_side: int, orders_per_turn: int = 3) -> dict[str, Any]:
    """`per_side` units a player in rows of 30, front rows first, the fronts 3 rows apart;
    one unit in ten a dragon."""
    rows = -(-per_side // 30)
    height = 2 * rows + 3
    units = []
    for seat, (edge_row, step) in enumerate(((height - 1, -1), (0, 1))):
        for i in range(per_side):
            row = edge_row + step * (rows - 1 - i // 30)
            kind = _DRAGONS[i // 10 % 3] if i % 10 == 9 else _KINDS[i % len(_KINDS)]
            units.append({"id": f"u{seat}-{i}", "kind": kind, "owner": seat,
                          "hex": [i % 30, row]})  # fmt: skip
    return {
        "name": f"armies of {per_side}",
        "width": 30,
        "height": height,
        "players": [{"home_edge": "south", "lore": 5}, {"home_edge": "north", "lore": 5}],
        "units": units,
        "settings": {"orders_per_turn": orders_per_turn},
    }


def growth_positions(per_side: int) -> list[tuple[str, GameState]]:
    """The order phase, and the movement phase once seat 0 ordered its front units (dragons
    first): 3 of them, and the limit of 20."""
    out: list[tuple[str, GameState]] = []
    for orders in (3, 20):
        state = replay(new_game(armies(per_side, orders)))
        if orders == 3:
            out.append(("order", state))
        front = sorted(state.units_of(0), key=lambda u: (u.hex.row, not u.is_dragon, u.id))
        ordered = OrderUnits(units=tuple(u.id for u in front[:orders]))
        state = _fold(state, decide(state, ordered, SeededDice(0), 0))
        out.append((f"movement, {len(ordered.units)} ordered", state))
    return out


def growth(sides: tuple[int, ...] = GROWTH_SIDES) -> list[Growth]:
    return [
        Growth(per_side, phase, len(legal_actions(state, 0)), time_listing(state) * 1000)
        for per_side in sides
        for phase, state in growth_positions(per_side)
    ]


def _fold(state: GameState, events: list[Any]) -> GameState:
    for event in events:
        state = evolve(state, event)
    return state


def main() -> None:
    for name in scenario_names():
        b = busiest(name, [f"legal-{i}" for i in range(3)])
        print(f"{name:16} busiest: {b.actions:5} actions ({b.phase:8}) {b.median_ms:7.3f} ms, "
              f"slowest of the 5 busiest {b.worst_ms:.3f} ms")  # fmt: skip
    for g in growth():
        print(f"{g.per_side:4} a side, {g.phase:22} {g.actions:5} actions {g.median_ms:8.3f} ms")


if __name__ == "__main__":
    main()
