"""Every error the API answers, mapped to HTTP in this one place.

The body is always RFC 9457 problem details (`application/problem+json`):
`{"type", "title", "status", "code", "detail"}`, plus `rule` for a rule violation and a few
documented extras (`errors`, `problems`, `current_version`). A 500 is a bug.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from typing import Any

import redis
from flask import Flask, Response
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from adapters.event_store import GameNotFound, IdempotencyMismatch, VersionConflict
from domain import CommandError, RuleViolation, ScenarioError
from lorekeeper import errors as app_errors

PROBLEM_JSON = "application/problem+json"
TYPE_PREFIX = "tag:lorekeeper,2026:problem:"
_log = logging.getLogger(__name__)

# RuleViolation.code -> HTTP status. not_your_turn is a 409: the same request from the same
# seat succeeds once it is that seat's turn, so it conflicts with the game's state; the token
# itself is fine (403 would say it never will be).
RULE_STATUS = {
    "illegal": 422,
    "wrong_phase": 409,
    "breath_pending": 409,
    "not_your_turn": 409,
    "game_over": 409,
    "forbidden": 403,
}
_TITLES = {
    400: "Bad request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not found",
    409: "Conflict",
    412: "Precondition failed",
    413: "Content too large",
    415: "Unsupported media type",
    422: "Unprocessable content",
    429: "Too many requests",
    500: "Internal server error",
    503: "Service unavailable",
}


class ApiProblem(Exception):
    """A refusal of the HTTP layer itself: a malformed body, header or query."""

    def __init__(self, status: int, code: str, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.status, self.code, self.detail, self.extra = status, code, detail, extra


@dataclass
class Problem:
    status: int
    code: str
    detail: str
    rule: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    type: str | None = None

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": self.type or TYPE_PREFIX + self.code,
            "title": _TITLES.get(self.status, "Error"),
            "status": self.status,
            "code": self.code,
            "detail": self.detail,
        }
        if self.rule is not None:
            out["rule"] = self.rule
        return {**out, **self.extra}


def problem_response(problem: Problem) -> Response:
    text = json.dumps(problem.body(), ensure_ascii=False, default=str)
    response = Response(text, status=problem.status, mimetype=PROBLEM_JSON)
    response.headers.update(problem.headers)
    return response


def to_problem(exc: BaseException) -> Problem:
    """The problem an exception stands for: its status, stable code and detail."""
    for kinds, convert in _CONVERTERS:
        if isinstance(exc, kinds):
            return convert(exc)
    _log.exception("unhandled error", exc_info=exc)
    return Problem(500, "internal_error", "the server failed; this is a bug, please report it")


def _rule(exc: Any) -> Problem:
    return Problem(RULE_STATUS.get(exc.code, 422), exc.code, exc.message, rule=exc.rule)


def _validation(exc: Any) -> Problem:
    return Problem(
        422, "invalid_body", "the body does not fit the schema", extra={"errors": exc.messages}
    )


def _token(exc: Any) -> Problem:
    challenge = 'Bearer realm="lorekeeper"'
    if isinstance(exc, app_errors.TokenRejected):
        challenge += ', error="invalid_token"'
    return Problem(401, exc.code, exc.detail, headers={"WWW-Authenticate": challenge})


def _precondition(exc: Any) -> Problem:
    extra = {"current_version": exc.current_version}
    return Problem(
        412, exc.code, exc.detail, extra=extra, headers={"ETag": f'"{exc.current_version}"'}
    )


def _service(status: int) -> Any:
    return lambda exc: Problem(status, exc.code, exc.detail)


def _http(exc: Any) -> Problem:
    code = re.sub(r"[^a-z0-9]+", "_", (exc.name or "error").lower()).strip("_")
    if exc.code == 413:
        code = "body_too_large"
    headers = {k: v for k, v in exc.get_headers() if k.lower() in ("allow", "retry-after")}
    detail = exc.description or exc.name
    return Problem(exc.code or 500, code, detail, headers=headers, type="about:blank")


_CONVERTERS: list[tuple[Any, Any]] = [
    (ApiProblem, lambda e: Problem(e.status, e.code, e.detail, extra=e.extra)),
    (RuleViolation, _rule),
    (ValidationError, _validation),
    (CommandError, lambda e: Problem(422, "invalid_command", str(e))),
    (
        ScenarioError,
        lambda e: Problem(422, "invalid_scenario", str(e), extra={"problems": e.problems}),
    ),
    (GameNotFound, lambda e: Problem(404, "game_not_found", str(e))),
    (
        VersionConflict,
        lambda e: Problem(
            409,
            "version_conflict",
            f"another command was applied first; the game is at version {e.current_version}",
            extra={"current_version": e.current_version},
        ),
    ),
    (IdempotencyMismatch, lambda e: Problem(422, "idempotency_key_reused", str(e))),
    ((app_errors.TokenMissing, app_errors.TokenRejected), _token),
    (app_errors.PreconditionFailed, _precondition),
    (
        app_errors.VersionNotFound,
        lambda e: Problem(404, e.code, e.detail, extra={"current_version": e.current_version}),
    ),
    ((app_errors.UnknownScenario, app_errors.CommandIdConflict), _service(422)),
    (app_errors.ScriptedDiceRefused, _service(403)),
    (
        app_errors.RateLimited,
        lambda e: Problem(429, e.code, e.detail, headers={"Retry-After": str(e.retry_after_s)}),
    ),
    (HTTPException, _http),
    (
        redis.exceptions.OutOfMemoryError,
        lambda e: Problem(
            503,
            "store_full",
            "the game store is out of memory and accepts no writes; nothing was appended",
            headers={"Retry-After": "30"},
        ),
    ),
    (
        (redis.ConnectionError, redis.TimeoutError),
        lambda e: Problem(
            503,
            "store_unavailable",
            "the game store is not reachable; retry shortly",
            headers={"Retry-After": "1"},
        ),
    ),
]


def register_error_handlers(app: Flask) -> None:
    def handle(exc: Exception) -> Response | HTTPException:
        if isinstance(exc, HTTPException) and (exc.code or 500) < 400:
            return exc  # redirects (e.g. a missing trailing slash) stay what they are
        return problem_response(to_problem(exc))

    app.register_error_handler(Exception, handle)
