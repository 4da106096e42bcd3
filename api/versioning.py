"""The API's versions, and what is retired (docs/client/contract.md, "Versions and breaking
changes").

Every route is served under `/v1` (the spec's `servers` URL ends in it). The same routes
without the prefix are aliases kept for the clients written before it; they answer the same,
and say they are deprecated. The probes, the spec and the viewer's files are not versioned
(an orchestrator polls `/healthz` whatever the API's version) and say nothing.

Retiring something is one `Retirement` (RFC 9745 `Deprecation`, RFC 8594 `Sunset`, and a
`Link` to the policy) found for the request by `retirement_for`: an endpoint named in
`RETIRED_ENDPOINTS`, or an unprefixed alias. The prefix is moved from `PATH_INFO` to
`SCRIPT_NAME` before Flask routes, so the routes are written once and every link the API
makes (`Location`, `Link: rel="next"`, `join_url`) keeps the prefix the client used.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from flask import Flask, Response
from werkzeug.http import http_date

from api.deps import current_request

VERSION = "v1"
PREFIX = f"/{VERSION}"
ENVIRON_KEY = "lorekeeper.api_version"
# Not versioned: probes, the spec, the viewer page's script and style sheet, the browser
# client's page and files (/play: a page people open, not an API), the documentation site;
# the signing keys at their well-known URI (RFC 8615: at the root; docs/audit.md).
UNVERSIONED = frozenset(
    {"/healthz", "/readyz", "/openapi.yaml", "/.well-known/lorekeeper-keys", "/docs", "/play"}
)
UNVERSIONED_PREFIXES = ("/viewer/static/", "/docs/", "/play/static/")
# Where a retired thing's `Link: rel="deprecation"` points: the spec, whose description
# carries the policy (a relative reference, resolved against the request's URL).
POLICY_LINK = f"{PREFIX}/openapi.yaml"


@dataclass(frozen=True)
class Retirement:
    """Deprecated since `deprecated`; gone after `sunset`, when one is announced."""

    deprecated: datetime
    sunset: datetime | None = None
    link: str = POLICY_LINK

    def headers(self) -> dict[str, str]:
        # RFC 9745: an RFC 9651 Date item (`@` and seconds since the epoch).
        fields = {"Deprecation": f"@{int(self.deprecated.timestamp())}"}
        links = [f'<{self.link}>; rel="deprecation"; type="application/yaml"']
        if self.sunset is not None:
            fields["Sunset"] = http_date(self.sunset)  # RFC 8594: an HTTP-date
            links.append(f'<{self.link}>; rel="sunset"; type="application/yaml"')
        fields["Link"] = ", ".join(links)
        return fields


# The unprefixed paths: deprecated since /v1 was introduced; no sunset announced yet (the
# policy promises one at least 6 months ahead).
UNPREFIXED_ALIASES = Retirement(deprecated=datetime(2026, 12, 1, tzinfo=UTC))
# endpoint (as Flask names it: "blueprint.function") -> its retirement. Empty: nothing of
# /v1 is retired yet.
RETIRED_ENDPOINTS: dict[str, Retirement] = {}


class VersionPrefix:
    """WSGI: `/v1/…` is routed as `/…` with `/v1` added to the script root."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if path == PREFIX or path.startswith(PREFIX + "/"):
            environ["SCRIPT_NAME"] = environ.get("SCRIPT_NAME", "") + PREFIX
            environ["PATH_INFO"] = path[len(PREFIX) :] or "/"
            environ[ENVIRON_KEY] = VERSION
        else:
            environ[ENVIRON_KEY] = None
        return self.app(environ, start_response)


def is_unversioned(path: str) -> bool:
    return path in UNVERSIONED or path.startswith(UNVERSIONED_PREFIXES)


def retirement_for(endpoint: str | None, version: str | None, path: str) -> Retirement | None:
    """What the request reached is retired: the endpoint itself, or the unprefixed alias."""
    if endpoint is not None and endpoint in RETIRED_ENDPOINTS:
        return RETIRED_ENDPOINTS[endpoint]
    if version is None and not is_unversioned(path):
        return UNPREFIXED_ALIASES
    return None


def _announce_retirement(response: Response) -> Response:
    req = current_request()
    retirement = retirement_for(req.endpoint, req.environ.get(ENVIRON_KEY), req.path)
    if retirement is not None:
        for name, value in retirement.headers().items():
            # Link: a field of its own beside the route's (rel="next"); RFC 9110 section 5.3
            # makes two fields the same as one joined by a comma.
            response.headers.add(name, value)
    return response


def register_versions(app: Flask) -> None:
    app.wsgi_app = VersionPrefix(app.wsgi_app)  # type: ignore[method-assign]
    app.after_request(_announce_retirement)
