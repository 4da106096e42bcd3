"""Checks every request passes before its route runs: the per-caller rate limit, counted
against a verified identity or the client address (api/identity.py); and the deadline every
request's handler runs under (api/deadline.py)."""

from __future__ import annotations

import math

from flask import Flask, request

from api.deadline import RequestDeadline
from api.deps import components
from api.identity import rate_limit_key
from lorekeeper.errors import RateLimited

# Probes and the spec are never limited: an orchestrator polls them.
UNLIMITED_PATHS = frozenset({"/healthz", "/readyz", "/openapi.yaml"})


def check_rate_limit() -> None:
    if request.path in UNLIMITED_PATHS or not components().settings.rate_limited:
        return
    wait = components().limiter.acquire(rate_limit_key())
    if wait > 0:
        raise RateLimited(retry_after_s(wait))


def retry_after_s(wait: float) -> int:
    """Whole seconds for a Retry-After header (at least 1)."""
    return max(1, math.ceil(wait))


def register_guards(app: Flask) -> None:
    app.before_request(check_rate_limit)
    RequestDeadline(app.extensions["lorekeeper"].settings.request_timeout_s).register(app)
