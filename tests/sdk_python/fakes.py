"""A fake server for the SDK's unit tests: httpx.MockTransport with scripted answers, and a
`Retry` that records its waits instead of sleeping."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import httpx
from lorekeeper_sdk import Client, Retry

Handler = Callable[[httpx.Request], httpx.Response]
BASE = "http://lorekeeper.test"


class Fake:
    """Answers each request with the next scripted answer (a Response, or an exception to
    raise as the network would), and keeps the requests."""

    def __init__(self, *answers: httpx.Response | Exception | Handler) -> None:
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []
        self.waits: list[float] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        if isinstance(answer, httpx.Response):
            return answer
        return answer(request)

    def client(self, key: str | None = "lkp_test", **retry: Any) -> Client:
        policy = Retry(sleep=self.waits.append, **retry)
        return Client(BASE, key, retry=policy, transport=httpx.MockTransport(self))


def problem(
    status: int, code: str, headers: dict[str, str] | None = None, **extra: Any
) -> httpx.Response:
    body = {"type": f"tag:lorekeeper,2026:problem:{code}", "title": "x", "status": status,
            "code": code, "detail": f"a {code}", **extra}  # fmt: skip
    return httpx.Response(status, json=body, headers={"Content-Type": "application/problem+json",
                                                      **(headers or {})})  # fmt: skip


def sse(items: Iterable[Any], then: Exception | None = None) -> httpx.Response:
    """A streamed answer of server-sent events, as the server writes them: its `retry:` line,
    then each item ("" a keep-alive; an event or a note, with its id; `{"end": reason}`;
    `{"reset": …}`), then the connection breaks with `then` (or ends)."""

    def body() -> Iterator[bytes]:
        yield b"retry: 2000\n\n"
        for item in items:
            yield _message(item).encode()
        if then is not None:
            raise then

    return httpx.Response(200, content=body(), headers={"Content-Type": "text/event-stream"})


def _message(item: Any) -> str:
    if item == "":
        return ": keep-alive\n\n"
    if "end" in item:
        return f"event: end\ndata: {json.dumps({'reason': item['end']})}\n\n"
    if "reset" in item:
        return 'event: reset\ndata: {"reason":"notes_dropped"}\n\n'
    if "position" in item:  # a note: its position is the id, not in the data
        data = {k: v for k, v in item.items() if k != "position"}
        return f"id: {item['position']}\nevent: {item['type']}\ndata: {json.dumps(data)}\n\n"
    return f"id: {item['version']}\nevent: {item['type']}\ndata: {json.dumps(item)}\n\n"


def command_reply(version: int = 3, duplicate: bool = False) -> dict[str, Any]:
    return {"game_id": "g1", "seat": 0, "version": version, "head_hash": "a" * 64,
            "duplicate": duplicate, "events": []}  # fmt: skip


def event(version: int) -> dict[str, Any]:
    return {"version": version, "type": "TurnBegan", "schema": 1, "payload": {}, "seat": None,
            "command_id": None, "command": None, "time": "2026-12-01T00:00:00Z",
            "time_ms": 1796083200000, "prev_hash": "0" * 64, "hash": "1" * 64}  # fmt: skip


def note(position: str, kind: str = "your_turn", game: str = "g1") -> dict[str, Any]:
    return {"id": "n_" + "0" * 24, "type": kind, "game_id": game, "position": position}
