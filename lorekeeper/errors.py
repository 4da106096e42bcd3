"""Refusals of the application layer. The API maps each to one HTTP status (api/errors.py).

The domain's RuleViolation, CommandError and ScenarioError and the event store's errors
(GameNotFound, VersionConflict, IdempotencyMismatch) pass through the service unchanged.
"""

from __future__ import annotations


class ServiceError(Exception):
    """Base of the application's own refusals; `code` is the stable name clients switch on."""

    code = "service_error"

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class TokenMissing(ServiceError):
    code = "token_missing"


class TokenRejected(ServiceError):
    """A token that is malformed or is not a seat token of this game."""

    code = "token_rejected"


class PreconditionFailed(ServiceError):
    """`If-Match` named a version the game is no longer (or not yet) at."""

    code = "version_mismatch"

    def __init__(self, expected_version: int, current_version: int) -> None:
        super().__init__(
            f"If-Match asked for version {expected_version}; the game is at {current_version}"
        )
        self.expected_version = expected_version
        self.current_version = current_version


class VersionNotFound(ServiceError):
    code = "version_not_found"

    def __init__(self, version: int, current_version: int) -> None:
        super().__init__(f"the game has no version {version}; it is at {current_version}")
        self.current_version = current_version


class UnknownScenario(ServiceError):
    code = "unknown_scenario"


class ScriptedDiceRefused(ServiceError):
    code = "scripted_dice_disabled"


class CommandIdConflict(ServiceError):
    """The `Idempotency-Key` header and the body's `command_id` disagree."""

    code = "command_id_conflict"


class RateLimited(ServiceError):
    code = "rate_limited"

    def __init__(self, retry_after_s: int) -> None:
        super().__init__(f"too many requests for this token; retry in {retry_after_s} s")
        self.retry_after_s = retry_after_s
