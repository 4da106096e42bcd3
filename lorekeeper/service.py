"""The application layer: create games, run commands, resolve breath phases, load states.

Shared by the API and the workers. A command goes: seat from its token → state (cached, then
the stream's newer events folded on) → `domain.decide_and_fold` → optimistic append at the state's
version (the store also checks the command id) → `jobs.after_append`.

Each append's first event records the command that caused it (the client's body, or the
server's CREATE_COMMAND / BREATH_COMMAND), so an auditor can decide it again. When an
append ends the game, the game's committed dice seed is revealed in the same append
(DiceRevealed, last), so a finished game is never left with its seed unrevealed.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
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
from domain.events import SCHEMA_VERSION, DiceRevealed
from lorekeeper.creation import CreatedGame, checked_scenario, first_events
from lorekeeper.dice import DiceConfigStore
from lorekeeper.errors import (
    PreconditionFailed,
    TokenMissing,
    TokenRejected,
)
from lorekeeper.idempotency import (
    BREATH_COMMAND,
    CREATE_COMMAND,
    breath_command,
    client_command_id,
    command_body,
    command_hash,
    server_command_id,
)
from lorekeeper.ports import JobQueue
from lorekeeper.seats import SeatTokenStore, is_token_shaped, new_token, token_hash
from lorekeeper.state_cache import StateCache
from lorekeeper.states import GameStates, fold, require_valid_id

_BREATH_RETRIES = 5
# Without If-Match, how often a command refused by a newer version is decided again.
_DECIDE_AGAIN = 1


class _Request(NamedTuple):
    """A command as one request sent it."""

    game_id: str
    seat: int
    said: Mapping[str, Any]  # the body as the chain keeps it (command_body)
    command: domain.Command
    command_id: str | None
    digest: str  # command_hash(body)
    if_match: int | None


@dataclass(frozen=True)
class CommandResult:
    seat: int
    version: int
    events: tuple[StoredEvent, ...]
    duplicate: bool
    head_hash: str


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
        new_dice_seed: Callable[[], bytes] = lambda: secrets.token_bytes(32),
    ) -> None:
        self.event_store = events
        self._tokens = tokens
        self._dice = dice
        self.jobs = jobs
        self._allow_scripted_dice = allow_scripted_dice
        self._states = GameStates(events, cache if cache is not None else StateCache())
        self._new_game_id = new_game_id
        self._new_dice_seed = new_dice_seed

    # -- creating a game -------------------------------------------------------------------------

    def create_game(
        self, scenario: str | Mapping[str, Any], options: Mapping[str, Any] | None = None
    ) -> CreatedGame:
        """Raises UnknownScenario, ScenarioError (every problem) or ScriptedDiceRefused."""
        options = options or {}
        doc = checked_scenario(scenario, options, allow_scripted_dice=self._allow_scripted_dice)
        game_id = self._new_game_id()
        events, dice = first_events(doc, options, game_id, self._new_dice_seed)
        state = replay(events)
        tokens = {seat: new_token() for seat in range(len(state.players))}
        self._dice.save(game_id, dice)
        self._tokens.save(game_id, {seat: token_hash(t) for seat, t in tokens.items()})
        new = _new_events(events, CREATE_COMMAND)
        result = self.event_store.create(game_id, new, seat=None)
        self._states.remember(game_id, state)
        self.jobs.after_append(game_id, result.version, [e.type for e in result.events])
        seats = [{"seat": seat, "token": token} for seat, token in tokens.items()]
        return CreatedGame(game_id, result.version, seats, result.events[-1].hash, dice.public())

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
        return self.handle_command_as(game_id, seat, body, if_match, idempotency_key)

    def handle_command_as(
        self,
        game_id: str,
        seat: int,
        body: Mapping[str, Any],
        if_match: int | None = None,
        idempotency_key: str | None = None,
    ) -> CommandResult:
        """`handle_command` for a seat its caller has already authenticated (seat_for).

        The command is decided on this process's cached state without first asking the
        store whether it is still the newest: the append is optimistic at that state's
        version, and a refusal carries the events the cache missed. So a stale cache costs
        one refused append, never a wrong answer, and a fresh one saves a read. Before a
        rule violation or a version mismatch is reported, the state is read from the store.

        Without If-Match, a command refused because another landed first (a stale cache or
        a race) is decided again on the newer state, once: it then goes through if still
        legal, or is refused with the rule it breaks now; a second refusal is a
        VersionConflict. With If-Match, any other version is PreconditionFailed.
        """
        said = command_body(body)
        request = _Request(game_id, seat, said, domain.command_from_json(said),
                           client_command_id(body, idempotency_key), command_hash(body),
                           if_match)  # fmt: skip
        state, fresh = self._states.latest(game_id)
        conflicts = 0
        while True:
            decided = self._decide(request, state, fresh)
            if decided is None:
                state, fresh = self._states.current(game_id), True
                continue
            if isinstance(decided, CommandResult):
                return decided
            try:
                return self._append(request, state, *decided)
            except VersionConflict as conflict:
                if if_match is not None:
                    raise PreconditionFailed(if_match, conflict.current_version) from None
                conflicts += 1
                if conflicts > _DECIDE_AGAIN:
                    raise  # the game keeps moving under this command: the client looks again
                state, fresh = self._states.after_conflict(game_id, state, conflict), True

    def _decide(
        self, r: _Request, state: GameState, fresh: bool
    ) -> tuple[list[Event], GameState] | CommandResult | None:
        """The command's events on `state` and the state they lead to; a CommandResult when
        nothing is to be appended; None when `state` came from the cache unchecked and the
        answer must wait for a read."""
        try:
            if r.if_match is not None and r.if_match != state.version:
                raise PreconditionFailed(r.if_match, state.version)
            dice = self._dice_source(r.game_id)
            new_events, after = domain.decide_and_fold(state, r.command, dice, r.seat)
        except (PreconditionFailed, RuleViolation):
            if not fresh:
                return None
            # A retry of a command that went through earlier gets its first result back.
            previous = self._previous_result(r.game_id, r.command_id, r.digest)
            if previous is None:
                raise
            return self._replayed(r.game_id, r.seat, r.command_id, previous)
        if new_events:
            return new_events, after
        if not fresh:
            return None
        head = self.head_hash(r.game_id, state.version)
        return CommandResult(r.seat, state.version, (), duplicate=False, head_hash=head)

    def _append(
        self, r: _Request, state: GameState, new_events: list[Event], after: GameState
    ) -> CommandResult:
        new_events, after = self._with_reveal(r.game_id, new_events, after)
        result = self.event_store.append(
            r.game_id,
            state.version,
            _new_events(new_events, r.said),
            seat=r.seat,
            command_id=r.command_id or server_command_id(),
            command_hash=r.digest,
        )
        if result.duplicate:
            return self._replayed(r.game_id, r.seat, r.command_id, result)
        self._states.remember(r.game_id, after)
        self.jobs.after_append(r.game_id, result.version, [e.type for e in result.events])
        head = result.events[-1].hash
        return CommandResult(r.seat, result.version, result.events, duplicate=False, head_hash=head)

    def _previous_result(
        self, game_id: str, command_id: str | None, digest: str
    ) -> AppendResult | None:
        """The first result of a command id used before in this game, else None
        (IdempotencyMismatch if that id was used with another body)."""
        if command_id is None:
            return None
        return self.event_store.command_result(game_id, command_id, digest)

    def _with_reveal(
        self, game_id: str, new_events: list[Event], after: GameState
    ) -> tuple[list[Event], GameState]:
        """`new_events`, and DiceRevealed after them when they end (in `after`) a game of
        committed dice; with the state they lead to."""
        if not after.is_over:
            return new_events, after
        config = self._dice.load(game_id)
        seed = None if config is None else config.revealable_seed
        if seed is None:
            return new_events, after
        reveal = DiceRevealed(seed=seed)
        return [*new_events, reveal], fold(after, [reveal])

    def _replayed(
        self, game_id: str, seat: int, command_id: str | None, result: AppendResult
    ) -> CommandResult:
        if result.events and result.events[0].seat != seat:
            # Another seat's command id: same body or not, it is not this caller's to repeat.
            raise IdempotencyMismatch(game_id, command_id or "")
        # The jobs may have been lost with the first reply: they are idempotent, so re-run them.
        self.jobs.after_append(game_id, result.version, [e.type for e in result.events])
        head = result.events[-1].hash if result.events else self.head_hash(game_id, result.version)
        return CommandResult(seat, result.version, result.events, duplicate=True, head_hash=head)

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
            new_events, after = self._with_reveal(game_id, new_events, fold(state, new_events))
            command_id, digest = breath_command(state.version)
            try:
                result = self.event_store.append(
                    game_id,
                    state.version,
                    _new_events(new_events, BREATH_COMMAND),
                    seat=None,
                    command_id=command_id,
                    command_hash=digest,
                )
            except VersionConflict:
                continue  # a resignation landed first; look again
            if result.duplicate:
                return None
            self._states.remember(game_id, after)
            self.jobs.after_append(game_id, result.version, [e.type for e in result.events])
            return result
        return None

    # -- states ----------------------------------------------------------------------------------

    def load_state(self, game_id: str, version: int | None = None) -> GameState:
        """The game now, or as it was after event `version` (VersionNotFound past the end)."""
        if version is None:
            return self._states.current(game_id)
        return self._states.at(game_id, version)

    def head_hash(self, game_id: str, version: int) -> str:
        """The hash of the game's event `version` (the chain's head at that version)."""
        stored = self.event_store.read(game_id, version, 1) if version >= 1 else []
        if not stored:
            raise GameNotFound(game_id)
        return stored[0].hash

    def _dice_source(self, game_id: str) -> domain.DiceSource:
        config = self._dice.load(game_id)
        if config is None:
            raise LookupError(f"game {game_id!r} has no dice config")
        return config.source()


def _new_events(events: Sequence[Event], command: Mapping[str, Any]) -> list[NewEvent]:
    """The events to store; the first carries the command that caused them."""
    return [
        NewEvent(e.type, e.payload(), schema=SCHEMA_VERSION, command=command if i == 0 else None)
        for i, e in enumerate(events)
    ]
