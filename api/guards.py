"""Checks every request passes before its route runs: the per-caller rate limit, counted
against a verified identity or the client address (api/identity.py), announced on every
answer with the `RateLimit` and `RateLimit-Policy` header fields; the caps on the long
requests one caller may hold at once (open event streams, `?min_version` waits); and the
deadline every request's handler runs under (api/deadline.py).

The header fields follow draft-ietf-httpapi-ratelimit-headers (revision 10, the structured
field form; docs/api.md): `RateLimit-Policy` names each quota, `RateLimit` says what is left
of the ones this request touched.
"""

from __future__ import annotations

import functools
import logging
import math
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import ParamSpec, TypeVar

import redis
from flask import Flask, Response, current_app, g

from api.deadline import RequestDeadline
from api.deps import components, current_request, request_globals
from api.identity import rate_limit_key
from lorekeeper import budget
from lorekeeper.errors import RateLimited, Refused
from lorekeeper.ports import ConcurrencyLimiter, Quota, Slot
from lorekeeper.settings import Settings

# Probes and the spec are never limited: an orchestrator polls them.
UNLIMITED_PATHS = frozenset({"/healthz", "/readyz", "/openapi.yaml"})
# The names of the quotas, as RateLimit and RateLimit-Policy give them.
REQUESTS, STREAMS, WAITS = "requests", "streams", "waits"
# How long a slot outlives the longest request it may stand for, should its process die.
_SLOT_SLACK_S = 60.0
_log = logging.getLogger(__name__)


P = ParamSpec("P")
R = TypeVar("R")


def budgeted(view: Callable[P, R]) -> Callable[P, R]:
    """The route runs within the read budget (LOREKEEPER_READ_BUDGET_S, lorekeeper/budget.py):
    for the reads that fold or re-decide a game's events one by one."""

    @functools.wraps(view)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        settings = getattr(current_app.extensions.get("lorekeeper"), "settings", None)
        seconds = budget.DEFAULT_S if settings is None else settings.read_budget_s  # a bare app
        with budget.within(seconds):
            return view(*args, **kwargs)

    return run


def check_rate_limit() -> None:
    parts = components()
    if not parts.settings.rate_limited or current_request().path in UNLIMITED_PATHS:
        return
    quota = parts.limiter.take(rate_limit_key())
    request_globals().rate_quota = quota  # for the RateLimit field (add_rate_limit_fields)
    if quota.wait_s > 0:
        raise RateLimited(retry_after_s(quota.wait_s))


def retry_after_s(wait: float) -> int:
    """Whole seconds for a Retry-After header (at least 1)."""
    return max(1, math.ceil(wait))


# -- long requests: each caller holds a few at most ---------------------------------------------


def open_stream() -> Callable[[], None]:
    """Hold one of the caller's event streams (and one of this process's); the function that
    lets them go, to call once the stream has ended (it may run after the request's context
    is gone). 429 `too_many_streams` past the caller's cap, 503 `streams_full` past the
    process's."""
    parts = components()
    settings = parts.settings
    if not parts.open_streams.enter(settings.streams_per_process):
        raise Refused(
            "streams_full",
            f"this server process has {settings.streams_per_process} event streams open; "
            "retry shortly",
            retry_after_s=5,
        )
    try:
        slot = _acquire(STREAMS, settings.streams_per_client, settings.sse_max_s)
    except BaseException:
        parts.open_streams.leave()
        raise
    done = threading.Lock()

    def release() -> None:
        if done.acquire(blocking=False):  # once, however often it is called
            parts.open_streams.leave()
            _release(parts.concurrency, slot)

    return release


@contextmanager
def waiting_slot() -> Iterator[None]:
    """Hold one of the caller's `?min_version` waits while in the block; 429 `too_many_waits`
    past the caller's cap."""
    settings = components().settings
    slot = _acquire(WAITS, settings.waits_per_client, settings.projection_wait_s)
    try:
        yield
    finally:
        _release(components().concurrency, slot)


def _release(limiter: ConcurrencyLimiter, slot: Slot) -> None:
    """Give the slot back; should the store not answer, it lapses by itself (its ttl)."""
    try:
        limiter.release(slot)
    except redis.RedisError as exc:
        _log.warning("a %s slot was not released (it lapses by itself): %r", slot.key, exc)


def _acquire(kind: str, limit: int, longest_s: float) -> Slot:
    key = f"{kind}:{rate_limit_key()}"
    slot = components().concurrency.acquire(key, limit, longest_s + _SLOT_SLACK_S)
    if slot is None:
        g.rate_held = (kind, limit, limit)
        what = "event streams open" if kind == STREAMS else "waits for a version under way"
        raise Refused(
            f"too_many_{kind}",
            f"this client has {limit} {what}, as many as it may; end one first",
        )
    g.rate_held = (kind, limit, slot.in_use)
    return slot


# -- the RateLimit header fields ------------------------------------------------------------------


def policy_field(settings: Settings) -> str:
    """RateLimit-Policy: the request bucket as a quota per window (its burst, in the time
    the bucket takes to fill: the rate it sustains, never more), and the two caps. The same
    on every answer, so made once per set of limits."""
    return _policy_field(settings.rate_limited, settings.rate_burst, settings.rate_per_s,
                         settings.streams_per_client, settings.waits_per_client)  # fmt: skip


@functools.lru_cache(maxsize=8)
def _policy_field(rate_limited: bool, burst: int, per_s: float, streams: int, waits: int) -> str:
    items = []
    if rate_limited:
        window = max(1, math.ceil(burst / per_s))
        items.append(f'"{REQUESTS}";q={burst};w={window}')
    items.append(f'"{STREAMS}";q={streams};qu="concurrent-requests"')
    items.append(f'"{WAITS}";q={waits};qu="concurrent-requests"')
    return ", ".join(items)


def limit_field(quota: Quota | None, held: tuple[str, int, int] | None) -> str:
    """RateLimit: what is left of each quota this request touched."""
    items = []
    if quota is not None:
        reset = "" if quota.reset_s <= 0 else f";t={retry_after_s(quota.reset_s)}"
        items.append(f'"{REQUESTS}";r={quota.remaining}{reset}')
    if held is not None:
        kind, limit, in_use = held
        items.append(f'"{kind}";r={max(0, limit - in_use)}')
    return ", ".join(items)


def rate_limit_fields(settings: Settings) -> Callable[[Response], Response]:
    """The after-request hook that adds the RateLimit fields (the policy's made once)."""
    policy, limited = policy_field(settings), settings.rate_limited

    def add_rate_limit_fields(response: Response) -> Response:
        if current_request().path in UNLIMITED_PATHS:
            return response
        response.headers["RateLimit-Policy"] = policy
        found = request_globals()
        field = limit_field(found.get("rate_quota") if limited else None, found.get("rate_held"))
        if field:
            response.headers["RateLimit"] = field
        return response

    return add_rate_limit_fields


def register_guards(app: Flask) -> None:
    app.before_request(check_rate_limit)
    app.after_request(rate_limit_fields(app.extensions["lorekeeper"].settings))
    RequestDeadline(app.extensions["lorekeeper"].settings.request_timeout_s).register(app)
