"""Measures 2 and 3: projection lag at a steady command rate, and breath phase latency.

16 paced clients send one command each per `period` (100 commands/s in all), each playing its
own game; some play breath games, where seat 0's wyvern breathes on two units every turn.
A watcher reads every game's stream length and projection checkpoint each millisecond.

- Projection lag: from a command's 2xx to the checkpoint (what `GET /games/{id}` serves)
  reaching the version the command made.
- Breath: from `end_movement`'s 2xx (which opened the phase) to the resolution in the stream
  (commands are accepted again) and to the board view showing it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

import redis

from bench.clients import Game, GameClient, Record
from bench.loadgen import LoadGenerator
from bench.stats import percentile
from bench.watch import Watcher, delays


@dataclass(frozen=True)
class Lag:
    rate: float  # commands accepted per second
    lag_ms: tuple[float, float]  # p50, p99
    lag_samples: int
    lag_missing: int  # versions not projected a second after the run (counted as infinite)
    breath_stream_ms: tuple[float, float]
    breath_view_ms: tuple[float, float]
    breath_samples: int
    failed: int
    poll_ms: float  # the watcher's mean time between two looks


def steady(
    port: int,
    client: redis.Redis,
    games: Sequence[Game | Sequence[Game]],
    *,
    rate: float,
    warmup_s: float,
    seconds: float,
) -> Lag:
    """`games`: each client's game, or games played one after the other (enough of them for
    a high rate to last the run)."""
    lists = [[g] if isinstance(g, Game) else list(g) for g in games]
    period = len(lists) / rate
    record = Record()
    with Watcher(client, [g.game_id for games_of in lists for g in games_of]) as watcher:
        now = time.perf_counter()
        clients = [  # spread over the period
            GameClient(port, games_of, record, period_s=period, watcher=watcher,
                       start_at=now + i * period / len(lists))
            for i, games_of in enumerate(lists)
        ]  # fmt: skip
        start = time.perf_counter() + warmup_s
        record.start, record.end = start, start + seconds
        polls0 = watcher.polls
        LoadGenerator(port, clients).run(record.end)
        time.sleep(1.0)  # let the last commands' projections land
        polls = watcher.polls - polls0
    inside = [a for a in record.acks if record.start <= a[2] < record.end]
    lag, missing = delays(watcher.checkpoint_seen, inside)
    lag = _with_missing(lag, missing)  # not projected a second after the run: infinite
    breaths = [b for b in record.breaths if record.start <= b[2] < record.end]
    stream, view = (_with_missing(*delays(seen, breaths))
                    for seen in (watcher.stream_seen, watcher.checkpoint_seen))  # fmt: skip
    return Lag(
        rate=len(inside) / seconds,
        lag_ms=_p50_p99(lag),
        lag_samples=len(lag),
        lag_missing=missing,
        breath_stream_ms=_p50_p99(stream),
        breath_view_ms=_p50_p99(view),
        breath_samples=len(view),
        failed=sum(n for s, n in record.statuses.items() if s != 200),
        poll_ms=1000 * (seconds + warmup_s + 1.0) / max(1, polls),
    )


def _with_missing(seen: list[float], missing: int) -> list[float]:
    return seen + [math.inf] * missing


def _p50_p99(values: list[float]) -> tuple[float, float]:
    return percentile(values, 50) * 1000, percentile(values, 99) * 1000
