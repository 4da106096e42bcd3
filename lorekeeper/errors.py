"""Every refusal outside the rules: one shape, a stable `code` and a `detail`.

The rules' own refusals (domain.RuleViolation, CommandError, ScenarioError) name the rule
they apply; everything else the application, its stores or the HTTP layer refuses is a
LorekeeperError. `extra` holds the few documented fields an error body adds
(`current_version`, `retry_after_s`). The API maps codes to HTTP statuses with one table
(api/errors.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lorekeeper.games.ports import StoredEvent


class LorekeeperError(Exception):
    code = "error"

    def __init__(self, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.extra = extra


class Refused(LorekeeperError):
    """A refusal named where it happens (a malformed header, query or body): `code` given."""

    def __init__(self, code: str, detail: str, **extra: Any) -> None:
        super().__init__(detail, **extra)
        self.code = code


# -- games and their streams ------------------------------------------------------------------


class GameNotFound(LorekeeperError):
    code = "game_not_found"

    def __init__(self, game_id: str) -> None:
        super().__init__(f"no game {game_id!r}")
        self.game_id = game_id


class GameExists(LorekeeperError):
    code = "game_exists"

    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id!r} already exists")
        self.game_id = game_id


class VersionConflict(LorekeeperError):
    """An append expected another version. `newer`: the events after `expected_version`, in
    order, when the store sent them with the refusal (all or a first part of them; may be
    empty), so a caller that decided on a stale state can catch up without another read."""

    code = "version_conflict"

    def __init__(
        self,
        current_version: int,
        expected_version: int,
        newer: Sequence[StoredEvent] = (),
    ) -> None:
        super().__init__(
            f"another command was applied first; the game is at version {current_version}",
            current_version=current_version,
        )
        self.current_version = current_version
        self.expected_version = expected_version
        self.newer = tuple(newer)


class IdempotencyMismatch(LorekeeperError):
    """The command id was used before in this game with a different body (or by another seat)."""

    code = "idempotency_key_reused"

    def __init__(self, game_id: str, command_id: str, detail: str | None = None) -> None:
        super().__init__(
            detail or f"command {command_id!r} reused in game {game_id!r} with another body"
        )
        self.game_id = game_id
        self.command_id = command_id


class PreconditionFailed(LorekeeperError):
    """`If-Match` named a version the game is no longer (or not yet) at."""

    code = "version_mismatch"

    def __init__(self, expected_version: int, current_version: int) -> None:
        super().__init__(
            f"If-Match asked for version {expected_version}; the game is at {current_version}",
            current_version=current_version,
        )
        self.expected_version = expected_version
        self.current_version = current_version


class VersionNotFound(LorekeeperError):
    code = "version_not_found"

    def __init__(self, version: int, current_version: int) -> None:
        super().__init__(
            f"the game has no version {version}; it is at {current_version}",
            current_version=current_version,
        )
        self.current_version = current_version


# -- callers ----------------------------------------------------------------------------------


class TokenMissing(LorekeeperError):
    code = "token_missing"


class TokenRejected(LorekeeperError):
    """A token that is malformed or is not a seat token of this game."""

    code = "token_rejected"


class RateLimited(LorekeeperError):
    code = "rate_limited"

    def __init__(self, retry_after_s: int, what: str = "too many requests for this caller") -> None:
        super().__init__(f"{what}; retry in {retry_after_s} s")
        self.retry_after_s = retry_after_s


# -- clocks (docs/client/clocks.md) ------------------------------------------------------------


class TimeRanOut(LorekeeperError):
    """The command came from a seat whose time had run out: the server applied the time-out
    first (its events are in the game now) and refuses the command. `extra`: `rule`
    (CLK-5), `current_version`, `timed_out` ({seat, period, deadline_ms, policy})."""

    code = "time_out"


class InvalidClock(LorekeeperError):
    """A time control no game can have (`options.clock`)."""

    code = "invalid_clock"


# -- creating games and naming commands -------------------------------------------------------


class UnknownScenario(LorekeeperError):
    code = "unknown_scenario"


class ScriptedDiceRefused(LorekeeperError):
    code = "scripted_dice_disabled"


class CommandIdConflict(LorekeeperError):
    """The `Idempotency-Key` header and the body's `command_id` disagree."""

    code = "command_id_conflict"


# -- the store itself -------------------------------------------------------------------------


class StoreFull(LorekeeperError):
    code = "store_full"


class StoreUnavailable(LorekeeperError):
    code = "store_unavailable"


class ReadBudgetExceeded(LorekeeperError):
    """A read that folds a game's events ran out of its time budget (budget.py)."""

    code = "read_budget_exceeded"
