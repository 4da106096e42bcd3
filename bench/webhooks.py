"""Webhook deliveries at a steady rate (issue 16): latency and throughput.

A private redis-server, the real workers (`python -m workers worker`), and a receiver on
127.0.0.1 in this process. `--players` players each register one endpoint; notifications are
appended to their logs at `--rate` a second in all (round robin, `NotificationLog.append`,
as the clocks' notices are), each carrying the time it was appended. The receiver notes
when each arrives (verifying nothing: the signature costs the sender, not this) and the
bench reports, over `--seconds` of load after a second of warm-up:

- delivered/s (each note once: duplicates are counted apart) against the rate offered;
- latency from append to arrival, p50/p90/p99/max, in ms.

    python -m bench.webhooks                         # 100/s for 10 s, 20 endpoints
    python -m bench.webhooks --rate 200 --players 5
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import redis

from adapters.redis.push import RedisNotificationLog, RedisWebhookStore
from adapters.redis.server import RedisServerProcess
from adapters.webhook_sender import HttpWebhookSender
from bench.report import Row, num
from bench.stats import percentile
from lorekeeper.push.ports import Note
from lorekeeper.push.webhooks import WebhookService
from lorekeeper.push.wiring import policy_of
from lorekeeper.settings import Settings

ENV = {
    "LOREKEEPER_WEBHOOK_ALLOW_PRIVATE": "true",
    "LOREKEEPER_WEBHOOK_ALLOW_HTTP": "true",
    "LOREKEEPER_WEBHOOK_POLL_MS": "20",
}


class Arrivals:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.first: dict[str, float] = {}  # note id -> when it first arrived (wall clock, s)
        self.sent: dict[str, float] = {}
        self.duplicates = 0


@contextmanager
def receiver(arrivals: Arrivals) -> Iterator[str]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:  # noqa: N802
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            now = time.time()
            data = json.loads(body)["data"]
            with arrivals.lock:
                if data["id"] in arrivals.first:
                    arrivals.duplicates += 1
                else:
                    arrivals.first[data["id"]] = now
                    arrivals.sent[data["id"]] = data["sent"]
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/hook"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def workers(url: str, processes: int) -> Iterator[None]:
    env = {**os.environ, **ENV, "REDIS_URL": url, "LOREKEEPER_WORKER_PROCESSES": str(processes),
           "LOREKEEPER_LOG_LEVEL": "WARNING"}  # fmt: skip
    process = subprocess.Popen([sys.executable, "-m", "workers", "worker"], env=env,
                               stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        yield
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def run(rate: float, seconds: float, players: int, processes: int) -> dict[str, Any]:
    arrivals = Arrivals()
    with RedisServerProcess() as server, receiver(arrivals) as hook_url:
        client = redis.Redis.from_url(server.url)
        settings = Settings(redis_url=server.url, webhook_allow_private=True,
                            webhook_allow_http=True)  # fmt: skip
        notes = RedisNotificationLog(client)
        service = WebhookService(RedisWebhookStore(client), notes,
                                 HttpWebhookSender(allow_private=True, allow_http=True),
                                 policy_of(settings))  # fmt: skip
        ids = [f"p_{n:016x}" for n in range(players)]
        for player_id in ids:
            service.register(player_id, hook_url, None)
        with workers(server.url, processes):
            # The workers start (seconds on a busy machine): one note to each endpoint, all
            # delivered, then a second of the rate, before the measured load.
            warm = _offer(notes, ids, len(ids), 1.0, "start")
            _wait_for(arrivals, warm, 60)
            _wait_for(arrivals, _offer(notes, ids, rate, 1.0, "warm"), 30)
            started = time.time()
            sent = _offer(notes, ids, rate, seconds, "load")
            offered_s = time.time() - started
            _wait_for(arrivals, sent, 30)
    with arrivals.lock:
        got = [i for i in sent if i in arrivals.first]
        latencies = sorted((arrivals.first[i] - arrivals.sent[i]) * 1000 for i in got)
        last = max((arrivals.first[i] for i in got), default=started)
        duplicates = arrivals.duplicates
    return {
        "offered": len(sent), "offered_per_s": len(sent) / offered_s, "delivered": len(got),
        "delivered_per_s": len(got) / max(1e-9, last - started), "duplicates": duplicates,
        "p50_ms": percentile(latencies, 50), "p90_ms": percentile(latencies, 90),
        "p99_ms": percentile(latencies, 99), "max_ms": latencies[-1] if latencies else None,
        "mean_ms": statistics.fmean(latencies) if latencies else None,
    }  # fmt: skip


def _wait_for(arrivals: Arrivals, ids: list[str], timeout_s: float) -> None:
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        with arrivals.lock:
            if all(i in arrivals.first for i in ids):
                return
        time.sleep(0.02)


def _offer(
    notes: RedisNotificationLog, players: list[str], rate: float, seconds: float, tag: str
) -> list[str]:
    """Append `rate` notes a second for `seconds`, round robin over the players, on a fixed
    schedule (a late one does not push the next ones back)."""
    sent = []
    begin = time.monotonic()
    n = 0
    while (due := begin + n / rate) < begin + seconds:
        pause = due - time.monotonic()
        if pause > 0:
            time.sleep(pause)
        player_id = players[n % len(players)]
        note_id = f"n_{tag}_{n:08d}"
        notes.append(player_id, Note(note_id, "your_turn", "g_bench", {"sent": time.time()}))
        sent.append(note_id)
        n += 1
    return sent


def webhook_rows(rate: float = 100.0, seconds: float = 10.0) -> list[Row]:
    """Measure 11 for `python -m bench` (its own Redis and workers, as above)."""
    result = run(rate, seconds, 20, 2)
    all_there = result["delivered"] == result["offered"]
    return [
        Row("11 webhooks delivered/s at 100 notifications/s", num(result["delivered_per_s"], 1),
            f"{rate:.0f}/s, all", all_there and result["delivered_per_s"] >= 0.95 * rate,
            f"{result['delivered']}/{result['offered']}, {result['duplicates']} repeats"),
        Row("11 webhook latency p50 / p99", f"{num(result['p50_ms'])} / {num(result['p99_ms'])} ms",
            "", None, "append to the receiver's arrival; 20 endpoints, 2 worker processes"),
    ]  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=float, default=100.0, help="notifications a second")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--players", type=int, default=20, help="endpoints (one a player)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    args = parser.parse_args(argv)
    result = run(args.rate, args.seconds, args.players, args.workers)
    print(f"webhooks: {args.players} endpoints, {args.workers} worker processes, "
          f"load average {os.getloadavg()[0]:.1f}")  # fmt: skip
    for name, value in result.items():
        shown = f"{value:.1f}" if isinstance(value, float) else str(value)
        print(f"  {name:16} {shown}")
    return 0 if result["delivered"] == result["offered"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
