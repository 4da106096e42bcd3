"""A lane: Lua scripts sent in one round trip on a connection the lane keeps.

redis-py's pipeline takes a connection from the pool and gives it back on every call (a
readiness poll, a pid check, event dispatch), which costs about as much CPU as packing,
sending and reading the commands themselves: 74–93 µs a call against 40–47 µs on a
connection kept by the thread (BENCHMARKS.md). The command path makes one such call per
command, so it goes through a lane. A lane keeps its idle connections in a list of its own
(`_Connections`, last in, first out): a call takes one, or opens one with the client's own
settings (its pool's connection arguments), and puts it back: one per thread at most under
threads; under gevent, where a request is a greenlet, as many as append at once, up to a
bound past which a call waits for one.

With a `ReplicaWait`, `WAIT numreplicas timeout` follows the scripts on the same connection
(WAIT counts the replicas that have this connection's writes) and its reply comes last.

**Gathered under gevent.** In a gevent process (the API's gunicorn workers) a lane gathers
the calls that requests make in one turn of the event loop and sends them as one round trip
(`_Gathering`): the first call of a turn starts a greenlet that sends, once the greenlets
ready in that turn have run, every call made meanwhile, in one write, and hands each caller
its own replies (an error reply stays with its caller's call; a call Redis cannot take,
DataError, fails alone). One `sendall` and one read
for several commands: a write to a socket was the API's biggest single cost under load
(py-spy, BENCHMARKS.md), and Redis reads and answers once for them too. Nothing waits for
company: a call alone in its turn goes at once, and a turn's calls go while the calls of
the turn before are still in flight, on another connection. Calls with a `ReplicaWait` are
gathered with calls of the same wait, and one `WAIT` follows them all (it counts the
replicas that have every write before it on the connection; a `WAIT` each would hold the
calls after it). The sending greenlet runs outside any request: a request that times out
while waiting for its replies leaves the others' round trip whole (its own call may have
run, as it may have before; an append is idempotent by command id). Under threads (the
workers, tests) a call makes its own round trip, as before; a Cluster's lane does not
gather.

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

import hashlib
import os
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, NamedTuple

import redis
from hiredis import pack_command
from redis.cluster import ClusterNode, RedisCluster
from redis.crc import key_slot
from redis.exceptions import (
    AskError,
    ClusterDownError,
    ConnectionError,
    DataError,
    MovedError,
    NoScriptError,
    ResponseError,
    TimeoutError,
    TryAgainError,
)

from adapters.greenlets import under_gevent
from adapters.redis.topology import ReplicaWait, cluster_node

_REDIRECTIONS = 16  # as redis-py's RedisClusterRequestTTL
_RECONNECTS = 4  # a failover: the table is read again this many times, 50 ms apart and more
_TRYAGAIN_S = 0.005  # doubled each time, up to _TRYAGAIN_MAX_S: about 1 s in all
_TRYAGAIN_MAX_S = 0.1
MAX_CONNECTIONS = 64  # a lane's connections to one server, at most; a call past them waits
GATHER_MAX = 64  # calls gathered into one round trip at most; the next starts another
WAIT_S = 5.0  # ... this long at most, then ConnectionError


class ScriptCall(NamedTuple):
    """One run of a Lua script: its source, KEYS and ARGV."""

    script: str
    keys: Sequence[str]
    args: Sequence[str | int | float]  # floats as redis-py writes them (repr)

    def command(self) -> tuple[Any, ...]:
        return ("EVALSHA", script_sha(self.script), len(self.keys), *self.keys, *self.args)


@cache
def script_sha(script: str) -> str:
    return hashlib.sha1(script.encode("utf-8")).hexdigest()


class _Connections:
    """The idle connections a lane keeps to one server, at most `size` in use at once. The
    pool does not know them: they are closed when the lane goes (before the collector gets
    to their sockets, which would warn of sockets left open), and a forked process makes its
    own."""

    def __init__(self, pool: Any, size: int = MAX_CONNECTIONS) -> None:
        self._pool = pool
        self._free = threading.BoundedSemaphore(size)
        self._idle: list[Any] = []
        self._lock = threading.Lock()
        self._pid = os.getpid()
        weakref.finalize(self, _disconnect_all, self._idle)

    def take(self) -> Any:
        if not self._free.acquire(timeout=WAIT_S):
            raise ConnectionError(f"no Redis connection of the lane came free in {WAIT_S:g} s")
        with self._lock:
            if self._pid != os.getpid():  # a forked process: its parent's are not its own
                self._idle.clear()
                self._pid = os.getpid()
            if self._idle:
                return self._idle.pop()
        # Made here, not by the pool (which would count it against its own limit forever).
        return self._pool.connection_class(**self._pool.connection_kwargs)

    def give_back(self, connection: Any, *, in_step: bool) -> None:
        """Keep `connection` for the next call; one whose replies were not all read (an error
        half way) is closed first, never reused as it is."""
        if not in_step:
            connection.disconnect()
        with self._lock:
            kept = self._pid == os.getpid()
            if kept:
                self._idle.append(connection)
        self._free.release()
        if not kept:
            connection.disconnect()


def _disconnect_all(connections: list[Any]) -> None:
    for connection in connections:
        connection.disconnect()


Send = Callable[[list[tuple[Any, ...]]], list[Any]]


class _Gathering:
    """The calls of one turn of gevent's loop, sent as one round trip (see the module's
    docstring). A call is its commands and the wait that follows them ((), or one WAIT)."""

    def __init__(self, send: Send) -> None:
        import gevent
        from gevent.event import AsyncResult

        self._send = send
        self._spawn = gevent.spawn
        self._result = AsyncResult
        self._open: dict[tuple[Any, ...], list[tuple[list[tuple[Any, ...]], Any]]] = {}

    def send(self, commands: list[tuple[Any, ...]], wait: tuple[Any, ...]) -> list[Any]:
        """The replies to `commands` (then WAIT's, with a wait); what the round trip raised."""
        batch = self._open.get(wait)
        if batch is None or len(batch) >= GATHER_MAX:
            batch = self._open[wait] = []
            self._spawn(self._flush, batch, wait)  # starts after the greenlets ready now
        result = self._result()
        batch.append((commands, result))
        replies: list[Any] = result.get()
        return replies

    def _flush(self, batch: list[tuple[list[tuple[Any, ...]], Any]], wait: tuple[Any, ...]) -> None:
        if self._open.get(wait) is batch:
            del self._open[wait]
        waits = [wait] if wait else []
        try:
            replies = self._send([c for commands, _ in batch for c in commands] + waits)
        except DataError as refused:  # a call Redis cannot take, found before anything was
            if len(batch) == 1:  # sent: only its caller hears of it, the others go alone
                batch[0][1].set_exception(refused)
                return
            for commands, result in batch:
                self._flush([(commands, result)], wait)
            return
        except Exception as exc:  # each caller raises it, as it would have alone
            for _, result in batch:
                result.set_exception(exc)
            return
        except BaseException as exc:  # the greenlet killed (the process ends): none is lost
            stopped = ConnectionError(f"the lane's round trip was stopped: {exc!r}")
            for _, result in batch:
                result.set_exception(stopped)
            raise
        at = 0
        for commands, result in batch:
            result.set(replies[at : at + len(commands)] + replies[len(replies) - len(waits) :])
            at += len(commands)


class RedisLane:
    """The lane of one Redis server."""

    def __init__(self, client: redis.Redis, max_connections: int = MAX_CONNECTIONS) -> None:
        self._connections = _Connections(client.connection_pool, max_connections)
        self._gathering = _Gathering(self._send_now) if under_gevent() else None

    def run_scripts(
        self, calls: Sequence[ScriptCall], wait: ReplicaWait | None = None
    ) -> list[Any]:
        """Each call's reply, in order; a ResponseError in place of a script's error; with
        `wait`, then how many replicas have this connection's writes.

        EVALSHA: a script the server does not know (restarted, flushed) did not run, so it
        is loaded and only those calls are sent again. A dropped connection is opened again
        and the whole batch sent once more, as redis-py's retry would: the callers' scripts
        are safe to run twice (the append is idempotent by command id)."""
        waits = [wait.command()] if wait else []
        replies = self._send([call.command() for call in calls], waits)
        unknown = [i for i, reply in enumerate(replies[: len(calls)])
                   if isinstance(reply, NoScriptError)]  # fmt: skip
        if unknown:
            again = [calls[i] for i in unknown]
            loads = [("SCRIPT", "LOAD", script) for script in {c.script for c in again}]
            sent = self._send(loads + [call.command() for call in again], waits)[len(loads) :]
            for i, reply in zip(unknown, sent, strict=False):
                replies[i] = reply
            if waits:
                replies[-1] = sent[-1]
        return replies

    def run_commands(self, commands: Sequence[tuple[Any, ...]]) -> list[Any]:
        """Each command's reply as Redis sent it (no redis-py response callbacks: an XRANGE
        gives lists, not dicts), a ResponseError in place of an error reply. For commands
        safe to run twice (reads, the flags' HDEL): a dropped connection is opened again and
        the commands sent once more."""
        return self._send(list(commands), [])

    def _send(self, commands: list[tuple[Any, ...]], waits: list[tuple[Any, ...]]) -> list[Any]:
        """The replies to `commands`, then to `waits` (a WAIT, or none)."""
        if self._gathering is not None:
            return self._gathering.send(commands, waits[0] if waits else ())
        return self._send_now(commands + waits)

    def _send_now(self, commands: list[tuple[Any, ...]]) -> list[Any]:
        connection = self._connections.take()
        in_step = False
        try:
            try:
                replies = exchange(connection, commands)
            except (ConnectionError, TimeoutError):
                connection.disconnect()  # opened again for the second try
                replies = exchange(connection, commands)
            in_step = True
            return replies
        finally:
            self._connections.give_back(connection, in_step=in_step)


class ClusterLane:
    """The lane of a Redis Cluster: connections kept to each master it talks to.
    The calls of one round trip may touch several slots: each master gets its calls (and a
    WAIT) at once, then every reply is read."""

    def __init__(self, cluster: RedisCluster) -> None:
        self._cluster = cluster
        self._nodes: dict[str, _Connections] = {}
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
        taken: list[tuple[_Connections, Any]] = []
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
        got = [_reply(connection) for _ in commands][len(head) :]
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

    def _connections(self, node: ClusterNode) -> _Connections:
        with self._lock:
            kept = self._nodes.get(node.name)
            if kept is None:
                pool = self._cluster.get_redis_connection(node).connection_pool
                kept = self._nodes[node.name] = _Connections(pool)
            return kept

    def _forget(self, node: ClusterNode) -> None:
        """A node that failed: its idle connections are dropped (new ones are made)."""
        with self._lock:
            self._nodes.pop(node.name, None)


Lane = RedisLane | ClusterLane


def lane_for(client: redis.Redis | RedisCluster) -> Lane:
    return ClusterLane(client) if isinstance(client, RedisCluster) else RedisLane(client)


def run_all(lane: Lane, calls: Sequence[ScriptCall]) -> list[Any]:
    """Each call's reply, in order, once all ran; the first error reply is raised (the
    workers' scripts: a failure is retried whole, each script being guarded by version)."""
    return checked(lane.run_scripts(calls) if calls else [])


def run_as_one(lane: Lane, calls: Sequence[ScriptCall]) -> list[Any]:
    """Each call's reply, in order, as `run_all`; on one Redis server the calls run as one
    script (`bundled`): one `EVALSHA` where there were as many as calls, and an error stops
    the calls after it (the ones before it stand, as a script's writes do). On a Cluster a
    call's keys are in its own slot, so each runs as a script of its own."""
    if isinstance(lane, ClusterLane) or len(calls) < 2:
        return run_all(lane, calls)
    replies: list[Any] = checked(lane.run_scripts([bundled(calls)]))[0]
    return checked(replies)  # an error a script returned, as `run_all` raises it


def bundled(calls: Sequence[ScriptCall]) -> ScriptCall:
    """The calls as one script: each distinct script becomes a function of the bundle (its
    KEYS and ARGV its parameters), and the bundle calls them in order with each call's own
    keys and arguments; its reply is the list of theirs (a call that returned nothing gives
    None). ARGV starts with the number of calls and, for each, its script's place in the
    bundle and how many keys and arguments it has."""
    scripts = tuple(dict.fromkeys(call.script for call in calls))
    place = {script: n for n, script in enumerate(scripts, 1)}
    header: list[str | int | float] = [len(calls)]
    keys: list[str] = []
    args: list[str | int | float] = []
    for call in calls:
        header += [place[call.script], len(call.keys), len(call.args)]
        keys += call.keys
        args += call.args
    return ScriptCall(_bundle_source(scripts), keys, header + args)


@cache
def _bundle_source(scripts: tuple[str, ...]) -> str:
    parts = ",\n".join(f"function(KEYS, ARGV)\n{script}\nend" for script in scripts)
    return _BUNDLE_LUA.replace("--PARTS--", parts)


# Lua's unpack takes a few thousand values at most: a call's keys and arguments are far fewer.
_BUNDLE_LUA = """
local parts = {
--PARTS--
}
local n = tonumber(ARGV[1])
local replies, k, a = {}, 0, 1 + 3 * n
for i = 1, n do
  local h = 3 * i - 1
  local nk, na = tonumber(ARGV[h + 1]), tonumber(ARGV[h + 2])
  local reply = parts[tonumber(ARGV[h])]({unpack(KEYS, k + 1, k + nk)},
                                         {unpack(ARGV, a + 1, a + na)})
  k, a = k + nk, a + na
  if reply == nil then reply = false end
  replies[i] = reply
end
return replies
"""


def checked(replies: list[Any]) -> list[Any]:
    """The replies, once none is an error reply (the first is raised)."""
    for failed in (r for r in replies if isinstance(r, Exception)):
        raise failed
    return replies


def _slot_of(call: ScriptCall) -> int:
    slots = {key_slot(key.encode()) for key in call.keys}
    if len(slots) != 1:
        raise ValueError(f"a script on a cluster touches one slot, not {sorted(slots)}")
    return slots.pop()


def exchange(connection: Any, commands: list[tuple[Any, ...]]) -> list[Any]:
    """Send the commands packed together, then read a reply for each."""
    connection.send_packed_command(packed(commands))
    return [_reply(connection) for _ in commands]


def packed(commands: list[tuple[Any, ...]]) -> list[bytes]:
    """The commands in Redis's protocol, as one buffer: hiredis's packer (a dependency:
    `redis[hiredis]`), which redis-py's own packing calls too, without redis-py's pass over
    the arguments before it (it splits a command name holding a space and copies bytearrays
    and memoryviews: a lane's commands hold neither; an append has 35 arguments)."""
    try:
        return [b"".join([pack_command(command) for command in commands])]
    except TypeError as exc:  # an argument Redis cannot take: redis-py's error for it
        raise DataError(str(exc)) from exc


def _reply(connection: Any) -> Any:
    try:
        return connection.read_response()
    except ResponseError as exc:  # an error reply: the connection is still in step
        return exc
