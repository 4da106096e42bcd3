"""Typed exceptions: one class per problem `code` a client often handles, else per status.

Every answer of 400 or more is an `ApiError` built from its problem+json body (RFC 9457):
`code` is the stable name to switch on, `rule` the rule broken (RULES.md), `problem` the whole
body. A code this SDK does not know gets its status's class, so a new code never breaks a
client (the API adds codes within v1).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any

import httpx

MAX_PROBLEM_BYTES = 64 * 1024  # an error body larger than this is not the API's


class LorekeeperError(Exception):
    """Every error this SDK raises."""


class TransportError(LorekeeperError):
    """The server could not be reached, or the connection broke, after every retry."""


class NotificationsDropped(LorekeeperError):
    """The server kept no more notes from the stream's position on: some are gone.

    Read `GET /players/me/games` to see where things stand. The stream goes on with the next
    note if you keep iterating it."""


class StreamGap(LorekeeperError):
    """A game stream skipped a version: an event would have been missed."""


class VerifierUnavailable(LorekeeperError):
    """Offline verification needs the `lorekeeper` package (README: "Verify a game")."""


class WebhookVerificationError(LorekeeperError):
    """A webhook delivery whose signature, timestamp or body does not hold: answer 400."""


class ApiError(LorekeeperError):
    """An answer of 400 or more, from its problem+json body."""

    def __init__(self, status: int, problem: Mapping[str, Any], retry_after: float | None) -> None:
        self.status = status
        self.problem = dict(problem)
        self.code: str | None = _text(problem.get("code"))
        self.title: str | None = _text(problem.get("title"))
        self.detail: str | None = _text(problem.get("detail"))
        self.rule: str | None = _text(problem.get("rule"))
        self.retry_after = retry_after  # seconds, when the answer said
        super().__init__(f"{status} {self.code or 'error'}: {self.detail or self.title or ''}")

    @property
    def current_version(self) -> int | None:
        """The game's version, on a version conflict, mismatch or time-out."""
        found = self.problem.get("current_version")
        return found if isinstance(found, int) else None


class BadRequest(ApiError):
    """400, 408, 413, 415: the request itself is wrong (a header, JSON, a query, its size)."""


class Unauthorized(ApiError):
    """401: no token, or one the server does not accept."""


class Forbidden(ApiError):
    """403: the token may not do this."""


class NotFound(ApiError):
    """404: no such thing, or a private game the caller may not read."""


class Conflict(ApiError):
    """409: the game or the resource is not in a state that allows this."""


class PreconditionFailed(ApiError):
    """412: `If-Match` named another version."""


class Unprocessable(ApiError):
    """422: a well-formed request the server refuses."""


class RateLimited(ApiError):
    """429: over the rate limit (`retry_after` says how long), or too many open streams."""


class ServerError(ApiError):
    """500 or another 5xx but 503: a bug of the server; please report it."""


class Unavailable(ApiError):
    """503: the store or the server is busy or out of room; `retry_after` says when to retry."""


class RuleViolation(ApiError):
    """A command the rules refuse now; `rule` names the rule."""


class NotYourTurn(Conflict, RuleViolation):
    """`not_your_turn`: another seat must act (R-TRN-1)."""


class WrongPhase(Conflict, RuleViolation):
    """`wrong_phase`: not in this phase, or a decision is pending."""


class BreathPending(Conflict, RuleViolation):
    """`breath_pending`: the server is resolving a breath phase; retry shortly."""


class GameOver(Conflict, RuleViolation):
    """`game_over`: the game has ended."""


class NotStarted(Conflict, RuleViolation):
    """`not_started`: the game waits for its seats (or its seed step)."""


class TimedOut(Conflict, RuleViolation):
    """`time_out`: the seat's time ran out; the server applied the time-out first."""


class IllegalCommand(Unprocessable, RuleViolation):
    """`illegal`: a well-formed command the rules forbid."""


class ServerStepOnly(Forbidden, RuleViolation):
    """`forbidden`: a step only the server may take."""


class VersionConflict(Conflict):
    """`version_conflict`: another command won the race; read and decide again."""


class VersionMismatch(PreconditionFailed):
    """`version_mismatch`: the game is not at the `If-Match` version any more."""


class GameNotFound(NotFound):
    """`game_not_found`: no such game, or a private one the caller may not read."""


class InvalidBody(Unprocessable):
    """`invalid_body`: the body does not fit the schema; `problem["errors"]` says where."""


class IdempotencyKeyReused(Unprocessable):
    """`idempotency_key_reused`: the key was used with another body (or by another seat)."""


BY_CODE: dict[str, type[ApiError]] = {
    "not_your_turn": NotYourTurn,
    "wrong_phase": WrongPhase,
    "breath_pending": BreathPending,
    "game_over": GameOver,
    "not_started": NotStarted,
    "time_out": TimedOut,
    "illegal": IllegalCommand,
    "forbidden": ServerStepOnly,
    "version_conflict": VersionConflict,
    "version_mismatch": VersionMismatch,
    "game_not_found": GameNotFound,
    "invalid_body": InvalidBody,
    "idempotency_key_reused": IdempotencyKeyReused,
    "rate_limited": RateLimited,
}
BY_STATUS: dict[int, type[ApiError]] = {
    400: BadRequest,
    401: Unauthorized,
    403: Forbidden,
    404: NotFound,
    408: BadRequest,
    409: Conflict,
    412: PreconditionFailed,
    413: BadRequest,
    415: BadRequest,
    422: Unprocessable,
    429: RateLimited,
    503: Unavailable,
}


def error_for(status: int, body: bytes, headers: httpx.Headers) -> ApiError:
    """The exception for an answer of `status` with `body` (problem+json, or anything)."""
    problem = _problem(body)
    code = _text(problem.get("code"))
    fallback = ServerError if status >= 500 else ApiError
    cls = BY_CODE.get(code or "") or BY_STATUS.get(status, fallback)
    return cls(status, problem, retry_after_s(headers))


def raise_for_problem(response: httpx.Response) -> None:
    """An httpx response hook: raise the typed error for any answer of 400 or more."""
    if response.status_code < 400:
        return
    body = bytearray()
    for chunk in response.iter_bytes():  # a streamed answer too; bounded
        body += chunk
        if len(body) > MAX_PROBLEM_BYTES:
            break
    response.close()
    raise error_for(response.status_code, bytes(body[:MAX_PROBLEM_BYTES]), response.headers)


def retry_after_s(headers: httpx.Headers | Mapping[str, str]) -> float | None:
    """`Retry-After` in seconds (delay-seconds or an HTTP date, RFC 9110), or None."""
    text = headers.get("Retry-After", "").strip()
    if not text:
        return None
    if text.isdigit():
        return float(text)
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


def _problem(body: bytes) -> dict[str, Any]:
    try:
        parsed = json.loads(body)
    except ValueError:
        return {"detail": body[:200].decode("utf-8", "replace")} if body else {}
    return parsed if isinstance(parsed, dict) else {}


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None
