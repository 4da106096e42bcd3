"""bench/leaderboard.py on a small board: its reads work, and it reports each size."""

from __future__ import annotations

import redis

from adapters.redis.server import RedisServerProcess
from bench.leaderboard import LIMIT, rows


def test_the_leaderboard_bench_reads_pages_and_reports_them(
    redis_server: RedisServerProcess, redis_client: redis.Redis
) -> None:
    measured = rows({LIMIT * 3: redis_server.url}, 3)
    assert len(measured) == 6  # three reads: one size, and its ratio to itself
    assert all(r.value != "n/a" for r in measured)
    assert [r.ok for r in measured if r.ok is not None] == [True] * 3  # one size: ratio 1
