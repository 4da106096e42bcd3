"""The app class: Flask, remembering which of its functions are coroutines (api/__init__.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import request
from werkzeug.wrappers import Response as Plain

from api import LorekeeperApp, LorekeeperResponse


class Hooks:
    def plain(self) -> None: ...

    async def awaited(self) -> None: ...


def test_a_plain_function_is_run_as_it_is_and_a_coroutine_through_async_to_sync(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = LorekeeperApp(__name__)
    wrapped: list[Any] = []
    monkeypatch.setattr(app, "async_to_sync", lambda f: wrapped.append(f) or "wrapped")
    hooks = Hooks()
    for _ in range(3):  # answered once, then remembered: the same answers each time
        assert app.ensure_sync(hooks.plain) == hooks.plain
        assert app.ensure_sync(hooks.awaited) == "wrapped"
    assert wrapped == [hooks.awaited] * 3  # each call wraps its own bound method
    assert len(app._is_coroutine) == 2  # keyed by the functions, not the bound methods


def _served(response: Any, method: str = "GET") -> tuple[str, list[tuple[str, str]], Any]:
    started: list[Any] = []
    body = response({"REQUEST_METHOD": method}, lambda status, headers: started.extend(
        [status, headers]))  # fmt: skip
    return started[0], started[1], body


def _werkzeugs(response: Any, method: str = "GET") -> tuple[str, list[tuple[str, str]], bytes]:
    status, headers, body = _served(lambda e, s: Plain.__call__(response, e, s), method)
    text = b"".join(body)
    body.close()  # as a server does (werkzeug's app iterator always has close)
    return status, headers, text


def test_a_response_made_already_goes_out_as_it_is_and_the_same_as_werkzeugs() -> None:
    """LorekeeperResponse (api/__init__.py) hands a body already made to the server as its
    list of bytes; every other response takes werkzeug's way. Either way the server gets
    what werkzeug's `__call__` gives."""
    made = LorekeeperResponse(b'{"ok": true}\n', mimetype="application/json")
    made.headers["ETag"] = '"3"'
    status, headers, body = _served(made)
    assert body is made.response  # the fast way: the list itself, no iterator around it
    assert (status, headers, b"".join(body)) == _werkzeugs(made)
    closed: list[int] = []

    def on_close() -> LorekeeperResponse:
        response = LorekeeperResponse(b"x")
        response.call_on_close(lambda: closed.append(1))
        return response

    others: list[tuple[Callable[[], LorekeeperResponse], str]] = [
        (lambda: LorekeeperResponse(b"x"), "HEAD"),  # no body for HEAD
        (lambda: LorekeeperResponse(status=204), "GET"),
        (lambda: LorekeeperResponse(b"x", status=304), "GET"),
        (lambda: LorekeeperResponse(b"moved", status=201, headers={"Location": "/games/ä"}),
         "GET"),  # its Location made a URI
        (lambda: LorekeeperResponse(iter([b"a", b"b"])), "GET"),  # a stream
        (on_close, "GET"),
    ]  # fmt: skip
    for make, method in others:
        response = make()
        status, headers, body = _served(response, method)
        assert body is not response.response
        ours = (status, headers, b"".join(body))
        getattr(body, "close", lambda: None)()
        assert ours == _werkzeugs(make(), method)
    assert ("Location", "/games/%C3%A4") in _werkzeugs(others[3][0]())[1]
    assert closed == [1, 1]  # the same callback once after each way


def test_a_request_s_body_limit_is_the_app_s_config_when_the_request_is_made() -> None:
    """The app sets MAX_CONTENT_LENGTH on each request as it makes it (Flask's request would
    read it through the `current_app` proxy at every ask): a limit changed between requests
    holds from the next one."""
    app = LorekeeperApp(__name__)
    app.config["MAX_CONTENT_LENGTH"] = 10
    seen: list[int | None] = []

    @app.post("/echo")
    def echo() -> str:
        seen.append(request.max_content_length)
        return str(len(request.get_data()))

    client = app.test_client()
    assert client.post("/echo", data=b"x" * 10).status_code == 200
    assert client.post("/echo", data=b"x" * 11).status_code == 413
    app.config["MAX_CONTENT_LENGTH"] = 20
    assert client.post("/echo", data=b"x" * 11).get_data() == b"11"
    assert seen == [10, 10, 20]  # the body is refused as it is read, in the view
