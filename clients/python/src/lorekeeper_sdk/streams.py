"""Iterators over the live streams that resume after a drop, missing and doubling nothing.

Both read the NDJSON form of a stream (one JSON object a line, an empty line as the
keep-alive; docs/api.md, "Live"). When the connection breaks, the read times out (no line,
not even a keep-alive, for `read_timeout_s`) or the server ends the stream at its time limit,
the iterator connects again from where it stopped: a game's stream with `?from=` the next
version, a player's with `?after=` the last position. What it has already given is skipped
if the server sends it again. Drops in a row without a new item are bounded by
`Retry.attempts`, with a back-off between them; then `TransportError` is raised.

Use either as an iterator, or as a context manager that connects at once (`with`): then
nothing that happens after the `with` line is missed, even before the first `next()`.
"""

from __future__ import annotations

import json
import logging
from abc import ABC, abstractmethod
from collections.abc import Iterator
from types import TracebackType
from typing import Any, Generic, Self, TypeVar

import httpx

from lorekeeper_sdk.core.models import Event, Notification
from lorekeeper_sdk.errors import NotificationsDropped, StreamGap, TransportError
from lorekeeper_sdk.retries import Retry

NDJSON = "application/x-ndjson"
T = TypeVar("T")
log = logging.getLogger(__name__)


class _Reconnect(Exception):
    """The stream ended or broke: connect again (`failed`: without the server's say-so)."""

    def __init__(self, failed: bool) -> None:
        self.failed = failed


class ResumingStream(ABC, Generic[T]):
    """An NDJSON stream that connects again where it stopped (the module says how)."""

    def __init__(self, http: httpx.Client, path: str, retry: Retry, read_timeout_s: float) -> None:
        self._http = http
        self._path = path
        self._retry = retry
        t = http.timeout
        self._timeout = httpx.Timeout(connect=t.connect, read=read_timeout_s, write=t.write,
                                      pool=t.pool)  # fmt: skip
        self._response: httpx.Response | None = None
        self._lines: Iterator[str] | None = None
        self._drops = 0  # in a row, without a new item
        self._done = False

    @abstractmethod
    def _params(self) -> dict[str, str]:
        """Where to start: the query of the next connection."""

    @abstractmethod
    def _take(self, item: dict[str, Any]) -> T | None:
        """The item to give for one line, None to skip it; raises `_Reconnect` or
        `StopIteration` at the stream's end."""

    def __iter__(self) -> Self:
        return self

    def __next__(self) -> T:
        while True:
            if self._done:
                raise StopIteration
            if self._lines is None:
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
        assert self._lines is not None
        try:
            line = next(self._lines)
        except StopIteration:
            raise _Reconnect(failed=True) from None  # closed without its end line
        except httpx.TransportError:
            raise _Reconnect(failed=True) from None
        if not line.strip():
            return None  # a keep-alive
        try:
            item = json.loads(line)
        except ValueError:
            raise _Reconnect(failed=True) from None  # a line cut short by a drop
        return self._take(item)

    def _connect(self) -> None:
        request = self._http.build_request(
            "GET", self._path, params=self._params(), headers={"Accept": NDJSON},
            timeout=self._timeout,
        )  # fmt: skip
        try:
            self._response = self._http.send(request, stream=True)
        except httpx.TransportError as exc:
            raise TransportError(f"cannot open {self._path}: {exc}") from exc
        self._lines = self._response.iter_lines()

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
        self._response, self._lines = None, None

    def __enter__(self) -> Self:
        if self._lines is None:
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
        super().__init__(http, f"/games/{game_id}/stream", retry, read_timeout_s)
        self.last_version = from_version - 1  # the last event given

    def _params(self) -> dict[str, str]:
        return {"from": str(self.last_version + 1)}

    def _take(self, item: dict[str, Any]) -> Event | None:
        if "end" in item:
            if item["end"] == "game_over":
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

    A notification of a type this SDK does not know is skipped (the API adds types within v1).
    When the server no longer holds every note after the position, `NotificationsDropped` is
    raised once; iterating on gives the notes it holds."""

    def __init__(
        self, http: httpx.Client, after: str | None, retry: Retry, read_timeout_s: float
    ) -> None:
        super().__init__(http, "/players/me/stream", retry, read_timeout_s)
        self.position = after

    def _params(self) -> dict[str, str]:
        return {} if self.position is None else {"after": self.position}

    def _take(self, item: dict[str, Any]) -> Notification | None:
        if "end" in item:
            raise _Reconnect(failed=False)
        if "reset" in item:
            raise NotificationsDropped(f"notes after {self.position} were dropped by the server")
        position = item.get("position")
        if not isinstance(position, str):
            return None
        if self.position is not None and _key(position) <= _key(self.position):
            return None  # given already
        self.position = position
        try:
            return Notification.from_dict(item)
        except ValueError:
            log.debug("skipped a notification of an unknown type: %s", item.get("type"))
            return None


def _key(position: str) -> tuple[int, int]:
    """A position's order (`<ms>-<n>`, a Redis stream id)."""
    ms, _, n = position.partition("-")
    return int(ms), int(n or 0)
