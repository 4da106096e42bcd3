"""Building responses: JSON with an ETag (the game's version), and 304 when it still holds."""

from __future__ import annotations

from typing import Any, cast

from flask import Response

from api.deps import current_flask_app
from api.requests import not_modified


def jsonify(*args: Any, **kwargs: Any) -> Response:
    """Flask's `jsonify`, asking the app object for its JSON provider where Flask's asks the
    `current_app` proxy (a read through a proxy formats and drops an AttributeError first:
    api/deps.py). The API's views make their JSON answers with this one."""
    return cast(Response, current_flask_app().json.response(*args, **kwargs))


def etag(version: int) -> str:
    return f'"{version}"'


def versioned(body: Any, version: int, status: int = 200) -> Response:
    """`body` with `ETag: "<version>"`; a bodiless 304 when If-None-Match names that version.

    A body differs per reader (each seat sees its own cards), hence `Vary: Authorization`.
    """
    if not_modified(version):
        response = Response(status=304)
    else:
        response = jsonify(body)
        response.status_code = status
    response.headers["ETag"] = etag(version)
    response.headers["Vary"] = "Authorization"
    response.headers["Cache-Control"] = "private, no-cache"
    return response
