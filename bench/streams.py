"""Measure 8 (issue 16): open event streams next to the command path.

- **Commands with idle streams**: the 16 closed-loop clients of measure 1 in alternating
  slices, with no stream open and with `--streams` (2,000) open on games nobody plays. Target:
  ≥ 0.9 × the commands/s of the slices without.
- **Fan-out**: `--streams` streams on one game; commands to that game one at a time; for each,
  the time from its 2xx (as the sending client saw it) to its event on each stream, p50/p99
  over every (command, stream) pair, and to the last of the streams.

The streams are read by another process (bench/stream_clients.py, one selector), so their
reading does not compete with the load generator for this process's interpreter. Both
processes time with perf_counter (CLOCK_MONOTONIC: one clock for the machine).

    python -m bench --only streams                  # this measure alone
"""

from __future__ import annotations

import contextlib
import multiprocessing
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection
from typing import Any

from bench.clients import Game, create_games
from bench.command_path import ClosedLoop, Side, Slice, alternate, split
from bench.games import Script
from bench.report import Row, num
from bench.stats import percentile
from bench.stream_clients import StreamClients
from domain.notation import scenario_from_text

STREAMS = 2000
SETTLE_S = 5.0
# Two units far apart: order, end movement, end turn, for each seat in turn, as long as wanted
# (no battle, no breath, no dice): the game of the fan-out measure and of tests/streams.
FAR_APART_BOARD = """
bf0 .   .   .   .   .
 .   .   .   .   .   .
.   .   .   .   .   rf1
"""
_PLAYERS = [
    {"home_edge": "south", "lore": 3, "cards": []},
    {"home_edge": "north", "lore": 3, "cards": []},
]


def far_apart() -> dict[str, Any]:
    return scenario_from_text(FAR_APART_BOARD, players=_PLAYERS, name="far_apart")


def turn_cycle() -> Iterator[tuple[int, dict[str, Any], int]]:
    """(seat, command, events it appends) of far_apart(), forever: 6 commands a round."""
    while True:
        for seat, unit in ((0, "bf0"), (1, "rf1")):
            yield seat, {"type": "order", "units": [unit]}, 1
            yield seat, {"type": "end_movement"}, 1
            yield seat, {"type": "end_turn"}, 3


# -- the streams, in a process of their own -------------------------------------------------------


class StreamProcess:
    """`count` streams of `paths` (cycled), opened and read by a child process."""

    def __init__(self, port: int, paths: Sequence[str], count: int) -> None:
        wanted = [paths[i % len(paths)] for i in range(count)]
        context = multiprocessing.get_context("fork")
        self._conn, child = context.Pipe()
        self._process = context.Process(target=_serve, args=(child, port, wanted), daemon=True)
        self._process.start()
        reply = self._conn.recv()
        if reply[0] != "opened":
            self.close()
            raise RuntimeError(f"the streams did not open: {reply[1]}")
        self.statuses: Counter[int] = reply[1]
        self.open_s: float = reply[2]

    def arrivals(self, version: int, count: int, timeout_s: float) -> list[float]:
        self._conn.send(("wait", version, count, timeout_s))
        times: list[float] = self._conn.recv()
        return times

    def close(self) -> None:
        if self._process.is_alive():
            with contextlib.suppress(OSError):
                self._conn.send(("close",))
            self._process.join(timeout=30)
        if self._process.is_alive():
            self._process.kill()
            self._process.join()

    def __enter__(self) -> StreamProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _serve(conn: Connection, port: int, paths: list[str]) -> None:
    clients = StreamClients(port, paths)
    try:
        started = time.perf_counter()
        clients.open(timeout_s=120)
        conn.send(("opened", Counter(clients.statuses), time.perf_counter() - started))
    except Exception as exc:
        conn.send(("failed", repr(exc)))
        clients.close()
        return
    while True:
        clients.pump(time.perf_counter() + 0.02)
        if not conn.poll():
            continue
        message = conn.recv()
        if message[0] == "close":
            clients.close()
            return
        _, version, count, timeout_s = message
        conn.send(clients.wait_for(version, count, timeout_s))


# -- measure 8 -------------------------------------------------------------------------------------


def idle_streams_rows(
    port: int,
    games: Sequence[Game],
    idle_paths: Sequence[str],
    *,
    streams: int,
    rounds: int,
    slice_once: Callable[[ClosedLoop], Slice],
    settled: Callable[[], bool] = lambda: True,
) -> list[Row]:
    """Commands/s without streams and with `streams` idle ones, in alternating slices. After
    the streams close, the next slice waits until `settled()` (the server has let them all
    go), so that their leaving does not weigh on the slice without them."""
    loop = ClosedLoop(port, split(games))
    without, with_streams = Side(), Side()
    opened: list[float] = []
    refused: Counter[int] = Counter()

    def run_with() -> Slice:
        with StreamProcess(port, idle_paths, streams) as open_streams:
            opened.append(open_streams.open_s)
            refused.update({s: n for s, n in open_streams.statuses.items() if s != 200})
            # Each stream answered 200 before it caught up and joined its worker's hub (a
            # few Redis calls each): let the 2,000 get there, idle, before the slice.
            time.sleep(SETTLE_S)
            measured = slice_once(loop)
        deadline = time.monotonic() + 60
        while not settled() and time.monotonic() < deadline:
            time.sleep(0.1)
        return measured

    alternate(rounds, [(without, lambda: slice_once(loop)), (with_streams, run_with)])
    pairs = zip(with_streams.slices, without.slices, strict=True)
    share = statistics.median(w.rate / n.rate for w, n in pairs if n.rate)
    note = (
        f"p50 {num(with_streams.latency_ms(50), 1)} ms, p99 {num(with_streams.latency_ms(99), 1)}"
        f" ms (without: {num(without.latency_ms(50), 1)}/{num(without.latency_ms(99), 1)} ms); "
        f"{streams} streams on {len(idle_paths)} idle games, opened in "
        f"{num(statistics.median(opened), 1)} s; slices "
        + " ".join(f"{w.rate:.0f}/{n.rate:.0f}" for w, n in zip(
            with_streams.slices, without.slices, strict=True))
    )  # fmt: skip
    if refused or with_streams.failed or without.failed:
        note += f"; refused {dict(refused)}, failed {with_streams.failed + without.failed}"
    return [
        Row("8 commands/s, no stream open", num(without.rate), "", None, ""),
        Row(f"8 commands/s, {streams:,} idle streams open", f"{num(with_streams.rate)} "
            f"({share:.2f}×)", "≥ 0.9 × none", share >= 0.9, note),
    ]  # fmt: skip


def fanout_rows(
    port: int,
    game: dict[str, Any],
    send: Callable[[dict[str, Any], int, dict[str, Any]], tuple[int, float]],
    *,
    streams: int,
    commands: int,
    gap_s: float,
) -> list[Row]:
    """`streams` streams on one game, `commands` commands to it one at a time."""
    path = f"/games/{game['game_id']}/stream?from={game['version'] + 1}"
    latencies: list[float] = []
    lasts: list[float] = []
    missing = 0
    with StreamProcess(port, [path], streams) as open_streams:
        if open_streams.statuses != Counter({200: streams}):
            raise RuntimeError(f"streams refused: {dict(open_streams.statuses)}")
        cycle = turn_cycle()
        for _ in range(commands):
            seat, body, appended = next(cycle)
            first_new, acked = send(game, seat, body)
            times = open_streams.arrivals(first_new, streams, timeout_s=30)
            missing += streams - len(times)
            latencies += [t - acked for t in times]
            if times:
                lasts.append(max(times) - acked)
            time.sleep(gap_s)
    ms = [x * 1000 for x in latencies]
    note = (
        f"{commands} commands × {streams} streams on one game, one command every ~{gap_s:g} s; "
        f"the last of the {streams} streams: p50 {num(percentile(lasts, 50) * 1000, 1)} ms, "
        f"worst {num(max(lasts, default=0) * 1000, 1)} ms"
    )
    if missing:
        note += f"; {missing} arrivals missing after 30 s"
    return [
        Row(f"8 fan-out to {streams:,} streams p50/p99",
            f"{num(percentile(ms, 50), 1)}/{num(percentile(ms, 99), 1)} ms", "", None, note),
    ]  # fmt: skip


def idle_games(port: int, count: int) -> list[str]:
    """`count` new games nobody plays: the stream paths of their next events."""
    scripts = [Script(far_apart(), f"idle-{i}", (), (), False) for i in range(count)]
    return [f"/games/{g.game_id}/stream?from=3" for g in create_games(port, scripts)]


class CommandSender:
    """Commands one at a time, each on a connection of its own (opening the streams between
    two commands takes long; a fresh connection never finds one the server closed), each
    with when its 2xx came."""

    def __init__(self, port: int) -> None:
        self._port = port

    def create(self, scenario: dict[str, object]) -> dict[str, object]:
        created = self._post("/games", {"scenario": scenario, "options": {"seed": "fanout"}}, {})
        return dict(created)

    def send(self, game: dict[str, Any], seat: int, body: dict[str, Any]) -> tuple[int, float]:
        token = game["seats"][seat]["token"]
        reply = self._post(f"/games/{game['game_id']}/commands", body,
                           {"Authorization": f"Bearer {token}"})  # fmt: skip
        acked = time.perf_counter()
        game["version"] = reply["version"]
        return int(reply["events"][0]["version"]), acked

    def _post(self, path: str, body: object, headers: dict[str, str]) -> Any:
        import http.client
        import json

        conn = http.client.HTTPConnection("127.0.0.1", self._port, timeout=30)
        try:
            headers = {"Content-Type": "application/json", **headers}
            conn.request("POST", path, json.dumps(body), headers)
            response = conn.getresponse()
            reply = json.loads(response.read())
        finally:
            conn.close()
        if response.status not in (200, 201):
            raise RuntimeError(f"POST {path}: {response.status} {reply}")
        return reply
