"""The app under test: on the in-memory parts, on a private Redis and with the games on a
private Redis Cluster (RQ workers aside: breath phases are resolved inline, see
tests/api/test_full_game.py for real workers)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from adapters.redis.topology import RedisClients
from api import create_app
from api.composition import memory_components, redis_components
from lorekeeper.audit.signing import new_private_key_hex
from lorekeeper.settings import Settings

TEST_SETTINGS = Settings(
    jobs="inline",
    allow_scripted_dice=True,
    allow_anonymous_games=True,
    rate_per_s=0,
    projection_wait_s=0.1,
    sse_max_s=0.4,
    sse_keepalive_s=0.1,
    signing_key=new_private_key_hex(),  # a fresh key each run (issue 20)
)


def make_app(
    backend: str, settings: Settings, client: redis.Redis | RedisClients | None = None
) -> Flask:
    if backend == "in_memory":
        return create_app(settings, components=memory_components(settings))
    assert client is not None
    return create_app(settings, components=redis_components(settings, client))


@pytest.fixture
def settings() -> Settings:
    return TEST_SETTINGS


@pytest.fixture(params=["in_memory", "redis", "cluster"])
def app(request: pytest.FixtureRequest, settings: Settings) -> Flask:
    """In memory, on one Redis, and with the games on a Redis Cluster."""
    client: redis.Redis | RedisClients | None = None
    if request.param == "redis":
        client = request.getfixturevalue("redis_client")
    elif request.param == "cluster":
        client = request.getfixturevalue("cluster_topology").clients
    return make_app(request.param, settings, client)


@pytest.fixture
def redis_app(settings: Settings, redis_client: redis.Redis) -> Flask:
    return make_app("redis", settings, redis_client)


@pytest.fixture
def client(app: Flask) -> Iterator[FlaskClient]:
    with app.test_client() as test_client:
        yield test_client


def with_settings(**changes: object) -> Settings:
    return TEST_SETTINGS.model_copy(update=changes)
