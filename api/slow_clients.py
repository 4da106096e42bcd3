"""Slow clients: a request's body must arrive within `LOREKEEPER_BODY_TIMEOUT_S` of its
headers, or the request is answered 408 `body_timeout` (docs/client/limits.md, "Limits").

Under gunicorn's gevent workers (the shipped layout, gunicorn.conf.py) the deadline holds for
the whole body: a gevent.Timeout ends the read wherever it waits (none is set for a body
gunicorn already holds whole, `held_whole`). Under threads, each read
of the socket waits at most the time left (the socket's own timeout), which a client sending
a byte now and then can stretch.
"""

from __future__ import annotations

import io
import socket
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from adapters.greenlets import under_gevent
from lorekeeper.errors import Refused

WSGIApp = Callable[[dict[str, Any], Any], Iterable[bytes]]


def body_timeout(timeout_s: float) -> Refused:
    return Refused("body_timeout", f"the request body did not arrive within {timeout_s:g} s")


class BodyDeadline:
    """WSGI middleware: the body of each request is read against its deadline."""

    def __init__(self, app: WSGIApp, timeout_s: float) -> None:
        self.app = app
        self.timeout_s = timeout_s

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        if _has_body(environ):
            environ["wsgi.input"] = DeadlineInput(
                environ["wsgi.input"],
                environ.get("gunicorn.socket"),
                time.monotonic() + self.timeout_s,
                self.timeout_s,
            )
        return self.app(environ, start_response)


def _has_body(environ: dict[str, Any]) -> bool:
    length = environ.get("CONTENT_LENGTH", "")
    chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
    return chunked or (length not in ("", "0"))


class DeadlineInput:
    """`wsgi.input`, every read of it bounded by one deadline."""

    def __init__(
        self, stream: Any, sock: socket.socket | None, deadline: float, timeout_s: float
    ) -> None:
        self._stream, self._sock = stream, sock
        self._deadline, self._timeout_s = deadline, timeout_s

    def read(self, size: int | None = -1) -> bytes:
        return self._within(self._stream.read, size)  # type: ignore[no-any-return]

    def readline(self, size: int | None = -1) -> bytes:
        return self._within(self._stream.readline, size)  # type: ignore[no-any-return]

    def readlines(self, hint: int | None = -1) -> list[bytes]:
        return self._within(self._stream.readlines, hint)  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[bytes]:
        while line := self.readline():
            yield line

    def _within(self, read: Callable[..., Any], *args: Any) -> Any:
        left = self._deadline - time.monotonic()
        if left <= 0:
            raise body_timeout(self._timeout_s)
        if under_gevent():
            if held_whole(self._stream):  # nothing to wait for: no timer to set
                return read(*args)
            import gevent

            # gevent's own pattern for a timeout of one's own: the refusal is made only if
            # it fires (every request's body is read this way; nearly none times out).
            timeout = gevent.Timeout(left)
            timeout.start()
            try:
                return read(*args)
            except gevent.Timeout as fired:
                if fired is not timeout:
                    raise
                raise body_timeout(self._timeout_s) from None
            finally:
                timeout.close()
        if self._sock is None:
            return read(*args)
        before = self._sock.gettimeout()
        self._sock.settimeout(left)
        try:
            return read(*args)
        except TimeoutError:
            raise body_timeout(self._timeout_s) from None
        finally:
            self._sock.settimeout(before)


def held_whole(stream: Any) -> bool:
    """Whether gunicorn already holds the rest of this request body (`stream` its
    `wsgi.input`): a body of known length whose unread bytes are all in the buffer gunicorn
    read ahead into with the headers, as a small body's are. Reading it then cannot wait on
    the client, so no timer is set for it (a gevent.Timeout made, started and closed: about
    2 % of the API's samples under load). False for anything else (a chunked body, another
    server, a gunicorn whose insides differ), which is read against the deadline."""
    reader = getattr(stream, "reader", None)
    length = getattr(reader, "length", None)
    buffer = getattr(getattr(reader, "unreader", None), "buf", None)
    if type(length) is not int or not isinstance(buffer, io.BytesIO):
        return False
    return buffer.getbuffer().nbytes >= length
