"""A small HTTP/1.1 load generator: one thread, one selector, one connection per client.

It costs the server little CPU: requests are bytes made before the clock starts, a reply is
read only as far as its status line and headers (its body is counted, not parsed). A client
keeps its connection while the server allows (gunicorn's sync workers answer
`Connection: close`, so there each request opens a new one; the latency includes that connect).

A client is asked for its next request whenever it is idle; it answers with a `Request`, a
time to ask again (`float`, pacing or waiting on something), or None when it is done.
"""

from __future__ import annotations

import selectors
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

_DRAIN_S = 30.0


@dataclass
class Request:
    raw: bytes
    tag: str = ""


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    started: float  # perf_counter when the request began (connect included)
    ended: float  # perf_counter when its last byte arrived


class Client(Protocol):
    def next_request(self, now: float) -> Request | float | None: ...

    def on_reply(self, request: Request, reply: Reply) -> None: ...


def http_request(
    method: str, path: str, port: int, headers: dict[str, str] | None = None, body: bytes = b""
) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    if body or method == "POST":
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


@dataclass
class _Conn:
    client: Client
    sock: socket.socket | None = None
    request: Request | None = None
    started: float = 0.0
    buf: bytearray = field(default_factory=bytearray)
    wake_at: float = 0.0
    done: bool = False


class LoadGenerator:
    def __init__(self, port: int, clients: Sequence[Client]) -> None:
        self._port = port
        self._conns = [_Conn(c) for c in clients]
        self._selector = selectors.DefaultSelector()
        self.errors: list[str] = []

    def run(self, until: float, tick: Callable[[float], None] | None = None) -> None:
        """Serve the clients until perf_counter passes `until` or every client is done, then
        wait for the replies still due (a client must know how its last command ended)."""
        while True:
            now = time.perf_counter()
            if now >= until or all(c.done for c in self._conns):
                break
            if tick is not None:
                tick(now)
            for conn in self._conns:
                if not conn.done and conn.request is None and conn.wake_at <= now:
                    self._start(conn, now)
            self._poll(self._timeout(until))
        drain_until = time.perf_counter() + _DRAIN_S
        while any(c.request is not None for c in self._conns):
            if time.perf_counter() > drain_until:
                raise RuntimeError(f"replies still due {_DRAIN_S} s after the run")
            self._poll(0.01)
        for conn in self._conns:
            self._close(conn)
        self._selector.close()

    def _poll(self, timeout: float) -> None:
        if not self._selector.get_map():
            time.sleep(timeout)
            return
        for key, _ in self._selector.select(timeout):
            self._on_readable(key.data)

    def _timeout(self, until: float) -> float:
        now = time.perf_counter()
        waits = [c.wake_at for c in self._conns if not c.done and c.request is None]
        soonest = min(waits, default=until)
        return max(0.0, min(soonest, until, now + 0.001) - now)

    def _start(self, conn: _Conn, now: float) -> None:
        answer = conn.client.next_request(now)
        if answer is None:
            conn.done = True
            self._close(conn)
            return
        if isinstance(answer, float):
            conn.wake_at = answer
            return
        conn.request, conn.started, conn.buf = answer, time.perf_counter(), bytearray()
        if conn.sock is None:
            sock = socket.create_connection(("127.0.0.1", self._port))
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.setblocking(False)
            conn.sock = sock
            self._selector.register(sock, selectors.EVENT_READ, conn)
        try:
            conn.sock.sendall(answer.raw)  # small requests: the socket buffer takes them whole
        except OSError as exc:
            self._fail(conn, f"send: {exc!r}")

    def _on_readable(self, conn: _Conn) -> None:
        assert conn.sock is not None
        if conn.request is None:  # the server closed an idle keep-alive connection
            self._close(conn)  # the client's next request opens another
            return
        try:
            chunk = conn.sock.recv(262144)
        except BlockingIOError:
            return
        except OSError as exc:
            self._fail(conn, f"recv: {exc!r}")
            return
        if not chunk:
            self._fail(conn, "connection closed before a whole reply")
            return
        conn.buf += chunk
        parsed = _parse(conn.buf)
        if parsed is None:
            return
        status, headers = parsed
        reply = Reply(status, headers, conn.started, time.perf_counter())
        request, conn.request = conn.request, None
        if headers.get("connection", "").lower() == "close":
            self._close(conn)
        conn.client.on_reply(request, reply)

    def _fail(self, conn: _Conn, why: str) -> None:
        self.errors.append(why)
        request, conn.request = conn.request, None
        self._close(conn)
        if request is not None:
            now = time.perf_counter()
            conn.client.on_reply(request, Reply(0, {}, conn.started, now))

    def _close(self, conn: _Conn) -> None:
        if conn.sock is not None:
            self._selector.unregister(conn.sock)
            conn.sock.close()
            conn.sock = None


def _parse(buf: bytearray) -> tuple[int, dict[str, str]] | None:
    """Status and headers once the whole reply (by Content-Length) is in `buf`."""
    end = buf.find(b"\r\n\r\n")
    if end < 0:
        return None
    head = bytes(buf[:end]).decode("latin-1").split("\r\n")
    headers = {}
    for line in head[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    if len(buf) < end + 4 + length:
        return None
    return int(head[0].split(" ", 2)[1]), headers
