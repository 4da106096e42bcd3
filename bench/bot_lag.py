"""Other games' projections and breath phases beside a search bot that thinks.

    python -m bench.bot_lag            # about a minute

A worker process runs its projection loop in a thread beside its RQ jobs
(workers/worker.py); a bot job that thinks for a second holds Python's GIL most of that
second. This measures what that does to the work beside it, three ways: alone; beside a
search bot thinking in a thread of the same process; beside one thinking in another
process (what the workers do when there are two or more: the bots' moves go to the worker
processes without the projection loop, workers/cli.py).

**The work measured.** A projection-like step and a breath step of a river_crossing game,
replayed from a game `battler` played: a projection step folds one command's events into
the state, renders the board view of every seat as JSON, and writes them to a private
redis-server and reads one back (one round trip each); a breath step resolves the breath
phase with the dice and writes the view. Steps are paced 2 ms apart, like jobs arriving.
The bot is `search-hard` on another river_crossing position, thinking 1 s a move, again and
again. The figure is each step's wall time (p50/p95, ms). The machine is shared: compare the
rows of one run.
"""

from __future__ import annotations

import json
import multiprocessing
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import redis

from adapters.redis.server import RedisServerProcess
from bench.stats import percentile
from bots import level_budget, search
from bots.candidates import actor
from domain import Event, GameState, SeededDice, command_from_json, new_game, replay
from domain.decider import decide_and_fold, resolve_breath
from domain.evolve import fold
from domain.legal import legal_listing
from domain.scenarios import get_scenario
from domain.view import board_view
from lorekeeper.bots import choose_action

PACE_S = 0.002
ROUNDS = 3


@dataclass(frozen=True)
class Steps:
    projections: list[tuple[GameState, list[Event]]]  # the state before, the events
    breaths: list[GameState]  # states with a breath phase open


def recorded(seed: str = "bot-lag") -> Steps:
    """A river_crossing game `battler` plays on both seats, as steps to replay."""
    doc = get_scenario("river_crossing")
    assert doc is not None
    state, dice = replay(new_game(doc)), SeededDice(seed)
    steps = Steps([], [])
    while not state.is_over:
        if state.phase == "breath":
            steps.breaths.append(state)
            state = fold(state, resolve_breath(state, dice))
            continue
        seat = actor(state)
        assert seat is not None
        listing = legal_listing(state, seat)
        move = choose_action(board_view(state, seat), listing["actions"], seat,
                             listing.get("order"))  # fmt: skip
        events, after = decide_and_fold(state, command_from_json(move), dice, seat)
        steps.projections.append((state, events))
        state = after
    return steps


def _write(client: redis.Redis, state: GameState) -> None:
    views = {f"lag:view:{s}": json.dumps(board_view(state, s)) for s in range(2)}
    client.mset(views)  # type: ignore[arg-type]
    client.get("lag:view:0")


def timed(steps: Steps, client: redis.Redis) -> tuple[list[float], list[float]]:
    """Each projection step's and each breath step's wall time (ms)."""
    projections, breaths = [], []
    dice = SeededDice("bot-lag")
    for _ in range(ROUNDS):
        for before, events in steps.projections:
            began = time.perf_counter()
            _write(client, fold(before, events))
            projections.append((time.perf_counter() - began) * 1000)
            time.sleep(PACE_S)
        for state in steps.breaths:
            began = time.perf_counter()
            _write(client, fold(state, resolve_breath(state, dice)))
            breaths.append((time.perf_counter() - began) * 1000)
            time.sleep(PACE_S)
    return projections, breaths


def think(stop: Callable[[], bool]) -> int:
    """A search-hard bot thinking 1 s a move until `stop`; the moves thought."""
    doc = get_scenario("river_crossing")
    assert doc is not None
    state, moves = replay(new_game(doc)), 0
    while not stop():
        search(state, 0, level_budget("search-hard", 1.0), seed=moves)
        moves += 1
    return moves


def _think_until(flag: Any) -> None:  # a multiprocessing Event
    think(flag.is_set)


def measure(steps: Steps, client: redis.Redis, beside: str) -> tuple[list[float], list[float]]:
    if beside == "nothing":
        return timed(steps, client)
    if beside == "a bot thread":
        done = threading.Event()
        thread = threading.Thread(target=think, args=(done.is_set,), daemon=True)
        thread.start()
        try:
            return timed(steps, client)
        finally:
            done.set()
            thread.join()
    spawn = multiprocessing.get_context("spawn")
    flag = spawn.Event()
    process = spawn.Process(target=_think_until, args=(flag,), daemon=True)
    process.start()
    time.sleep(1.0)  # its imports
    try:
        return timed(steps, client)
    finally:
        flag.set()
        process.join()


def main(argv: Sequence[str] | None = None) -> None:
    steps = recorded()
    print("| beside | projection p50 ms | p95 ms | breath p50 ms | p95 ms |")
    print("|---|---|---|---|---|")
    with RedisServerProcess() as server:
        client = redis.Redis.from_url(server.url)
        for beside in ("nothing", "a bot thread", "a bot process"):
            projections, breaths = measure(steps, client, beside)
            print(f"| {beside} | {percentile(projections, 50):.2f} | "
                  f"{percentile(projections, 95):.2f} | {percentile(breaths, 50):.2f} | "
                  f"{percentile(breaths, 95):.2f} |", flush=True)  # fmt: skip
        client.close()


if __name__ == "__main__":
    main()
