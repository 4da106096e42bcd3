"""The logs: the API (under gunicorn) and the workers write one format, JSON lines with the
game's id and version where a line is about a game, at levels that leave INFO readable."""

from __future__ import annotations

import io
import json
import logging
import logging.config
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from api.logs import AccessFields, AccessLogger, ListeningAddress, gunicorn_logging
from workers.logs import logging_config

ROOT = Path(__file__).resolve().parents[2]

LOGGERS = ("workers.jobs", "workers.breath", "rq.worker", "gunicorn.error", "gunicorn.access")


@pytest.fixture
def restore_logging() -> Iterator[None]:
    """dictConfig changes the process's loggers: put back what pytest had."""
    root = logging.getLogger()
    saved = (root.handlers[:], root.level)
    others = {
        n: (logging.getLogger(n).handlers[:], logging.getLogger(n).filters[:]) for n in LOGGERS
    }
    yield
    root.handlers[:] = saved[0]
    root.setLevel(saved[1])
    for name, (handlers, filters) in others.items():
        logger = logging.getLogger(name)
        logger.handlers[:], logger.filters[:] = handlers, filters
        logger.propagate, logger.level = True, logging.NOTSET


def capture(config: dict[str, Any]) -> io.StringIO:
    out = io.StringIO()
    config["handlers"]["stderr"]["stream"] = out
    logging.config.dictConfig(config)
    return out


def lines(out: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.getvalue().splitlines()]


def access(status: int, path: str, method: str = "POST", **headers: str) -> dict[str, Any]:
    """gunicorn's access atoms as it passes them to the access logger."""
    atoms = {"m": method, "U": path, "s": str(status), "L": "0.003100", "h": "127.0.0.1"}
    atoms |= {f"{{{name.lower()}}}o": value for name, value in headers.items()}
    return atoms


@pytest.mark.usefixtures("restore_logging")
def test_a_workers_line_is_json_with_the_game_and_version() -> None:
    out = capture(logging_config("INFO"))
    extra = {"game_id": "g1", "version": 17, "rolls": 2}
    logging.getLogger("workers.breath").info("breath.resolved", extra=extra)
    [line] = lines(out)
    assert list(line)[:4] == ["ts", "level", "logger", "event"]
    assert line["event"] == "breath.resolved"
    assert (line["level"], line["game_id"], line["version"]) == ("INFO", "g1", 17)
    assert line["ts"].endswith("+00:00")


@pytest.mark.usefixtures("restore_logging")
def test_routine_rounds_and_jobs_are_debug_not_info() -> None:
    out = capture(logging_config("INFO"))
    logging.getLogger("workers.jobs").info("projection.caught_up", extra={"games": {"g1": 3}})
    rq = logging.getLogger("rq.worker")
    rq.info("Worker %s: job %s result is kept for %s seconds", "w1", "breath-g1-9", 500)
    rq.info("*** Listening on %s...", "\x1b[32mbreath\x1b[39;49;00m")  # coloured on a tty
    assert [line["event"] for line in lines(out)] == ["*** Listening on breath..."]

    out = capture(logging_config("DEBUG"))
    logging.getLogger("workers.jobs").info("projection.caught_up", extra={"games": {"g1": 3}})
    [line] = lines(out)
    assert (line["event"], line["level"], line["games"]) == (
        "projection.caught_up",
        "DEBUG",
        {"g1": 3},
    )


@pytest.mark.usefixtures("restore_logging")
def test_the_api_writes_the_same_format_as_the_workers() -> None:
    out = capture(gunicorn_logging("INFO"))
    logging.getLogger("gunicorn.error").info("Booting worker with pid: %s", 12)
    logging.getLogger("api.errors").warning("something", extra={"game_id": "g2"})
    first, second = lines(out)
    assert list(first)[:4] == list(second)[:4] == ["ts", "level", "logger", "event"]
    assert first["event"] == "Booting worker with pid: 12"
    assert second["game_id"] == "g2"


@pytest.mark.usefixtures("restore_logging")
def test_a_request_is_one_line_with_its_game_and_version_at_its_level() -> None:
    out = capture(gunicorn_logging("INFO"))
    log = logging.getLogger("gunicorn.access")
    log.info("%(r)s", access(201, "/games/g3/commands", ETag='"18"'))  # done: DEBUG
    log.info("%(r)s", access(409, "/games/g3/commands", ETag='"17"'))  # refused: INFO
    log.info("%(r)s", access(500, "/games/g3", method="GET"))  # failed: ERROR
    refused, failed = lines(out)
    assert refused == {
        "ts": refused["ts"],
        "level": "INFO",
        "logger": "gunicorn.access",
        "event": "http.request",
        "method": "POST",
        "path": "/games/g3/commands",
        "status": 409,
        "duration_ms": 3.1,
        "client": "127.0.0.1",
        "game_id": "g3",
        "version": 17,
    }
    assert (failed["level"], failed["game_id"]) == ("ERROR", "g3")
    assert "version" not in failed

    out = capture(gunicorn_logging("DEBUG"))
    viewer = access(200, "/games/g3/board.svg", method="GET", **{"X-Game-Version": "12"})
    logging.getLogger("gunicorn.access").info("%(r)s", viewer)
    [done] = lines(out)
    assert (done["level"], done["status"], done["version"]) == ("DEBUG", 200, 12)


def test_the_listening_line_names_the_address_with_reuse_port() -> None:
    record = logging.makeLogRecord({"msg": "Listening at: %s (%s)", "args": ("", 42)})
    ListeningAddress(["127.0.0.1:8000"]).filter(record)
    assert record.getMessage() == "Listening at: http://127.0.0.1:8000 (42)"
    bound = logging.makeLogRecord({"msg": "Listening at: %s (%s)", "args": ("unix:/s", 42)})
    ListeningAddress(["127.0.0.1:8000"]).filter(bound)
    assert bound.getMessage() == "Listening at: unix:/s (42)"  # a real listener is kept


def test_an_access_record_without_atoms_is_left_alone() -> None:
    record = logging.makeLogRecord({"msg": "plain", "args": ()})
    assert AccessFields().filter(record) and record.getMessage() == "plain"


@pytest.mark.usefixtures("restore_logging")
@pytest.mark.parametrize(("level", "status", "gathered"), [
    ("INFO", 201, False),  # a line no handler writes: not even gathered
    ("INFO", 409, True),
    ("DEBUG", 201, True),
])  # fmt: skip
def test_gunicorn_gathers_an_access_line_only_when_it_is_written(
    monkeypatch: pytest.MonkeyPatch, level: str, status: int, gathered: bool
) -> None:
    """gunicorn.conf.py's `logger_class`: at INFO a request that succeeded costs no access
    line (gunicorn's atoms and AccessFields were about 7 % of the API's CPU a command)."""
    from gunicorn import glogging  # type: ignore[import-untyped]
    from gunicorn.config import Config  # type: ignore[import-untyped]

    calls: list[int] = []
    monkeypatch.setattr(glogging.Logger, "access", lambda self, resp, *_: calls.append(resp))
    config = Config()
    config.set("logconfig_dict", gunicorn_logging(level))
    logger = AccessLogger(config)

    logger.access(type("Response", (), {"status_code": status})(), None, {}, None)

    assert len(calls) == (1 if gathered else 0)


def test_a_misspelt_setting_is_named_at_start_with_what_it_likely_meant(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A `LOREKEEPER_` variable that is no setting would be ignored: the API and the workers
    log it once at start (the scripts' own variables are not settings and pass)."""
    from lorekeeper.settings import OTHER_VARIABLES, unknown_variables, warn_unknown_variables

    environ = {"LOREKEEPER_SNAPSHOT_EVRY": "10", "LOREKEEPER_SNAPSHOT_EVERY": "10",
               "LOREKEEPER_ZZZ": "1", "REDIS_URL": "redis://x", "PATH": "/bin",
               **dict.fromkeys(OTHER_VARIABLES, "1")}  # fmt: skip
    assert unknown_variables(environ) == {
        "LOREKEEPER_SNAPSHOT_EVRY": "LOREKEEPER_SNAPSHOT_EVERY", "LOREKEEPER_ZZZ": None,
    }  # fmt: skip
    with caplog.at_level(logging.WARNING, logger="lorekeeper.settings"):
        warn_unknown_variables(environ)
    said = [(r.getMessage(), r.__dict__["variable"], r.__dict__["did_you_mean"])
            for r in caplog.records]  # fmt: skip
    assert said == [
        ("settings.unknown_variable", "LOREKEEPER_SNAPSHOT_EVRY", "LOREKEEPER_SNAPSHOT_EVERY"),
        ("settings.unknown_variable", "LOREKEEPER_ZZZ", None),
    ]
    assert unknown_variables({}) == {}


def test_gunicorn_workers_leave_the_heap_of_their_start_out_of_garbage_collection(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """gunicorn.conf.py's `post_worker_init` freezes the heap once the app is loaded."""
    import gc
    import runpy

    frozen: list[bool] = []
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(True))
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))

    settings["post_worker_init"](None)

    assert frozen == [True]
