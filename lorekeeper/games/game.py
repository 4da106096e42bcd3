"""A game as the application holds it (`Game`: its state, its clocks and the head of its
hash chain), what caused an append (`Cause`), and what an append came to (`Committed`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from domain import GameState, Timed
from domain.clock import Clock
from lorekeeper.errors import GameNotFound
from lorekeeper.games.ports import StoredEvent, is_game_id


@dataclass(frozen=True)
class Game:
    """A game as loaded: its state after event `version`, and that event's hash and time;
    its clocks (None: a game without a time control) as they stood then."""

    id: str
    state: GameState
    head_hash: str
    head_time_ms: int
    checked: bool = True  # False: this process's cached copy, not compared with the stream
    clock: Clock | None = None

    @property
    def version(self) -> int:
        return self.state.version

    @property
    def timed(self) -> Timed:
        """The state and the clocks, as the domain decides and folds them."""
        return Timed(self.state, self.clock)


@dataclass(frozen=True)
class Cause:
    """Who caused an append, with what: recorded with its events (the chain keeps `command`
    on the first one, so an auditor can decide it again)."""

    command: Mapping[str, Any]
    seat: int | None = None
    command_id: str | None = None
    command_hash: str | None = None
    command_json: str | None = None  # `command`'s canonical JSON, if made already (its hash's)


@dataclass(frozen=True)
class Committed:
    """An append's result: the game's version after it and its events (for a duplicate, the
    first result of the same command)."""

    version: int
    events: tuple[StoredEvent, ...]
    duplicate: bool
    head_hash: str


def require_game_id(game_id: str) -> None:
    """GameNotFound for an id no game can have (before it reaches a store)."""
    if not is_game_id(game_id):
        raise GameNotFound(game_id)
