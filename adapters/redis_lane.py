"""A lane: Lua scripts sent in one round trip on a connection of the lane's own.

redis-py's pipeline takes a connection from the pool and gives it back on every call (a
readiness poll, a pid check, event dispatch), which costs about as much CPU as packing,
sending and reading the commands themselves: 74–93 µs a call against 40–47 µs on a
connection kept by the thread (BENCHMARKS.md). The command path makes one such call per
command, so it goes through a lane. A lane keeps its idle connections in a list of its
own (last in, first out): a call takes one, or opens one with the client's own settings
(its pool's connection arguments), and puts it back: one per thread at most under threads;
under gevent, where a request is a greenlet, as many as append at once, up to a bound past
which a call waits for one.
"""

from __future__ import annotations

import hashlib
import os
import threading
import weakref
from collections.abc import Sequence
from functools import cache
from typing import Any, NamedTuple

import redis
from redis.exceptions import ConnectionError, NoScriptError, ResponseError, TimeoutError


class ScriptCall(NamedTuple):
    """One run of a Lua script: its source, KEYS and ARGV."""

    script: str
    keys: Sequence[str]
    args: Sequence[str | int]

    def command(self) -> tuple[Any, ...]:
        return ("EVALSHA", script_sha(self.script), len(self.keys), *self.keys, *self.args)


@cache
def script_sha(script: str) -> str:
    return hashlib.sha1(script.encode("utf-8")).hexdigest()


MAX_CONNECTIONS = 64  # a lane's connections, at most; a call past them waits for one
WAIT_S = 5.0  # ... this long at most, then ConnectionError


class RedisLane:
    def __init__(self, client: redis.Redis, max_connections: int = MAX_CONNECTIONS) -> None:
        self._pool = client.connection_pool
        self._free = threading.BoundedSemaphore(max_connections)
        self._idle: list[Any] = []
        self._lock = threading.Lock()
        self._pid = os.getpid()
        # The pool does not know these connections: close them when the lane goes, before
        # the collector gets to their sockets (which would warn of sockets left open).
        weakref.finalize(self, _disconnect_all, self._idle)

    def run_scripts(self, calls: Sequence[ScriptCall]) -> list[Any]:
        """Each call's reply, in order; a ResponseError in place of a script's error.

        EVALSHA: a script the server does not know (restarted, flushed) did not run, so it
        is loaded and only those calls are sent again. A dropped connection is opened again
        and the whole batch sent once more, as redis-py's retry would: the callers' scripts
        are safe to run twice (the append is idempotent by command id)."""
        replies = self._send([call.command() for call in calls])
        unknown = [i for i, reply in enumerate(replies) if isinstance(reply, NoScriptError)]
        if unknown:
            again = [calls[i] for i in unknown]
            loads = [("SCRIPT", "LOAD", script) for script in {c.script for c in again}]
            sent = self._send(loads + [call.command() for call in again])[len(loads) :]
            for i, reply in zip(unknown, sent, strict=True):
                replies[i] = reply
        return replies

    def _send(self, commands: list[tuple[Any, ...]]) -> list[Any]:
        connection = self._take()
        in_step = False
        try:
            try:
                replies = _exchange(connection, commands)
            except (ConnectionError, TimeoutError):
                connection.disconnect()  # the next send opens it again
                replies = _exchange(connection, commands)
            in_step = True
            return replies
        finally:
            if not in_step:  # replies may be left unread: never reuse it as it is
                connection.disconnect()
            self._give_back(connection)

    def _take(self) -> Any:
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

    def _give_back(self, connection: Any) -> None:
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


def _exchange(connection: Any, commands: list[tuple[Any, ...]]) -> list[Any]:
    connection.send_packed_command(connection.pack_commands(commands))
    return [_reply(connection) for _ in commands]


def _reply(connection: Any) -> Any:
    try:
        return connection.read_response()
    except ResponseError as exc:  # an error reply: the connection is still in step
        return exc
