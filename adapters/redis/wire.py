"""What both lanes (lane.py, cluster_lane.py) send and read with: a script call, the
connections a lane keeps (last in, first out, up to a bound), its commands packed with
hiredis's packer and written at once, and the replies read back in order."""

from __future__ import annotations

import hashlib
import os
import threading
import weakref
from collections.abc import Sequence
from functools import cache
from typing import Any, NamedTuple

from hiredis import pack_command
from redis.exceptions import ConnectionError, DataError, ResponseError

WAIT_S = 5.0  # a call waits for a free connection this long at most, then ConnectionError
MAX_CONNECTIONS = 64  # a lane's connections to one server, at most; a call past them waits


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


class Connections:
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


def exchange(connection: Any, commands: list[tuple[Any, ...]]) -> list[Any]:
    """Send the commands packed together, then read a reply for each."""
    connection.send_packed_command(packed(commands))
    return [read_reply(connection) for _ in commands]


def packed(commands: list[tuple[Any, ...]]) -> list[bytes]:
    """The commands in Redis's protocol, as one buffer: hiredis's packer (a dependency:
    `redis[hiredis]`), which redis-py's own packing calls too, without redis-py's pass over
    the arguments before it (it splits a command name holding a space and copies bytearrays
    and memoryviews: a lane's commands hold neither; an append has 35 arguments)."""
    try:
        return [b"".join([pack_command(command) for command in commands])]
    except TypeError as exc:  # an argument Redis cannot take: redis-py's error for it
        raise DataError(str(exc)) from exc


def read_reply(connection: Any) -> Any:
    try:
        return connection.read_response()
    except ResponseError as exc:  # an error reply: the connection is still in step
        return exc
