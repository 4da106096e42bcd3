from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis

from adapters.redis_server import RedisServerProcess
from workers.context import WorkerContext, build_context, installed
from workers.settings import WorkerSettings


@pytest.fixture
def settings(redis_server: RedisServerProcess) -> WorkerSettings:
    return WorkerSettings(redis_url=redis_server.url, job_stale_s=0.5)


@pytest.fixture
def ctx(settings: WorkerSettings, redis_client: redis.Redis) -> Iterator[WorkerContext]:
    """The workers' context on the private Redis, installed for in-process RQ workers."""
    with installed(build_context(settings, redis_client)) as context:
        yield context
