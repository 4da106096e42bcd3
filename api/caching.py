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

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from flask import Flask, Response

from api.deps import current_request
from lorekeeper.app_keys import APP_KEY_HEADER
from lorekeeper.settings import Settings

CREDENTIAL_HEADERS = ("Authorization", APP_KEY_HEADER)
CREDENTIAL_QUERY = "ticket"
_CREDENTIAL_KEYS = tuple("HTTP_" + name.upper().replace("-", "_") for name in CREDENTIAL_HEADERS)
# Answers that are the same whoever asks: the probes, the spec, the published keys, the
# scenarios, and the files of the docs, the viewer and the browser client.
SAME_FOR_EVERYONE = frozenset({
    "meta.healthz", "meta.readyz", "meta.openapi", "meta.scenarios", "meta.scenario",
    "audit.keys", "viewer.static", "docs_site.home", "docs_site.page", "play.page",
    "play.static_file",
})  # fmt: skip


def carries_credential(environ: Mapping[str, Any]) -> bool:
    """Whether the request carries a credential: read from the WSGI environ, as every
    request pays for this (werkzeug's header and query objects cost more than the check)."""
    if any(key in environ for key in _CREDENTIAL_KEYS):
        return True
    query = environ.get("QUERY_STRING", "")
    return CREDENTIAL_QUERY in query and CREDENTIAL_QUERY in current_request().args


def tell_caches(response: Response, varies_with: Sequence[str] = CREDENTIAL_HEADERS) -> Response:
    request = current_request()
    if request.endpoint in SAME_FOR_EVERYONE:
        return response
    headers = response.headers
    headers["Vary"] = _vary(tuple(headers.getlist("Vary")), tuple(varies_with))
    control = _control(headers.get("Cache-Control"), carries_credential(request.environ))
    if control is not None:
        headers["Cache-Control"] = control
    return response


# The header values an answer can have are few: both functions remember their answers.
@functools.lru_cache(maxsize=256)
def _vary(fields: tuple[str, ...], names: tuple[str, ...]) -> str:
    """One Vary field holding every name of the fields sent so far (a route's, flask-cors's)
    and `names`."""
    found: list[str] = []
    for field in fields:
        found.extend(name.strip() for name in field.split(",") if name.strip())
    known = {name.lower() for name in found}
    found.extend(name for name in names if name.lower() not in known)
    return ", ".join(dict.fromkeys(found))


@functools.lru_cache(maxsize=256)
def _control(control: str | None, private: bool) -> str | None:
    """The Cache-Control an answer gets (None: its own stands): `private` for a credential's
    answer and `no-cache` unless the route set a lifetime; `public` and `no-store` stand."""
    if control is None:
        return "private, no-cache" if private else "no-cache"
    names = {part.split("=", 1)[0].strip().lower() for part in control.split(",")}
    if "public" in names or "no-store" in names:
        return None
    wanted = {"private": private, "no-cache": "max-age" not in names}
    added = [name for name, want in wanted.items() if want and name not in names]
    return ", ".join([*added, control]) if added else None


def register_caching(app: Flask, settings: Settings) -> None:
    names = (*CREDENTIAL_HEADERS, "Origin") if settings.cors_origin_list else CREDENTIAL_HEADERS

    def tell(response: Response) -> Response:
        return tell_caches(response, names)

    app.after_request(tell)
