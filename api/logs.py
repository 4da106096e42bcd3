"""The API's logs: the workers' JSON lines (`workers/logs.py`), for gunicorn and the app.

`gunicorn.conf.py` installs `gunicorn_logging()`, so gunicorn's own lines, its access log and
the app's records are all one JSON object a line on stderr:

    {"ts": "…", "level": "INFO", "logger": "gunicorn.access", "event": "http.request",
     "method": "POST", "path": "/games/4c1e…/commands", "status": 409, "duration_ms": 3.1,
     "game_id": "4c1e…", "version": 17}

Levels: a request that succeeded is DEBUG (every command and read would drown the rest);
one refused (4xx) is INFO and one that failed (5xx) ERROR. A record written while a request
is handled carries the request's game id. `LOREKEEPER_LOG_LEVEL` sets the level, as for the
workers.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any

from flask import has_request_context, request
from gunicorn import glogging  # type: ignore[import-untyped]

from workers.logs import LevelPolicy, logging_config

GAME_PATH = re.compile(r"/(?:v\d+/)?(?:games|viewer)/([A-Za-z0-9._:-]{1,128})(?:/|$)")
ETAG_VERSION = re.compile(r'^(?:W/)?"(\d+)"$')


class AccessFields(logging.Filter):
    """A gunicorn access record (its `args` are gunicorn's atoms) as fields, at its level."""

    def filter(self, record: logging.LogRecord) -> bool:
        atoms = record.args
        if not isinstance(atoms, Mapping):
            return True
        status = _int(atoms.get("s"))
        path = str(atoms.get("U", ""))
        fields: dict[str, Any] = {
            "method": atoms.get("m"),
            "path": path,
            "status": status,
            "duration_ms": round(float(str(atoms.get("L") or 0)) * 1000, 1),
            "client": atoms.get("h"),
        }
        game = GAME_PATH.match(path)
        if game:
            fields["game_id"] = game[1]
        version = _version(atoms.get("{x-game-version}o"), atoms.get("{etag}o"))
        if version is not None:
            fields["version"] = version
        record.__dict__.update(fields)
        record.msg, record.args = "http.request", None
        level = logging.DEBUG if status < 400 else logging.INFO if status < 500 else logging.ERROR
        record.levelno, record.levelname = level, logging.getLevelName(level)
        return True


class AccessLogger(glogging.Logger):  # type: ignore[misc]
    """gunicorn's logger (`logger_class` in gunicorn.conf.py), whose access line for a request
    that succeeded is skipped before gunicorn gathers its atoms when no handler would write it:
    AccessFields logs those at DEBUG, and at the default level INFO gunicorn's atoms and the
    filter cost about 7 % of the API's CPU a command for a line thrown away (BENCHMARKS.md)."""

    def access(self, resp: Any, req: Any, environ: Any, request_time: Any) -> None:
        status = getattr(resp, "status_code", None)
        quiet = isinstance(status, int) and status < 400
        if quiet and not _writes_debug(self.access_log):
            return
        super().access(resp, req, environ, request_time)


def _writes_debug(logger: logging.Logger) -> bool:
    """Whether a DEBUG record of `logger` would be written by one of its handlers (their
    level, and the threshold of their LevelPolicy, workers/logs.py)."""
    return logger.isEnabledFor(logging.DEBUG) and any(
        h.level <= logging.DEBUG
        and all(f.threshold <= logging.DEBUG for f in h.filters if isinstance(f, LevelPolicy))
        for h in logger.handlers
    )


class RequestFields(logging.Filter):
    """The game id of the request being handled, on the records written while it is."""

    def filter(self, record: logging.LogRecord) -> bool:
        if has_request_context() and not hasattr(record, "game_id"):
            game_id = (request.view_args or {}).get("game_id")
            if game_id is not None:
                record.game_id = game_id
        return True


class ListeningAddress(logging.Filter):
    """gunicorn's "Listening at:" line names no address when each worker binds its own
    socket (--reuse-port); this fills in the configured ones."""

    def __init__(self, addresses: Sequence[str]) -> None:
        super().__init__()
        self.addresses = ",".join(f"http://{a}" for a in addresses)

    def filter(self, record: logging.LogRecord) -> bool:
        if str(record.msg).startswith("Listening at:") and isinstance(record.args, tuple):
            listeners, *rest = record.args
            if not listeners:
                record.args = (self.addresses, *rest)
        return True


def gunicorn_logging(level: str = "INFO") -> dict[str, Any]:
    """gunicorn's `logconfig_dict`: the workers' JSON lines, plus gunicorn's two loggers."""
    config = logging_config(level)
    config["filters"] |= {"request": {"()": RequestFields}, "access": {"()": AccessFields}}
    handler = config["handlers"]["stderr"]
    handler["filters"] = ["request", *handler["filters"]]
    config["loggers"] = {
        "gunicorn.error": {"level": level.upper(), "handlers": ["stderr"], "propagate": False},
        "gunicorn.access": {
            "level": "DEBUG",  # AccessFields gives each request its level; the handler decides
            "handlers": ["stderr"],
            "filters": ["access"],
            "propagate": False,
        },
    }
    return config


def show_listening_address(addresses: Sequence[str]) -> None:
    logging.getLogger("gunicorn.error").addFilter(ListeningAddress(addresses))


def _int(value: object) -> int:
    try:
        return int(str(value))
    except ValueError:
        return 0


def _version(header: object, etag: object) -> int | None:
    if str(header).isdigit():
        return int(str(header))
    found = ETAG_VERSION.match(str(etag))
    return int(found[1]) if found else None
