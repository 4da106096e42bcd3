"""Fixtures shared by the whole test suite.

Redis: tests get a private redis-server started for the run (see adapters/redis/server.py),
never the shared one on 6379, and, for the suites that run on both topologies, a private
Redis Cluster of 3 masters and 3 replicas from the same binary
(adapters/redis/cluster_server.py). With no redis-server binary at hand the fixtures error,
so those tests fail instead of being skipped.

`redis_client` uses `decode_responses=False` (replies are bytes), the setting RQ requires,
so the app, the workers and the tests can share one kind of client.

`topology` runs a test on each topology (`redis`: one server holds everything; `cluster`: the
games on the cluster, the queues and the indexes across games on the private server, as
LOREKEEPER_QUEUE_REDIS_URL puts them). On either, `redis_client` is the server that holds
the queues and the indexes; a game's keys are on `topology.clients.games`.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis

from adapters.redis.cluster_server import RedisClusterProcess
from adapters.redis.server import RedisServerProcess
from adapters.redis.topology import RedisClients, cluster_client
from tests.topologies import Topology

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


@pytest.fixture(scope="session")
def redis_cluster() -> Iterator[RedisClusterProcess]:
    """3 masters and 3 replicas for the whole run (tests that kill or reshard make their
    own)."""
    with RedisClusterProcess() as cluster:
        assert _SHARED_REDIS_PORT not in [n.port for n in cluster.nodes]
        yield cluster


@pytest.fixture
def cluster_topology(
    redis_cluster: RedisClusterProcess, redis_server: RedisServerProcess, redis_client: redis.Redis
) -> Iterator[Topology]:
    """The games on the cluster, the rest on the private server; both emptied."""
    games = cluster_client(redis_cluster.url)
    games.flushall()
    yield Topology("cluster", RedisClients(games, redis_client), redis_cluster.url,
                   redis_server.url)  # fmt: skip
    games.close()


@pytest.fixture(params=["redis", "cluster"])
def topology(request: pytest.FixtureRequest) -> Topology:
    """Each topology in turn."""
    if request.param == "cluster":
        topology: Topology = request.getfixturevalue("cluster_topology")
        return topology
    server: RedisServerProcess = request.getfixturevalue("redis_server")
    client: redis.Redis = request.getfixturevalue("redis_client")
    return Topology("redis", RedisClients.single(client), server.url)
