"""Game states from their streams: a fold of `evolve` over the events (the stream is the truth).

The current state folds only the events the process cache has not seen; a past state is
replayed from the first event.
"""

from __future__ import annotations

from collections.abc import Sequence

from adapters.event_store import (
    EventStore,
    GameNotFound,
    StoredEvent,
    VersionConflict,
    check_game_id,
)
from domain import Event, GameState, evolve, replay
from domain.events import event_from_json
from lorekeeper.errors import VersionNotFound
from lorekeeper.state_cache import StateCache


def require_valid_id(game_id: str) -> None:
    """GameNotFound for an id no game can have (before it reaches a store)."""
    try:
        check_game_id(game_id)
    except ValueError:
        raise GameNotFound(game_id) from None


def to_domain_events(stored: Sequence[StoredEvent]) -> list[Event]:
    return [event_from_json(e.type, e.payload) for e in stored]


def fold(state: GameState, events: Sequence[Event]) -> GameState:
    for event in events:
        state = evolve(state, event)
    return state


class GameStates:
    def __init__(self, events: EventStore, cache: StateCache) -> None:
        self._events = events
        self._cache = cache

    def current(self, game_id: str) -> GameState:
        require_valid_id(game_id)
        cached = self._cache.get(game_id)
        start = 1 if cached is None else cached.version + 1
        stored = self._events.read(game_id, start)
        if cached is None:
            if not stored:
                raise GameNotFound(game_id)
            state = replay(to_domain_events(stored))
        else:
            state = fold(cached, to_domain_events(stored))
        if stored:
            self._cache.put(game_id, state)
        return state

    def latest(self, game_id: str) -> tuple[GameState, bool]:
        """The cached state without asking the store whether it is still the newest (False),
        or, when none is cached, the current one (True). A decision made on the first is
        checked by the optimistic append: see `after_conflict`."""
        require_valid_id(game_id)
        cached = self._cache.get(game_id)
        return (cached, False) if cached is not None else (self.current(game_id), True)

    def after_conflict(
        self, game_id: str, state: GameState, conflict: VersionConflict
    ) -> GameState:
        """The current state, after an append at `state.version` was refused: `state` with the
        events the refusal carried folded on, then whatever is still missing read."""
        newer = conflict.newer
        if conflict.current_version < state.version or (
            newer and newer[0].version != state.version + 1
        ):
            self._cache.forget(game_id)  # the stream is not the one this state came from
            return self.current(game_id)
        if newer:
            state = fold(state, to_domain_events(newer))
            self._cache.put(game_id, state)
        if state.version != conflict.current_version:
            return self.current(game_id)
        return state

    def at(self, game_id: str, version: int) -> GameState:
        """The game as it was after event `version`; VersionNotFound past its end."""
        require_valid_id(game_id)
        cached = self._cache.get(game_id)
        if cached is not None and cached.version == version:
            return cached
        stored = self._events.read(game_id, 1, limit=version) if version >= 1 else []
        if version < 1 or len(stored) < version:
            raise VersionNotFound(version, self._events.version(game_id))
        return replay(to_domain_events(stored))

    def remember(self, game_id: str, state: GameState) -> None:
        """Keep a state this process just produced (its events are in the stream)."""
        self._cache.put(game_id, state)
