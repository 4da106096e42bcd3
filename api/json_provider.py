"""Flask's JSON provider, writing with orjson: the same documents as the standard provider set
up as create_app sets it (keys in insertion order, UTF-8 unescaped, compact), several times
faster to write (BENCHMARKS.md). Reading is unchanged: api/requests.py parses request bodies
itself, with its own checks.
"""

from __future__ import annotations

import functools
from typing import Any, cast

import orjson
from flask import Response
from flask.json.provider import DefaultJSONProvider
from werkzeug.utils import get_content_type

# Dates and dataclasses go to Flask's own `default`, so they come out as Flask writes them.
_OPTIONS = (
    orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
)


@functools.lru_cache(maxsize=8)
def _content_type(mimetype: str) -> str:
    """The Content-Type werkzeug's response makes of `mimetype` (a charset added to text/*),
    worked out once rather than at every response."""
    return get_content_type(mimetype, "utf-8")


class OrjsonProvider(DefaultJSONProvider):
    sort_keys = False
    ensure_ascii = False

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return self._bytes(obj, indent=bool(kwargs.get("indent"))).decode("utf-8")

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        indent = self.compact is False or (self.compact is None and self._app.debug)
        body = self._bytes(obj, indent=indent) + b"\n"
        made = cast(type[Response], self._app.response_class)  # the app's (api/__init__.py)
        return made(body, content_type=_content_type(self.mimetype))

    def _bytes(self, obj: Any, *, indent: bool) -> bytes:
        options = _OPTIONS | orjson.OPT_INDENT_2 if indent else _OPTIONS
        try:
            return orjson.dumps(obj, default=self.default, option=options)
        except orjson.JSONEncodeError:  # e.g. an integer past 64 bits echoed in an error
            layout: dict[str, Any] = {"indent": 2} if indent else {"separators": (",", ":")}
            return super().dumps(obj, **layout).encode("utf-8")
