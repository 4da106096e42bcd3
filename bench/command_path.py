"""Measure 1: accepted commands per second and their latency, 16 clients each playing its own
game through gunicorn, side by side with the ceiling app (validate + one XADD).

The two run in alternating slices (ceiling, ours, ceiling, ours …) so that whatever else the
machine is doing weighs on both alike; the ratio is the median of the slices' ratios. Each
slice also says where the CPU went: the server's process tree, Redis, the workers, the load
generator, and anything else on the machine. Ours with the workers running also samples,
every LAG_SAMPLE_S, the age of the oldest event not yet projected among the games in play:
issue 23's projection lag at the command path's full rate.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import redis

from adapters.redis.projections import lagging_among, oldest_unprojected_ms
from adapters.redis.stream_entries import text
from bench.clients import Game, GameClient, Record
from bench.cpu import machine_busy, tree_cpu_s
from bench.loadgen import LoadGenerator
from bench.stats import percentile

CLIENTS = 16
LAG_SAMPLE_S = 0.1  # how often a slice that samples the projection lag looks
FSYNC_THRESHOLD_MS = 20  # Redis's latency monitor records the events slower than this


@dataclass
class Slice:
    seconds: float
    latencies: list[float]
    failed: int
    cpu_s: dict[str, float]  # CPU seconds per process tree, "loadgen", and "other"
    redis_calls: int
    mismatches: list[str]
    lag_ms: list[float] = field(default_factory=list)  # the oldest unprojected event's age

    @property
    def rate(self) -> float:
        return len(self.latencies) / self.seconds


@dataclass
class Side:
    """One app under load: its slices, pooled."""

    slices: list[Slice] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return statistics.median(s.rate for s in self.slices)

    def latency_ms(self, q: float) -> float:
        return percentile([x for s in self.slices for x in s.latencies], q) * 1000

    def lag_ms(self, q: float) -> float | None:
        """The `q` percentile of the sampled age of the oldest unprojected event (None: not
        sampled)."""
        samples = [x for s in self.slices for x in s.lag_ms]
        return percentile(samples, q) if samples else None

    def per_command(self, name: str) -> float:
        """CPU ms of `name` per accepted command, over all slices."""
        done = sum(len(s.latencies) for s in self.slices)
        return 1000 * sum(s.cpu_s.get(name, 0.0) for s in self.slices) / max(1, done)

    def cores(self, name: str) -> float:
        return sum(s.cpu_s.get(name, 0.0) for s in self.slices) / self.seconds

    @property
    def seconds(self) -> float:
        return sum(s.seconds for s in self.slices)

    @property
    def redis_calls(self) -> float:
        done = sum(len(s.latencies) for s in self.slices)
        return sum(s.redis_calls for s in self.slices) / max(1, done)

    @property
    def failed(self) -> int:
        return sum(s.failed for s in self.slices)

    @property
    def mismatches(self) -> list[str]:
        return [m for s in self.slices for m in s.mismatches]


class ClosedLoop:
    """16 clients that each send their next command as soon as the last one is answered;
    run slice after slice, the clients going on where they stopped."""

    def __init__(
        self,
        port: int,
        per_client: Sequence[Sequence[Game]],
        *,
        check_versions: bool = True,
        cycle: bool = False,
    ) -> None:
        self._port = port
        self._record = Record()
        self._clients = [
            GameClient(port, games, self._record, check_versions=check_versions, cycle=cycle)
            for games in per_client
        ]

    def slice(
        self,
        warmup_s: float,
        seconds: float,
        pids: dict[str, int],
        client: redis.Redis,
        *,
        sample_lag: bool = False,
    ) -> Slice:
        """One slice; `sample_lag`: every LAG_SAMPLE_S of it, the age of the oldest event not
        yet projected among the games in play (issue 23's projection lag at full load: one
        pipeline over about 32 games, and one more for those behind; their calls are not
        counted in the slice's)."""
        record = self._record
        record.latencies, record.mismatches = [], []
        record.statuses.clear()
        generator = LoadGenerator(self._port, self._clients)
        start = time.perf_counter() + warmup_s
        record.start, record.end = start, start + seconds
        marks: list[tuple[float, dict[str, float], tuple[float, float], int]] = []

        lags: list[float] = []
        next_sample = [start]
        sampler_calls = [0]  # the sampler's own Redis calls, left out of the slice's count

        def tick(now: float) -> None:
            if not marks and now >= start:
                marks.append(_cpu_marks(pids, client))
            if sample_lag and now >= next_sample[0]:
                next_sample[0] = now + LAG_SAMPLE_S
                lag_ms, calls = self._oldest_unprojected_ms(client)
                lags.append(lag_ms)
                sampler_calls[0] += calls

        generator.run(record.end, tick)
        cpu1, trees1, busy1, calls1 = _cpu_marks(pids, client)
        if not marks:
            raise RuntimeError("the clients ran out of games before the slice began")
        seconds = min(seconds, time.perf_counter() - start)  # shorter if they ran out in it
        cpu0, trees0, busy0, calls0 = marks[0]
        cpu_s = {name: trees1[name] - trees0[name] for name in trees1}
        cpu_s["loadgen"] = cpu1 - cpu0
        machine_s = (busy1[0] - busy0[0]) / max(1.0, busy1[1] - busy0[1]) * _cores() * seconds
        cpu_s["other"] = max(0.0, machine_s - sum(cpu_s.values()))
        return Slice(
            seconds,
            list(record.latencies),
            sum(n for s, n in record.statuses.items() if s != 200) + len(generator.errors),
            cpu_s,
            calls1 - calls0 - sampler_calls[0],
            list(record.mismatches),
            lags,
        )

    def _oldest_unprojected_ms(self, client: redis.Redis) -> tuple[float, int]:
        """The age, and the Redis calls it took: two reads a game, one more a game behind."""
        games = list(dict.fromkeys(g for c in self._clients for g in c.games_in_play()))
        behind = lagging_among(client, games)
        return float(oldest_unprojected_ms(client, behind)), 2 * len(games) + len(behind)


def _cpu_marks(
    pids: dict[str, int], client: redis.Redis
) -> tuple[float, dict[str, float], tuple[float, float], int]:
    calls = int(client.info("stats")["total_commands_processed"])
    return time.process_time(), {n: tree_cpu_s([p]) for n, p in pids.items()}, machine_busy(), calls


def watch_fsync(client: redis.Redis, threshold_ms: int = FSYNC_THRESHOLD_MS) -> None:
    """Have the benchmark's own Redis record its latency events over `threshold_ms` (the
    AOF's `fsync` under `appendfsync always` among them), from now on, afresh."""
    client.config_set("latency-monitor-threshold", threshold_ms)
    client.execute_command("LATENCY", "RESET")


def slowest_fsync_ms(client: redis.Redis) -> int:
    """The longest `aof-fsync-always` event Redis recorded since `watch_fsync` (0: none over
    its threshold): every write waits for that flush, so it bounds what one stall costs."""
    for event in client.execute_command("LATENCY", "LATEST"):
        if text(event[0]) == "aof-fsync-always":
            return int(event[3])
    return 0


def _cores() -> int:
    return os.cpu_count() or 1


def alternate(
    rounds: int,
    sides: Sequence[tuple[Side, Callable[[], Slice]]],
) -> None:
    """Run each side's slice in turn, `rounds` times."""
    for _ in range(rounds):
        for side, run in sides:
            side.slices.append(run())


def ratio(ours: Side, ceiling: Side) -> float:
    """The median over rounds of ours/ceiling (slice i of one against slice i of the other)."""
    pairs = zip(ours.slices, ceiling.slices, strict=True)
    return statistics.median(o.rate / c.rate for o, c in pairs if c.rate)


def split(games: Sequence[Game], clients: int = CLIENTS) -> list[list[Game]]:
    """Deal the games out to the clients, round robin."""
    return [list(games[i::clients]) for i in range(clients)]
