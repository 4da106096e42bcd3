"""Retries: which requests are sent again, after what, and how long the SDK waits.

- A request that never reached the server (no connection) is sent again, whatever it is.
- A read (GET) or a request with an `Idempotency-Key` is also sent again after a broken
  connection or a 503: the server answers a resent command with its first result.
- A 429 with `Retry-After` is sent again after that many seconds: the rate limiter refused it
  before anything happened.
- The SDK waits what `Retry-After` says, if it is at most `Retry.max_wait_s`; a longer wait is
  not made: the error is raised, with its `retry_after`. Without `Retry-After` it backs off
  (doubling, with jitter). After `Retry.attempts` retries the last answer or error stands.

Why our own code: httpx-retries, the nearest library, decides by the HTTP method alone (a
command is a POST made safe by its Idempotency-Key header) and, past its longest wait,
retries before the server's `Retry-After` has passed, where this SDK must give up instead.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import httpx

from lorekeeper_sdk.errors import retry_after_s

READS = frozenset({"GET", "HEAD", "OPTIONS"})
# The request was never sent: no connection was made.
NEVER_SENT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)


@dataclass(frozen=True)
class Retry:
    """How the SDK retries (the module's docstring says what).

    `attempts`: retries after the first try. `backoff_s`: the first wait when the server
    names none, doubling up to `max_backoff_s`. `max_wait_s`: the longest `Retry-After` the
    SDK waits. `sleep`: how it waits (tests pass a recorder)."""

    attempts: int = 4
    backoff_s: float = 0.5
    max_backoff_s: float = 8.0
    max_wait_s: float = 30.0
    sleep: Callable[[float], None] = field(default=time.sleep, repr=False)

    def backoff(self, retry: int) -> float:
        """The wait before retry number `retry` (1, 2 …): between half and all of the
        doubled step, so clients cut off together do not come back together."""
        ceiling = min(self.max_backoff_s, self.backoff_s * 2.0 ** (retry - 1))
        return ceiling / 2 + random.uniform(0, ceiling / 2)


def is_resendable(request: httpx.Request) -> bool:
    """Whether sending `request` twice does no more than sending it once."""
    return request.method in READS or "Idempotency-Key" in request.headers


class RetryingTransport(httpx.BaseTransport):
    """An httpx transport that retries as `Retry` says, around another transport."""

    def __init__(self, inner: httpx.BaseTransport, retry: Retry) -> None:
        self._inner = inner
        self._retry = retry

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        retries = 0
        while True:
            try:
                response = self._inner.handle_request(request)
            except httpx.TransportError as exc:
                if retries >= self._retry.attempts or not _may_resend_after(request, exc):
                    raise
                retries += 1
                self._retry.sleep(self._retry.backoff(retries))
                continue
            wait = self._wait(request, response, retries)
            if wait is None:
                return response
            response.close()
            retries += 1
            self._retry.sleep(wait)

    def _wait(self, request: httpx.Request, response: httpx.Response, retries: int) -> float | None:
        """How long to wait before sending `request` again, or None to keep `response`."""
        status = response.status_code
        if status not in (429, 503) or retries >= self._retry.attempts:
            return None
        if status == 503 and not is_resendable(request):
            return None  # the store may have done it: only a key makes a resend safe
        after = retry_after_s(response.headers)
        if after is None:
            return None if status == 429 else self._retry.backoff(retries + 1)
        return after if after <= self._retry.max_wait_s else None

    def close(self) -> None:
        self._inner.close()


def _may_resend_after(request: httpx.Request, error: httpx.TransportError) -> bool:
    return isinstance(error, NEVER_SENT) or is_resendable(request)
