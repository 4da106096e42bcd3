"""CORS for browser clients (docs/push.md, "Browsers"): only the origins the operator lists in
LOREKEEPER_CORS_ORIGINS may read answers cross-origin; none by default (no CORS header is ever
sent then, so a browser keeps every answer to its own origin). flask-cors answers preflights
(OPTIONS with Access-Control-Request-*) for listed origins and adds the headers to the
answers; credentials (cookies) are never allowed: the API takes bearer keys and tickets."""

from __future__ import annotations

from flask import Flask
from flask_cors import CORS

from lorekeeper.app_keys import APP_KEY_HEADER
from lorekeeper.settings import Settings

ALLOWED_HEADERS = ["Authorization", "Content-Type", "Idempotency-Key", "If-Match", "If-None-Match",
                   "Last-Event-ID", "Accept", APP_KEY_HEADER]  # fmt: skip
# Every field the API sends that a script may need to read (a browser shows a script only
# the CORS-safelisted ones unless listed here); tests/api/test_cors.py sends them all.
EXPOSED_HEADERS = ["RateLimit", "RateLimit-Policy", "Retry-After", "Location", "Link", "ETag",
                   "Idempotent-Replayed", "X-Game-Version", "Content-Disposition",
                   "Deprecation", "Sunset"]  # fmt: skip
PREFLIGHT_MAX_AGE_S = 600


def register_cors(app: Flask, settings: Settings) -> None:
    origins = settings.cors_origin_list
    if not origins:
        return
    CORS(app, origins=origins, allow_headers=ALLOWED_HEADERS, expose_headers=EXPOSED_HEADERS,
         supports_credentials=False, max_age=PREFLIGHT_MAX_AGE_S)  # fmt: skip
