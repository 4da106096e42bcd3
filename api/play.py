"""The browser client, a page for people who play: `GET /play` and its files.

    GET /play                     the page (clients/web, built by scripts/web)
    GET /play/static/<filename>   its script and style sheet (a gzip copy when asked for)

The page talks to this server through the public API only (the TypeScript SDK), as any
third-party client would; this module only hands out its files. They are built from the
client's lock (scripts/web, which scripts/run and the image run); where they are missing,
`/play` says so in a page of its own with 503, never a 500.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask import Blueprint, Flask, Response, request
from werkzeug.exceptions import NotFound

from api.requests import query
from api.schemas import NoQuery

DIST = Path(__file__).resolve().parent.parent / "clients" / "web" / "dist"
FILES = {"play.js": "text/javascript", "play.css": "text/css", "play.js.map": "application/json"}
# The page loads only what this server serves. Styles may be inline: the board picture
# carries its own <style>, and pieces of the page set a colour in a style attribute.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)
MISSING = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>Lorekeeper: the browser client is not built</title></head>
<body><h1>The browser client is not built</h1>
<p>This server has no built copy of the page that plays in a browser.</p>
<p>Build it with <code>scripts/web</code> (<code>scripts/run</code> builds it before it starts),
then reload this page. The API works without it.</p></body></html>
"""

blueprint = Blueprint("play", __name__)


def register_play(app: Flask, dist: Path | None = None) -> None:
    """Serve the browser client from `dist` (default: clients/web/dist)."""
    app.config["LOREKEEPER_WEB_DIST"] = dist or DIST
    app.register_blueprint(blueprint)


def _dist() -> Path:
    from flask import current_app

    folder: Path = current_app.config["LOREKEEPER_WEB_DIST"]
    return folder


@blueprint.get("/play")
def page() -> Response:
    query(NoQuery())  # where the player is goes in the fragment: /play#/game/<id>
    index = _dist() / "index.html"
    if not index.is_file() or not all(
        (_dist() / name).is_file() for name in ("play.js", "play.css")
    ):
        response = Response(MISSING, status=503, mimetype="text/html")
    else:
        response = Response(index.read_bytes(), mimetype="text/html")
        response.headers["Content-Security-Policy"] = PAGE_POLICY
    response.headers["Cache-Control"] = "no-cache"
    return response


@blueprint.get("/play/static/<filename>")
def static_file(filename: str) -> Response:
    query(NoQuery())
    mimetype = FILES.get(filename)
    path = _dist() / filename
    if mimetype is None or not path.is_file():
        raise NotFound(f"the browser client has no file {filename!r}")
    packed = path.with_name(filename + ".gz")
    zipped = packed.is_file() and "gzip" in request.headers.get("Accept-Encoding", "")
    # Read whole (the files are small): a streamed file would be left open by a client that
    # never reads its answer.
    body = (packed if zipped else path).read_bytes()
    response = Response(body, mimetype=mimetype)
    response.set_etag(hashlib.sha256(body).hexdigest()[:32])
    response.make_conditional(request)
    if zipped:
        response.headers["Content-Encoding"] = "gzip"
    response.headers["Vary"] = "Accept-Encoding"
    response.headers["Cache-Control"] = "no-cache"  # revalidated (ETag): a new build shows at once
    return response
