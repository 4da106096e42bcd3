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
