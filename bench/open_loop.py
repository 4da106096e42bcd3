"""Measure 13: the open loop. Many games, each with a move due on a fixed schedule (think time
between moves), at offered loads of 25 %, 50 % and 75 % of the ceiling's closed-loop rate of
measure 1 in the same run. A command's latency counts from when it was due, not from when it
was sent (as wrk2 does), so a server that falls behind pays for every command that waited.

Ours' games are played by players with keys (two or three seats, each its own player), and
every player has its notification stream open (`GET /players/me/stream`). "Your turn" is the
time from the reply to the command that starts a turn until the next player's stream brings
its `your_turn` note: the append, the projection round and the push, end to end.

The ceiling (bench/ceiling.py) takes the same schedule with the same number of clients.
"""

from __future__ import annotations

import http.client
import json
import math
import re
import selectors
import socket
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import redis

from bench.clients import Game, GameClient, Record, _Sent, fake_games
from bench.cpu import tree_cpu_s
from bench.games import Script, random_game, scenario_doc
from bench.loadgen import LoadGenerator, Reply, Request
from bench.report import Row, num
from bench.stats import percentile
from bench.suite import SCENARIOS, wait_for_projections
from domain import fold, replay

LEVELS = (0.25, 0.5, 0.75)  # offered load, as a share of the ceiling's closed-loop rate
GAMES = 192  # games in play at once: one client (one connection) each
_DATA = re.compile(rb"^data: (.*)$", re.MULTILINE)


def turn_starts(script: Script) -> dict[int, int]:
    """Step index -> the turn it starts, for each step after which a new turn has begun."""
    state = replay(script.events[: script.steps[0].before])
    starts = {}
    for index, step in enumerate(script.steps):
        turn = state.turn
        state = fold(state, script.events[step.before : step.after])
        if state.turn != turn and not state.is_over:
            starts[index] = state.turn
    return starts


@dataclass
class Sink:
    """What an open-loop slice saw, for commands due inside [start, end)."""

    start: float = 0.0
    end: float = math.inf
    latencies: list[float] = field(default_factory=list)  # reply - due
    failed: int = 0
    turns: dict[tuple[str, int], float] = field(default_factory=dict)  # (game, turn) -> reply

    def counts(self, due: float) -> bool:
        return self.start <= due < self.end


class OpenLoopClient(GameClient):
    """A GameClient whose commands fall due every `every_s` from `start_at`, whether or not
    the last was answered in time (one connection: a late reply delays the next send, and
    the next command's latency still counts from its due time)."""

    def __init__(self, port: int, games: Sequence[Game], sink: Sink, *, every_s: float,
                 start_at: float, turns: dict[int, dict[int, int]] | None = None,
                 check_versions: bool = True, cycle: bool = False) -> None:  # fmt: skip
        super().__init__(port, games, Record(), check_versions=check_versions, cycle=cycle)
        self.sink, self._every, self._due = sink, every_s, start_at
        self._turns = turns or {}  # id(script) -> turn_starts(script)

    def reschedule(self, start_at: float, every_s: float) -> None:
        self._due, self._every = start_at, every_s

    def next_request(self, now: float) -> Request | float | None:
        if now < self._due:
            return self._due
        answer = super().next_request(now)
        if isinstance(answer, _Sent):
            answer.due = self._due  # type: ignore[attr-defined]
            answer.index = self._step_index  # type: ignore[attr-defined]
            self._due += self._every
        return answer

    def on_reply(self, request: Request, reply: Reply) -> None:
        super().on_reply(request, reply)
        assert isinstance(request, _Sent) and request.game is not None
        due: float = request.due  # type: ignore[attr-defined]
        if not self.sink.counts(due):
            return
        if reply.status != 200:
            self.sink.failed += 1
            return
        self.sink.latencies.append(reply.ended - due)
        turn = self._turns.get(id(request.game.script), {}).get(request.index)  # type: ignore[attr-defined]
        if turn is not None:
            self.sink.turns[(request.game.game_id, turn)] = reply.ended


class NoteStreams:
    """Each player's notification stream, in one selector: when each `your_turn` arrived."""

    def __init__(self, port: int, keys: Sequence[str]) -> None:
        self._selector = selectors.DefaultSelector()
        self.arrivals: dict[tuple[str, int], float] = {}  # (game, turn) -> first arrival
        self.open = 0
        self.started = 0  # streams whose status line and headers came
        for key in keys:
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            sock.sendall((f"GET /v1/players/me/stream HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                          f"Accept: text/event-stream\r\nAuthorization: Bearer {key}\r\n\r\n"
                          ).encode())  # fmt: skip
            sock.setblocking(False)
            self._selector.register(sock, selectors.EVENT_READ, bytearray())
            self.open += 1

    def pump(self, timeout_s: float = 0.0) -> None:
        for key, _ in self._selector.select(timeout_s):
            sock, buf = key.fileobj, key.data
            assert isinstance(sock, socket.socket)
            try:
                chunk = sock.recv(65536)
            except BlockingIOError:
                continue
            if not chunk:
                self._selector.unregister(sock)
                sock.close()
                self.open -= 1
                continue
            now = time.perf_counter()
            if not buf and chunk.startswith(b"HTTP/"):
                self.started += 1
            buf += chunk
            end = buf.rfind(b"\n\n")
            if end >= 0:
                self._messages(bytes(buf[:end]), now)
                del buf[: end + 2]

    def wait_started(self, timeout_s: float) -> None:
        """Read until every stream has started (or the time is up), then a second more: the
        API's work of opening them stays out of the first slice."""
        until = time.perf_counter() + timeout_s
        while self.started < self.open and time.perf_counter() < until:
            self.pump(0.05)
        settle = time.perf_counter() + 1.0
        while time.perf_counter() < settle:
            self.pump(0.05)

    def _messages(self, text: bytes, now: float) -> None:
        for message in text.split(b"\n\n"):
            if b"event: your_turn" not in message:
                continue
            found = _DATA.search(message)
            if found is not None:
                note = json.loads(found.group(1))
                key = (note["game_id"], int(note["turn"]))
                self.arrivals.setdefault(key, now)

    def close(self) -> None:
        for key in list(self._selector.get_map().values()):
            self._selector.unregister(key.fileobj)
            key.fileobj.close()  # type: ignore[union-attr]
        self._selector.close()


@dataclass
class OpenSlice:
    offered: float  # commands/s asked
    seconds: float
    latencies: list[float]
    failed: int
    server_cpu_s: float
    your_turn: list[float] = field(default_factory=list)  # reply -> the note's arrival
    missing_turns: int = 0

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds


def run_slice(port: int, clients: Sequence[OpenLoopClient], rate: float, warmup_s: float,
              seconds: float, server_pid: int,
              streams: NoteStreams | None = None) -> OpenSlice:  # fmt: skip
    """One slice at `rate` commands/s over all the clients, their first commands spread
    evenly over one period."""
    every = len(clients) / rate
    begin = time.perf_counter() + 0.05
    sink = Sink(begin + warmup_s, begin + warmup_s + seconds)
    for i, client in enumerate(clients):
        client.sink = sink
        client.reschedule(begin + i * every / len(clients), every)
    marks: list[float] = []

    def tick(now: float) -> None:
        if not marks and now >= sink.start:
            marks.append(tree_cpu_s([server_pid]))
        if streams is not None:
            streams.pump()

    LoadGenerator(port, clients).run(sink.end, tick)
    cpu = tree_cpu_s([server_pid]) - (marks[0] if marks else 0.0)
    found = OpenSlice(rate, seconds, sink.latencies, sink.failed, cpu)
    if streams is not None:
        settle = time.perf_counter() + 1.0
        while time.perf_counter() < settle and any(k not in streams.arrivals for k in sink.turns):
            streams.pump(0.01)
        for key, acked in sink.turns.items():
            if key in streams.arrivals:
                found.your_turn.append(streams.arrivals[key] - acked)
            else:
                found.missing_turns += 1
    return found


def p99_ms(slices: Sequence[OpenSlice], your_turn: bool = False) -> float:
    values = [x for s in slices for x in (s.your_turn if your_turn else s.latencies)]
    return percentile(values, 99) * 1000


def player_games(
    port: int, per_client: Sequence[Sequence[Script]]
) -> tuple[list[list[Game]], list[str]]:
    """Each client's games, one a script, their seats held by the client's own players (a
    private game: the creator takes seat 0, the others join by invitation), and every
    player's key."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def post(path: str, body: object, key: str | None = None) -> dict[str, Any]:
        headers = {"Content-Type": "application/json"}
        if key is not None:
            headers["Authorization"] = f"Bearer {key}"
        conn.request("POST", path, json.dumps(body), headers)
        response = conn.getresponse()
        reply = json.loads(response.read())
        if response.status not in (200, 201):
            raise RuntimeError(f"POST {path}: {response.status} {reply}")
        return dict(reply)

    out: list[list[Game]] = []
    keys: list[str] = []
    try:
        for n, scripts in enumerate(per_client):
            seats = max(len(scenario_doc(s.scenario)["players"]) for s in scripts)
            players = [str(post("/v1/players", {"name": f"open{n}-{s}"})["key"])
                       for s in range(seats)]  # fmt: skip
            keys += players
            games = []
            for script in scripts:
                wanted = len(scenario_doc(script.scenario)["players"])
                seat_kinds = [{"kind": "me"}] + [{"kind": "invite"}] * (wanted - 1)
                body = {**script.create_body(), "visibility": "private", "seats": seat_kinds}
                made = post("/v1/games", body, players[0])
                for invitation, key in zip(made["invitations"], players[1:wanted], strict=True):
                    post(f"/v1/games/{made['game_id']}/join",
                         {"invitation": invitation["token"]}, key)  # fmt: skip
                games.append(Game(str(made["game_id"]), players, script))
            out.append(games)
    finally:
        conn.close()
    return out, keys


@dataclass
class Level:
    share: float
    ceiling: list[OpenSlice] = field(default_factory=list)
    ours: list[OpenSlice] = field(default_factory=list)


def games_each(rate: float, rounds: int, slice_s: float, scripts: Sequence[Script]) -> int:
    """Games each of ours' clients needs for every level's slices (each a game at least as
    short as the shortest script)."""
    commands = sum(LEVELS) * rate * rounds * (slice_s + 1.0) / GAMES
    return math.ceil(commands / min(len(s.steps) for s in scripts)) + 1


def measure(port: int, ceiling_port: int, pids: dict[str, int], ceiling_rate: float,
            scripts: Sequence[Script], client: redis.Redis, *, rounds: int = 2,
            warmup_s: float = 1.0, slice_s: float = 5.0) -> tuple[list[Level], int]:  # fmt: skip
    """Each level `rounds` times, the ceiling's slice then ours', at the share of
    `ceiling_rate` (measure 1's, same run); and how many player streams were open."""
    each = games_each(ceiling_rate, rounds, slice_s + warmup_s, scripts)
    deal = [[scripts[(c + g) % len(scripts)] for g in range(each)] for c in range(GAMES)]
    ours_games, keys = player_games(port, deal)
    # Creating them queued a projection each: the slices start once the workers are idle.
    wait_for_projections(client, [g.game_id for games in ours_games for g in games], 300)
    turns = {id(s): turn_starts(s) for s in scripts}
    sink = Sink()
    ours = [OpenLoopClient(port, games, sink, every_s=1.0, start_at=0.0, turns=turns)
            for games in ours_games]  # fmt: skip
    ceiling = [OpenLoopClient(ceiling_port, fake_games(list(deal[c])), sink, every_s=1.0,
                              start_at=0.0, check_versions=False, cycle=True)
               for c in range(GAMES)]  # fmt: skip
    streams = NoteStreams(port, keys)
    levels = [Level(share) for share in LEVELS]
    try:
        streams.wait_started(60.0)
        for _ in range(rounds):
            for level in levels:
                rate = level.share * ceiling_rate
                level.ceiling.append(run_slice(ceiling_port, ceiling, rate, warmup_s, slice_s,
                                               pids["ceiling"]))  # fmt: skip
                level.ours.append(run_slice(port, ours, rate, warmup_s, slice_s, pids["api"],
                                            streams))  # fmt: skip
        still_open = streams.open
    finally:
        streams.close()
    return levels, still_open


def open_loop_rows(port: int, ceiling_port: int, pids: dict[str, int], ceiling_rate: float,
                   client: redis.Redis, *, rounds: int, warmup_s: float,
                   slice_s: float) -> list[Row]:  # fmt: skip
    """Measure 13's rows, at shares of `ceiling_rate` (measure 1's, same run)."""
    scripts = [random_game(SCENARIOS[i % 3], f"open-{i}") for i in range(9)]
    levels, streams = measure(port, ceiling_port, pids, ceiling_rate, scripts, client,
                              rounds=rounds, warmup_s=warmup_s, slice_s=slice_s)  # fmt: skip
    return rows(levels, ceiling_rate, streams)


def rows(levels: Sequence[Level], ceiling_rate: float, streams: int) -> list[Row]:
    """Issue 47's open-loop targets, and what one API core carries at a move every 10 s."""
    out = []
    for level in levels:
        mine, theirs = p99_ms(level.ours), p99_ms(level.ceiling)
        judged = level.share <= 0.5
        share = f"{level.share:.0%}"
        done = sum(len(s.latencies) for s in level.ours)
        cpu_ms = 1000 * sum(s.server_cpu_s for s in level.ours) / max(1, done)
        out.append(Row(
            f"13 open loop p99 at {share} of the ceiling, ours", f"{num(mine, 1)} ms "
            f"({mine / theirs:.2f}×)", "≤ 2 × ceiling's" if judged else "",
            mine <= 2 * theirs if judged else None,
            f"the ceiling's {num(theirs, 1)} ms; offered {num(level.share * ceiling_rate)}/s "
            f"over {GAMES} games; served {num(_rate(level.ours))} and "
            f"{num(_rate(level.ceiling))}/s; p50 {num(_p(level.ours, 50), 1)} ms; API CPU "
            f"{cpu_ms:.2f} ms/cmd; {sum(s.failed for s in level.ours)} failed"))  # fmt: skip
    half = next(x for x in levels if x.share == 0.5)
    turn = p99_ms(half.ours, your_turn=True)
    samples = sum(len(s.your_turn) for s in half.ours)
    missing = sum(s.missing_turns for s in half.ours)
    out.append(Row("13 your turn p99 at 50 %, ours", f"{num(turn, 1)} ms", "≤ 100 ms",
                   turn <= 100, f"reply to the next player's stream: {samples} turns, "
                   f"{missing} not told within 1 s; {streams} player streams open"))  # fmt: skip
    out.append(capacity_row(levels))
    return out


def capacity_row(levels: Sequence[Level]) -> Row:
    """Games with a move every 10 s that one API core carries: the busiest level whose p99
    and "your turn" p99 stay within 100 ms, its rate over the API's cores in use, × 10 s
    (linear in the cores: a model beyond what was measured)."""
    fits = [x for x in levels if p99_ms(x.ours) <= 100 and p99_ms(x.ours, True) <= 100]
    if not fits:
        return Row("13 games an API core carries, a move each 10 s", "none", "", None,
                   "no level kept p99 within 100 ms")  # fmt: skip
    best = max(fits, key=lambda x: x.share)
    cores = sum(s.server_cpu_s for s in best.ours) / sum(s.seconds for s in best.ours)
    games = 10 * _rate(best.ours) / max(cores, 1e-9)
    return Row("13 games an API core carries, a move each 10 s", num(games), "", None,
               f"at {best.share:.0%}: {num(_rate(best.ours))} commands/s on {cores:.2f} API "
               f"cores, p99 {num(p99_ms(best.ours), 1)} ms; × 10 s ÷ cores")  # fmt: skip


def _rate(slices: Sequence[OpenSlice]) -> float:
    return sum(len(s.latencies) for s in slices) / sum(s.seconds for s in slices)


def _p(slices: Sequence[OpenSlice], q: float) -> float:
    return percentile([x for s in slices for x in s.latencies], q) * 1000
