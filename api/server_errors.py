"""What gunicorn refuses itself, before a request reaches the app (a header longer than its
`limit_request_field_size`, a request line longer than `limit_request_line`, a malformed
request …), answered in the API's one error shape: problem details with a `code`
(docs/client/errors.md, "Errors"), where gunicorn writes an HTML page.

gunicorn.conf.py puts `write_error` in the place of `gunicorn.util.write_error`, which every
worker's `handle_error` calls with the status, reason and message it chose. Replacing that
one function keeps gunicorn's own parsing and choice of status; a worker class of our own
would have to copy `handle_error` whole (about 100 lines) to change only its last line.
"""

from __future__ import annotations

import json
import socket

from api.errors import PROBLEM_JSON, TYPE_PREFIX

# status -> (code, title: the reason phrase as RFC 9110 names it)
REFUSALS: dict[int, tuple[str, str]] = {
    400: ("bad_request", "Bad Request"),  # a malformed request line, header or chunk
    403: ("request_forbidden", "Forbidden"),  # a proxy or TLS client gunicorn refuses
    414: ("request_line_too_long", "URI Too Long"),
    417: ("expectation_failed", "Expectation Failed"),
    431: ("headers_too_large", "Request Header Fields Too Large"),
    501: ("transfer_coding_unsupported", "Not Implemented"),
    500: ("internal_error", "Internal Server Error"),
}
MAX_DETAIL = 300


def problem(status: int, reason: str, message: str) -> bytes:
    """The whole HTTP answer for a refusal gunicorn made: status, headers and body."""
    code, title = REFUSALS.get(status, ("bad_request" if status < 500 else "internal_error",
                                        reason))  # fmt: skip
    detail = message or title
    body = json.dumps({"type": TYPE_PREFIX + code, "title": title, "status": status,
                       "code": code, "detail": detail[:MAX_DETAIL]})  # fmt: skip
    data = body.encode()
    head = (f"HTTP/1.1 {status} {title}\r\nConnection: close\r\n"
            f"Content-Type: {PROBLEM_JSON}\r\nContent-Length: {len(data)}\r\n\r\n")  # fmt: skip
    return head.encode("latin-1") + data


def write_error(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's `util.write_error`, in problem details (the same arguments, the same
    non-blocking write)."""
    from gunicorn import util  # type: ignore[import-untyped]

    util.write_nonblock(sock, problem(status_int, reason, mesg))
