"""Iterators over the live streams that resume after a drop, missing and doubling nothing.

Both read a stream as server-sent events (docs/client/streams.md, "Live"), parsed by httpx-sse. When
the connection breaks, the read times out (nothing, not even a keep-alive, for
`read_timeout_s`) or the server ends the stream at its time limit, the iterator connects
again from where it stopped: a game's stream with `?from=` the next version, a player's with
`?after=` the last position. What it has already given is skipped if the server sends it
again. Drops in a row without a new item are bounded by `Retry.attempts`, with a back-off
between them; then `TransportError` is raised.

Use either as an iterator, or as a context manager that connects at once (`with`): the
server fixes where the stream starts before it answers, so nothing that happens after the
`with` line is missed, even before the first `next()`. (Why server-sent events: the server
answers them at once, with their `retry:` line; an NDJSON stream's answer waits for its first
item or keep-alive, up to 15 s.)
"""

from __future__ import annotations

import json
import logging
import re
from abc import ABC, abstractmethod
from collections.abc import Iterator
from types import TracebackType
from typing import Any, Generic, Self, TypeVar
from urllib.parse import quote

import httpx
from httpx_sse import EventSource, ServerSentEvent

from lorekeeper_sdk.core.models import Event, Notification
from lorekeeper_sdk.errors import NotificationsDropped, StreamGap, TransportError
from lorekeeper_sdk.retries import Retry

SSE = "text/event-stream"
POSITION = re.compile(r"[0-9]{1,20}-[0-9]{1,20}")
T = TypeVar("T")
log = logging.getLogger(__name__)


class _Reconnect(Exception):
    """The stream ended or broke: connect again (`failed`: without the server's say-so)."""

    def __init__(self, failed: bool) -> None:
        self.failed = failed


class ResumingStream(ABC, Generic[T]):
    """A stream that connects again where it stopped (the module says how)."""

    def __init__(self, http: httpx.Client, path: str, retry: Retry, read_timeout_s: float) -> None:
        self._http = http
        self._path = path
        self._retry = retry
        t = http.timeout
        self._timeout = httpx.Timeout(connect=t.connect, read=read_timeout_s, write=t.write,
                                      pool=t.pool)  # fmt: skip
        self._response: httpx.Response | None = None
        self._events: Iterator[ServerSentEvent] | None = None
        self._drops = 0  # in a row, without a new item
        self._done = False

    @abstractmethod
    def _params(self) -> dict[str, str]:
        """Where to start: the query of the next connection."""

    @abstractmethod
    def _take(self, event: str, item: Any, id_: str) -> T | None:
        """The item to give for one event (its name, its data as JSON, its id), None to skip
        it; raises `_Reconnect` or `StopIteration` at the stream's end."""

    def __iter__(self) -> Self:
        return self

    def __next__(self) -> T:
        while True:
            if self._done:
                raise StopIteration
            if self._events is None:
                self._connect()
            try:
                found = self._next_item()
            except StopIteration:
                self.close()
                self._done = True
                raise
            except _Reconnect as again:
                self._disconnect(again.failed)
                continue
            if found is not None:
                self._drops = 0
                return found

    def _next_item(self) -> T | None:
        assert self._events is not None
        try:
            sse = next(self._events)
        except StopIteration:
            raise _Reconnect(failed=True) from None  # closed without its end event
        except httpx.TransportError:
            raise _Reconnect(failed=True) from None
        if not sse.data:
            return None  # the `retry:` line, or a keep-alive
        try:
            item = json.loads(sse.data)
        except ValueError:
            raise _Reconnect(failed=True) from None
        return self._take(sse.event, item, sse.id)

    def _connect(self) -> None:
        request = self._http.build_request(
            "GET", self._path, params=self._params(), headers={"Accept": SSE},
            timeout=self._timeout,
        )  # fmt: skip
        try:
            self._response = self._http.send(request, stream=True)
        except httpx.TransportError as exc:
            raise TransportError(f"cannot open {self._path}: {exc}") from exc
        self._events = EventSource(self._response).iter_sse()

    def _disconnect(self, failed: bool) -> None:
        self.close()
        if not failed:
            return
        self._drops += 1
        if self._drops > self._retry.attempts:
            self._done = True
            raise TransportError(f"{self._path} broke {self._drops} times in a row")
        self._retry.sleep(self._retry.backoff(self._drops))

    def close(self) -> None:
        """Close the connection (iterating again connects anew, from where it stopped)."""
        if self._response is not None:
            self._response.close()
        self._response, self._events = None, None

    def __enter__(self) -> Self:
        if self._events is None:
            self._connect()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
        self._done = True


class GameEvents(ResumingStream[Event]):
    """A game's events from a version on, until the game is over (`GET /games/{id}/stream`)."""

    def __init__(
        self,
        http: httpx.Client,
        game_id: str,
        from_version: int,
        retry: Retry,
        read_timeout_s: float,
    ) -> None:
        super().__init__(http, f"/games/{quote(game_id, safe='')}/stream", retry, read_timeout_s)
        self.last_version = from_version - 1  # the last event given

    def _params(self) -> dict[str, str]:
        return {"from": str(self.last_version + 1)}

    def _take(self, event: str, item: Any, id_: str) -> Event | None:
        if event == "end":
            if isinstance(item, dict) and item.get("reason") == "game_over":
                raise StopIteration
            raise _Reconnect(failed=False)  # time_limit: the server's own end
        version = item["version"]
        if version <= self.last_version:
            return None  # given already
        if version != self.last_version + 1:
            raise StreamGap(f"after version {self.last_version} the stream sent {version}")
        self.last_version = version
        return Event.from_dict(item)


class Notifications(ResumingStream[Notification]):
    """The player's notifications as they come (`GET /players/me/stream`); it never ends by
    itself. `position` is the last one's, to resume from in a later run (`after=`).

    A notification's type is a plain string: one this SDK does not know comes through too
    (the API adds types within v1); skip the types you do not handle.
    When the server no longer holds every note after the position, `NotificationsDropped` is
    raised once; iterating on gives the notes it holds."""

    def __init__(
        self, http: httpx.Client, after: str | None, retry: Retry, read_timeout_s: float
    ) -> None:
        super().__init__(http, "/players/me/stream", retry, read_timeout_s)
        self.position = after

    def _params(self) -> dict[str, str]:
        return {} if self.position is None else {"after": self.position}

    def _take(self, event: str, item: Any, id_: str) -> Notification | None:
        if event == "end":
            raise _Reconnect(failed=False)
        if event == "reset":
            raise NotificationsDropped(f"notes after {self.position} were dropped by the server")
        if not POSITION.fullmatch(id_):
            return None  # not a note: every note has its position as its id
        if self.position is not None and _key(id_) <= _key(self.position):
            return None  # given already
        self.position = id_
        try:
            return Notification.from_dict({**item, "position": id_})
        except ValueError:
            log.debug("skipped a notification it could not read: %s", item.get("type"))
            return None


def _key(position: str) -> tuple[int, int]:
    """A position's order (`<ms>-<n>`, a Redis stream id)."""
    ms, _, n = position.partition("-")
    return int(ms), int(n or 0)
