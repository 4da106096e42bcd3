"""The documentation site at `/docs/`: the static pages `mkdocs build` writes into var/site.

    GET /docs/                 the site's home page (/docs redirects there)
    GET /docs/<path>           a page (`play/` serves play/index.html) or an asset

scripts/run and the container image build the site before the API starts (mkdocs.yml). A
server whose site was not built answers 404 `docs_not_built`, saying how to build it; a path
the site does not hold is a 404 like any unknown route. Every file is read from the site
folder only (werkzeug's `safe_join`): `..` and absolute paths find nothing. The pages load
only this server's files; a Content-Security-Policy says so.
"""

from __future__ import annotations

import os
from pathlib import Path

from flask import Blueprint, Flask, current_app, redirect, send_from_directory
from werkzeug.exceptions import NotFound, PreconditionFailed
from werkzeug.security import safe_join
from werkzeug.wrappers import Response

from api.deps import current_request
from lorekeeper.errors import Refused

SITE = Path(__file__).resolve().parent.parent / "var" / "site"
EXTENSION = "lorekeeper.docs_site"
# Material's pages run their own inline scripts and styles; nothing comes from elsewhere.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-src 'self'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'self'"
)

blueprint = Blueprint("docs_site", __name__)


def register_docs_site(app: Flask, site: Path = SITE) -> None:
    """Serve the site built into `site` (var/site next to the code by default)."""
    app.extensions[EXTENSION] = site
    app.register_blueprint(blueprint)


# A query string is ignored, as any static server does (the search adds `?h=word`).
@blueprint.get("/docs", strict_slashes=False)  # /docs and /docs/
def home() -> Response:
    site = _built_site()
    if not current_request().path.endswith("/"):
        return redirect("docs/", code=308)  # the pages' links are relative to /docs/
    return _file(site, "index.html")


@blueprint.get("/docs/<path:path>")
def page(path: str) -> Response:
    site = _built_site()
    found = safe_join(str(site), path)
    if found is None:
        raise NotFound()
    if os.path.isdir(found):  # os.path: False, not an error, for a name the system refuses
        if not path.endswith("/"):
            # Relative, so that /v1/docs/play and /docs/play each keep their prefix.
            return redirect(path.rsplit("/", 1)[-1] + "/", code=308)
        path = f"{path}index.html"
    return _file(site, path)


def _file(site: Path, path: str) -> Response:
    """The file, with werkzeug's conditional answers (304 for a copy still good); its 412
    for an `If-Match` that fails comes as every error does, in the one error shape."""
    response = send_from_directory(site, path, max_age=0)
    if response.status_code == PreconditionFailed.code:
        response.close()
        raise PreconditionFailed()
    response.headers["Content-Security-Policy"] = PAGE_POLICY
    return response


def _built_site() -> Path:
    site: Path = current_app.extensions[EXTENSION]
    if not (site / "index.html").is_file():
        raise Refused(
            "docs_not_built",
            "the documentation site is not built on this server: scripts/run builds it, "
            "or run `mkdocs build` (it writes var/site)",
        )
    return site
