"""Connections as gunicorn keeps them (gunicorn.conf.py, docs/api.md "Limits"), against a
started server: a client that polls reuses its connection, however the server is loaded."""

from __future__ import annotations

import http.client
import time

import pytest

from tests.streams.conftest import Api

# Longer than gunicorn's own default keep-alive (2 s), which cut such clients, and well
# under the configured 75 s: the outcome does not hang on the machine's speed.
IDLE_S = 5.0


def ready(conn: http.client.HTTPConnection) -> int:
    conn.request("GET", "/readyz")
    response = conn.getresponse()
    response.read()
    return response.status


@pytest.mark.timeout(60)
def test_a_client_polling_every_few_seconds_keeps_its_connection(start_api) -> None:
    api: Api = start_api()
    conn = http.client.HTTPConnection("127.0.0.1", api.port, timeout=10)
    try:
        assert ready(conn) == 200
        first = conn.sock
        time.sleep(IDLE_S)  # the client's pause between polls
        assert ready(conn) == 200  # not RemoteDisconnected, nor a connection reset
        assert conn.sock is first  # the same connection, not a new one
    finally:
        conn.close()
