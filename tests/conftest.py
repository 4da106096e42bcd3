"""Fixtures shared by the whole test suite.

Redis: tests get a private redis-server started for the run (see adapters/redis_server.py),
never the shared one on 6379. With no redis-server binary at hand the fixture errors, so
those tests fail instead of being skipped.

`redis_client` uses `decode_responses=False` (replies are bytes), the setting RQ requires,
so the app, the workers and the tests can share one kind of client.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis

from adapters.redis_server import RedisServerProcess

_SHARED_REDIS_PORT = 6379


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServerProcess]:
    with RedisServerProcess() as server:
        assert server.port != _SHARED_REDIS_PORT, "tests never use the shared Redis"
        yield server


@pytest.fixture
def redis_client(redis_server: RedisServerProcess) -> Iterator[redis.Redis]:
    """A client of the private server, emptied before each test."""
    client = redis.Redis.from_url(redis_server.url, decode_responses=False)
    client.flushall()
    yield client
    client.close()
