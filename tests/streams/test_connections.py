"""Connections as gunicorn keeps and refuses them (gunicorn.conf.py), against a started
server: a client that polls reuses its connection (docs/client/limits.md, "Limits"), and what
gunicorn refuses before the app sees it comes as problem details (docs/client/errors.md)."""

from __future__ import annotations

import http.client
import json
import socket
import time

import pytest

from tests.streams.conftest import Api

# Longer than gunicorn's own default keep-alive (2 s), which cut such clients, and well
# under the configured 75 s: the outcome does not hang on the machine's speed.
IDLE_S = 5.0
TITLES = {  # the reason phrases as RFC 9110 names them
    400: "Bad Request",
    414: "URI Too Long",
    417: "Expectation Failed",
    431: "Request Header Fields Too Large",
    501: "Not Implemented",
}


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


def answer_to(api: Api, raw: bytes) -> tuple[int, str | None, dict]:
    """The status, content type and JSON body the server answers `raw` bytes with."""
    with socket.create_connection(("127.0.0.1", api.port), timeout=10) as sock:
        sock.sendall(raw)
        response = http.client.HTTPResponse(sock)
        response.begin()
        return response.status, response.getheader("Content-Type"), json.loads(response.read())


@pytest.mark.timeout(60)
def test_what_gunicorn_refuses_itself_comes_in_the_one_error_shape(start_api) -> None:
    api: Api = start_api()
    refused = {
        b"GET /readyz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n":
            (431, "headers_too_large"),
        b"GET /readyz HTTP/1.1\r\nHost: x\r\n" + b"X-N: 1\r\n" * 200 + b"\r\n":
            (431, "headers_too_large"),
        b"GET /" + b"a" * 10_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n": (414, "request_line_too_long"),
        b"NOT A REQUEST LINE\r\n\r\n": (400, "bad_request"),
        b"GET /readyz HTTP/1.1\r\nHost: x\r\nExpect: tea\r\n\r\n": (417, "expectation_failed"),
        b"POST /games HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: foo\r\n\r\n":
            (501, "transfer_coding_unsupported"),
    }  # fmt: skip
    for raw, (status, code) in refused.items():
        answered, content_type, body = answer_to(api, raw)
        assert (answered, content_type) == (status, "application/problem+json"), body
        assert body["code"] == code and body["status"] == status, body
        assert body["type"].endswith(code) and body["title"] == TITLES[status], body
        assert body["detail"], body
