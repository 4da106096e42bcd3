"""A stream answers at once, whatever it has to say: a client whose timeout is well under the
keep-alive still gets its status, headers and a first line from a quiet stream
(docs/client/streams.md, "Live"), against a started server (gunicorn, gevent workers)."""

from __future__ import annotations

import http.client
from typing import Any

import pytest

from tests.service.games import duel
from tests.streams.conftest import Api

KEEPALIVE_S = 120  # the first keep-alive would come only then
CLIENT_TIMEOUT_S = 10  # a client's read timeout, well under it


def first_line(api: Api, path: str, accept: str, headers: dict[str, str]) -> tuple[int, bytes]:
    """The status and the first line of a stream, each read within the client's timeout."""
    conn = http.client.HTTPConnection("127.0.0.1", api.port, timeout=CLIENT_TIMEOUT_S)
    try:
        conn.request("GET", path, headers={"Accept": accept, **headers})
        response = conn.getresponse()
        return response.status, response.readline()
    finally:
        conn.close()


def signed_up(api: Api) -> dict[str, Any]:
    status, _, body = api.request("POST", "/players", {"name": "Ann"})
    assert status == 201, body
    return dict(body)


@pytest.mark.timeout(120)
@pytest.mark.parametrize(
    ("accept", "first"),
    [("application/x-ndjson", b"\n"), ("text/event-stream", b"retry: 2000\n")],
)
def test_a_quiet_stream_answers_at_once(start_api, accept: str, first: bytes) -> None:
    api = start_api(LOREKEEPER_SSE_KEEPALIVE_S=str(KEEPALIVE_S), LOREKEEPER_RATE_PER_S="0")
    game = api.create_game(duel())
    quiet_game = f"/games/{game['game_id']}/stream?from=99"  # past its last event
    assert first_line(api, quiet_game, accept, {}) == (200, first)
    key = signed_up(api)["key"]
    no_notes = "/players/me/stream"  # from the next notification: none comes
    assert first_line(api, no_notes, accept, {"Authorization": f"Bearer {key}"}) == (200, first)
