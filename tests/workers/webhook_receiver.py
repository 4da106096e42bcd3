"""A real webhook receiver for the tests: an HTTP server on 127.0.0.1 (or HTTPS, given a TLS
context: `tls`), in the test's process, that records every request and answers as scripted
(a status, or a hang longer than the sender's timeout). `verify` checks a delivery as the
Standard Webhooks specification publishes it, written out here from the specification (not
the library the server signs with), and with the `standardwebhooks` library too."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import ssl
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from standardwebhooks import Webhook


@dataclass(frozen=True)
class Received:
    headers: dict[str, str]
    body: bytes
    answered: int | None  # the status answered (None: hung past the sender's timeout)

    @property
    def id(self) -> str:
        return self.headers["webhook-id"]

    @property
    def json(self) -> dict[str, Any]:
        loaded: dict[str, Any] = json.loads(self.body)
        return loaded


class Receiver:
    def __init__(self) -> None:
        self.received: list[Received] = []
        self.script: list[int | float] = []  # an int: that status; a float: hang that long
        self.default = 204
        self.arrived = threading.Event()
        self._lock = threading.Lock()
        self.url = ""

    def answer_next(self, *behaviours: int | float) -> None:
        with self._lock:
            self.script.extend(behaviours)

    def _behaviour(self) -> int | float:
        with self._lock:
            return self.script.pop(0) if self.script else self.default

    def _record(self, received: Received) -> None:
        with self._lock:
            self.received.append(received)
        self.arrived.set()

    def ok_ids(self) -> list[str]:
        """The ids of the deliveries answered 2xx, in the order they came."""
        with self._lock:
            return [r.id for r in self.received if r.answered is not None and r.answered < 300]

    def ids(self) -> list[str]:
        with self._lock:
            return [r.id for r in self.received]

    def unique_ok(self) -> list[str]:
        """What a receiver that de-duplicates by `webhook-id` processes, in order."""
        return list(dict.fromkeys(self.ok_ids()))


@contextmanager
def receiver(tls: ssl.SSLContext | None = None) -> Iterator[Receiver]:
    """`tls`: the server's context (its certificate): the receiver speaks HTTPS."""
    state = Receiver()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (the name http.server calls)
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            headers = {k.lower(): v for k, v in self.headers.items()}
            behaviour = state._behaviour()
            if isinstance(behaviour, float):
                state._record(Received(headers, body, None))
                time.sleep(behaviour)
                status = 204
            else:
                status = behaviour
                state._record(Received(headers, body, status))
            try:
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()
            except OSError:
                pass  # the sender hung up (its timeout)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    if tls is not None:
        # The handshake in each request's thread, not in the accepting one; a refused one
        # (the tests that expect one) is not an error to print.
        server.socket = tls.wrap_socket(server.socket, server_side=True,
                                        do_handshake_on_connect=False)  # fmt: skip
        server.handle_error = lambda request, address: None  # type: ignore[method-assign]
    scheme = "http" if tls is None else "https"
    state.url = f"{scheme}://127.0.0.1:{server.server_address[1]}/hooks?app=1"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()


def verify(secret: str, received: Received, now_s: float | None = None) -> dict[str, Any]:
    """The delivery's payload, checked as https://www.standardwebhooks.com specifies it:
    the signature is base64(HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>")),
    the key the base64 after `whsec_`; `webhook-signature` is space-separated `v1,<sig>`
    values; the timestamp within 5 minutes. AssertionError otherwise."""
    headers = received.headers
    msg_id, stamp = headers["webhook-id"], headers["webhook-timestamp"]
    assert abs((now_s or time.time()) - int(stamp)) < 300, "the timestamp is too far off"
    key = base64.b64decode(secret.removeprefix("whsec_"))
    signed = f"{msg_id}.{stamp}.".encode() + received.body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    given = [s.split(",", 1) for s in headers["webhook-signature"].split(" ")]
    assert any(v == "v1" and hmac.compare_digest(sig, expected) for v, sig in given), given
    Webhook(secret).verify(received.body, headers)  # the library agrees
    return received.json
