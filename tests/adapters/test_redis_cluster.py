"""The Redis Cluster pieces: cluster URLs, the cluster lane (MOVED, ASK, TRYAGAIN) and
waiting for replicas, on a real cluster of 3 masters and 3 replicas.

The tests that move slots or stop a replica run on a cluster of this module's own, so the
session's cluster keeps its layout."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator

import pytest
import redis
from redis.cluster import RedisCluster
from redis.crc import key_slot

from adapters.redis.cluster_lane import ClusterLane
from adapters.redis.cluster_server import RedisClusterProcess, slot_ranges
from adapters.redis.event_store import RedisStreamEventStore
from adapters.redis.topology import (
    ClusterURLError,
    ReplicaWait,
    cluster_client,
    cluster_seeds,
    games_client,
)
from adapters.redis.wire import ScriptCall
from lorekeeper.errors import StoreUnavailable
from lorekeeper.games.ports import NewEvent
from lorekeeper.settings import ConfigError, Settings

COUNT = "return redis.call('INCR', KEYS[1])"
PAIR = "redis.call('INCR', KEYS[1]); return redis.call('INCR', KEYS[2])"


# -- cluster URLs -------------------------------------------------------------------------------


def test_a_cluster_url_names_every_seed_and_keeps_credentials_and_options() -> None:
    first, seeds = cluster_seeds(
        "redis+cluster://u:p%40ss@a:7000,b:7001,[::1]:7002?socket_timeout=2"
    )

    assert first == "redis://u:p%40ss@a:7000?socket_timeout=2"
    assert seeds == [("a", 7000), ("b", 7001), ("::1", 7002)]
    assert cluster_seeds("rediss+cluster://h:1/0")[0] == "rediss://h:1"


@pytest.mark.parametrize(
    "url",
    ["redis://a:1", "redis+cluster://", "redis+cluster://a", "redis+cluster://a:1/3",
     "redis+cluster://a:x"],
)  # fmt: skip
def test_a_cluster_url_without_host_port_seeds_or_with_a_database_is_refused(url: str) -> None:
    with pytest.raises(ClusterURLError):
        cluster_seeds(url)


def test_the_url_chooses_the_client() -> None:
    assert isinstance(games_client("redis://127.0.0.1:1/0"), redis.Redis)


def test_a_cluster_needs_a_queue_server_of_one_node() -> None:
    with pytest.raises(ConfigError, match="LOREKEEPER_QUEUE_REDIS_URL"):
        Settings.from_env({"REDIS_URL": "redis+cluster://a:1"})
    with pytest.raises(ConfigError, match="one server"):
        Settings.from_env({"REDIS_URL": "redis+cluster://a:1",
                           "LOREKEEPER_QUEUE_REDIS_URL": "redis+cluster://b:1"})  # fmt: skip
    settings = Settings.from_env({"REDIS_URL": "redis+cluster://a:1,b:2",
                                  "LOREKEEPER_QUEUE_REDIS_URL": "redis://q:3/0",
                                  "LOREKEEPER_WAIT_REPLICAS": "1"})  # fmt: skip
    assert settings.queue_redis_url == "redis://q:3/0" and settings.wait_replicas == 1


# -- the lane on the session's cluster ----------------------------------------------------------


def test_one_round_trip_reaches_every_master_and_keeps_the_order(
    redis_cluster: RedisClusterProcess,
) -> None:
    cluster = cluster_client(redis_cluster.url)
    cluster.flushall()
    keys = [f"k{{{n}}}" for n in range(12)]  # slots on all three masters
    assert len({cluster.nodes_manager.get_node_from_slot(key_slot(k.encode())).name
                for k in keys}) == 3  # fmt: skip
    lane = ClusterLane(cluster)

    replies = lane.run_scripts([ScriptCall(COUNT, [k], []) for k in keys + keys[:2]])

    assert replies == [1] * 12 + [2, 2]
    assert [int(cluster.get(k) or 0) for k in keys[:3]] == [2, 2, 1]
    cluster.close()


def test_a_script_across_two_slots_is_refused_before_it_is_sent(
    redis_cluster: RedisClusterProcess,
) -> None:
    cluster = cluster_client(redis_cluster.url)
    with pytest.raises(ValueError, match="one slot"):
        ClusterLane(cluster).run_scripts([ScriptCall(PAIR, ["a{1}", "a{2}"], [])])
    cluster.close()


def test_a_forgotten_script_is_loaded_on_its_master(redis_cluster: RedisClusterProcess) -> None:
    cluster = cluster_client(redis_cluster.url)
    cluster.flushall()
    lane = ClusterLane(cluster)
    lane.run_scripts([ScriptCall(COUNT, ["n{x}"], [])])
    cluster.script_flush()  # every master

    assert lane.run_scripts([ScriptCall(COUNT, ["n{x}"], [])]) == [2]
    cluster.close()


# -- slots that move, replicas that lag: a cluster of this module's own -------------------------


@pytest.fixture(scope="module")
def own_cluster() -> Iterator[RedisClusterProcess]:
    with RedisClusterProcess() as cluster:
        yield cluster


@pytest.fixture
def cluster(own_cluster: RedisClusterProcess) -> Iterator[RedisCluster]:
    client = cluster_client(own_cluster.url)
    client.flushall()
    yield client
    client.close()


def other_master(own: RedisClusterProcess, slot: int) -> int:
    """The index of a master that does not serve `slot`."""
    owner = own.owner(slot)
    return next(i for i in range(3) if own.nodes[i] is not owner)


def test_a_moved_slot_is_followed_and_learnt(
    own_cluster: RedisClusterProcess, cluster: RedisCluster
) -> None:
    slot = key_slot(b"m{moved}")
    lane = ClusterLane(cluster)
    assert lane.run_scripts([ScriptCall(COUNT, ["m{moved}"], [])]) == [1]
    target = own_cluster.nodes[other_master(own_cluster, slot)]

    assert own_cluster.move_slot(slot, target) == 1  # the lane's table still names the old one

    assert lane.run_scripts([ScriptCall(COUNT, ["m{moved}"], [])]) == [2]
    assert cluster.nodes_manager.get_node_from_slot(slot).port == target.port
    with own_cluster.client(target) as direct:
        assert direct.get("m{moved}") == "2"


def test_a_slot_being_migrated_is_followed_with_asking(
    own_cluster: RedisClusterProcess, cluster: RedisCluster
) -> None:
    key = "a{asked}"
    slot = key_slot(key.encode())
    source = own_cluster.owner(slot)
    target = own_cluster.nodes[other_master(own_cluster, slot)]
    source_id, target_id = own_cluster.node_id(source), own_cluster.node_id(target)
    lane = ClusterLane(cluster)
    with own_cluster.client(source) as src, own_cluster.client(target) as dst:
        dst.execute_command("CLUSTER SETSLOT", slot, "IMPORTING", source_id)
        src.execute_command("CLUSTER SETSLOT", slot, "MIGRATING", target_id)
        try:
            # Not on the source (never written): ASK; ASKING on the target runs it there.
            assert lane.run_scripts([ScriptCall(COUNT, [key], [])]) == [1]
            assert src.execute_command("CLUSTER COUNTKEYSINSLOT", slot) == 0
            dst.execute_command("ASKING")
            assert dst.get(key) == "1"
            assert cluster.nodes_manager.get_node_from_slot(slot).port == source.port
        finally:
            for node in own_cluster.nodes[:3]:
                with own_cluster.client(node) as each:
                    each.execute_command("CLUSTER SETSLOT", slot, "NODE", target_id)


def test_a_script_whose_keys_are_half_migrated_waits_for_the_rest(
    own_cluster: RedisClusterProcess, cluster: RedisCluster
) -> None:
    keys = ["x{half}", "y{half}"]
    slot = key_slot(b"{half}")
    for key in keys:
        cluster.set(key, 10)
    source = own_cluster.owner(slot)
    target = own_cluster.nodes[other_master(own_cluster, slot)]
    source_id, target_id = own_cluster.node_id(source), own_cluster.node_id(target)
    with own_cluster.client(source) as src, own_cluster.client(target) as dst:
        dst.execute_command("CLUSTER SETSLOT", slot, "IMPORTING", source_id)
        src.execute_command("CLUSTER SETSLOT", slot, "MIGRATING", target_id)
        src.execute_command("MIGRATE", "127.0.0.1", target.port, keys[0], 0, 5000)
        replies: list[object] = []
        running = threading.Thread(
            target=lambda: replies.extend(
                ClusterLane(cluster).run_scripts([ScriptCall(PAIR, keys, [])])
            )
        )
        running.start()
        time.sleep(0.05)  # the script is answered TRYAGAIN meanwhile
        assert replies == []
        src.execute_command("MIGRATE", "127.0.0.1", target.port, keys[1], 0, 5000)
        for node in (
            target,
            source,
            *[n for n in own_cluster.nodes[:3] if n not in (source, target)],
        ):
            with own_cluster.client(node) as each:
                each.execute_command("CLUSTER SETSLOT", slot, "NODE", target_id)
        running.join(5)

    assert replies == [11]
    with own_cluster.client(target) as direct:
        assert [direct.get(k) for k in keys] == ["11", "11"]


def test_wait_counts_the_replicas_that_have_the_write(
    own_cluster: RedisClusterProcess, cluster: RedisCluster
) -> None:
    lane = ClusterLane(cluster)
    wait = ReplicaWait(1, 2000)

    assert lane.run_scripts([ScriptCall(COUNT, ["w{one}"], [])], wait) == [1, 1]

    replica = own_cluster.replica_of(own_cluster.owner(key_slot(b"{one}")))
    with stopped(replica):
        assert lane.run_scripts([ScriptCall(COUNT, ["w{one}"], [])], ReplicaWait(1, 200)) == [2, 0]


def test_an_append_no_replica_confirmed_is_not_acknowledged_nor_is_its_retry(
    own_cluster: RedisClusterProcess, cluster: RedisCluster
) -> None:
    wait = ReplicaWait(1, 300)
    store = RedisStreamEventStore(cluster, wait=wait)
    store.create("g1", [NewEvent("GameStarted", {})])
    replica = own_cluster.replica_of(own_cluster.owner(key_slot(b"g1")))
    command = {"seat": 0, "command_id": "c1", "command_hash": "h1"}

    with stopped(replica):
        with pytest.raises(StoreUnavailable, match="0 of 1 replicas"):
            store.append("g1", 1, [NewEvent("A", {})], **command)  # type: ignore[arg-type]
        # Another process (its own connection) finds the first result on the master, which
        # only the master has: not acknowledged either.
        other = RedisStreamEventStore(cluster_client(own_cluster.url), wait=wait)
        with pytest.raises(StoreUnavailable):
            other.append("g1", 1, [NewEvent("A", {})], **command)  # type: ignore[arg-type]
        with pytest.raises(StoreUnavailable):
            other.command_result("g1", "c1", "h1")

    retried = other.append("g1", 1, [NewEvent("A", {})], **command)  # type: ignore[arg-type]
    assert retried.duplicate and retried.version == 2


class stopped:
    """A node stopped (SIGSTOP) for the block: it neither answers nor replicates."""

    def __init__(self, node: object) -> None:
        self.pid = node.pid  # type: ignore[attr-defined]

    def __enter__(self) -> None:
        os.kill(self.pid, signal.SIGSTOP)

    def __exit__(self, *exc: object) -> None:
        os.kill(self.pid, signal.SIGCONT)


def test_slots_are_shared_evenly() -> None:
    assert [(r.start, r.stop) for r in slot_ranges(3)] == [(0, 5461), (5461, 10923), (10923, 16384)]
