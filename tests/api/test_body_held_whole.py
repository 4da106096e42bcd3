"""api/slow_clients.held_whole: a body gunicorn already holds is read without a timer; one
still on its way (or of unknown length, or not gunicorn's) is read against the deadline.
Built from gunicorn's own body classes, so that a gunicorn whose insides change fails here
rather than setting timers again unnoticed."""

from __future__ import annotations

import io

from gunicorn.http.body import Body, ChunkedReader, LengthReader
from gunicorn.http.unreader import Unreader

from api.slow_clients import held_whole


class _Socket(Unreader):
    """An unreader holding `held` already read ahead, then `coming` from the client."""

    def __init__(self, held: bytes, coming: list[bytes]) -> None:
        super().__init__()
        self.buf.write(held)
        self._coming = coming
        self.asked = 0

    def chunk(self, size_hint: int | None = None) -> bytes:
        self.asked += 1
        return self._coming.pop(0) if self._coming else b""


def test_a_body_read_ahead_whole_is_held() -> None:
    socket = _Socket(b'{"type":"pass"}', [])
    body = Body(LengthReader(socket, 15))

    assert held_whole(body)
    assert body.read() == b'{"type":"pass"}' and socket.asked == 0  # the client not asked


def test_a_body_with_the_next_request_behind_it_is_held() -> None:
    assert held_whole(Body(LengthReader(_Socket(b"{}GET / HTTP/1.1\r\n", []), 2)))


def test_a_body_still_on_its_way_is_not_held() -> None:
    socket = _Socket(b'{"type":', [b'"pass"}'])
    body = Body(LengthReader(socket, 15))

    assert not held_whole(body)
    assert body.read() == b'{"type":"pass"}' and socket.asked == 1


def test_a_chunked_body_or_another_servers_input_is_not_held() -> None:
    class _Request:
        trailers: list[tuple[str, str]] = []

    assert not held_whole(Body(ChunkedReader(_Request(), _Socket(b"2\r\n{}\r\n0\r\n\r\n", []))))
    assert not held_whole(io.BytesIO(b"{}"))
    assert not held_whole(None)
