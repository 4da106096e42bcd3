"""Benchmark clients: each plays its own games, worked out in advance (bench/games.py).

`GameClient` sends a game's commands one after the other (closed loop) or at most one per
`period_s` (paced), checks each reply's status and ETag against the version worked out in
advance, and after a command that opens a breath phase waits until the watcher sees the
server's resolution in the stream before it sends the next one.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import count

from bench.games import Script, Step
from bench.loadgen import Reply, Request, http_request
from bench.watch import Watcher

_keys = count()


@dataclass
class Game:
    game_id: str
    tokens: Sequence[str]
    script: Script


@dataclass
class Record:
    """What the clients saw; samples only for requests started inside [start, end)."""

    start: float = 0.0
    end: float = float("inf")
    latencies: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    acks: list[tuple[str, int, float]] = field(default_factory=list)  # game, version, time
    breaths: list[tuple[str, int, float]] = field(default_factory=list)  # game, resolved, time
    mismatches: list[str] = field(default_factory=list)
    games_started: int = 0

    def counts(self, reply: Reply) -> bool:
        return self.start <= reply.started and reply.ended < self.end


@dataclass
class _Sent(Request):
    game: Game | None = None
    step: Step | None = None


class GameClient:
    def __init__(
        self,
        port: int,
        games: Sequence[Game],
        record: Record,
        *,
        check_versions: bool = True,
        period_s: float = 0.0,
        watcher: Watcher | None = None,
        cycle: bool = False,
        start_at: float = 0.0,
    ) -> None:
        self._port, self._games, self._record = port, list(games), record
        self._check, self._period, self._cycle = check_versions, period_s, cycle
        self._watcher = watcher
        self._game_index, self._step_index = 0, 0
        self._next_at = start_at
        self._waiting_for: int | None = None  # the stream version a breath resolution makes

    def next_request(self, now: float) -> Request | float | None:
        if self._waiting_for is not None:
            assert self._watcher is not None
            game = self._games[self._game_index]
            if self._watcher.stream_len(game.game_id) < self._waiting_for:
                return now + 0.001
            self._waiting_for = None
        if now < self._next_at:
            return self._next_at
        found = self._current()
        if found is None:
            return None
        game, step = found
        if self._step_index == 0:
            self._record.games_started += 1
        self._next_at = max(self._next_at + self._period, now) if self._period else 0.0
        return _Sent(self._raw(game, step), "command", game, step)

    def _current(self) -> tuple[Game, Step] | None:
        for _ in range(len(self._games) + 1):
            if self._game_index >= len(self._games):
                if not self._cycle:
                    return None
                self._game_index = 0
            steps = self._games[self._game_index].script.steps
            if self._step_index < len(steps):
                return self._games[self._game_index], steps[self._step_index]
            self._game_index, self._step_index = self._game_index + 1, 0
        return None

    def games_in_play(self) -> list[str]:
        """The game this client plays now and the one before it (whose last commands may
        not be projected yet)."""
        i = self._game_index
        return [self._games[j % len(self._games)].game_id for j in (i - 1, i) if j >= 0]

    def _raw(self, game: Game, step: Step) -> bytes:
        key = f"bench-{next(_keys)}"
        path, body, headers = command_request(game.game_id, game.tokens, step, key,
                                              check_version=self._check)  # fmt: skip
        return http_request("POST", path, self._port, headers, body)

    def on_reply(self, request: Request, reply: Reply) -> None:
        assert isinstance(request, _Sent) and request.game and request.step
        game, step = request.game, request.step
        if self._record.counts(reply):
            self._record.statuses[reply.status] += 1
            if reply.status == 200:
                self._record.latencies.append(reply.ended - reply.started)
        ok = reply.status == 200
        ends = game.script.over and step is game.script.steps[-1]
        if ok and self._check and not _acknowledged(reply.headers.get("etag"), step.after, ends):
            self._record.mismatches.append(f"{game.game_id}@{step.before}: {reply.headers}")
            ok = False
        if not ok:  # the game cannot go on from here: next game
            if reply.status not in (0, 200):
                self._record.mismatches.append(f"{game.game_id}@{step.before}: {reply.status}")
            self._game_index, self._step_index = self._game_index + 1, 0
            return
        self._step_index += 1
        self._record.acks.append((game.game_id, step.after, reply.ended))
        if self._watcher is not None:
            self._watcher.expect(game.game_id, checkpoint=step.after)
        if step.breath_done is not None:
            self._record.breaths.append((game.game_id, step.breath_done, reply.ended))
            self._waiting_for = step.breath_done
            if self._watcher is not None:
                done = step.breath_done
                self._watcher.expect(game.game_id, stream=done, checkpoint=done)


def command_request(
    game_id: str, tokens: Sequence[str], step: Step, key: str, *, check_version: bool = True
) -> tuple[str, bytes, dict[str, str]]:
    """The path, body and headers of a step's command, as a client made from openapi.yaml
    sends it (`/v1`), with an Idempotency-Key and, `check_version`, its If-Match."""
    body = json.dumps(step.body, separators=(",", ":")).encode()
    headers = {"Authorization": f"Bearer {tokens[step.seat]}", "Content-Type": "application/json",
               "Idempotency-Key": key}  # fmt: skip
    if check_version:
        headers["If-Match"] = f'"{step.before}"'
    return f"/v1/games/{game_id}/commands", body, headers


def create_games(port: int, scripts: Sequence[Script]) -> list[Game]:
    """Create one server game per script (with the script's seed), before the clock starts."""
    import http.client

    games = []
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for script in scripts:
        body = json.dumps(script.create_body())
        conn.request("POST", "/v1/games", body, {"Content-Type": "application/json"})
        response = conn.getresponse()
        created = json.loads(response.read())
        if response.status != 201:
            raise RuntimeError(f"POST /games: {response.status} {created}")
        if response.getheader("Connection", "").lower() == "close":
            conn.close()
        tokens = [s["token"] for s in sorted(created["seats"], key=lambda s: s["seat"])]
        games.append(Game(created["game_id"], tokens, script))
    conn.close()
    return games


def fake_games(scripts: Sequence[Script]) -> list[Game]:
    """Games for the ceiling app, which keeps no games: ids only, tokens it ignores."""
    return [Game(f"c{i}-{time.monotonic_ns()}", ["x"] * 8, s) for i, s in enumerate(scripts)]


def _acknowledged(etag: str | None, after: int, ends: bool) -> bool:
    """Whether the reply's ETag is the version the script expects: past it for the command
    that ends the game, whose append the server follows with the reveal of its secrets
    (SecretsRevealed), which the script's in-process game does not have."""
    if etag == f'"{after}"':
        return True
    version = etag.strip('"') if etag else ""
    return ends and version.isdigit() and int(version) > after
