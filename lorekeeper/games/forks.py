"""What a fork starts from (docs/play/forks.md): the parent game checked, its position at the
version asked for, and the fork's first event.

A fork is made of a finished game only (FRK-1): a fork of a game in progress would show its
hands and let a player try out moves before making them. Its dice are committed afresh
(or chosen by its owner, FRK-4); its hands are known, so no commitment hides them (FRK-3).
Creating its table and seats is lorekeeper/players/forking.py's part.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from domain import Event
from domain.events import GameCreated
from domain.fork import CHOSEN, fork_problem, fork_start
from lorekeeper.errors import Refused
from lorekeeper.games.dice import DiceConfig
from lorekeeper.games.log import GameLog


@dataclass(frozen=True)
class ForkPlan:
    """A fork to be created: the parent's scenario (its hands shown as counts: a fork's
    hands are in its position), GameCreated's `fork`, and the parent's own settings."""

    scenario: dict[str, Any]
    fork: dict[str, Any]
    auto_decisions: bool
    edition: int

    @property
    def summary(self) -> dict[str, Any]:
        """What the fork's table shows of it: the parent and version, and its marks."""
        return {"parent": self.fork["parent"], "version": self.fork["version"],
                "practice": True, "dice": self.fork["dice"]}  # fmt: skip

    def secrets(self, config: DiceConfig) -> DiceConfig:
        """A fork's secrets: fresh dice, no client seeds, no hands to commit to."""
        return replace(config, hands=(), hand_salts=(), seat_seeds=False)

    def first_events(
        self, doc: Any, options: Any, game: DiceConfig, *, start: bool = True
    ) -> list[Event]:
        """The fork's only first event (`creation.first_events`' signature): its position is
        under way already, so no turn begins."""
        return [
            GameCreated(scenario=dict(self.scenario), auto_decisions=self.auto_decisions,
                        dice=game.public(), rules_edition=self.edition, fork=self.fork)
        ]  # fmt: skip


def plan_fork(
    log: GameLog, game_id: str, version: Any, *, dice: str, choosers: list[int]
) -> ForkPlan:
    """The fork of game `game_id` (its reader checked already) from `version`: Refused for a
    game in progress (409) or a version it cannot start from (422), each naming FRK-1."""
    head = log.load(game_id)
    if not head.state.is_over:
        why = "only a finished game can be forked: a fork of one in progress would help cheat"
        raise Refused("game_in_progress", why, rule="FRK-1")
    if type(version) is not int or not 1 <= version <= head.version:
        raise _bad_version(f"is 1 to {head.version}, the game's versions")
    at = log.load(game_id, version)
    problem = fork_problem(at.state)
    if problem is not None:
        raise _bad_version(problem)
    hashes = (at.head_hash, head.head_hash)
    fork = fork_start(game_id, version, hashes, at.state, dice=dice,
                      choosers=choosers if dice == CHOSEN else ())  # fmt: skip
    first = log.events.read(game_id, 1, 1)[0].payload
    return ForkPlan(_counted(first.get("scenario") or {}), fork,
                    at.state.auto_decisions, at.state.edition)  # fmt: skip


def _counted(scenario: dict[str, Any]) -> dict[str, Any]:
    """The scenario with each player's cards given as their count."""
    players = [
        {**{k: v for k, v in p.items() if k != "cards"}, "card_count": len(p.get("cards", []))}
        for p in scenario.get("players", [])
    ]
    return {**scenario, "players": players}


def _bad_version(problem: str) -> Refused:
    return Refused("invalid_body", f"version: {problem} (FRK-1)", rule="FRK-1",
                   errors={"version": [problem]})  # fmt: skip
