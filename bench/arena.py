"""Bots against bots: every pairing of the search levels and `battler`, in every shipped
scenario, seats swapped; win rates with 95 % intervals and time per decision.

    python -m bench.arena                          # 40 games a pairing a scenario
    python -m bench.arena --games 10 --jobs 2      # quicker
    python -m bench.arena --players battler search-hard --scenarios river_crossing
    python -m bench.arena --against battler        # the levels against battler only

**The games.** Played on the pure rules in this process (no server): `decide_and_fold`,
the breath phase resolved as the server does, dice from `SeededDice("arena:<scenario>:<n>")`.
A pairing's games come in pairs with the same dice: A in the even seats (0, 2) and B in the
odd ones, then the seats swapped. In the three- and four-seat scenarios each side holds
every other seat, so a side with two seats in a four-seat game is not favoured by seat count
(each side holds two) but is in a three-seat one (the swap evens it out).

**The figures.** A side's score is its wins plus half its draws, over the games; the
interval is Wilson's at 95 %. Time per decision is each bot's own thinking time
(p50/p95 over all its decisions in the run). The levels play to their iteration cap
(reproducible), not their time limit, unless `--timed`; the machine is shared, so the
times vary with its load.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import combinations

from bench.stats import percentile
from bots import LEVELS, level_budget, search
from bots.candidates import actor
from bots.search import battler_move
from domain import Command, GameState, SeededDice, new_game, replay
from domain.decider import decide_and_fold, resolve_breath
from domain.evolve import fold
from domain.scenarios import get_scenario, scenario_names

PLAYERS = (*reversed(LEVELS), "battler")  # the strongest first: it is side A
_MOST_DECISIONS = 5000  # a guard; games end by their turn limit long before


@dataclass(frozen=True)
class Match:
    scenario: str
    seats: tuple[str, ...]  # the bot in each seat
    dice_seed: str
    timed: bool = False


@dataclass
class Result:
    winner: int | None
    turns: int
    times: dict[str, list[float]] = field(default_factory=dict)


def decide_for(bot: str, state: GameState, seat: int, seed: str, timed: bool) -> Command:
    """What `bot` plays: a search level on the state (it hides what the seat cannot see), or
    `battler` on the seat's board view and legal actions."""
    if bot in LEVELS:
        budget = level_budget(bot, None if not timed else LEVELS[bot].seconds)
        return search(state, seat, budget, seed).action
    return battler_move(state, seat)


def play(match: Match) -> Result:
    """One game to its end."""
    doc = get_scenario(match.scenario)
    assert doc is not None
    state = replay(new_game(doc))
    dice = SeededDice(match.dice_seed)
    result = Result(None, 0, {bot: [] for bot in match.seats})
    for _ in range(_MOST_DECISIONS):
        if state.phase == "breath":
            state = fold(state, resolve_breath(state, dice))
            continue
        seat = actor(state)
        if seat is None:
            break
        bot = match.seats[seat]
        began = time.perf_counter()
        action = decide_for(bot, state, seat, match.dice_seed, match.timed)
        result.times[bot].append(time.perf_counter() - began)
        state = decide_and_fold(state, action, dice, seat)[1]
    result.winner, result.turns = state.winner, state.turn
    return result


def matches(scenario: str, a: str, b: str, games: int, timed: bool) -> list[Match]:
    """`games` games of A against B, seats swapped every other game, same dice per pair."""
    doc = get_scenario(scenario)
    assert doc is not None
    seats = len(doc["players"])
    out = []
    for n in range(games):
        first, second = (a, b) if n % 2 == 0 else (b, a)
        lineup = tuple(first if s % 2 == 0 else second for s in range(seats))
        out.append(Match(scenario, lineup, f"arena:{scenario}:{n // 2}", timed))
    return out


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95 % interval for a rate of `score` out of `n`."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low, high = (centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n)
    return max(0.0, low), min(1.0, high)


def side_score(played: Sequence[tuple[Match, Result]], side: str) -> tuple[float, int]:
    """`side`'s wins plus half its draws, and the games."""
    score = 0.0
    for match, result in played:
        if result.winner is None:
            score += 0.5
        elif match.seats[result.winner] == side:
            score += 1.0
    return score, len(played)


HEAD = "| scenario | A | B | games | A's score | 95 % interval | draws |\n" + "|---" * 7 + "|"


def run(scenarios: Sequence[str], pairings: Sequence[tuple[str, str]], games: int, jobs: int,
        timed: bool) -> dict[str, list[float]]:  # fmt: skip
    """Play every pairing, printing its row as it ends; every bot's decision times."""
    times: dict[str, list[float]] = {}
    print(HEAD, flush=True)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for scenario in scenarios:
            for a, b in pairings:
                ms = matches(scenario, a, b, games, timed)
                played = list(zip(ms, pool.map(play, ms, chunksize=1), strict=True))
                print(row(scenario, a, b, played), flush=True)
                for _, result in played:
                    for bot, spent in result.times.items():
                        times.setdefault(bot, []).extend(spent)
    return times


def row(scenario: str, a: str, b: str, played: Sequence[tuple[Match, Result]]) -> str:
    score, n = side_score(played, a)
    draws = sum(1 for _, r in played if r.winner is None)
    low, high = wilson(score, n)
    return f"| {scenario} | {a} | {b} | {n} | {score / n:.0%} | {low:.0%}–{high:.0%} | {draws} |"


def timing(times: dict[str, list[float]]) -> str:
    lines = ["| bot | decisions | p50 ms | p95 ms |", "|---|---|---|---|"]
    for bot, spent in sorted(times.items()):
        lines.append(f"| {bot} | {len(spent)} | {percentile(spent, 50) * 1000:.1f} | "
                     f"{percentile(spent, 95) * 1000:.1f} |")  # fmt: skip
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.arena", description=__doc__)
    parser.add_argument("--games", type=int, default=40, help="games a pairing a scenario")
    parser.add_argument("--scenarios", nargs="+", default=scenario_names())
    parser.add_argument("--players", nargs="+", default=list(PLAYERS), choices=PLAYERS)
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games")
    parser.add_argument("--against", choices=PLAYERS, help="only the pairings with this bot")
    parser.add_argument("--timed", action="store_true", help="levels stop at their seconds")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    pairings = [
        (a, b)
        for a, b in combinations(args.players, 2)
        if args.against is None or args.against in (a, b)
    ]
    times = run(args.scenarios, pairings, args.games, args.jobs, args.timed)
    print("\n" + timing(times))
    print(f"\n{time.perf_counter() - began:.0f} s; games {args.games} a pairing a scenario")


if __name__ == "__main__":
    main()
