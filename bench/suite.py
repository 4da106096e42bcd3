"""The smaller measures of `python -m bench` (replay, legal actions, memory) and helpers."""

from __future__ import annotations

import http.client
import importlib.util
import os
import signal
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import redis

from adapters.redis.projections import lagging_among
from bench import games as g
from bench import legal, memory, replay
from bench.clients import GameClient, Record, create_games
from bench.cpu import children as child_pids
from bench.loadgen import LoadGenerator
from bench.report import Row, num
from domain.scenarios import scenario_names

SCENARIOS = ("river_crossing", "sky_council", "sky_trio")


def wait_for_projections(client: redis.Redis, game_ids: Sequence[str], timeout_s: float = 30):
    """Until every game's projection checkpoint has reached its stream's head."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if not lagging_among(client, game_ids):
            return
        time.sleep(0.05)
    raise RuntimeError("the workers did not catch the projections up")


@contextmanager
def paused(pid: int) -> Iterator[None]:
    """SIGSTOP a process tree this run started (the workers), SIGCONT it afterwards."""
    stack, tree = [pid], []
    children = child_pids()
    while stack:
        p = stack.pop()
        tree.append(p)
        stack.extend(children.get(p, []))
    for p in tree:
        os.kill(p, signal.SIGSTOP)
    try:
        yield
    finally:
        for p in tree:
            os.kill(p, signal.SIGCONT)


def finished_games(client: redis.Redis, port: int) -> tuple[list[str], list[Row]]:
    """Play four games to their end through the API, then weigh their keys (measure 6)."""
    scripts = [g.random_game(SCENARIOS[i % 3], f"mem-{i}") for i in range(4)]
    before = memory.used_memory(client)
    games = create_games(port, scripts)
    record = Record()
    clients = [GameClient(port, [game], record) for game in games]
    LoadGenerator(port, clients).run(time.perf_counter() + 120)
    if record.mismatches:
        raise RuntimeError(f"the memory games went wrong: {record.mismatches[:3]}")
    wait_for_projections(client, [x.game_id for x in games])
    m = memory.measure(client, [x.game_id for x in games], before)
    others = ", ".join(f"{k} {num(v / m.games)}" for k, v in m.other_bytes.items())
    return [x.game_id for x in games], [
        Row("6 Redis bytes per event (stream)", num(m.per_event), "≤ 1,024", m.per_event <= 1024,
            f"{m.events} events of {m.games} finished games; all keys: "
            f"{num(m.per_event_all_keys)} B/event"),
        Row("6 Redis bytes per finished game", num(m.per_game), "", None,
            f"{num(m.events / m.games)} events a game; stream {num(m.stream_bytes / m.games)}, "
            f"{others}; INFO used_memory grew {num(m.used_memory_delta / m.games)} a game"),
    ]  # fmt: skip


def replay_rows(client: redis.Redis, port: int) -> list[Row]:
    long = g.random_game("river_crossing", "long", max_turns=300)
    n = len(long.events)
    local = replay.in_process(long.events)
    events = replay.store(client, "bench-replay", long)
    from_redis = replay.from_redis(events, "bench-replay", n)
    http = replay.through_http(port, "bench-replay", [n - 1, n - 2, n - 3])
    rows = [
        Row("4 replay in-process, events/s", num(local["fold"]), "≥ 20,000",
            local["fold"] >= 20_000, f"a {n}-event game folded with evolve (best of 5)"),
        Row("  decoded from JSON, events/s", num(local["decode + fold"]), "", None,
            "event_from_json + evolve"),
        Row("  read from Redis, events/s", num(from_redis), "", None,
            "XRANGE + decode + evolve (what a cold projector does)"),
        Row("  GET /state?version=, events/s", num(http), "", None,
            f"version {n - 1} of {n}: replayed from event 1 per call, median of 3"),
    ]  # fmt: skip
    return rows


def verification_rows(port: int, game_ids: Sequence[str]) -> list[Row]:
    """Offline verification (`lorekeeper.audit.verify_lines`, what `python -m lorekeeper
    verify` runs) of the exports of finished games, in this process."""
    if importlib.util.find_spec("lorekeeper.audit") is None:
        return [Row("4 offline verification, events/s", "not yet measured", "≥ 5,000", None,
                    "lorekeeper.audit does not exist yet")]  # fmt: skip
    try:
        from lorekeeper.audit.verify import verify_lines
    except ImportError as exc:
        return [Row("4 offline verification, events/s", "not measured", "≥ 5,000", None,
                    f"lorekeeper.audit does not import: {exc}"[:100])]  # fmt: skip
    try:
        exports = [_get(port, f"/games/{game_id}/export").splitlines() for game_id in game_ids]
    except RuntimeError as exc:
        return [Row("4 offline verification, events/s", "not measured", "≥ 5,000", None,
                    f"no export: {exc}"[:100])]  # fmt: skip
    verdicts = [verify_lines(lines) for lines in exports]
    events = sum(v.events for v in verdicts)
    rate = replay.best_rate(events, lambda: [verify_lines(lines) for lines in exports], 3)
    kinds = sorted({v.verdict for v in verdicts})
    return [Row("4 offline verification, events/s", num(rate), "≥ 5,000", rate >= 5_000,
                f"{len(exports)} exports of finished games, {events} events; verdict "
                f"{', '.join(kinds)} (seeds chosen by the benchmark)")]  # fmt: skip


def _get(port: int, path: str) -> bytes:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("GET", path)
    response = conn.getresponse()
    body = response.read()
    conn.close()
    if response.status != 200:
        raise RuntimeError(f"GET {path}: {response.status} {body[:200]!r}")
    return body


def legal_rows() -> list[Row]:
    rows = []
    for name in scenario_names():
        busy = legal.busiest(name, [f"legal-{i}" for i in range(3)])
        rows.append(Row(f"5 legal actions, {name}", f"{num(busy.median_ms, 2)} ms", "≤ 5 ms",
                        busy.worst_ms <= 5,
                        f"{busy.actions} actions ({busy.phase}); slowest of the 5 busiest "
                        f"mid-game positions {num(busy.worst_ms, 2)} ms"))  # fmt: skip
    for grown in legal.growth():
        rows.append(Row(f"  {grown.per_side} units a side, {grown.phase}",
                        f"{num(grown.median_ms, 2)} ms", "", None,
                        f"{grown.actions} actions (issue 21: linear in units)"))  # fmt: skip
    return rows
