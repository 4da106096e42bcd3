"""A lane: Lua scripts sent in one round trip on a connection the lane keeps.

redis-py's pipeline takes a connection from the pool and gives it back on every call (a
readiness poll, a pid check, event dispatch), which costs about as much CPU as packing,
sending and reading the commands themselves: 74–93 µs a call against 40–47 µs on a
connection kept by the thread (BENCHMARKS.md). The command path makes one such call per
command, so it goes through a lane. A lane keeps its idle connections in a list of its own
(`Connections`, last in, first out): a call takes one, or opens one with the client's own
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

On a Redis Cluster the lane is a ClusterLane (cluster_lane.py); both send and read through
wire.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import redis
from redis.cluster import RedisCluster
from redis.exceptions import ConnectionError, DataError, NoScriptError, TimeoutError

from adapters.greenlets import under_gevent
from adapters.redis.cluster_lane import ClusterLane
from adapters.redis.topology import ReplicaWait
from adapters.redis.wire import MAX_CONNECTIONS, Connections, ScriptCall, exchange

GATHER_MAX = 64  # calls gathered into one round trip at most; the next starts another


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
        self._connections = Connections(client.connection_pool, max_connections)
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
