"""Lorekeeper's Python SDK: a client of the HTTP API (README.md).

    from lorekeeper_sdk import Client
    client = Client("http://127.0.0.1:8000", key)

`Client` sends commands with an Idempotency-Key and retries them safely (`Retry`), follows the
live streams and resumes them after a drop, and raises typed errors (`errors`). The generated
core (`lorekeeper_sdk.core`, from openapi.yaml) has every operation and model.
`verify_webhook` checks a webhook delivery; `verify_export` verifies a game offline.
"""

from lorekeeper_sdk.audit import Verdict, verify_export
from lorekeeper_sdk.client import Client
from lorekeeper_sdk.errors import (
    ApiError,
    BadRequest,
    BreathPending,
    Conflict,
    Forbidden,
    GameNotFound,
    GameOver,
    IdempotencyKeyReused,
    IllegalCommand,
    InvalidBody,
    LorekeeperError,
    NotFound,
    NotificationsDropped,
    NotStarted,
    NotYourTurn,
    PreconditionFailed,
    RateLimited,
    RuleViolation,
    ServerError,
    ServerStepOnly,
    StreamGap,
    TimedOut,
    TransportError,
    Unauthorized,
    Unavailable,
    Unprocessable,
    VerifierUnavailable,
    VersionConflict,
    VersionMismatch,
    WebhookVerificationError,
    WrongPhase,
)
from lorekeeper_sdk.retries import Retry
from lorekeeper_sdk.streams import GameEvents, Notifications
from lorekeeper_sdk.webhooks import verify_webhook

__all__ = [
    "ApiError",
    "BadRequest",
    "BreathPending",
    "Client",
    "Conflict",
    "Forbidden",
    "GameEvents",
    "GameNotFound",
    "GameOver",
    "IdempotencyKeyReused",
    "IllegalCommand",
    "InvalidBody",
    "LorekeeperError",
    "NotFound",
    "NotStarted",
    "NotYourTurn",
    "Notifications",
    "NotificationsDropped",
    "PreconditionFailed",
    "RateLimited",
    "Retry",
    "RuleViolation",
    "ServerError",
    "ServerStepOnly",
    "StreamGap",
    "TimedOut",
    "TransportError",
    "Unauthorized",
    "Unavailable",
    "Unprocessable",
    "Verdict",
    "VerifierUnavailable",
    "VersionConflict",
    "VersionMismatch",
    "WebhookVerificationError",
    "WrongPhase",
    "verify_export",
    "verify_webhook",
]
