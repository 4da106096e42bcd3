"""Structured logs: one JSON object per line on stderr, for the workers and (through
`api/logs.py` and `gunicorn.conf.py`) the API, so one parser reads both:

    {"ts": "2026-12-01T02:15:16.123456+00:00", "level": "INFO", "logger": "workers.breath",
     "event": "breath.resolved", "game_id": "g1", "version": 17, "rolls": 2}

python-json-logger writes the records (a record's `extra` fields become keys); this module
only says which fields and at what level. Installed on the root logger, so RQ's loggers use it
too (RQ adds its coloured handler only when none is in effect).

Levels: INFO says what happened to a game or a process (a breath phase resolved, a worker
started or died); the per-round and per-job chatter (each projection round that caught up,
RQ's four lines around every job) is DEBUG, shown with LOREKEEPER_LOG_LEVEL=DEBUG.
"""

from __future__ import annotations

import logging
import logging.config
import re
from typing import Any

# The JSON keys every line starts with: when, how bad, who, what (docs/logging.md).
FORMATTER: dict[str, Any] = {
    "()": "pythonjsonlogger.json.JsonFormatter",
    "fmt": "{levelname}{name}{message}",
    "style": "{",
    "timestamp": "ts",
    "defaults": {"ts": None},  # defaults come first: the timestamp, filled in last, leads the line
    "rename_fields": {"levelname": "level", "name": "logger", "message": "event"},
    "json_ensure_ascii": False,
}
# Routine messages that would drown the rest at INFO: (logger, message) -> their level.
# Ours are event names; RQ's are its format strings (a changed one just shows at INFO).
ROUTINE: dict[tuple[str, str], int] = {
    ("workers.jobs", "projection.caught_up"): logging.DEBUG,
    ("rq.worker", "Worker %s: %s: %s (%s)"): logging.DEBUG,  # a job starts; "Job OK"
    ("rq.worker", "Worker %s: %s: %s"): logging.DEBUG,
    ("rq.worker", "Successfully completed %s job in %ss on worker %s"): logging.DEBUG,
    ("rq.worker", "Successfully completed job %s in %ss on worker %s"): logging.DEBUG,
    ("rq.worker", "Worker %s: job %s result is kept for %s seconds"): logging.DEBUG,
    ("rq.worker", "Worker %s: cleaning registries for queue: %s"): logging.DEBUG,
    ("rq.worker", "Worker %s: subscribing to channel %s"): logging.DEBUG,
    ("rq.worker", "Worker %s: unsubscribing from channel %s"): logging.DEBUG,
}
_ANSI = re.compile(r"\x1b\[[0-9;]*m")  # RQ colours queue names when stderr is a terminal


class LevelPolicy(logging.Filter):
    """Gives routine records their level (ROUTINE) and drops them below `level`; strips
    terminal colours from the message. A handler filter: it sees every logger's records."""

    def __init__(self, level: str | int = "INFO") -> None:
        super().__init__()
        self.threshold = logging.getLevelName(level) if isinstance(level, str) else level

    def filter(self, record: logging.LogRecord) -> bool:
        level = ROUTINE.get((record.name, str(record.msg)))
        if level is not None and level < record.levelno:
            record.levelno, record.levelname = level, logging.getLevelName(level)
        if record.name.startswith("rq.") and record.args:
            record.msg, record.args = _ANSI.sub("", record.getMessage()), None
        return record.levelno >= self.threshold


def logging_config(level: str = "INFO") -> dict[str, Any]:
    """A `logging.config.dictConfig` of JSON lines on stderr at `level`, for the root logger."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": FORMATTER},
        "filters": {"levels": {"()": LevelPolicy, "level": level.upper()}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stderr",
                "formatter": "json",
                "filters": ["levels"],
            }
        },
        "root": {"level": level.upper(), "handlers": ["stderr"]},
    }


def setup_logging(level: str = "INFO") -> None:
    logging.config.dictConfig(logging_config(level))
