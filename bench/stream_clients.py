"""Many event streams from one thread: raw sockets in one selector, each with its own
`GET /games/{id}/stream`. It notes each stream's status and when each event (by its `id:`)
arrived, and costs little CPU while the streams are quiet. The benchmarks (bench/streams.py)
and the tests (tests/streams) open hundreds to thousands with it.

    streams = StreamClients(port, [f"/games/{game_id}/stream"] * 1000)
    streams.open(timeout_s=30)              # every status line and header in
    streams.pump(until=time.perf_counter() + 1)
    streams.arrivals[5]                     # when event 5 arrived, stream by stream
"""

from __future__ import annotations

import re
import selectors
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

_ID = re.compile(rb"(?:^|\n)id: (\d+)\n")
_STATUS = re.compile(rb"^HTTP/1\.[01] (\d{3})")
_LENGTH = re.compile(rb"\r\ncontent-length: *(\d+)", re.IGNORECASE)


@dataclass
class _Stream:
    index: int
    sock: socket.socket
    status: int = 0
    headers: bytes = b""
    buf: bytearray = field(default_factory=bytearray)
    closed: bool = False


class StreamClients:
    def __init__(
        self,
        port: int,
        paths: Sequence[str],
        headers: dict[str, str] | None = None,
        host: str = "127.0.0.1",
    ) -> None:
        self.port, self.paths, self.host = port, list(paths), host
        self.extra_headers = headers or {}
        self.streams: list[_Stream] = []
        self.arrivals: dict[int, list[float]] = {}  # event version -> arrival times
        self.bodies: dict[int, bytes] = {}  # stream index -> body, once it ended (a refusal)
        self._selector = selectors.DefaultSelector()

    def open(self, timeout_s: float = 30.0, batch: int = 200) -> None:
        """Connect and ask, `batch` at a time; return once every stream has its status."""
        deadline = time.perf_counter() + timeout_s
        for start in range(0, len(self.paths), batch):
            for index in range(start, min(start + batch, len(self.paths))):
                self._connect(index)
            self.pump(deadline, lambda: all(s.status for s in self.streams))
        if not all(s.status for s in self.streams):
            missing = sum(1 for s in self.streams if not s.status)
            raise TimeoutError(f"{missing} of {len(self.streams)} streams got no status")

    @property
    def statuses(self) -> list[int]:
        return [s.status for s in self.streams]

    def pump(self, until: float, done: Callable[[], bool] | None = None) -> None:
        """Read whatever arrives until perf_counter passes `until` (or `done()` holds)."""
        while True:
            now = time.perf_counter()
            if now >= until or (done is not None and done()):
                return
            if not self._selector.get_map():
                time.sleep(min(0.01, until - now))
                continue
            for key, _ in self._selector.select(min(0.05, until - now)):
                self._read(key.data)

    def wait_for(self, version: int, count: int, timeout_s: float) -> list[float]:
        """Pump until `count` streams have event `version` (or the time is up): their times."""
        until = time.perf_counter() + timeout_s
        self.pump(until, lambda: len(self.arrivals.get(version, ())) >= count)
        return self.arrivals.get(version, [])

    def close(self) -> None:
        for stream in self.streams:
            if not stream.closed:
                self._selector.unregister(stream.sock)
                stream.sock.close()
                stream.closed = True
        self._selector.close()

    def __enter__(self) -> StreamClients:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _connect(self, index: int) -> None:
        sock = socket.create_connection((self.host, self.port), timeout=10)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        lines = [f"GET {self.paths[index]} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        lines += ["Accept: text/event-stream"]
        lines += [f"{k}: {v}" for k, v in self.extra_headers.items()]
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        sock.setblocking(False)
        stream = _Stream(index, sock)
        self.streams.append(stream)
        self._selector.register(sock, selectors.EVENT_READ, stream)

    def _read(self, stream: _Stream) -> None:
        try:
            chunk = stream.sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        now = time.perf_counter()
        if not chunk:
            self._ended(stream)
            return
        stream.buf += chunk
        if not stream.status:
            end = stream.buf.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(stream.buf[:end])
            match = _STATUS.match(head)
            stream.status = int(match.group(1)) if match else -1
            stream.headers = head
            del stream.buf[: end + 4]
        if stream.status != 200:  # a refusal: its whole body, then this stream is done
            length = _LENGTH.search(stream.headers)
            if length and len(stream.buf) >= int(length.group(1)):
                self._ended(stream)
            return
        end = stream.buf.rfind(b"\n\n")
        if end < 0:
            return
        for version in _ID.findall(bytes(stream.buf[: end + 1])):
            self.arrivals.setdefault(int(version), []).append(now)
        del stream.buf[: end + 2]

    def _ended(self, stream: _Stream) -> None:
        self.bodies[stream.index] = bytes(stream.buf)
        self._selector.unregister(stream.sock)
        stream.sock.close()
        stream.closed = True
