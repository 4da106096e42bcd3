"""`--slow-fsync-ms`'s shim makes each flush of the benchmark's Redis wait the delay; without
a C compiler to build it, the option says so."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import redis

import bench.slow_disk
from adapters.redis.server import RedisServerProcess
from bench.slow_disk import c_compiler, slow_redis_server

DELAY_MS = 40


# The option is a benchmark's, built with the machine's C compiler (this machine kind has
# gcc); where there is none it refuses, which the next test checks.
@pytest.mark.skipif(c_compiler() is None, reason="no C compiler")
def test_a_write_to_a_redis_started_through_the_wrapper_waits_the_delay(
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


def test_without_a_c_compiler_the_option_says_what_it_needs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench.slow_disk.shutil, "which", lambda name: None)

    with pytest.raises(SystemExit, match="C compiler"):
        slow_redis_server(DELAY_MS, tmp_path)
