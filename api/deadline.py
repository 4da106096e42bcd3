"""A deadline for every request, which gunicorn's `gthread` workers do not have.

Gunicorn's `--timeout` only kills a worker process whose main loop stops answering; a gthread
worker's main loop goes on while one of its threads is stuck in a request, so nothing ever
ends such a request, and a few of them leave the process no thread to serve anyone else.
Python cannot stop a thread from outside, so the deadline acts on the process: a watchdog
thread (one per process, started with its first request) looks every second for requests
whose handler has run longer than LOREKEEPER_REQUEST_TIMEOUT_S (`request.overran`, logged
once each) and then stops the gunicorn worker gracefully (SIGTERM to itself, once): it takes
no new connection, the requests in hand get `--graceful-timeout` to finish, and gunicorn
starts a fresh worker; a worker still stuck after that is killed by gunicorn once its
`--timeout` passes (scripts/run sets both). Outside gunicorn (tests, `flask run`) overruns
are only logged.

The time counted is the handler's, from `before_request` to `teardown_request`: reading the
body, deciding, waiting for `min_version`. An event stream's body is sent after that and has
its own limit (LOREKEEPER_SSE_MAX_S). No request of this API should come near the deadline:
reaching it means something unbounded, so the default (60 s) is far above the longest wait a
request may ask for (`min_version`: LOREKEEPER_PROJECTION_WAIT_S).
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from collections.abc import Callable

from flask import Flask, Request

from api.deps import current_request

log = logging.getLogger(__name__)
CHECK_EVERY_S = 1.0


class _Running:
    """A request in hand: when its handler began, the request, whether it was reported."""

    __slots__ = ("started", "request", "reported")

    def __init__(self, started: float, request: Request) -> None:
        self.started, self.request, self.reported = started, request, False

    @property
    def under_gunicorn(self) -> bool:
        return str(self.request.environ.get("SERVER_SOFTWARE", "")).startswith("gunicorn")

    def __str__(self) -> str:
        return f"{self.request.method} {self.request.path}"


# This process's id, kept (a forked child learns its own): `_start` asks at every request.
_pid = os.getpid()


def _forked() -> None:
    global _pid
    _pid = os.getpid()


os.register_at_fork(after_in_child=_forked)


def stop_gunicorn_worker() -> None:
    """Ask this gunicorn worker to stop gracefully (its arbiter starts another)."""
    os.kill(os.getpid(), signal.SIGTERM)


class RequestDeadline:
    def __init__(
        self,
        limit_s: float,
        *,
        recycle: Callable[[], None] = stop_gunicorn_worker,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit_s = limit_s
        self._recycle = recycle
        self._clock = clock
        self._running: dict[int, _Running] = {}
        self._lock = threading.Lock()
        self._watchdog_pid: int | None = None
        self.recycled = False

    def register(self, app: Flask) -> None:
        if self.limit_s > 0:
            app.before_request(self._start)
            app.teardown_request(self._finish)

    def _start(self) -> None:
        # No lock: a dict's item set and pop are atomic, and `check` copies the values in one
        # call. This runs before every request (its cost: BENCHMARKS.md, "a thirteenth session").
        self._running[threading.get_ident()] = _Running(self._clock(), current_request())
        if self._watchdog_pid != _pid:  # the first request of this (forked) process
            with self._lock:
                if self._watchdog_pid != _pid:
                    self._watchdog_pid = _pid
                    threading.Thread(target=self._watch, name="request-deadline",
                                     daemon=True).start()  # fmt: skip

    def _finish(self, exc: BaseException | None = None) -> None:
        self._running.pop(threading.get_ident(), None)

    def _watch(self) -> None:
        while True:
            time.sleep(CHECK_EVERY_S)
            self.check()

    def check(self) -> list[str]:
        """Log each request past the deadline once; stop the worker (once) under gunicorn.
        The overrunning requests, as "METHOD /path"."""
        now = self._clock()
        running = list(self._running.values())  # one call: requests come and go meanwhile
        late = [r for r in running if now - r.started > self.limit_s]
        with self._lock:
            fresh = [r for r in late if not r.reported]
            for overran in fresh:
                overran.reported = True
            recycle = any(r.under_gunicorn for r in late) and not self.recycled
            self.recycled = self.recycled or recycle
        for overran in fresh:
            log.warning(
                "request.overran: %s has run %.0f s, past LOREKEEPER_REQUEST_TIMEOUT_S",
                overran, now - overran.started,
                extra={"path": overran.request.path, "limit_s": self.limit_s,
                       "recycle": recycle},
            )  # fmt: skip
        if recycle:
            self._recycle()
        return [str(r) for r in late]
