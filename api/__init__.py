"""The HTTP API: the composition root `create_app` and its blueprints.

    app = create_app()                                  # settings from the environment
    app = create_app({"LOREKEEPER_JOBS": "inline"})     # settings from this mapping only
    app = create_app(settings, components=memory_components(settings))   # tests

Nothing connects at import time or in create_app: the Redis client connects on first use.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Mapping
from inspect import iscoroutinefunction
from typing import IO, Any

from flask import Flask, Request, Response
from flask.ctx import RequestContext
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.utils import cached_property

from api import audit, commands, forks, games, meta, players, push, ratings, seats, streams
from api.board.viewer import register_viewer
from api.caching import register_caching
from api.composition import Components, HealthCheck, redis_components
from api.cors import register_cors
from api.docs_site import register_docs_site
from api.errors import register_error_handlers
from api.guards import register_guards
from api.json_provider import OrjsonProvider
from api.play import register_play
from api.slow_clients import BodyDeadline
from api.versioning import register_versions
from lorekeeper.errors import Refused
from lorekeeper.settings import Settings, warn_unknown_variables

EXTENSION = "lorekeeper"


def create_app(
    config: Settings | Mapping[str, str] | None = None,
    *,
    components: Components | None = None,
) -> Flask:
    settings = config if isinstance(config, Settings) else Settings.from_env(config)
    if config is None:  # the process's own environment (gunicorn: api.wsgi)
        warn_unknown_variables()
    # No Flask /static/ route: the viewer serves its own files (/viewer/static/,
    # api/board/viewer.py), and every route the app answers is in openapi.yaml
    # (tests/api/test_spec_routes.py).
    app = LorekeeperApp(__name__, static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = settings.max_body_bytes
    app.json = OrjsonProvider(app)
    app.extensions[EXTENSION] = components or redis_components(settings)
    register_error_handlers(app)
    register_guards(app)
    for module in (games, commands, streams, meta, audit, players, seats, push, forks, ratings):
        app.register_blueprint(module.blueprint)
    register_caching(app, settings)  # Vary and Cache-Control on every answer (api/caching.py)
    register_cors(app, settings)
    register_viewer(app)
    register_docs_site(app)  # /docs/: the site scripts/run builds (api/docs_site.py)
    register_play(app)  # the browser client's page and files (clients/web)
    register_versions(app)  # /v1/…, and the unprefixed aliases (api/versioning.py)
    if settings.trusted_proxies:  # the client's address, where the rate limit counts it
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=settings.trusted_proxies)  # type: ignore[method-assign]
    app.wsgi_app = BodyDeadline(app.wsgi_app, settings.body_timeout_s)  # type: ignore[method-assign]
    return app


class LorekeeperRequest(Request):
    """Flask's request, reading its body in one call.

    werkzeug hands the body out through `LimitedStream` (a Python `RawIOBase`: a read goes
    through `readall`, `readinto` and the stream beneath in pieces), which took some 20 µs of
    a command's ~550 to read a body of a hundred bytes (BENCHMARKS.md, "a thirteenth
    session"). Here the same checks are made and the body is read with one `read` of
    `wsgi.input` (the body deadline's stream, api/slow_clients.py). With a Content-Length:
    413 past MAX_CONTENT_LENGTH before a byte is read, 400 `malformed_json` if the body ends
    short (as the JSON it cuts would be). Without one (chunked, the server ending the
    stream): at most MAX_CONTENT_LENGTH + 1 bytes are read, and 413 past the limit, where
    werkzeug's stream cut the body at the limit and the truncated JSON was refused as
    malformed. Anything else is werkzeug's stream."""

    @cached_property
    def stream(self) -> IO[bytes]:
        length, limit = self.content_length, self.max_content_length  # length None: chunked
        source = self.environ["wsgi.input"]
        if length is not None:
            if limit is not None and length > limit:
                raise RequestEntityTooLarge()
            body = source.read(length) if length else b""
            if len(body) < length:
                raise Refused("malformed_json", f"the body ended after {len(body)} of the "
                              f"{length} bytes its Content-Length announced")  # fmt: skip
            return io.BytesIO(body)
        if limit is not None and "wsgi.input_terminated" in self.environ:
            body = source.read(limit + 1)
            if len(body) > limit:
                raise RequestEntityTooLarge()
            return io.BytesIO(body)
        return super().stream  # no body (werkzeug's empty stream), or no limit


class LorekeeperResponse(Response):
    """Flask's response, handing a body already made to the server as it is.

    werkzeug's `__call__` copies the headers, looks them over for Location and
    Content-Length, and wraps the body in a generator inside a `ClosingIterator`: 54 k
    instructions of a command's 1,704 k (BENCHMARKS.md, "a thirteenth session"). A body
    that is a list of bytes (as `set_data` leaves it, with its Content-Length set), with
    nothing to call on close, no Location to rewrite, a status that carries a body and a
    request that is not HEAD goes out as it is; anything else takes werkzeug's way."""

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        body, status = self.response, self.status_code
        if (
            type(body) is list
            and not self._on_close
            and not self.direct_passthrough
            and environ["REQUEST_METHOD"] != "HEAD"
            and status >= 200
            and status not in (204, 304)
            and all(type(chunk) is bytes for chunk in body)
        ):
            headers = self.headers.to_wsgi_list()
            names = {name.lower() for name, _ in headers}
            if "content-length" in names and not names & {"location", "content-location"}:
                start_response(self.status, headers)
                return body
        return super().__call__(environ, start_response)


class LorekeeperApp(Flask):
    """Flask, remembering which of its functions are coroutines: Flask asks of every hook and
    view at every request (`ensure_sync`), and inspect's answers cost 0.65 % of a command's
    instructions (BENCHMARKS.md). Only the answers for the functions it registered are kept.
    Its requests and responses are `LorekeeperRequest`s and `LorekeeperResponse`s, each
    request made with the body limit of the app's config (MAX_CONTENT_LENGTH) set on it:
    Flask's request reads the config through the `current_app` proxy every time it is asked
    (api/deps.py says what a read through a proxy costs)."""

    _KEPT = 512
    request_class = LorekeeperRequest
    response_class = LorekeeperResponse

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._is_coroutine: dict[Callable[..., Any], bool] = {}

    def request_context(self, environ: dict[str, Any]) -> RequestContext:
        context = super().request_context(environ)
        context.request.max_content_length = self.config["MAX_CONTENT_LENGTH"]
        return context

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        key = getattr(func, "__func__", func)  # a bound method: a new object at each access
        known = self._is_coroutine.get(key)
        if known is None:
            known = iscoroutinefunction(func)
            if len(self._is_coroutine) < self._KEPT:
                self._is_coroutine[key] = known
        return self.async_to_sync(func) if known else func


def add_health_check(app: Flask, name: str, check: HealthCheck) -> None:
    """Add a check to `GET /healthz` (e.g. projection lag): it returns details, and raises or
    returns `{"ok": False, …}` to make the endpoint answer 503."""
    app.extensions[EXTENSION].health_checks[name] = check
