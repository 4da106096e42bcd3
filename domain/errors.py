"""Errors the domain raises. Each rule violation names the rule it broke."""

from __future__ import annotations


class RuleViolation(Exception):
    """A command that breaks a rule of RULES.md. `code` says what kind of refusal it is:

    - `illegal` (the command is well formed but the rules forbid it),
    - `wrong_phase` (not now: another phase, a pending decision, a breath phase),
    - `not_your_turn` (another seat must act),
    - `game_over`.
    """

    def __init__(self, rule: str, message: str, code: str = "illegal") -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
        self.code = code


class TimeRanOut(RuleViolation):
    """A seat's command after its own time ran out (CLK-5): the seat on the clock, what it was
    timed for (`turn` or `decision`), the deadline it missed and the game's time-out policy."""

    def __init__(
        self, seat: int, period: str, deadline_ms: int, policy: str, at_ms: int | None = None
    ) -> None:
        what = "turn" if period == "turn" else "decision"
        message = (
            f"seat {seat}'s time for its {what} ran out at {deadline_ms} (epoch ms)"
            if at_ms is None
            else f"seat {seat}'s command came at {at_ms}, after its time ran out at "
            f"{deadline_ms} (epoch ms, its {what})"
        )
        super().__init__("CLK-5", message, "time_out")
        self.seat = seat
        self.period = period
        self.deadline_ms = deadline_ms
        self.policy = policy


class CommandError(ValueError):
    """A command whose shape is wrong (unknown type, missing field, wrong type)."""


class ScenarioError(ValueError):
    """A scenario document that cannot be played; `problems` lists every fault found."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


def require(condition: bool, rule: str, message: str, code: str = "illegal") -> None:
    if not condition:
        raise RuleViolation(rule, message, code)
