"""A lane on a Redis Cluster (lane.py says what a lane is).

On a Redis Cluster (`ClusterLane`) each call touches one slot (a game's keys share its hash
tag); the lane keeps connections per master, sends each call to the master redis-py's slot
table names, and follows the cluster's answers as redis-py does: MOVED (the slot has a new
master: the table learns it, the call goes there), ASK (the slot is being migrated: ASKING
and the call to the target, the table unchanged), TRYAGAIN (a migration has only some of the
keys yet: again shortly), CLUSTERDOWN or a refused connection (a failover: the table is read
again, a few times, then the error is raised). A redirected call did not run, so only it is
sent again; a WAIT goes with it. redis-py's own cluster pipeline would not do: it refuses
EVALSHA and asks the server for EVAL's keys.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import Any

from redis.cluster import ClusterNode, RedisCluster
from redis.crc import key_slot
from redis.exceptions import (
    AskError,
    ClusterDownError,
    ConnectionError,
    MovedError,
    NoScriptError,
    TimeoutError,
    TryAgainError,
)

from adapters.redis.topology import ReplicaWait, cluster_node
from adapters.redis.wire import Connections, ScriptCall, exchange, packed, read_reply

_REDIRECTIONS = 16  # as redis-py's RedisClusterRequestTTL


_RECONNECTS = 4  # a failover: the table is read again this many times, 50 ms apart and more


_TRYAGAIN_S = 0.005  # doubled each time, up to _TRYAGAIN_MAX_S: about 1 s in all


_TRYAGAIN_MAX_S = 0.1


class ClusterLane:
    """The lane of a Redis Cluster: connections kept to each master it talks to.
    The calls of one round trip may touch several slots: each master gets its calls (and a
    WAIT) at once, then every reply is read."""

    def __init__(self, cluster: RedisCluster) -> None:
        self._cluster = cluster
        self._nodes: dict[str, Connections] = {}
        self._lock = threading.Lock()

    def run_commands(self, commands: Sequence[tuple[Any, ...]]) -> list[Any]:
        """As RedisLane.run_commands, through redis-py's cluster pipeline (each command to
        its key's master, in order per master), whose replies are its parsed ones (an
        XRANGE's entries as pairs of id and dict, not flat lists); an error reply raises."""
        pipe = self._cluster.pipeline()  # type: ignore[no-untyped-call]  # redis-py leaves it untyped
        for command in commands:
            pipe.execute_command(*command)
        return list(pipe.execute())

    def run_scripts(
        self, calls: Sequence[ScriptCall], wait: ReplicaWait | None = None
    ) -> list[Any]:
        """As RedisLane.run_scripts; each call's keys are in one slot. With `wait`, the last
        reply is the fewest replicas any master that ran a call counted."""
        slots = [_slot_of(call) for call in calls]
        replies: list[Any] = [None] * len(calls)
        acked: int | None = None
        pending = list(range(len(calls)))
        asking: dict[int, ClusterNode] = {}  # call -> the node an ASK sent it to
        failures = retries = 0
        last: Exception = ClusterDownError("too many redirections")
        for _ in range(_REDIRECTIONS):
            groups: dict[tuple[str, bool], tuple[ClusterNode, list[int]]] = {}
            for i in pending:
                node = asking.get(i) or self._cluster.nodes_manager.get_node_from_slot(slots[i])
                groups.setdefault((node.name, i in asking), (node, []))[1].append(i)
            try:
                sent = self._exchange_all(groups, calls, wait)
            except (ConnectionError, TimeoutError) as exc:
                failures += 1
                if failures > _RECONNECTS:
                    raise
                for node, _ in groups.values():
                    self._forget(node)
                time.sleep(0.05 * 2 ** (failures - 1))
                self._cluster.nodes_manager.initialize()
                asking, last = {}, exc
                continue
            redirected: list[int] = []
            asking = {}
            for (_, indexes), (got, waited) in zip(groups.values(), sent, strict=True):
                ran = False
                for i, reply in zip(indexes, got, strict=True):
                    if isinstance(reply, MovedError):
                        self._cluster.nodes_manager.move_slot(reply)
                    elif isinstance(reply, AskError):
                        asking[i] = self._node(reply.host, reply.port)
                    elif isinstance(reply, TryAgainError):
                        retries += 1
                        time.sleep(min(_TRYAGAIN_MAX_S, _TRYAGAIN_S * 2**retries))
                    elif isinstance(reply, ClusterDownError):
                        time.sleep(0.1)
                        self._cluster.nodes_manager.initialize()
                    else:
                        replies[i], ran = reply, True
                        continue
                    redirected.append(i)
                    last = reply
                if ran and waited is not None:
                    acked = waited if acked is None else min(acked, waited)
            if not redirected:
                return replies + ([acked or 0] if wait else [])
            pending = redirected
        raise last

    def _exchange_all(
        self,
        groups: dict[tuple[str, bool], tuple[ClusterNode, list[int]]],
        calls: Sequence[ScriptCall],
        wait: ReplicaWait | None,
    ) -> list[tuple[list[Any], int | None]]:
        """Each group's calls sent to its node (after ASKING, for an ASK), every node at
        once, then the replies read: per group, the calls' replies and WAIT's."""
        tail = [wait.command()] if wait else []
        taken: list[tuple[Connections, Any]] = []
        done = False
        try:
            batches = []
            for (_, asks), (node, indexes) in groups.items():
                head = [("ASKING",)] if asks else []
                commands = head + [calls[i].command() for i in indexes] + tail
                connections = self._connections(node)
                connection = connections.take()
                taken.append((connections, connection))
                connection.send_packed_command(packed(commands))
                batches.append((connection, head, indexes, commands))
            out = [self._read(batch, calls, tail) for batch in batches]
            done = True
            return out
        finally:
            for connections, connection in taken:
                connections.give_back(connection, in_step=done)

    @staticmethod
    def _read(
        batch: tuple[Any, list[tuple[Any, ...]], list[int], list[tuple[Any, ...]]],
        calls: Sequence[ScriptCall],
        tail: list[tuple[Any, ...]],
    ) -> tuple[list[Any], int | None]:
        """One node's replies: its calls' (scripts it did not know loaded and sent again)
        and its WAIT's."""
        connection, head, indexes, commands = batch
        got = [read_reply(connection) for _ in commands][len(head) :]
        unknown = [n for n, r in enumerate(got[: len(indexes)]) if isinstance(r, NoScriptError)]
        if unknown:
            loads = [("SCRIPT", "LOAD", s) for s in {calls[indexes[n]].script for n in unknown}]
            again = head + loads + [calls[indexes[n]].command() for n in unknown] + tail
            resent = exchange(connection, again)[len(head) + len(loads) :]
            for n, reply in zip(unknown, resent, strict=False):
                got[n] = reply
            if tail:
                got[-1] = resent[-1]
        waited = int(got[-1]) if tail and not isinstance(got[-1], Exception) else None
        return got[: len(indexes)], waited

    def _node(self, host: str, port: int) -> ClusterNode:
        known: ClusterNode | None = self._cluster.nodes_manager.get_node(host, port)
        return known if known is not None else cluster_node(host, port)

    def _connections(self, node: ClusterNode) -> Connections:
        with self._lock:
            kept = self._nodes.get(node.name)
            if kept is None:
                pool = self._cluster.get_redis_connection(node).connection_pool
                kept = self._nodes[node.name] = Connections(pool)
            return kept

    def _forget(self, node: ClusterNode) -> None:
        """A node that failed: its idle connections are dropped (new ones are made)."""
        with self._lock:
            self._nodes.pop(node.name, None)


def _slot_of(call: ScriptCall) -> int:
    slots = {key_slot(key.encode()) for key in call.keys}
    if len(slots) != 1:
        raise ValueError(f"a script on a cluster touches one slot, not {sorted(slots)}")
    return slots.pop()
