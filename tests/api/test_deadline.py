"""Every request runs under a deadline, which gunicorn's gthread workers lack (issue 21,
item 8): past LOREKEEPER_REQUEST_TIMEOUT_S a request is logged, and its gunicorn worker is
stopped gracefully so a fresh one takes its place (tests/faults runs that under gunicorn)."""

from __future__ import annotations

import pytest
from flask import Flask

from api.deadline import RequestDeadline


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def app_with(deadline: RequestDeadline, clock: Clock) -> Flask:
    app = Flask(__name__)
    deadline.register(app)

    @app.get("/slow")
    def slow() -> dict[str, list[str]]:
        clock.now += 61  # the handler runs past the deadline; the watchdog looks meanwhile
        return {"late": deadline.check()}

    @app.get("/quick")
    def quick() -> dict[str, list[str]]:
        return {"late": deadline.check()}

    return app


def test_a_request_past_its_deadline_stops_a_gunicorn_worker_once(
    caplog: pytest.LogCaptureFixture,
):
    clock, stops = Clock(), []
    deadline = RequestDeadline(60.0, recycle=lambda: stops.append(1), clock=clock)
    client = app_with(deadline, clock).test_client()
    gunicorn = {"SERVER_SOFTWARE": "gunicorn/27.0.1"}
    assert client.get("/quick", environ_base=gunicorn).get_json() == {"late": []}
    assert client.get("/slow", environ_base=gunicorn).get_json() == {"late": ["GET /slow"]}
    assert client.get("/slow", environ_base=gunicorn).get_json() == {"late": ["GET /slow"]}
    assert stops == [1]  # once per process: the worker is stopping already
    overran = [r.getMessage() for r in caplog.records if "request.overran" in r.getMessage()]
    assert (
        overran
        == ["request.overran: GET /slow has run 61 s, past LOREKEEPER_REQUEST_TIMEOUT_S"] * 2
    )
    assert deadline.check() == []  # finished requests are forgotten


def test_outside_gunicorn_an_overrun_is_only_logged(caplog: pytest.LogCaptureFixture):
    clock, stops = Clock(), []
    deadline = RequestDeadline(60.0, recycle=lambda: stops.append(1), clock=clock)
    client = app_with(deadline, clock).test_client()
    assert client.get("/slow").get_json() == {"late": ["GET /slow"]}
    assert stops == [] and "request.overran" in caplog.text


def test_no_deadline_when_its_setting_is_zero():
    clock = Clock()
    deadline = RequestDeadline(0, clock=clock)
    app = app_with(deadline, clock)
    assert app.test_client().get("/slow").get_json() == {"late": []}
