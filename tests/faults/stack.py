"""The whole stack as scripts/run starts it, for the fault suite: a private redis-server (AOF,
fsync always), the API under gunicorn (gthread), the workers' supervisor; and HTTP players.

The players play random legal commands over HTTP, each command named by an Idempotency-Key
and sent again with the same key after a 503 or a broken connection (what a careful client
does), and keep every acknowledged reply, so a test can check that nothing acknowledged was
lost and count every 5xx.
"""

from __future__ import annotations

import os
import random
import signal
import statistics
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests

from adapters.redis.server import free_port
from tests.audit.games import skirmish

GUNICORN = str(Path(sys.executable).parent / "gunicorn")
RETRY_S = 0.05


class Gunicorn:
    """`gunicorn api.wsgi:app` (or another app) on a free port, with gthread workers, or with
    `worker_class="gevent"` gevent workers as scripts/run starts them (where the API's lanes
    gather the appends of one turn of the event loop into one round trip), but with 1,000
    connections a worker where scripts/run allows 4,096: the tests hold fewer than 100."""

    def __init__(self, log: Path, *, workers: int = 2, threads: int = 4,
                 app: str = "api.wsgi:app", timeout_s: int = 20, graceful_s: int = 5,
                 env: dict[str, str] | None = None,
                 worker_class: str = "gthread") -> None:  # fmt: skip
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._log = log
        per_worker = (["--worker-class", "gevent", "--worker-connections", "1000"]
                      if worker_class == "gevent"
                      else ["--worker-class", "gthread", "--threads", str(threads)])  # fmt: skip
        self._command = [
            GUNICORN, "--bind", f"127.0.0.1:{self.port}", "--workers", str(workers),
            *per_worker,
            "--timeout", str(timeout_s), "--graceful-timeout", str(graceful_s),
            "--no-control-socket", app,
        ]  # fmt: skip
        self._env = {**os.environ, **(env or {})}
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self._log.open("ab") as sink:
            self.process = subprocess.Popen(self._command, env=self._env, stdout=sink,
                                            stderr=sink)  # fmt: skip
        wait_until(lambda: self.ready(timeout_s=0.5), 30, "gunicorn to answer /readyz")

    def ready(self, timeout_s: float) -> bool:
        try:
            return requests.get(f"{self.url}/readyz", timeout=timeout_s).status_code == 200
        except requests.RequestException:
            return False

    def worker_pids(self) -> set[int]:
        """The master's children now (read from /proc)."""
        assert self.process is not None
        found = set()
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.process.pid:
                found.add(int(stat.parent.name))
        return found

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None


@contextmanager
def gunicorn(log: Path, **kwargs: Any) -> Iterator[Gunicorn]:
    server = Gunicorn(log, **kwargs)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def api_env(redis_url: str, **more: str) -> dict[str, str]:
    """The API's environment: games without player keys (each player holds every seat's
    token, so its games start at once), a rate limit no player reaches, and an address
    bucket all of them together do not reach (they all run on this host)."""
    return {"REDIS_URL": redis_url, "LOREKEEPER_RATE_PER_S": "1000",
            "LOREKEEPER_RATE_BURST": "5000", "LOREKEEPER_ADDRESS_RATE_PER_S": "1000000",
            "LOREKEEPER_ADDRESS_RATE_BURST": "1000000", "LOREKEEPER_ALLOW_SCRIPTED_DICE": "0",
            "LOREKEEPER_ALLOW_ANONYMOUS_GAMES": "1", **more}  # fmt: skip


def wait_until(predicate: Any, timeout_s: float, what: str) -> None:
    deadline = time.monotonic() + timeout_s
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


# -- figures ----------------------------------------------------------------------------------


@dataclass
class Tally:
    """What the players saw, shared by their threads."""

    statuses: Counter[str] = field(default_factory=Counter)
    acked: list[tuple[str, int, str]] = field(default_factory=list)  # game, version, hash
    ok_at: list[float] = field(default_factory=list)  # when each 2xx command reply came
    retries: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def saw(self, what: str) -> None:
        with self.lock:
            self.statuses[what] += 1

    @property
    def server_errors(self) -> dict[str, int]:
        return {k: v for k, v in self.statuses.items() if k.startswith("5")}

    def first_ok_after(self, moment: float) -> float | None:
        with self.lock:
            later = [t for t in self.ok_at if t >= moment]
        return min(later) - moment if later else None


def percentiles(values: list[float]) -> str:
    if not values:
        return "n/a"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return (f"n={len(ordered)} p50={statistics.median(ordered):.2f} s p99={p99:.2f} s "
            f"max={ordered[-1]:.2f} s")  # fmt: skip


# -- players ----------------------------------------------------------------------------------


class Player:
    """Plays one game at a time over HTTP, random legal commands, resending on failure."""

    def __init__(self, url: str, tally: Tally, seed: int) -> None:
        self.url = url
        self.tally = tally
        self.rnd = random.Random(seed)
        self.http = requests.Session()
        self.game_id = ""
        self.tokens: list[str] = []

    def call(self, method: str, path: str, body: Any = None, token: str | None = None,
             key: str | None = None, *, patience_s: float = 30) -> requests.Response:  # fmt: skip
        """The first answer that is neither a 503 nor a broken connection (resent with the
        same Idempotency-Key meanwhile)."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        if key:
            headers["Idempotency-Key"] = key
        deadline = time.monotonic() + patience_s
        while True:
            try:
                response = self.http.request(method, self.url + path, json=body,
                                             headers=headers, timeout=10)  # fmt: skip
                self.tally.saw(str(response.status_code))
                if response.status_code != 503:
                    return response
            except requests.RequestException as exc:
                self.tally.saw(type(exc).__name__)
            assert time.monotonic() < deadline, f"{method} {path}: no answer in {patience_s} s"
            with self.tally.lock:
                self.tally.retries += 1
            time.sleep(RETRY_S)

    def new_game(self) -> None:
        body = {"scenario": skirmish(6), "options": {}}
        response = self.call("POST", "/games", body, key=str(uuid.uuid4()))
        assert response.status_code == 201, response.text
        created = response.json()
        self.game_id = created["game_id"]
        self.tokens = [s["token"] for s in created["seats"]]

    def step(self) -> None:
        """One command of the seat to act (a new game when this one is over)."""
        if not self.game_id:
            self.new_game()
        view = self.call("GET", f"/games/{self.game_id}").json()
        if view["phase"] == "over":
            self.new_game()
            return
        pending = view.get("pending")
        seat = pending["seat"] if pending and pending.get("seat") is not None else None
        seat = view["active_seat"] if seat is None and view["phase"] != "breath" else seat
        if seat is None:  # the server's breath step: the workers' turn
            time.sleep(0.02)
            return
        legal = self.call("GET", f"/games/{self.game_id}/legal-actions", token=self.tokens[seat])
        actions = [a for a in legal.json().get("actions", []) if a["type"] != "resign"]
        if legal.status_code != 200 or not actions:
            return
        command = self.rnd.choice(actions)
        response = self.call("POST", f"/games/{self.game_id}/commands", command,
                             token=self.tokens[seat], key=str(uuid.uuid4()))  # fmt: skip
        if response.status_code == 200:
            reply = response.json()
            with self.tally.lock:
                self.tally.ok_at.append(time.monotonic())
                self.tally.acked += [(self.game_id, e["version"], e["hash"])
                                     for e in reply["events"]]  # fmt: skip


def play(url: str, tally: Tally, players: int, stop: threading.Event) -> list[threading.Thread]:
    """`players` threads playing until `stop` is set."""

    def run(seed: int) -> None:
        player = Player(url, tally, seed)
        while not stop.is_set():
            player.step()

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(players)]
    for thread in threads:
        thread.start()
    return threads


def lost_acknowledged(url: str, tally: Tally) -> int:
    """How many acknowledged events the streams no longer hold as acknowledged."""
    stored: dict[str, dict[int, str]] = {}
    for game_id in {g for g, _, _ in tally.acked}:
        events = requests.get(f"{url}/games/{game_id}/events?limit=1000", timeout=10).json()
        stored[game_id] = {e["version"]: e["hash"] for e in events["events"]}
    return sum(stored[g].get(v) != h for g, v, h in tally.acked)
