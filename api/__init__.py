"""The HTTP API: the composition root `create_app` and its blueprints.

    app = create_app()                                  # settings from the environment
    app = create_app({"LOREKEEPER_JOBS": "inline"})     # settings from this mapping only
    app = create_app(settings, components=memory_components(settings))   # tests

Nothing connects at import time or in create_app: the Redis client connects on first use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from inspect import iscoroutinefunction
from typing import Any

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

from api import audit, commands, games, meta, players, push, seats, streams
from api.composition import Components, HealthCheck, redis_components
from api.cors import register_cors
from api.errors import register_error_handlers
from api.guards import register_guards
from api.json_provider import OrjsonProvider
from api.slow_clients import BodyDeadline
from api.versioning import register_versions
from api.viewer import register_viewer
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
    # No Flask /static/ route: the viewer serves its own files (/viewer/static/, api/viewer.py),
    # and every route the app answers is in openapi.yaml (tests/api/test_spec_routes.py).
    app = LorekeeperApp(__name__, static_folder=None)
    app.config["MAX_CONTENT_LENGTH"] = settings.max_body_bytes
    app.json = OrjsonProvider(app)
    app.extensions[EXTENSION] = components or redis_components(settings)
    register_error_handlers(app)
    register_guards(app)
    for module in (games, commands, streams, meta, audit, players, seats, push):
        app.register_blueprint(module.blueprint)
    register_cors(app, settings)
    register_viewer(app)
    register_versions(app)  # /v1/…, and the unprefixed aliases (api/versioning.py)
    if settings.trusted_proxies:  # the client's address, where the rate limit counts it
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=settings.trusted_proxies)  # type: ignore[method-assign]
    app.wsgi_app = BodyDeadline(app.wsgi_app, settings.body_timeout_s)  # type: ignore[method-assign]
    return app


class LorekeeperApp(Flask):
    """Flask, remembering which of its functions are coroutines: Flask asks of every hook and
    view at every request (`ensure_sync`), and inspect's answers cost 0.65 % of a command's
    instructions (BENCHMARKS.md). Only the answers for the functions it registered are kept."""

    _KEPT = 512

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._is_coroutine: dict[Callable[..., Any], bool] = {}

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
