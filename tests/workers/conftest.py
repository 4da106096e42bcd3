from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis

from adapters.redis_server import RedisServerProcess
from lorekeeper.settings import Settings
from workers.context import WorkerContext, build_context, installed


@pytest.fixture
def settings(redis_server: RedisServerProcess) -> Settings:
    return Settings(redis_url=redis_server.url, job_stale_s=0.5)


@pytest.fixture
def ctx(settings: Settings, redis_client: redis.Redis) -> Iterator[WorkerContext]:
    """The workers' context on the private Redis, installed for in-process RQ workers."""
    with installed(build_context(settings, redis_client)) as context:
        yield context
