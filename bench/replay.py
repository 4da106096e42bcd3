"""Measure 4: replay speed. Folding a long game's events in this process (as objects, from
their stored JSON, and read from Redis first), and through `GET /games/{id}/state?version=`,
which replays from the first event on every call."""

from __future__ import annotations

import http.client
import json
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import redis

from adapters.redis.event_store import RedisStreamEventStore
from bench.games import Script
from domain import replay
from domain.events import SCHEMA_VERSION, Event, event_from_json
from lorekeeper.games.ports import NewEvent


def best_rate(n: int, run: Callable[[], Any], repeat: int = 5) -> float:
    """Items per second of the fastest of `repeat` runs (the least disturbed)."""
    best = min(_timed(run) for _ in range(repeat))
    return n / best


def _timed(run: Callable[[], Any]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def in_process(events: Sequence[Event]) -> dict[str, float]:
    stored = [(e.type, json.loads(json.dumps(e.payload()))) for e in events]
    return {
        "fold": best_rate(len(events), lambda: replay(events)),
        "decode + fold": best_rate(
            len(events), lambda: replay(event_from_json(t, p) for t, p in stored)
        ),
    }


def store(client: redis.Redis, game_id: str, script: Script) -> RedisStreamEventStore:
    """Write the game's events to its stream, as the server would have."""
    events = RedisStreamEventStore(client)
    new = [NewEvent(e.type, e.payload(), schema=SCHEMA_VERSION) for e in script.events]
    events.create(game_id, new[:1])
    for start in range(1, len(new), 500):
        chunk = new[start : start + 500]
        events.append(game_id, start, chunk, seat=None, command_id=None, command_hash=None)
    return events


def from_redis(events: RedisStreamEventStore, game_id: str, n: int) -> float:
    return best_rate(
        n,
        lambda: replay(event_from_json(e.type, e.payload) for e in events.read(game_id)),
        repeat=3,
    )


def through_http(port: int, game_id: str, versions: Sequence[int]) -> float:
    """Events per second of `GET /state?version=v` (median over the versions)."""
    rates = []
    for version in versions:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        started = time.perf_counter()
        conn.request("GET", f"/games/{game_id}/state?version={version}")
        response = conn.getresponse()
        body = response.read()
        seconds = time.perf_counter() - started
        conn.close()
        if response.status != 200 or json.loads(body)["version"] != version:
            raise RuntimeError(f"/state?version={version}: {response.status} {body[:200]!r}")
        rates.append(version / seconds)
    return statistics.median(rates)
