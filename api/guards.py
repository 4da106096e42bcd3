"""Checks every request passes before its route runs: the rate limits, announced on every
answer with the `RateLimit` and `RateLimit-Policy` header fields; the caps on the long
requests one caller may hold at once (open event streams, `?min_version` waits); and the
deadline every request's handler runs under (api/deadline.py).

A request counts against two buckets: its caller's (`requests`: a verified identity, else
the client address; api/identity.py) and its source's, which bounds everything one address
sends whatever keys it holds (`address`), or, for a request with a valid application key,
the app's instead (`app`; lorekeeper/app_keys.py). Creating a player also counts against the
source's `players` bucket (`count_new_player`). docs/players.md, "Limits on addresses and
application keys".

The header fields follow draft-ietf-httpapi-ratelimit-headers (revision 10, the structured
field form; docs/client/limits.md): `RateLimit-Policy` names each quota, `RateLimit` says what is
left of the ones this request touched.
"""

from __future__ import annotations

import functools
import logging
import math
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NamedTuple, ParamSpec, TypeVar

import redis
from flask import Flask, Response, current_app, g

from api.deadline import RequestDeadline
from api.deps import components, current_request, request_globals
from api.identity import client_address, rate_limit_key
from lorekeeper import budget
from lorekeeper.app_keys import APP_KEY_HEADER, app_of, parse_app_keys
from lorekeeper.errors import RateLimited, Refused
from lorekeeper.limits import ConcurrencyLimiter, Quota, Rate, Slot
from lorekeeper.settings import Settings

# Probes and the spec are never limited: an orchestrator polls them.
UNLIMITED_PATHS = frozenset({"/healthz", "/readyz", "/openapi.yaml"})
# The names of the quotas, as RateLimit and RateLimit-Policy give them.
REQUESTS, ADDRESS, APP, PLAYERS = "requests", "address", "app", "players"
STREAMS, WAITS = "streams", "waits"
_APP = "lorekeeper_app"  # the request's app (None: no key), remembered for the request
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


# -- rate limits: the caller's bucket, its source's, and the players a source creates ---------


class Bucket(NamedTuple):
    """One bucket a request counts against: its quota's name, its key, its size, and what a
    429 says when it is empty."""

    name: str
    key: str
    rate: Rate
    refusal: str


def check_rate_limit() -> None:
    """Count the request against its buckets (429 `rate_limited` past one); then refuse an
    unknown application key (401 `app_key_rejected`), counted against the address first."""
    parts = components()
    if current_request().path in UNLIMITED_PATHS:
        return
    rejected: Refused | None = None
    try:
        app = requesting_app()
    except Refused as refused:
        app, rejected = None, refused
    if parts.settings.rate_limited:
        _count(request_buckets(parts.settings, app))
    if rejected is not None:
        raise rejected


def request_buckets(settings: Settings, app: str | None) -> list[Bucket]:
    """The caller's bucket (none for an app's request without a verified identity: the
    app's budget is its own) and the source's."""
    caller, address = rate_limit_key(), client_address()
    found = []
    if caller != address or app is None:
        rate = Rate(settings.rate_per_s, settings.rate_burst)
        found.append(Bucket(REQUESTS, caller, rate, "too many requests for this caller"))
    if app is not None:
        rate = Rate(settings.app_rate_per_s, settings.app_rate_burst)
        found.append(Bucket(APP, f"source:app:{app}", rate,
                            "too many requests for this application key"))  # fmt: skip
    else:
        rate = Rate(settings.address_rate_per_s, settings.address_rate_burst)
        refusal = "too many requests from this address, whatever keys they carry"
        found.append(Bucket(ADDRESS, f"source:{address}", rate, refusal))
    return found


def count_new_player() -> None:
    """Count a player about to be created against its source's `players` bucket: 429
    `rate_limited` once the address (or the app) has created as many as a window allows."""
    settings = components().settings
    if not settings.rate_limited:
        return
    app = requesting_app()
    size = settings.players_per_address if app is None else settings.players_per_app
    source = client_address() if app is None else f"app:{app}"
    rate = Rate(size / settings.players_window_s, size)
    what = "this address" if app is None else "this application key"
    refusal = f"{what} has created as many players as it may for now"
    _count([Bucket(PLAYERS, f"players:{source}", rate, refusal)])


def requesting_app() -> str | None:
    """The app whose key the request carries in `Lorekeeper-App-Key` (None: no such header);
    401 `app_key_rejected` for a key the server does not know."""
    remembered = request_globals()
    if not hasattr(remembered, _APP):
        key = current_request().headers.get(APP_KEY_HEADER)
        app = None if key is None else app_of(key, _apps(components().settings.app_keys))
        setattr(remembered, _APP, app)
    found: str | None = getattr(remembered, _APP)
    return found


@functools.lru_cache(maxsize=4)
def _apps(entries: str) -> dict[str, str]:
    return parse_app_keys(entries)


def _count(buckets: list[Bucket]) -> None:
    """Take one request from each bucket; 429 if any is empty, after the longest wait."""
    quotas = components().limiter.take_each([(b.key, b.rate) for b in buckets])
    counted = request_globals().get("rate_counted") or []
    counted.extend(zip(buckets, quotas, strict=True))
    request_globals().rate_counted = counted  # for the RateLimit fields (add_rate_limit_fields)
    empty = [(q.wait_s, b.refusal) for b, q in zip(buckets, quotas, strict=True) if q.wait_s > 0]
    if empty:
        wait, refusal = max(empty)
        raise RateLimited(retry_after_s(wait), refusal)


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


def policy_field(settings: Settings, counted: list[tuple[Bucket, Quota]]) -> str:
    """RateLimit-Policy: each bucket the request counted against as a quota per window (its
    burst, in the time the bucket takes to fill: the rate it sustains, never more), and the
    two caps."""
    items = [_policy_item(bucket.name, bucket.rate.burst, bucket.rate.per_s)
             for bucket, _ in counted]  # fmt: skip
    items.append(_caps(settings.streams_per_client, settings.waits_per_client))
    return ", ".join(items)


@functools.lru_cache(maxsize=64)
def _policy_item(name: str, burst: int, per_s: float) -> str:
    return f'"{name}";q={burst};w={max(1, math.ceil(burst / per_s))}'


@functools.lru_cache(maxsize=8)
def _caps(streams: int, waits: int) -> str:
    held = 'qu="concurrent-requests"'
    return f'"{STREAMS}";q={streams};{held}, "{WAITS}";q={waits};{held}'


def limit_field(counted: list[tuple[Bucket, Quota]], held: tuple[str, int, int] | None) -> str:
    """RateLimit: what is left of each quota this request touched."""
    items = []
    for bucket, quota in counted:
        reset = "" if quota.reset_s <= 0 else f";t={retry_after_s(quota.reset_s)}"
        items.append(f'"{bucket.name}";r={quota.remaining}{reset}')
    if held is not None:
        kind, limit, in_use = held
        items.append(f'"{kind}";r={max(0, limit - in_use)}')
    return ", ".join(items)


def rate_limit_fields(settings: Settings) -> Callable[[Response], Response]:
    """The after-request hook that adds the RateLimit fields."""

    def add_rate_limit_fields(response: Response) -> Response:
        if current_request().path in UNLIMITED_PATHS:
            return response
        found = request_globals()
        counted = found.get("rate_counted") or []
        response.headers["RateLimit-Policy"] = policy_field(settings, counted)
        field = limit_field(counted, found.get("rate_held"))
        if field:
            response.headers["RateLimit"] = field
        return response

    return add_rate_limit_fields


def register_guards(app: Flask) -> None:
    app.before_request(check_rate_limit)
    app.after_request(rate_limit_fields(app.extensions["lorekeeper"].settings))
    RequestDeadline(app.extensions["lorekeeper"].settings.request_timeout_s).register(app)
