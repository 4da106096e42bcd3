"""What every answer tells caches (docs/api.md, "Caching").

An answer may depend on who asks: a seat sees its own cards, an outsider gets 404 for a private
game, a player reads its own keys and webhooks. So every answer but the few that are the same
for everyone says `Vary: Authorization, Lorekeeper-App-Key`, and is revalidated before reuse
(`no-cache`) unless its route chose otherwise. An answer to a request that carries a
credential (a bearer token, an application key, or a stream ticket in the query) is also
`private`: no shared cache may keep it. A route's own `no-store` or `public` stands.
"""

from __future__ import annotations

from flask import Flask, Response

from api.deps import current_request
from lorekeeper.app_keys import APP_KEY_HEADER

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


def tell_caches(response: Response) -> Response:
    if current_request().endpoint in SAME_FOR_EVERYONE:
        return response
    response.vary.update(CREDENTIAL_HEADERS)
    control = response.cache_control
    if control.public or control.no_store:
        return response
    if carries_credential():
        control.private = True
    if control.max_age is None:
        control.no_cache = True
    return response


def register_caching(app: Flask) -> None:
    app.after_request(tell_caches)
