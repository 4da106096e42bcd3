"""What every answer tells caches (docs/api.md, "Caching").

An answer may depend on who asks: a seat sees its own cards, an outsider gets 404 for a private
game, a player reads its own keys and webhooks. So every answer but the few that are the same
for everyone says `Vary: Authorization, Lorekeeper-App-Key`, and is revalidated before reuse
(`no-cache`) unless its route chose otherwise. An answer to a request that carries a
credential (a bearer token, an application key, or a stream ticket in the query) is also
`private`: no shared cache may keep it. A route's own `no-store` or `public` stands. With
CORS on (LOREKEEPER_CORS_ORIGINS), an answer depends on the `Origin` too (its
Access-Control-* fields): `Vary` names it, which flask-cors leaves out when one origin is listed.
"""

from __future__ import annotations

from collections.abc import Iterable

from flask import Flask, Response

from api.deps import current_request
from lorekeeper.app_keys import APP_KEY_HEADER
from lorekeeper.settings import Settings

CREDENTIAL_HEADERS = ("Authorization", APP_KEY_HEADER)
CREDENTIAL_QUERY = "ticket"
# Answers that are the same whoever asks: the probes, the spec, the published keys, the
# scenarios, and the files of the docs, the viewer and the browser client.
SAME_FOR_EVERYONE = frozenset({
    "meta.healthz", "meta.readyz", "meta.openapi", "meta.scenarios", "meta.scenario",
    "audit.keys", "viewer.static", "docs_site.home", "docs_site.page", "play.page",
    "play.static_file",
})  # fmt: skip


def carries_credential() -> bool:
    request = current_request()
    return any(name in request.headers for name in CREDENTIAL_HEADERS) or (
        CREDENTIAL_QUERY in request.args
    )


def tell_caches(response: Response, varies_with: Iterable[str] = CREDENTIAL_HEADERS) -> Response:
    if current_request().endpoint in SAME_FOR_EVERYONE:
        return response
    _vary(response, varies_with)
    control = response.cache_control
    if control.public or control.no_store:
        return response
    if carries_credential():
        control.private = True
    if control.max_age is None:
        control.no_cache = True
    return response


def _vary(response: Response, names: Iterable[str]) -> None:
    """Add `names` to Vary, as one field holding every name of every Vary field sent so far
    (a route's, flask-cors's)."""
    found: list[str] = []
    for field in response.headers.getlist("Vary"):
        found.extend(name.strip() for name in field.split(",") if name.strip())
    known = {name.lower() for name in found}
    found.extend(name for name in names if name.lower() not in known)
    response.headers["Vary"] = ", ".join(dict.fromkeys(found))


def register_caching(app: Flask, settings: Settings) -> None:
    names = (*CREDENTIAL_HEADERS, "Origin") if settings.cors_origin_list else CREDENTIAL_HEADERS

    def tell(response: Response) -> Response:
        return tell_caches(response, names)

    app.after_request(tell)
