"""The application layer: create games, run commands, resolve breath phases, load states.

Shared by the API and the workers. A command goes: seat from its token → state (cached, then
the stream's newer events folded on) → `domain.decide` → optimistic append at the state's
version (the store also checks the command id) → `jobs.after_append`.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

import domain
from adapters.event_store import (
    AppendResult,
    EventStore,
    GameNotFound,
    IdempotencyMismatch,
    NewEvent,
    StoredEvent,
    VersionConflict,
)
from domain import Event, GameState, RuleViolation, replay
from domain.events import SCHEMA_VERSION
from domain.scenarios import get_scenario
from lorekeeper.dice import DiceConfig, DiceConfigStore
from lorekeeper.errors import (
    PreconditionFailed,
    ScriptedDiceRefused,
    TokenMissing,
    TokenRejected,
    UnknownScenario,
)
from lorekeeper.idempotency import (
    breath_command,
    client_command_id,
    command_hash,
    server_command_id,
)
from lorekeeper.ports import JobQueue
from lorekeeper.seats import SeatTokenStore, is_token_shaped, new_token, token_hash
from lorekeeper.state_cache import StateCache
from lorekeeper.states import GameStates, fold, require_valid_id

_BREATH_RETRIES = 5
# An event a probe append carries; it is never written (see _previous_result).
_PROBE = NewEvent("IdempotencyProbe", {})


class CreatedGame(NamedTuple):
    game_id: str
    version: int
    seats: list[dict[str, Any]]


@dataclass(frozen=True)
class CommandResult:
    seat: int
    version: int
    events: tuple[StoredEvent, ...]
    duplicate: bool


class GameService:
    def __init__(
        self,
        events: EventStore,
        tokens: SeatTokenStore,
        dice: DiceConfigStore,
        jobs: JobQueue,
        *,
        allow_scripted_dice: bool = False,
        cache: StateCache | None = None,
        new_game_id: Callable[[], str] = lambda: secrets.token_hex(8),
    ) -> None:
        self.event_store = events
        self._tokens = tokens
        self._dice = dice
        self.jobs = jobs
        self._allow_scripted_dice = allow_scripted_dice
        self._states = GameStates(events, cache if cache is not None else StateCache())
        self._new_game_id = new_game_id

    # -- creating a game -------------------------------------------------------------------------

    def create_game(
        self, scenario: str | Mapping[str, Any], options: Mapping[str, Any] | None = None
    ) -> CreatedGame:
        """Raises UnknownScenario, ScenarioError (every problem) or ScriptedDiceRefused."""
        options = options or {}
        doc = _scenario_doc(scenario)
        dice = self._dice_config(options)
        events = domain.new_game(doc, auto_decisions=bool(options.get("auto_decisions", False)))
        state = replay(events)
        game_id = self._new_game_id()
        tokens = {seat: new_token() for seat in range(len(state.players))}
        self._dice.save(game_id, dice)
        self._tokens.save(game_id, {seat: token_hash(t) for seat, t in tokens.items()})
        result = self.event_store.create(game_id, [_new_event(e) for e in events], seat=None)
        self._states.remember(game_id, state)
        self.jobs.after_append(game_id, result.version, [e.type for e in result.events])
        seats = [{"seat": seat, "token": token} for seat, token in tokens.items()]
        return CreatedGame(game_id, result.version, seats)

    def _dice_config(self, options: Mapping[str, Any]) -> DiceConfig:
        script = (options.get("dice") or {}).get("script", ())
        if "dice" in options and not self._allow_scripted_dice:
            raise ScriptedDiceRefused(
                "scripted dice are disabled on this server (LOREKEEPER_ALLOW_SCRIPTED_DICE=1)"
            )
        return DiceConfig.fresh(options.get("seed"), script)

    # -- seats -----------------------------------------------------------------------------------

    def seat_for(self, game_id: str, token: str | None) -> int:
        """The seat `token` opens; GameNotFound, TokenMissing or TokenRejected otherwise."""
        require_valid_id(game_id)
        if token is None:
            raise TokenMissing("this request needs `Authorization: Bearer <seat token>`")
        seat = self._tokens.seat_for(game_id, token) if is_token_shaped(token) else None
        if seat is None:
            if not self.event_store.exists(game_id):
                raise GameNotFound(game_id)
            raise TokenRejected("this token is not a seat token of this game")
        return seat

    def viewer_for(self, game_id: str, token: str | None) -> int | None:
        """A reader's seat: None without a token (sees no seat's secrets)."""
        return None if token is None else self.seat_for(game_id, token)

    # -- commands --------------------------------------------------------------------------------

    def handle_command(
        self,
        game_id: str,
        token: str | None,
        body: Mapping[str, Any],
        if_match: int | None = None,
        idempotency_key: str | None = None,
    ) -> CommandResult:
        seat = self.seat_for(game_id, token)
        command = domain.command_from_json({k: v for k, v in body.items() if k != "command_id"})
        command_id = client_command_id(body, idempotency_key)
        digest = command_hash(body)
        state = self.load_state(game_id)
        try:
            if if_match is not None and if_match != state.version:
                raise PreconditionFailed(if_match, state.version)
            new_events = domain.decide(state, command, self._dice_source(game_id), seat)
        except (PreconditionFailed, RuleViolation):
            # A retry of a command that went through earlier gets its first result back.
            previous = self._previous_result(game_id, command_id, digest)
            if previous is None:
                raise
            return self._replayed(game_id, seat, command_id, previous)
        if not new_events:
            return CommandResult(seat, state.version, (), duplicate=False)
        return self._append(game_id, state, seat, new_events, command_id, digest, if_match)

    def _append(
        self,
        game_id: str,
        state: GameState,
        seat: int,
        new_events: list[Event],
        command_id: str | None,
        digest: str,
        if_match: int | None,
    ) -> CommandResult:
        try:
            result = self.event_store.append(
                game_id,
                state.version,
                [_new_event(e) for e in new_events],
                seat=seat,
                command_id=command_id or server_command_id(),
                command_hash=digest,
            )
        except VersionConflict as conflict:
            if if_match is not None:
                raise PreconditionFailed(if_match, conflict.current_version) from None
            raise
        if result.duplicate:
            return self._replayed(game_id, seat, command_id, result)
        self._states.remember(game_id, fold(state, new_events))
        self.jobs.after_append(game_id, result.version, [e.type for e in result.events])
        return CommandResult(seat, result.version, result.events, duplicate=False)

    def _previous_result(
        self, game_id: str, command_id: str | None, digest: str
    ) -> AppendResult | None:
        """The first result of a command id used before in this game, else None.

        The store checks a command id before the expected version, so an append expecting
        version -1 (never a game's version) answers a known id with its first result and any
        other id with VersionConflict, writing nothing either way.
        """
        if command_id is None:
            return None
        try:
            result = self.event_store.append(
                game_id, -1, [_PROBE], seat=None, command_id=command_id, command_hash=digest
            )
        except VersionConflict:
            return None
        return result if result.duplicate else None

    def _replayed(
        self, game_id: str, seat: int, command_id: str | None, result: AppendResult
    ) -> CommandResult:
        if result.events and result.events[0].seat != seat:
            # Another seat's command id: same body or not, it is not this caller's to repeat.
            raise IdempotencyMismatch(game_id, command_id or "")
        # The jobs may have been lost with the first reply: they are idempotent, so re-run them.
        self.jobs.after_append(game_id, result.version, [e.type for e in result.events])
        return CommandResult(seat, result.version, result.events, duplicate=True)

    # -- the server's own steps ------------------------------------------------------------------

    def resolve_breath(self, game_id: str) -> AppendResult | None:
        """Resolve the game's open breath phase (R-TRN-6); None when there is none (any more).

        Safe to run twice: the append carries the command id `breath@<version>`, so a second
        run for the same phase is a duplicate, and a run after it finds no breath phase.
        """
        for _ in range(_BREATH_RETRIES):
            state = self.load_state(game_id)
            if state.phase != "breath":
                return None
            new_events = domain.resolve_breath(state, self._dice_source(game_id))
            command_id, digest = breath_command(state.version)
            try:
                result = self.event_store.append(
                    game_id,
                    state.version,
                    [_new_event(e) for e in new_events],
                    seat=None,
                    command_id=command_id,
                    command_hash=digest,
                )
            except VersionConflict:
                continue  # a resignation landed first; look again
            if result.duplicate:
                return None
            self._states.remember(game_id, fold(state, new_events))
            self.jobs.after_append(game_id, result.version, [e.type for e in result.events])
            return result
        return None

    # -- states ----------------------------------------------------------------------------------

    def load_state(self, game_id: str, version: int | None = None) -> GameState:
        """The game now, or as it was after event `version` (VersionNotFound past the end)."""
        if version is None:
            return self._states.current(game_id)
        return self._states.at(game_id, version)

    def _dice_source(self, game_id: str) -> domain.DiceSource:
        config = self._dice.load(game_id)
        if config is None:
            raise LookupError(f"game {game_id!r} has no dice config")
        return config.source()


def _scenario_doc(scenario: str | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(scenario, str):
        doc = get_scenario(scenario)
        if doc is None:
            raise UnknownScenario(f"no scenario named {scenario!r}; see GET /scenarios")
        return doc
    return scenario


def _new_event(event: Event) -> NewEvent:
    return NewEvent(event.type, event.payload(), schema=SCHEMA_VERSION)
