"""Every error the API answers, mapped to HTTP in this one place.

Whatever is raised becomes one shape first (`as_error`: a LorekeeperError, a code and a
detail, or the rules' RuleViolation, which adds the rule it applies), and its code becomes a
status by one table (STATUS). The body is always RFC 9457 problem details
(`application/problem+json`): `{"type", "title", "status", "code", "detail"}`, plus `rule`
for a rule violation and the error's documented extras (`errors`, `problems`,
`current_version`). A 500 is a bug.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import redis
from flask import Flask, Response
from marshmallow import ValidationError
from redis.exceptions import AskError, ClusterError, SlotNotCoveredError, TryAgainError
from werkzeug.exceptions import HTTPException
from werkzeug.http import HTTP_STATUS_CODES

from adapters.redis.ratelimit import is_out_of_memory
from domain import CommandError, RuleViolation, ScenarioError
from lorekeeper import errors as e

PROBLEM_JSON = "application/problem+json"
TYPE_PREFIX = "tag:lorekeeper,2026:problem:"
_log = logging.getLogger(__name__)

# code -> HTTP status. not_your_turn is a 409: the same request from the same seat succeeds
# once it is that seat's turn, so it conflicts with the game's state; the token itself is
# fine (403 would say it never will be).
STATUS: dict[str, int] = {
    # the rules (RuleViolation.code)
    "illegal": 422,
    "wrong_phase": 409,
    "breath_pending": 409,
    "not_your_turn": 409,
    "game_over": 409,
    "forbidden": 403,
    # the request itself
    "malformed_json": 400,
    "bad_header": 400,
    "invalid_query": 400,
    "unsupported_media_type": 415,
    "invalid_body": 422,
    "invalid_command": 422,
    "invalid_scenario": 422,
    # callers
    "token_missing": 401,
    "token_rejected": 401,
    "app_key_rejected": 401,  # an unknown Lorekeeper-App-Key (lorekeeper/app_keys.py)
    "rate_limited": 429,
    "too_many_streams": 429,
    "too_many_waits": 429,
    "body_timeout": 408,
    # games, versions, commands
    "game_not_found": 404,
    "no_transparency_log": 404,  # issue 20: a server without one (docs/audit.md)
    "beyond_log": 409,  # issue 20: a tree size the log does not have (yet, or any more)
    "version_not_found": 404,
    "scenario_not_found": 404,
    "spec_not_found": 404,
    "docs_not_built": 404,
    "unknown_scenario": 422,
    "scripted_dice_disabled": 403,
    "version_conflict": 409,
    "version_mismatch": 412,
    "idempotency_key_reused": 422,
    "command_id_conflict": 422,
    # players, seats and the lobby (docs/players.md)
    "not_started": 409,
    "player_not_found": 404,
    "key_not_found": 404,
    "too_many_keys": 409,
    "game_limit_reached": 403,
    "not_seated": 403,
    "already_seated": 409,
    "seat_taken": 409,
    "seats_free": 409,
    "game_started": 409,
    "game_closed": 409,
    "game_not_over": 409,
    "game_in_progress": 409,  # a fork of a game not over (FRK-1)
    "practice_game": 409,  # a rematch of a fork (FRK-2)
    "game_exists": 409,
    "invitation_rejected": 403,
    "read_only_token": 403,
    "role_insufficient": 403,
    "too_many_grants": 409,
    "grant_not_found": 404,
    # clocks (docs/client/clocks.md)
    "time_out": 409,
    "invalid_clock": 422,
    # push: the player stream, tickets, webhooks (docs/push.md)
    "ticket_rejected": 401,
    "webhook_not_found": 404,
    "delivery_not_found": 404,
    "too_many_webhooks": 409,
    "webhook_target_refused": 422,
    "webhooks_unavailable": 503,
    # ratings (docs/ratings.md)
    "cannot_be_rated": 422,
    "rating_not_found": 404,
    # the store
    "store_full": 503,
    "read_budget_exceeded": 503,
    "store_unavailable": 503,
    "streams_full": 503,
}
_TITLES = {
    413: "Content Too Large",
    422: "Unprocessable Content",
}
_BUG = "the server failed; this is a bug, please report it"


def as_error(exc: BaseException) -> e.LorekeeperError | RuleViolation | None:
    """`exc` in the one shape, or None for what has no place in it (a bug)."""
    match exc:
        case e.LorekeeperError() | RuleViolation():
            return exc
        case ValidationError():
            return e.Refused("invalid_body", "the body does not fit the schema",
                             errors=exc.messages)  # fmt: skip
        case CommandError():
            return e.Refused("invalid_command", str(exc))
        case ScenarioError():
            return e.Refused("invalid_scenario", str(exc), problems=exc.problems)
        case redis.ResponseError() if is_out_of_memory(exc):  # Redis 6 scripts: a ResponseError
            return e.StoreFull(
                "the game store is out of memory and accepts no writes; nothing was appended"
            )
        case redis.ConnectionError() | redis.TimeoutError():
            return e.StoreUnavailable("the game store is not reachable; retry shortly")
        # A Redis Cluster failing over, or still moving a slot after every redirection.
        case ClusterError() | TryAgainError() | AskError() | SlotNotCoveredError():
            return e.StoreUnavailable("the game store is failing over; retry shortly")
    return None


def problem_response(exc: BaseException) -> Response:
    """The problem details `exc` stands for, as a response."""
    if isinstance(exc, HTTPException):
        return _response(_http_body(exc), exc.code or 500, _http_headers(exc))
    error = as_error(exc)
    if error is None:
        _log.exception("unhandled error", exc_info=exc)
        return _response(_body(500, "internal_error", _BUG), 500, {})
    if isinstance(error, RuleViolation):
        status = STATUS.get(error.code, 422)
        return _response(_body(status, error.code, error.message, rule=error.rule), status, {})
    status = STATUS[error.code]
    body = _body(status, error.code, error.detail, **_shown(error.extra))
    return _response(body, status, _headers(error))


def _body(status: int, code: str, detail: str, **extra: Any) -> dict[str, Any]:
    return {
        "type": TYPE_PREFIX + code,
        "title": _title(status),
        "status": status,
        "code": code,
        "detail": detail,
        **extra,
    }


def _title(status: int) -> str:
    """The status's reason phrase, as RFC 9110 section 15 names it (werkzeug's table keeps
    some older names: "Unprocessable Entity"), the same for every error of that status."""
    return _TITLES.get(status) or HTTP_STATUS_CODES.get(status, "Error")


def _shown(extra: dict[str, Any]) -> dict[str, Any]:
    """The extras an error body carries (a wait goes in Retry-After, not the body)."""
    return {k: v for k, v in extra.items() if k != "retry_after_s"}


def _headers(error: e.LorekeeperError) -> dict[str, str]:
    match error:
        case e.TokenRejected():
            return {"WWW-Authenticate": 'Bearer realm="lorekeeper", error="invalid_token"'}
        case e.TokenMissing():
            return {"WWW-Authenticate": 'Bearer realm="lorekeeper"'}
        case e.PreconditionFailed():
            return {"ETag": f'"{error.current_version}"'}
        case e.RateLimited():
            return {"Retry-After": str(error.retry_after_s)}
        case e.StoreFull():
            return {"Retry-After": "30"}
        case e.StoreUnavailable():
            return {"Retry-After": "1"}
    if "retry_after_s" in error.extra:
        return {"Retry-After": str(error.extra["retry_after_s"])}
    return {}


def _http_body(exc: HTTPException) -> dict[str, Any]:
    """Werkzeug's own refusals (404 route, 405, 413 …), in the same shape."""
    status = exc.code or 500
    code = re.sub(r"[^a-z0-9]+", "_", (exc.name or "error").lower()).strip("_")
    if status == 413:
        code = "body_too_large"
    return {**_body(status, code, exc.description or exc.name), "type": "about:blank"}


def _http_headers(exc: HTTPException) -> dict[str, str]:
    return {k: v for k, v in exc.get_headers() if k.lower() in ("allow", "retry-after")}


def _response(body: dict[str, Any], status: int, headers: dict[str, str]) -> Response:
    text = json.dumps(body, ensure_ascii=False, default=str)
    response = Response(text, status=status, mimetype=PROBLEM_JSON)
    response.headers.update(headers)
    return response


def register_error_handlers(app: Flask) -> None:
    def handle(exc: Exception) -> Response | HTTPException:
        if isinstance(exc, HTTPException) and (exc.code or 500) < 400:
            return exc  # redirects (e.g. a missing trailing slash) stay what they are
        return problem_response(exc)

    app.register_error_handler(Exception, handle)
