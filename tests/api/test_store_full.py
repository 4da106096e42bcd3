"""A Redis that is out of memory (maxmemory with noeviction) refuses writes: the API says 503
and nothing is appended, never a 500."""

from __future__ import annotations

import redis
from flask import Flask

from tests.api.helpers import create, problem


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
