"""The fault suite (issue 21): the real stack killed, cut off, filled up and starved while
players play over HTTP. Each test prints its figures; run it with `scripts/faults`.

What is asserted is what must never happen: an acknowledged command lost, a 500, a breath
phase resolved twice, a read refused because writes are. Times are printed, never asserted
(this machine is shared); docs/run/faults.md says how to read them.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
import redis
import requests

from adapters.redis.server import RedisServerProcess
from lorekeeper.settings import Settings
from tests.faults.stack import (
    Player,
    Tally,
    api_env,
    gunicorn,
    lost_acknowledged,
    percentiles,
    play,
    wait_until,
)
from tests.workers.games import BreathGame, assert_breath_resolved_once
from tests.workers.test_faults import (
    APPEND_DELAY_S,
    MARKERS,
    assert_consistent,
    kill_during_breath,
    wait_for_a_worker,
)
from tests.workers.test_faults import supervisor as workers_supervisor
from workers.context import build_context, installed

PLAYERS = 4


def report(name: str, **figures: object) -> None:
    print(f"\n[faults] {name}: " + ", ".join(f"{k}={v}" for k, v in figures.items()))


def stop_players(stop: threading.Event, threads: list[threading.Thread]) -> None:
    stop.set()
    for thread in threads:
        thread.join(timeout=60)


# -- Redis SIGKILLed during play -------------------------------------------------------------


@pytest.mark.parametrize("worker_class", ["gthread", "gevent"])
def test_redis_sigkilled_during_play_loses_no_acknowledged_command(
    tmp_path: Path, worker_class: str
) -> None:
    kills, recovery = 5, []
    with RedisServerProcess(appendonly=True, appendfsync="always") as server:
        env = api_env(server.url)
        with (workers_supervisor({"REDIS_URL": server.url}, tmp_path / "workers.log"),
              gunicorn(tmp_path / "api.log", env=env,
                       worker_class=worker_class) as api):  # fmt: skip
            tally, stop = Tally(), threading.Event()
            threads = play(api.url, tally, PLAYERS, stop)
            for _ in range(kills):
                time.sleep(1.5)
                server.restart(kill=True)  # SIGKILL: no shutdown, the AOF as fsynced
                back = time.monotonic()
                wait_until(lambda b=back: tally.first_ok_after(b) is not None, 60,
                           "a command to go through after the restart")  # fmt: skip
                recovery.append(tally.first_ok_after(back) or 0.0)
            time.sleep(1.0)
            stop_players(stop, threads)
            lost = lost_acknowledged(api.url, tally)
    report(f"redis SIGKILL during play ({worker_class})", kills=kills,
           acked_events=len(tally.acked), lost=lost, http_5xx=tally.server_errors,
           retries=tally.retries, recovery=percentiles(recovery))  # fmt: skip
    assert lost == 0 and len(tally.acked) > 0
    assert set(tally.server_errors) <= {"503"}, tally.statuses  # never a 500


# -- worker processes SIGKILLed during breath ------------------------------------------------

# What the first two recover by is the worker's heartbeat, staleness and the reconciler's
# interval being an hour away: a kill timed by an append (the projection loop's or the job's)
# may catch RQ anywhere, also between taking the phase's job and marking it started, which
# the pass after the death resolves (docs/workers.md, "Recovery").


def test_workers_sigkilled_during_breath_recover_by_heartbeat(tmp_path: Path) -> None:
    kills, recovered = 20, []
    with RedisServerProcess(appendonly=True, appendfsync="always") as server:
        client = redis.Redis.from_url(server.url)
        ctx = build_context(Settings(redis_url=server.url), client)
        games = [BreathGame(ctx.service, seed=f"faults-{i}") for i in range(2)]
        with installed(ctx), workers_supervisor(
            {"REDIS_URL": server.url}, tmp_path / "workers.log", LOREKEEPER_JOB_STALE_S="3600",
            LOREKEEPER_RECONCILE_INTERVAL_S="3600",
            LOREKEEPER_FAULT_APPEND_DELAY_MS=str(int(APPEND_DELAY_S * 1000)),
        ) as process:  # fmt: skip
            for round_ in range(kills):
                game = games[round_ % 2]
                seconds = kill_during_breath(ctx, game, tmp_path / MARKERS, process.pid)
                if seconds is not None:
                    recovered.append(seconds)
                game.end_round()
            assert_consistent(ctx, games)
        resolved = sum(assert_breath_resolved_once(ctx, g.game_id) for g in games)
        client.close()
    report("worker SIGKILL during breath (supervised)", kills=kills, phases=resolved,
           resolved_twice=0, recovery=percentiles(recovered))  # fmt: skip
    assert resolved == kills


def test_a_worker_dying_unseen_is_found_by_its_heartbeat_ttl(tmp_path: Path) -> None:
    # A worker the supervisor did not start (another host, say): only its heartbeat's TTL
    # (LOREKEEPER_WORKER_HEARTBEAT_S, 1.5 s) tells that it died.
    kills, recovered = 8, []
    with RedisServerProcess(appendonly=True, appendfsync="always") as server:
        client = redis.Redis.from_url(server.url)
        ctx = build_context(Settings(redis_url=server.url), client)
        game = BreathGame(ctx.service, seed="unseen")
        (tmp_path / MARKERS).mkdir()
        env = {**os.environ, "REDIS_URL": server.url,
               "LOREKEEPER_FAULT_APPEND_DELAY_MS": str(int(APPEND_DELAY_S * 1000)),
               "LOREKEEPER_FAULT_MARKER_DIR": str(tmp_path / MARKERS)}  # fmt: skip
        with installed(ctx), workers_supervisor(
            {"REDIS_URL": server.url}, tmp_path / "workers.log", LOREKEEPER_WORKER_PROCESSES="0",
            LOREKEEPER_JOB_STALE_S="3600", LOREKEEPER_RECONCILE_INTERVAL_S="3600",
        ) as process:  # fmt: skip
            for _ in range(kills):
                worker = subprocess.Popen([sys.executable, "-m", "workers", "work"], env=env,
                                          stderr=subprocess.DEVNULL)  # fmt: skip
                try:
                    seconds = kill_during_breath(ctx, game, tmp_path / MARKERS, process.pid)
                finally:
                    worker.kill()
                    worker.wait()
                if seconds is not None:
                    recovered.append(seconds)
                game.end_round()
        resolved = assert_breath_resolved_once(ctx, game.game_id)
        client.close()
    report("worker SIGKILL during breath (unseen by the supervisor)", kills=kills,
           phases=resolved, recovery=percentiles(recovered))  # fmt: skip
    assert resolved == kills


@pytest.mark.timeout(900)  # forty kills, each waiting for a worker started again
def test_workers_sigkilled_during_breath_with_the_default_settings(tmp_path: Path) -> None:
    # As deployed: two worker processes, the projection loop resolving breath, the default
    # staleness and reconciler interval. A kill in the loop's append may catch the same
    # process's RQ thread anywhere, between taking the phase's job and marking it started too.
    kills = int(os.environ.get("LOREKEEPER_FAULT_BREATH_KILLS", "40"))
    recovered: list[float] = []
    with RedisServerProcess(appendonly=True, appendfsync="always") as server:
        client = redis.Redis.from_url(server.url)
        ctx = build_context(Settings(redis_url=server.url), client)
        games = [BreathGame(ctx.service, seed=f"defaults-{i}") for i in range(2)]
        defaults = {"LOREKEEPER_WORKER_PROCESSES": "2", "LOREKEEPER_JOB_STALE_S": "10",
                    "LOREKEEPER_RECONCILE_INTERVAL_S": "5"}  # fmt: skip
        with installed(ctx), workers_supervisor(
            {"REDIS_URL": server.url}, tmp_path / "workers.log", **defaults,
            LOREKEEPER_FAULT_APPEND_DELAY_MS=str(int(APPEND_DELAY_S * 1000)),
        ) as process:  # fmt: skip
            for round_ in range(kills):
                game = games[round_ % 2]
                wait_for_a_worker(ctx, set())
                seconds = kill_during_breath(ctx, game, tmp_path / MARKERS, process.pid, 30)
                if seconds is not None:
                    recovered.append(seconds)
                game.end_round()
            assert_consistent(ctx, games)
        resolved = sum(assert_breath_resolved_once(ctx, g.game_id) for g in games)
        client.close()
    report("worker SIGKILL during breath (default settings)", kills=kills, phases=resolved,
           resolved_twice=0, recovery=percentiles(recovered),
           over_3s=sum(s > 3.0 for s in recovered))  # fmt: skip
    assert resolved == kills


# -- connections cut ---------------------------------------------------------------------------


def cut_after_sending(url: str, path: str, body: dict[str, object], headers: dict[str, str],
                      *, half: bool = False, after_s: float = 0.0) -> None:  # fmt: skip
    """Send a request and reset the connection `after_s` later, its reply unread (or halfway
    through the body, with `half`)."""
    data = json.dumps(body).encode()
    host, port = url.removeprefix("http://").split(":")
    head = [f"POST {path} HTTP/1.1", f"Host: {host}", "Content-Type: application/json",
            f"Content-Length: {len(data)}", *(f"{k}: {v}" for k, v in headers.items())]  # fmt: skip
    with socket.create_connection((host, int(port)), timeout=5) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
        sock.sendall(data[: len(data) // 2] if half else data)
        time.sleep(after_s)
    # closed with SO_LINGER 0: a reset, the reply unread


@pytest.mark.parametrize("worker_class", ["gthread", "gevent"])
def test_connections_cut_mid_request_apply_each_command_once(
    tmp_path: Path, worker_class: str
) -> None:
    tally, cut, halves, replayed, applied = Tally(), 0, 0, 0, 0
    with RedisServerProcess(appendonly=True, appendfsync="always") as server:
        client = redis.Redis.from_url(server.url)
        killer_stop = threading.Event()

        def kill_redis_connections() -> None:  # the API's own connections to Redis, too
            while not killer_stop.wait(0.1):
                with contextlib.suppress(redis.RedisError):
                    client.client_kill_filter(_type="normal", skipme=True)

        with (workers_supervisor({"REDIS_URL": server.url}, tmp_path / "workers.log"),
              gunicorn(tmp_path / "api.log", env=api_env(server.url),
                       worker_class=worker_class) as api):  # fmt: skip
            killer = threading.Thread(target=kill_redis_connections, daemon=True)
            killer.start()
            player = Player(api.url, tally, seed=7)
            for i in range(400):
                if cut >= 30:
                    break
                player.step()  # a game to act in, and its seat to act
                if not player.game_id:
                    continue
                view = player.call("GET", f"/games/{player.game_id}").json()
                seat = view["active_seat"]
                if view["phase"] in ("over", "breath") or view.get("pending") or seat is None:
                    continue
                token = player.tokens[seat]
                legal = player.call("GET", f"/games/{player.game_id}/legal-actions", token=token)
                actions = [a for a in legal.json().get("actions", []) if a["type"] != "resign"]
                if not actions:
                    continue
                command = player.rnd.choice(actions)
                key = str(uuid.uuid4())
                headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": key}
                half, wait_s = i % 3 == 0, player.rnd.uniform(0, 0.05)
                cut_after_sending(api.url, f"/games/{player.game_id}/commands", command,
                                  headers, half=half, after_s=wait_s)  # fmt: skip
                cut, halves = cut + 1, halves + half
                again = player.call("POST", f"/games/{player.game_id}/commands", command,
                                    token=token, key=key)  # fmt: skip
                if again.status_code == 200:
                    applied += 1
                    replayed += again.headers.get("Idempotent-Replayed") == "true"
                    tally.acked += [(player.game_id, e["version"], e["hash"])
                                    for e in again.json()["events"]]  # fmt: skip
            killer_stop.set()
            killer.join()
            appends = per_command_appends(api.url, {g for g, _, _ in tally.acked})
            lost = lost_acknowledged(api.url, tally)
        client.close()
    report(f"connections cut ({worker_class})", cut=cut, cut_mid_body=halves, applied=applied,
           replayed_after_cut=replayed, applied_twice=sum(n > 1 for n in appends.values()),
           lost=lost, http_5xx=tally.server_errors)  # fmt: skip
    assert applied > 0 and lost == 0
    assert all(n == 1 for n in appends.values())  # each command id appended once
    assert set(tally.server_errors) <= {"503"}, tally.statuses


def per_command_appends(url: str, game_ids: set[str]) -> dict[str, int]:
    """How many appends each command id of these games made."""
    counts: dict[str, int] = {}
    for game_id in game_ids:
        events = requests.get(f"{url}/games/{game_id}/events?limit=1000", timeout=10).json()
        for event in events["events"]:
            if event["command"] is not None and event["command_id"]:
                counts[event["command_id"]] = counts.get(event["command_id"], 0) + 1
    return counts


# -- Redis out of memory ---------------------------------------------------------------------


def test_a_full_redis_refuses_writes_and_serves_reads(tmp_path: Path) -> None:
    with RedisServerProcess(appendonly=True, appendfsync="always") as server:
        client = redis.Redis.from_url(server.url)
        env = api_env(server.url, LOREKEEPER_RATE_PER_S="50", LOREKEEPER_RATE_BURST="200")
        with (workers_supervisor({"REDIS_URL": server.url}, tmp_path / "workers.log"),
              gunicorn(tmp_path / "api.log", env=env) as api):  # fmt: skip
            player = Player(api.url, Tally(), seed=3)
            for _ in range(10):
                player.step()
            reads, writes = Tally(), Tally()
            client.config_set("maxmemory", "1")  # full: every write refused
            full_until = time.monotonic() + 3
            while time.monotonic() < full_until:
                for path in ("/scenarios", "/games", f"/games/{player.game_id}",
                             f"/games/{player.game_id}/events", "/readyz"):  # fmt: skip
                    reads.saw(str(requests.get(api.url + path, timeout=5).status_code))
                response = requests.post(f"{api.url}/games", json={"scenario": "river_crossing"},
                                         timeout=5)  # fmt: skip
                code = response.json().get("code", "") if response.status_code >= 400 else ""
                writes.saw(f"{response.status_code} {code}".strip())
            client.config_set("maxmemory", "0")
            back = time.monotonic()
            wait_until(
                lambda: (
                    requests.post(
                        f"{api.url}/games", json={"scenario": "river_crossing"}, timeout=5
                    ).status_code
                    == 201
                ),
                30,
                "writes",
            )
            recovered = time.monotonic() - back
        client.close()
    report("redis out of memory", reads=dict(reads.statuses), writes=dict(writes.statuses),
           write_recovery_s=f"{recovered:.2f}")  # fmt: skip
    assert set(reads.statuses) == {"200"}, reads.statuses
    assert set(writes.statuses) == {"503 store_full"}, writes.statuses


# -- slow clients and requests that never end ------------------------------------------------


def probe(url: str, count: int, timeout_s: float = 2.0) -> tuple[int, list[float]]:
    """GET /readyz `count` times: how many answered, and their latencies."""
    answered, latencies = 0, []
    for _ in range(count):
        started = time.monotonic()
        try:
            if requests.get(f"{url}/readyz", timeout=timeout_s).status_code == 200:
                answered += 1
                latencies.append(time.monotonic() - started)
        except requests.RequestException:
            pass
        time.sleep(0.1)
    return answered, latencies


def recovery_s(url: str, within_s: float) -> float | None:
    """Seconds until GET /readyz answers 200 again, probing every 0.1 s (None: not within)."""
    started = time.monotonic()
    while time.monotonic() - started < within_s:
        if probe(url, 1, timeout_s=1.0)[0]:
            return time.monotonic() - started
    return None


@pytest.mark.parametrize("worker_class", ["gthread", "gevent"])
def test_slow_clients_leave_the_api_answering(tmp_path: Path, worker_class: str) -> None:
    # Issue 21, item 4 (bounded elsewhere): bodies that never arrive, open event streams,
    # long min_version waits. Printed, not asserted: the caps are another change's. Under
    # gthread (2 workers x 4 threads here) the 72 held requests take every thread: what
    # `during` gets varies from run to run (0-17 of 20 seen), and once the clients are gone
    # a held stream lets its thread go at its next keep-alive (2 s here, 15 by default), so
    # recovery is waited for up to 30 s rather than probed five times at once (it failed
    # so, 0 of 5, on 2026-12-03). Under gevent (scripts/run) nothing holds a thread.
    opened: list[socket.socket] = []
    with (RedisServerProcess() as server,
          workers_supervisor({"REDIS_URL": server.url}, tmp_path / "workers.log"),
          gunicorn(tmp_path / "api.log",
                   env=api_env(server.url, LOREKEEPER_SSE_KEEPALIVE_S="2"),
                   worker_class=worker_class) as api):  # fmt: skip
        player = Player(api.url, Tally(), seed=5)
        player.new_game()
        before = probe(api.url, 5)
        host, port = "127.0.0.1", api.port
        for _ in range(16):  # a body announced, never sent
            sock = socket.create_connection((host, port), timeout=5)
            sock.sendall(b"POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/"
                         b"json\r\nContent-Length: 100\r\n\r\n{")  # fmt: skip
            opened.append(sock)
        for _ in range(24):  # event streams, no token
            sock = socket.create_connection((host, port), timeout=5)
            sock.sendall(f"GET /games/{player.game_id}/stream HTTP/1.1\r\nHost: x\r\n\r\n"
                         .encode())  # fmt: skip
            opened.append(sock)
        for _ in range(32):  # waits for a version that never comes
            sock = socket.create_connection((host, port), timeout=5)
            sock.sendall(f"GET /games/{player.game_id}?min_version=999 HTTP/1.1\r\n"
                         "Host: x\r\n\r\n".encode())  # fmt: skip
            opened.append(sock)
        during = probe(api.url, 20)
        for sock in opened:
            sock.close()
        back_s = recovery_s(api.url, within_s=30.0)
    report(f"slow clients ({worker_class})", held_connections=len(opened),
           readyz_before=f"{before[0]}/5", readyz_during=f"{during[0]}/20",
           latency_during=percentiles(during[1]),
           answering_again_after_s=None if back_s is None else round(back_s, 2))  # fmt: skip
    assert back_s is not None  # the API is back once they are gone


def test_a_request_that_never_ends_gets_its_worker_replaced(tmp_path: Path) -> None:
    # Issue 21, item 8: gthread workers have no request timeout. Two requests that never end
    # take both threads of the only worker; the request deadline (2 s here) stops that worker
    # and gunicorn starts another, which answers.
    with RedisServerProcess() as server:
        env = api_env(server.url, LOREKEEPER_REQUEST_TIMEOUT_S="2",
                      PYTHONPATH=str(Path(__file__).parents[2]))  # fmt: skip
        with gunicorn(tmp_path / "api.log", workers=1, threads=2, timeout_s=4, graceful_s=1,
                      app="tests.faults.hang_app:app", env=env) as api:  # fmt: skip
            first = api.worker_pids()
            hung = [threading.Thread(target=_hang, args=(api.url,), daemon=True)
                    for _ in range(2)]  # fmt: skip
            for thread in hung:
                thread.start()
            time.sleep(0.5)
            started = time.monotonic()
            wait_until(lambda: api.ready(timeout_s=1.0), 60, "a fresh worker to answer")
            back_after = time.monotonic() - started
            replaced = api.worker_pids()
        log = (tmp_path / "api.log").read_text()
    report("a request that never ends", worker_before=sorted(first), worker_after=sorted(replaced),
           answering_again_after_s=f"{back_after:.2f}",
           overran_logged=log.count("request.overran"))  # fmt: skip
    assert replaced and not replaced & first
    assert "request.overran" in log


def _hang(url: str) -> None:
    with contextlib.suppress(requests.RequestException):  # the worker was stopped under it
        requests.get(f"{url}/_fault/hang", timeout=120)
