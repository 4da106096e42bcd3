"""The app's parts, as a request sees them (built once by create_app), and the request itself.

`current_request()`, `request_globals()`: the objects behind Flask's `request` and `g`. An
attribute read through one of Flask's proxies (`request.path`, `g.get`,
`current_app.extensions`) looks up the context, and first fails as an attribute of the proxy
itself: an AttributeError formatted and dropped before LocalProxy's `__getattr__` forwards
it, about a microsecond a read. Code that reads a request several times takes the object
once (the command path read through the proxies some 27 times a request; BENCHMARKS.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from flask import Flask, Request, current_app, g, request
from flask.ctx import _AppCtxGlobals

from api.composition import Components
from lorekeeper.games.reads import GameReader
from lorekeeper.games.service import GameService
from lorekeeper.players.access import Access
from lorekeeper.players.accounts import PlayerService
from lorekeeper.players.lobby import LobbyReader
from lorekeeper.players.seating_service import SeatingService

if TYPE_CHECKING:
    from werkzeug.local import LocalProxy

# werkzeug's documented way to the object a proxy stands for (the proxies' own attribute)
_current_request = cast("LocalProxy[Request]", request)._get_current_object
_current_globals = cast("LocalProxy[_AppCtxGlobals]", g)._get_current_object
_current_app = cast("LocalProxy[Flask]", current_app)._get_current_object


def current_request() -> Request:
    return _current_request()


def request_globals() -> _AppCtxGlobals:
    return _current_globals()


def current_flask_app() -> Flask:
    return _current_app()


def components() -> Components:
    found: Components = _current_app().extensions["lorekeeper"]
    return found


def service() -> GameService:
    return components().service


def reader() -> GameReader:
    return components().reader


def players() -> PlayerService:
    return components().players


def seating() -> SeatingService:
    return components().seating


def access() -> Access:
    return components().seating.access


def lobby() -> LobbyReader:
    return components().lobby
