"""Board projections: fold a game's new events into its stored view (and lobby entry).

`catch_up` reads only what the projection has not seen: it folds the stream's events after the
cached state (a process-wide LRU shared with the GameService, so a breath resolution leaves
the state it produced) and replays from the first event only on a cache miss. The save is
guarded by version, so running a catch-up twice, or two at once, changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from adapters.event_store import EventStore, StoredEvent
from adapters.projections import ProjectionStore, Save
from domain import GameState, evolve
from domain.events import event_from_json
from domain.view import ALL_SEATS, board_view
from lorekeeper.state_cache import StateCache

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Outcome:
    version: int  # the game's version the projection now shows (0: no such game)
    applied: int  # events folded by this run
    written: bool  # whether this run stored a new projection


def to_act(state: GameState) -> int | None:
    """The seat the game waits for: a pending decision's seat, else the active seat; None
    while the server resolves a breath phase (R-TRN-6) or when the game is over."""
    if state.is_over or state.phase == "breath":
        return None
    if state.pending is not None and state.pending.seat is not None:
        return state.pending.seat
    return state.active


def lobby_entry(game_id: str, state: GameState, last_activity_ms: int) -> dict[str, Any]:
    return {
        "game_id": game_id,
        "scenario": state.scenario,
        "seats": len(state.players),
        "status": "over" if state.is_over else "active",
        "active_seat": state.active,
        "to_act": to_act(state),
        "turn": state.turn,
        "phase": state.phase,
        "winner": "draw" if state.draw else state.winner,
        "version": state.version,
        "last_activity": last_activity_ms,
    }


def fold(state: GameState | None, stored: Sequence[StoredEvent]) -> GameState:
    for event in stored:
        state = evolve(state, event_from_json(event.type, event.payload))
        if state.version != event.version:
            raise ValueError(f"event {event.version} gave state version {state.version}")
    if state is None:
        raise ValueError("no events to fold")
    return state


class Projector:
    def __init__(self, events: EventStore, projections: ProjectionStore, cache: StateCache) -> None:
        self._events = events
        self._projections = projections
        self._cache = cache

    def catch_up(self, game_id: str) -> Outcome:
        outcome = self.catch_up_many([game_id])[0]
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    def catch_up_many(self, game_ids: Sequence[str]) -> list[Outcome | Exception]:
        """`catch_up` of several games with one read of their checkpoints, one of their new
        events and one save of their views: a few round trips for the batch, not per game.
        A game that fails gives its exception in its place; the others go on."""
        games = list(dict.fromkeys(game_ids))
        cached = {g: self._cache.get(g) for g in games}
        checkpoints = self._projections.checkpoints(games)
        starts = [(g, _next(cached[g])) for g in games]
        tails = self._events.tails(starts)
        outcomes: dict[str, Outcome | Exception] = {}
        saves: list[tuple[str, GameState, int, Save]] = []
        for game_id, stored, (head, new) in zip(games, checkpoints, tails, strict=True):
            try:
                outcome = self._fold(game_id, cached[game_id], stored, head, new)
            except Exception as exc:  # one broken game must not hold up the others
                outcomes[game_id] = exc
                continue
            if isinstance(outcome, Outcome):
                outcomes[game_id] = outcome
                continue
            state, applied = outcome
            try:
                saves.append((game_id, state, applied, self._save_of(game_id, state, new)))
            except Exception as exc:
                outcomes[game_id] = exc
        written = self._projections.save_many([save for *_, save in saves])
        for (game_id, state, applied, _), wrote in zip(saves, written, strict=True):
            self._cache.put(game_id, state)
            outcomes[game_id] = Outcome(state.version, applied, wrote)
        return [outcomes[g] for g in game_ids]

    def _fold(
        self,
        game_id: str,
        cached: GameState | None,
        stored: int,
        head: int,
        new: Sequence[StoredEvent],
    ) -> Outcome | tuple[GameState, int]:
        """The state to save and how many events were folded into it, or the Outcome when
        there is nothing to save."""
        if head == 0:
            return Outcome(0, 0, False)
        if stored > head:
            # Never seen with AOF (a prefix survives a crash); without it, the stream may lose
            # what the projection kept. The stream is the truth.
            log.error("projection.ahead_of_stream", extra=_ids(game_id, stored, head=head))
            self._projections.delete(game_id)
            stored = 0
        if stored == head:
            self._projections.sync_lobby(game_id)
            return Outcome(head, 0, False)
        if cached is not None and cached.version > head:
            cached, new = None, self._events.read(game_id)  # the stream lost events
        return fold(cached, new), len(new)

    def _save_of(self, game_id: str, state: GameState, new: Sequence[StoredEvent]) -> Save:
        last = new[-1] if new else self._events.read(game_id, state.version, limit=1)[0]
        return Save(game_id, state.version, board_view(state, ALL_SEATS),
                    lobby_entry(game_id, state, last.time_ms))  # fmt: skip

    def rebuild(self, game_id: str) -> Outcome:
        """Replay the whole stream and store the result, replacing a projection of the same
        version (same bytes when it was right) or of a version the stream does not have."""
        stored_events = self._events.read(game_id)
        state = fold(None, stored_events)
        if self._projections.checkpoint(game_id) > state.version:
            self._projections.delete(game_id)
        save = self._save_of(game_id, state, stored_events)
        written = self._projections.save(*save, replace_equal=True)
        self._cache.put(game_id, state)
        return Outcome(state.version, len(stored_events), written)


def _next(cached: GameState | None) -> int:
    """The first version a cached state has not seen."""
    return 1 if cached is None else cached.version + 1


def _ids(game_id: str, version: int, **more: Any) -> dict[str, Any]:
    return {"game_id": game_id, "version": version, **more}
