"""`--slow-fsync-ms`'s shim makes the benchmark's Redis flush later, and only that."""

from __future__ import annotations

import time
from pathlib import Path

import redis

from adapters.redis_server import RedisServerProcess
from bench.slow_disk import slow_redis_server

DELAY_MS = 40


def test_each_flush_of_a_redis_started_through_the_wrapper_waits_the_delay(
    tmp_path: Path,
) -> None:
    wrapper = slow_redis_server(DELAY_MS, tmp_path)

    with RedisServerProcess(binary=str(wrapper), appendonly=True, appendfsync="always") as server:
        client = redis.Redis.from_url(server.url)
        started = time.monotonic()
        client.set("k", "v")  # appendfsync always: the reply waits for the flush
        written_s = time.monotonic() - started
        assert client.get("k") == b"v"

    assert written_s >= DELAY_MS / 1000
