"""A private Redis Cluster for tests and benchmarks, and the steps that form one.

`RedisClusterProcess` runs masters and replicas from the same redis-server binary as
RedisServerProcess (adapters/redis/server.py) on loopback ports and joins them into a
cluster by hand: CLUSTER MEET, ADDSLOTS, REPLICATE. Those commands exist since Redis 3, so
the bundled 6.2 server works as well as Debian's 7.0, and no redis-cli is needed.
`python -m adapters.redis.cluster_server create HOST:PORT...` forms a cluster of running,
empty nodes the same way (the compose profile `cluster` runs it once).

Resharding (`move_slot`) is what `redis-cli --cluster reshard` does for one slot: IMPORTING
on the target, MIGRATING on the source, MIGRATE the keys in batches, then NODE everywhere.
Between the first and the last step clients get ASK and TRYAGAIN replies, then MOVED.
"""

from __future__ import annotations

import random
import socket
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any

import redis

from adapters.redis.server import AppendFsync, RedisServerFailed, RedisServerProcess

SLOTS = 16384
_CLUSTER_ARGS = [
    "--cluster-enabled", "yes",
    "--cluster-config-file", "nodes.conf",  # in the node's data dir
    # a replica takes over however long it was cut off from its master
    "--cluster-replica-validity-factor", "0",
    # a replica syncs at once, not after the default 5 s gathering
    "--repl-diskless-sync-delay", "0",
]  # fmt: skip
_FORM_TIMEOUT_S = 30.0
_MIGRATE_BATCH = 100


def cluster_port() -> int:
    """A loopback port that is free together with its cluster bus port (port + 10000), both
    below the kernel's ephemeral ports: polled before the server binds it, a port in that
    range can be handed to the polling socket itself."""
    high = _ephemeral_low() - 10000
    low = max(1025, min(20000, high - 2000))
    if high <= low:  # ephemeral ports from very low up: take the risk
        low, high = 20000, 50000
    for _ in range(200):
        port = random.randrange(low, high)
        try:
            with socket.socket() as a, socket.socket() as b:
                a.bind(("127.0.0.1", port))
                b.bind(("127.0.0.1", port + 10000))
        except OSError:
            continue
        return port
    raise RedisServerFailed("no free pair of ports for a cluster node")


def _ephemeral_low() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768  # Linux's default


def slot_ranges(masters: int) -> list[range]:
    """The slots of each master, split evenly as redis-cli does."""
    step = SLOTS / masters
    return [range(round(i * step), round((i + 1) * step)) for i in range(masters)]


def form_cluster(
    addresses: Sequence[tuple[str, int]], replicas_per_master: int = 1,
    timeout_s: float = _FORM_TIMEOUT_S,
) -> None:  # fmt: skip
    """Join running, empty cluster-enabled nodes: the first len/(1 + replicas) are masters
    sharing the slots evenly, the rest replicate them in turn. Returns once every node sees
    the cluster as ok and every replica is in sync."""
    clients = [redis.Redis(host=h, port=p, decode_responses=True) for h, p in addresses]
    masters = len(addresses) // (1 + replicas_per_master)
    if masters < 1 or masters * (1 + replicas_per_master) != len(addresses):
        raise ValueError(f"{len(addresses)} nodes do not make masters with {replicas_per_master}")
    ids = [_cmd(c, "CLUSTER MYID") for c in clients]
    for epoch, client in enumerate(clients, start=1):
        _cmd(client, "CLUSTER SET-CONFIG-EPOCH", epoch)
    for client, slots in zip(clients, slot_ranges(masters), strict=False):
        _cmd(client, "CLUSTER ADDSLOTS", *slots)
    first_host = socket.gethostbyname(addresses[0][0])
    for client in clients[1:]:
        _cmd(client, "CLUSTER MEET", first_host, addresses[0][1])
    deadline = time.monotonic() + timeout_s
    _wait(lambda: all(_known(c) == set(ids) for c in clients), deadline, "the nodes to meet")
    for i, client in enumerate(clients[masters:]):
        _cmd(client, "CLUSTER REPLICATE", ids[i % masters])
    _wait(lambda: all(is_cluster_ok(c, len(ids)) for c in clients), deadline, "cluster ok")
    replicas = len(ids) - masters
    _wait(lambda: all(_replicas_seen(c) == replicas for c in clients), deadline, "the replicas")
    for client in clients:
        client.close()


def _cmd(client: redis.Redis, *args: Any) -> Any:
    """One command (redis-py leaves `execute_command` untyped)."""
    return client.execute_command(*args)  # type: ignore[no-untyped-call]


def _known(client: redis.Redis) -> set[str]:
    """The ids of the nodes `client` has completed a handshake with."""
    lines = _cmd(client, "CLUSTER NODES")
    nodes = lines.values() if isinstance(lines, dict) else _parse_nodes(lines)
    return {n["node_id"] for n in nodes if "handshake" not in n["flags"]}


def _replicas_seen(client: redis.Redis) -> int:
    """How many nodes `client` knows as a replica (what a failover vote needs)."""
    lines = _cmd(client, "CLUSTER NODES")
    nodes = lines.values() if isinstance(lines, dict) else _parse_nodes(lines)
    return sum("slave" in n["flags"] for n in nodes)


def _parse_nodes(text: str) -> list[dict[str, str]]:
    nodes = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) >= 8:
            nodes.append({"node_id": parts[0], "flags": parts[2], "master_id": parts[3]})
    return nodes


def is_cluster_ok(client: redis.Redis, nodes: int) -> bool:
    """The node sees every slot served, `nodes` nodes, and (a replica) its master in sync."""
    info = _cmd(client, "CLUSTER INFO")
    info = info if isinstance(info, dict) else dict(
        line.split(":", 1) for line in info.splitlines() if ":" in line
    )  # fmt: skip
    if info.get("cluster_state") != "ok" or int(info.get("cluster_known_nodes", 0)) != nodes:
        return False
    if int(info.get("cluster_slots_ok", 0)) != SLOTS:
        return False
    replication = client.info("replication")
    return replication["role"] == "master" or replication.get("master_link_status") == "up"


def _wait(predicate: Callable[[], bool], deadline: float, what: str) -> None:
    while True:
        try:
            if predicate():
                return
        except redis.RedisError:
            pass  # a node still starting, or mid-failover
        if time.monotonic() > deadline:
            raise RedisServerFailed(f"timed out waiting for {what}")
        time.sleep(0.05)


def node_process(
    port: int | None = None,
    *,
    node_timeout_ms: int = 1000,
    binary: str | None = None,
    appendonly: bool = False,
    appendfsync: AppendFsync = "everysec",
) -> RedisServerProcess:
    """A cluster-enabled redis-server on 127.0.0.1 (not started), on a port free together
    with its bus port."""
    args = [*_CLUSTER_ARGS, "--cluster-node-timeout", str(node_timeout_ms)]
    return RedisServerProcess(port=port or cluster_port(), binary=binary, appendonly=appendonly,
                              appendfsync=appendfsync, extra_args=args)  # fmt: skip


class RedisClusterProcess:
    """Masters and replicas on 127.0.0.1, formed into one cluster. A context manager.

    `node_timeout_ms` is how long a silent master is given before its replica takes over;
    the test default (1 s) makes a failover take a few seconds."""

    def __init__(
        self,
        masters: int = 3,
        replicas_per_master: int = 1,
        *,
        node_timeout_ms: int = 1000,
        binary: str | None = None,
        appendonly: bool = False,
        appendfsync: AppendFsync = "everysec",
    ) -> None:
        self.masters = masters
        self.replicas_per_master = replicas_per_master
        self.node_timeout_ms = node_timeout_ms
        self.binary = binary
        self.appendonly, self.appendfsync = appendonly, appendfsync
        self.nodes: list[RedisServerProcess] = []

    @property
    def url(self) -> str:
        """The cluster URL the settings take (adapters/redis/topology.py): every node a seed."""
        return "redis+cluster://" + ",".join(f"127.0.0.1:{n.port}" for n in self.nodes)

    def start(self) -> None:
        count = self.masters * (1 + self.replicas_per_master)
        try:
            for _ in range(count):
                node = node_process(
                    node_timeout_ms=self.node_timeout_ms, binary=self.binary,
                    appendonly=self.appendonly, appendfsync=self.appendfsync,
                )  # fmt: skip
                self.nodes.append(node)
                node.start()
            form_cluster([("127.0.0.1", n.port) for n in self.nodes], self.replicas_per_master)
        except BaseException:
            self.close()
            raise

    def client(self, node: RedisServerProcess) -> redis.Redis:
        """A plain client of one node (cluster commands, INFO, DEBUG); the caller closes it."""
        return redis.Redis(port=node.port, decode_responses=True, socket_timeout=10)

    def node_at(self, port: int) -> RedisServerProcess:
        return next(n for n in self.nodes if n.port == port)

    def node_id(self, node: RedisServerProcess) -> str:
        with self.client(node) as client:
            return str(_cmd(client, "CLUSTER MYID"))

    def running(self) -> list[RedisServerProcess]:
        return [n for n in self.nodes if n.pid is not None]

    def owner(self, slot: int) -> RedisServerProcess:
        """The master serving `slot`, as the running nodes agree."""
        for node in self.running():
            with self.client(node) as client:
                for start, end, master, *_ in _cmd(client, "CLUSTER SLOTS"):
                    if start <= slot <= end:
                        return self.node_at(int(master[1]))
        raise RedisServerFailed(f"no running node knows slot {slot}")

    def replica_of(self, master: RedisServerProcess) -> RedisServerProcess:
        master_id = self.node_id(master)
        for node in self.running():
            with self.client(node) as client:
                info = client.info("replication")
                if info["role"] == "slave" and info["master_port"] == master.port:
                    return node
        raise RedisServerFailed(f"no replica follows {master_id}")

    def wait_ok(self, timeout_s: float = _FORM_TIMEOUT_S) -> None:
        """Until every running node sees the cluster as ok (after a failover, say)."""
        deadline = time.monotonic() + timeout_s
        nodes = self.running()

        def ok() -> bool:
            for node in nodes:
                with self.client(node) as client:
                    info = _cmd(client, "CLUSTER INFO")
                    if "cluster_state:ok" not in str(info) and info.get("cluster_state") != "ok":
                        return False
            return True

        _wait(ok, deadline, "the cluster to be ok")

    def move_slot(
        self, slot: int, target: RedisServerProcess, *, batch: int = _MIGRATE_BATCH,
        pause_s: float = 0.0,
    ) -> int:  # fmt: skip
        """Move `slot` and its keys to the master `target`, `batch` keys at a time with
        `pause_s` between batches (the slot is half moved meanwhile); how many keys moved."""
        source = self.owner(slot)
        if source is target:
            return 0
        source_id, target_id = self.node_id(source), self.node_id(target)
        moved = 0
        with self.client(source) as src, self.client(target) as dst:
            _cmd(dst, "CLUSTER SETSLOT", slot, "IMPORTING", source_id)
            _cmd(src, "CLUSTER SETSLOT", slot, "MIGRATING", target_id)
            while keys := _cmd(src, "CLUSTER GETKEYSINSLOT", slot, batch):
                _cmd(src, "MIGRATE", "127.0.0.1", target.port, "", 0, 10_000, "KEYS", *keys)
                moved += len(keys)
                time.sleep(pause_s)
            _cmd(dst, "CLUSTER SETSLOT", slot, "NODE", target_id)
            _cmd(src, "CLUSTER SETSLOT", slot, "NODE", target_id)
        for node in self.running():
            if node not in (source, target):
                with self.client(node) as other:
                    role = other.info("replication")["role"]
                    if role == "master":
                        _cmd(other, "CLUSTER SETSLOT", slot, "NODE", target_id)
        return moved

    def close(self) -> None:
        for node in self.nodes:
            node.close()
        self.nodes = []

    def __enter__(self) -> RedisClusterProcess:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def is_formed(address: tuple[str, int], nodes: int) -> bool:
    """The node at `address` already sees a healthy cluster of `nodes` nodes."""
    with redis.Redis(host=address[0], port=address[1], decode_responses=True) as client:
        return is_cluster_ok(client, nodes)


def _address(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    return host, int(port)


def main(argv: list[str]) -> int:
    match argv:
        case ["create", *nodes] if nodes:
            replicas = 1
            if nodes[0].startswith("--replicas="):
                replicas, nodes = int(nodes[0].split("=", 1)[1]), nodes[1:]
            addresses = [_address(n) for n in nodes]
            if is_formed(addresses[0], len(addresses)):  # a restarted compose project
                print(f"cluster of {len(nodes)} nodes already formed")
                return 0
            form_cluster(addresses, replicas)
            print(f"cluster of {len(nodes)} nodes formed")
            return 0
        case _:
            print(
                "usage: python -m adapters.redis.cluster_server create [--replicas=N] HOST:PORT...",
                file=sys.stderr,
            )
            return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
