"""CORS for browser clients (docs/push.md, "Browsers"): only the origins the operator lists in
LOREKEEPER_CORS_ORIGINS may read answers cross-origin; none by default (no CORS header is ever
sent then, so a browser keeps every answer to its own origin). flask-cors answers preflights
(OPTIONS with Access-Control-Request-*) for listed origins and adds the headers to the
answers; credentials (cookies) are never allowed: the API takes bearer keys and tickets."""

from __future__ import annotations

from flask import Flask
from flask_cors import CORS

from lorekeeper.settings import Settings

ALLOWED_HEADERS = ["Authorization", "Content-Type", "Idempotency-Key", "If-Match",
                   "Last-Event-ID", "Accept"]  # fmt: skip
EXPOSED_HEADERS = ["RateLimit", "RateLimit-Policy", "Retry-After", "Location", "Link", "ETag"]
PREFLIGHT_MAX_AGE_S = 600


def register_cors(app: Flask, settings: Settings) -> None:
    origins = settings.cors_origin_list
    if not origins:
        return
    CORS(app, origins=origins, allow_headers=ALLOWED_HEADERS, expose_headers=EXPOSED_HEADERS,
         supports_credentials=False, max_age=PREFLIGHT_MAX_AGE_S)  # fmt: skip
