"""A lane: Lua scripts sent in one round trip on a connection of the calling thread's own.

redis-py's pipeline takes a connection from the pool and gives it back on every call (a
readiness poll, a pid check, event dispatch), which costs about as much CPU as packing,
sending and reading the commands themselves: 74–93 µs a call against 40–47 µs on a
connection kept by the thread (BENCHMARKS.md). The command path makes one such call per
command, so it goes through a lane. A lane opens its connections with the client's own
settings (its pool's connection arguments) and only when a thread first needs one.
"""

from __future__ import annotations

import hashlib
import os
import threading
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


class RedisLane:
    def __init__(self, client: redis.Redis) -> None:
        self._pool = client.connection_pool
        self._local = threading.local()

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
        connection = self._connection()
        try:
            return _exchange(connection, commands)
        except (ConnectionError, TimeoutError):
            connection.disconnect()  # the next send opens it again
        return _exchange(connection, commands)

    def _connection(self) -> Any:
        local = self._local
        if getattr(local, "pid", None) != os.getpid():  # new thread, or a forked process
            local.connection, local.pid = self._pool.make_connection(), os.getpid()
        return local.connection


def _exchange(connection: Any, commands: list[tuple[Any, ...]]) -> list[Any]:
    connection.send_packed_command(connection.pack_commands(commands))
    return [_reply(connection) for _ in commands]


def _reply(connection: Any) -> Any:
    try:
        return connection.read_response()
    except ResponseError as exc:  # an error reply: the connection is still in step
        return exc
