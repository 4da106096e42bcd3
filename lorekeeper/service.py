"""The application's use cases: create a game, run a seat's command, resolve a breath phase,
time out a seat whose clock ran out.

Shared by the API and the workers. A command reads top to bottom: the game is loaded (this
process's copy first), the rules decide (`domain.decide_and_fold`), the log commits the
events at the version they were decided on (lorekeeper/gamelog.py). `_retrying` is the one
retry around it: a decision on a stale copy, or a race lost to another command, is made
again on the newer game.

A clocked game (lorekeeper/clocks.py) is checked before every decision: when the seat on the
clock is past its deadline, its time-out is appended first (`time_out`, the same step the
workers run at the deadline), and a command of that seat is refused with 409 `time_out`.
Its commands are recorded with the time they were decided at, the time the deadline was
checked against, so the stored times prove every command came in time.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

import domain
from domain import GameState, RuleViolation
from domain.decider import end_seed_step_phase, open_seed_step
from domain.seeds import awaits_seed_step, in_seed_step, is_seed_step_due
from domain.timeouts import time_out
from lorekeeper.audit.chain import canonical_json
from lorekeeper.clocks import Running, now_ms
from lorekeeper.creation import (
    CreatedGame,
    Creation,
    ReplayedGame,
    checked_scenario,
    creation_hash,
    first_events,
    new_secrets,
    seat_tokens,
)
from lorekeeper.dice import DiceConfig, FillStep, SeedStep
from lorekeeper.errors import (
    GameExists,
    GameNotFound,
    IdempotencyMismatch,
    PreconditionFailed,
    TimeRanOut,
    TokenMissing,
    TokenRejected,
    VersionConflict,
)
from lorekeeper.gamelog import Cause, Committed, Game, GameLog, require_game_id
from lorekeeper.idempotency import (
    BREATH_COMMAND,
    CLOSE_COMMITS_COMMAND,
    CLOSE_COMMITS_COMMAND_ID,
    CREATE_COMMAND,
    OPEN_STEP_COMMAND,
    OPEN_STEP_COMMAND_ID,
    START_COMMAND,
    START_COMMAND_ID,
    TIMEOUT_COMMAND,
    breath_command,
    client_command_id,
    command_body,
    command_hash,
    said_hash,
    server_command_id,
    timeout_command,
)
from lorekeeper.ports import SeatTokenStore, StoredEvent
from lorekeeper.seats import is_token_shaped, token_hash

log = logging.getLogger(__name__)
_BREATH_RETRIES = 5
# Without If-Match, how often a command refused by a newer version is decided again.
_DECIDE_AGAIN = 1
# Time-outs one request may apply before its own command (each is a stretch that ran out).
_TIMEOUTS_PER_REQUEST = 8


@dataclass(frozen=True)
class CommandResult:
    seat: int
    version: int
    events: tuple[StoredEvent, ...]
    duplicate: bool
    head_hash: str


@dataclass(frozen=True)
class _Command:
    """A seat's command as its request sent it."""

    game_id: str
    seat: int
    command: domain.Command
    cause: Cause  # what is recorded: the body without its id, the id, the body's hash
    named: bool  # whether the client named it (an id of its own: it may be a retry)
    if_match: int | None


class _Stale(Exception):
    """A decision on an unchecked copy of the game was refused: look at the stream first."""


class _TimedOut(Exception):
    """A time-out was appended before the command: decide it again on the game now."""


class GameService:
    def __init__(
        self,
        log: GameLog,
        seats: SeatTokenStore,
        *,
        allow_scripted_dice: bool = False,
        new_game_id: Callable[[], str] = lambda: secrets.token_hex(8),
        new_dice_seed: Callable[[], bytes] = lambda: secrets.token_bytes(32),
        clock: Callable[[], int] = now_ms,
    ) -> None:
        self.log = log
        self.now_ms = clock  # epoch ms: what clocked games' deadlines are checked against
        self._seats = seats
        self._allow_scripted_dice = allow_scripted_dice
        self._new_game_id = new_game_id
        self._new_dice_seed = new_dice_seed
        self._hooks: list[Callable[[str, GameState], None]] = []

    # -- creating a game -------------------------------------------------------------------------

    def new_game_id(self) -> str:
        return self._new_game_id()

    @property
    def allows_scripted_dice(self) -> bool:
        return self._allow_scripted_dice

    def create_game(
        self,
        scenario: str | Mapping[str, Any],
        options: Mapping[str, Any] | None = None,
        *,
        start: bool = True,
        token_seats: Collection[int] | None = None,
        before: Callable[[str, Mapping[str, Any]], None] | None = None,
        game_id: str | None = None,
        idempotency_key: str | None = None,
        client: str = "",
        body: Mapping[str, Any] | None = None,
        seed_step: SeedStep | FillStep | None = None,
    ) -> CreatedGame:
        """Raises UnknownScenario, ScenarioError (every problem) or ScriptedDiceRefused.

        By default every seat gets a token and the first turn begins at once. A game whose
        seats wait for players (lorekeeper/seating.py) is created without `start` (GameCreated
        alone: `start_game` begins it), with tokens for `token_seats` only; `before(game_id,
        scenario)` runs once the scenario is checked, before anything is stored (its table).

        With an `idempotency_key` the creation is made once per key, `client` (who asks: a
        player, else an address) and `body`: a resend gets the first reply (a ReplayedGame),
        seat tokens included, and the same key with another body is refused
        (IdempotencyMismatch). GameExists only when a random game id is taken already.

        A `seed_step` (SEED-2, with `start` False) is published in GameCreated.dice: the first
        turn then begins as its last seat gives its seed, or by `end_seed_step`; a FillStep
        is only promised there, and `open_seed_step` opens it once the seats are taken."""
        options = options or {}
        doc = checked_scenario(scenario, options, allow_scripted_dice=self._allow_scripted_dice)
        digest = creation_hash(body or {"scenario": scenario, "options": options})
        if idempotency_key is None:
            creation = Creation.fresh(game_id or self._new_game_id())
        else:
            creation = Creation.named_by(idempotency_key, client, game_id)
            first = self._first_creation(creation, digest, token_seats)
            if first is not None:
                return first
        mine = new_secrets(doc, options, creation.game_id, digest, self._new_dice_seed)
        if seed_step is not None:
            mine = mine.with_seed_step(seed_step)
        events = first_events(doc, options, mine, start=start)  # the scenario is checked
        if before is not None:
            before(creation.game_id, doc)
        kept = self.log.keep_secrets(creation.game_id, mine)
        if kept != mine and not creation.named:
            raise GameExists(creation.game_id)  # a random id taken already
        if kept.creation_hash != digest:
            raise _key_reused(creation)  # a create with another body came first
        if kept != mine:  # a resend of this create came first: its secrets make the game
            events = first_events(doc, options, kept, start=start)
        seats = range(len(kept.hands)) if token_seats is None else token_seats
        tokens = seat_tokens(kept, creation, seats)
        hashes = {seat: token_hash(t) for seat, t in tokens.items()}
        self._seats.save(creation.game_id, hashes, final=start)
        cause = Cause(CREATE_COMMAND, None, creation.command_id, digest)
        try:
            created = self.log.create(creation.game_id, events, kept, cause)
        except IdempotencyMismatch:
            raise _key_reused(creation) from None
        if start and not created.duplicate:
            self._committed(creation.game_id, domain.fold(None, events))
        reply = _created(creation, created.version, created.head_hash, kept, tokens)
        return ReplayedGame(*reply) if created.duplicate else reply

    def replayed_creation(
        self,
        scenario: str | Mapping[str, Any],
        options: Mapping[str, Any] | None,
        *,
        idempotency_key: str,
        client: str,
        body: Mapping[str, Any] | None = None,
        token_seats: Collection[int] | None = None,
        game_id: str | None = None,
    ) -> ReplayedGame | None:
        """The first reply to this creation when it was made already (as `create_game` would
        give it), else None; IdempotencyMismatch for another body under the key."""
        digest = creation_hash(body or {"scenario": scenario, "options": options or {}})
        creation = Creation.named_by(idempotency_key, client, game_id)
        return self._first_creation(creation, digest, token_seats)

    def _first_creation(
        self, creation: Creation, digest: str, token_seats: Collection[int] | None
    ) -> ReplayedGame | None:
        """The first reply to a named creation, None if there was none."""
        try:
            first = self.log.command_result(creation.game_id, creation.command_id, digest)
        except GameNotFound:
            return None
        except IdempotencyMismatch:
            raise _key_reused(creation) from None
        kept = self.log.secrets(creation.game_id)
        if first is None or kept is None:
            raise GameExists(creation.game_id)  # not this creation's game (a 2**-64 chance)
        self.log.events.list_game(creation.game_id)  # its index write may have been lost too
        self.log.notify(creation.game_id, first)  # its jobs may have been lost with its reply
        seats = range(len(kept.hands)) if token_seats is None else token_seats
        tokens = seat_tokens(kept, creation, seats)
        return ReplayedGame(*_created(creation, first.version, first.head_hash, kept, tokens))

    def start_game(self, game_id: str) -> Committed | None:
        """Begin the first turn of a game created unstarted (R-TRN-1); None when it has begun
        already, or waits in a seed step (SEED-2: its seats' seeds, or `end_seed_step` at its
        deadline, begin it), or was promised one that has not opened (`open_seed_step`). Safe
        to run twice: the append carries the command id `start_game`."""
        for _ in range(_BREATH_RETRIES):
            game = self.log.load(game_id)
            state = game.state
            if domain.is_started(state) or in_seed_step(state) or awaits_seed_step(state):
                return None
            events = domain.start_game(game.state)
            after = domain.fold(game.state, events)
            cause = Cause(START_COMMAND, None, START_COMMAND_ID, command_hash(START_COMMAND))
            try:
                committed = self.log.commit(game, game_id, events, after, cause)
            except VersionConflict:
                continue
            if committed.duplicate:
                return None
            self._committed(game_id, after)
            return committed
        return None

    def open_seed_step(self, game_id: str, seats: tuple[int, ...]) -> Committed | None:
        """Open the seed step promised to a game that filled up by joins (SEED-2), waiting for
        `seats`, its deadlines counted from now (the time recorded with the append); the first
        turn begins with it if those seats all gave their seeds while the game waited. None
        when no step waits to open. Safe to run twice, and beside another process doing the
        same: the append carries the command id `open_seed_step`."""
        for _ in range(_BREATH_RETRIES):
            game = self.log.load(game_id)
            if not awaits_seed_step(game.state):
                return None
            now = self.now_ms()
            events = open_seed_step(game.state, seats, now)
            after = domain.fold(game.state, events)
            digest = command_hash(OPEN_STEP_COMMAND)
            cause = Cause(OPEN_STEP_COMMAND, None, OPEN_STEP_COMMAND_ID, digest)
            try:
                committed = self.log.commit(game, game_id, events, after, cause, time_ms=now)
            except VersionConflict:
                continue  # a seat's plain seed landed first
            if committed.duplicate:
                return None
            self._committed(game_id, after)
            return committed
        return None

    def end_seed_step(self, game_id: str) -> Committed | None:
        """The server's step at a seed step's deadline (SEED-2, SEED-3), recorded at the time
        it is applied: the commit phase closes if a commitment waits for its reveal, else the
        first turn begins, every seat that gave no seed (or revealed none) recorded as none.
        None when nothing is due. Safe to run twice, and beside the seat whose seed or reveal
        ends the step: one of them appends (command ids `close_seed_commits`, `start_game`)."""
        now = self.now_ms()
        for _ in range(_BREATH_RETRIES):
            game = self.log.load(game_id)
            if not is_seed_step_due(game.state, now):
                return None
            events = end_seed_step_phase(game.state)
            after = domain.fold(game.state, events)
            said, command_id = (
                (START_COMMAND, START_COMMAND_ID)
                if domain.is_started(after)
                else (CLOSE_COMMITS_COMMAND, CLOSE_COMMITS_COMMAND_ID)
            )
            cause = Cause(said, None, command_id, command_hash(said))
            try:
                committed = self.log.commit(game, game_id, events, after, cause, time_ms=now)
            except VersionConflict:
                continue  # a seat's seed, commitment or reveal landed first
            if committed.duplicate:
                return None
            self._committed(game_id, after)
            return committed
        return None

    def watch_commits(self, hook: Callable[[str, GameState], None]) -> None:
        """Call `hook(game_id, state)` after each append this service makes (the state it
        leads to): the bots' turns start there (lorekeeper/bot_turns.py)."""
        self._hooks.append(hook)

    def _committed(self, game_id: str, state: GameState) -> None:
        for hook in self._hooks:
            try:
                hook(game_id, state)
            except Exception:  # the append stands; the reconciler repairs a lost job
                log.exception("service.commit_hook_failed", extra={"game_id": game_id})

    # -- seats -----------------------------------------------------------------------------------

    def seat_for(self, game_id: str, token: str | None) -> int:
        """The seat `token` opens; GameNotFound, TokenMissing or TokenRejected otherwise."""
        require_game_id(game_id)
        if token is None:
            raise TokenMissing("this request needs `Authorization: Bearer <seat token>`")
        seat = self._seats.seats_for([game_id], token)[0] if is_token_shaped(token) else None
        if seat is None:
            if not self.log.events.exists(game_id):
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
        seat: int,
        body: Mapping[str, Any],
        if_match: int | None = None,
        idempotency_key: str | None = None,
    ) -> CommandResult:
        """Run `body` as `seat`'s command (the caller authenticated the seat: seat_for).

        Without If-Match, a command refused because another landed first is decided again
        on the newer game, once: it then goes through if still legal, or is refused with the
        rule it breaks now; a second refusal is a VersionConflict. With If-Match, any other
        version is PreconditionFailed. A command id seen before gives its first result.
        """
        named_id = client_command_id(body, idempotency_key)
        said = command_body(body)
        said_json = canonical_json(said)  # hashed here, recorded with the first event
        cause = Cause(said, seat, named_id or server_command_id(), said_hash(said_json),
                      said_json)  # fmt: skip
        command = _Command(game_id, seat, domain.command_from_json(said), cause,
                           named_id is not None, if_match)  # fmt: skip
        return self._retrying(command)

    def _retrying(self, c: _Command) -> CommandResult:
        game = self.log.cached(c.game_id) or self.log.load(c.game_id)
        conflicts = timeouts = 0
        while True:
            try:
                return self._decide_and_commit(c, game)
            except _Stale:
                game = self.log.load(c.game_id)
            except _TimedOut:
                timeouts += 1
                if timeouts > _TIMEOUTS_PER_REQUEST:
                    raise VersionConflict(game.version, game.version) from None
                game = self.log.load(c.game_id)
            except VersionConflict as conflict:
                newer = None
                if game.clock is not None:  # lost to its own time-out? then it was late
                    newer = self.log.caught_up(game, conflict)
                    self._refuse_if_timed_out(c, game, newer)
                if c.if_match is not None:
                    raise PreconditionFailed(c.if_match, conflict.current_version) from None
                conflicts += 1
                if conflicts > _DECIDE_AGAIN:
                    raise  # the game keeps moving under this command: the client looks again
                game = newer or self.log.caught_up(game, conflict)

    def _decide_and_commit(self, c: _Command, game: Game) -> CommandResult:
        now = self.now_ms()
        due = None if game.clock is None else game.clock.overdue(now)
        if due is not None and game.clock is not None:
            if not game.checked:
                raise _Stale  # whether it is still overdue, the stream says
            committed = self._commit_time_out(game, due, now)
            repeated = self._after_time_out(c, due, committed.version, game.clock.control.policy)
            if repeated is not None:
                return repeated
            raise _TimedOut
        if is_seed_step_due(game.state, now):  # as a late command meets its time-out (CLK-5)
            if not game.checked:
                raise _Stale
            self.end_seed_step(c.game_id)
            raise _TimedOut  # decided again on the game as it now is: begun
        try:
            if c.if_match is not None and c.if_match != game.version:
                raise PreconditionFailed(c.if_match, game.version)
            dice = self.log.dice(c.game_id, game.state)
            events, after = domain.decide_and_fold(game.state, c.command, dice, c.seat)
        except (PreconditionFailed, RuleViolation) as refusal:
            if not game.checked:
                raise _Stale from None
            return self._first_result(c, refusal)  # a retry of one that went through earlier
        if not events:
            if not game.checked:
                raise _Stale
            return CommandResult(c.seat, game.version, (), False, game.head_hash)
        # The times deadlines are checked against: a clock's (CLK-3), a seed step's (SEED-2).
        at = now if game.clock is not None or in_seed_step(game.state) else None
        committed = self.log.commit(game, c.game_id, events, after, c.cause, time_ms=at)
        if committed.duplicate:
            return self._repeated(c, committed)
        self._committed(c.game_id, after)
        return _result(c.seat, committed)

    def _first_result(self, c: _Command, refusal: Exception) -> CommandResult:
        """The first result of the command's id, or the refusal the command met just now."""
        cause, previous = c.cause, None
        if c.named:
            previous = self.log.command_result(c.game_id, cause.command_id or "",
                                               cause.command_hash or "")  # fmt: skip
        if previous is None:
            raise refusal
        self.log.notify(c.game_id, previous)
        return self._repeated(c, previous)

    @staticmethod
    def _repeated(c: _Command, first: Committed) -> CommandResult:
        if first.events and first.events[0].seat != c.seat:
            # Another seat's command id: same body or not, it is not this caller's to repeat.
            raise IdempotencyMismatch(c.game_id, c.cause.command_id or "")
        return _result(c.seat, first)

    # -- clocks: time-outs (docs/api.md, "Clocks") -------------------------------------------------

    def time_out(self, game_id: str) -> Committed | None:
        """Time out the seat whose clock has run out, under the game's policy; None when no
        clock has (any more). Safe to run twice, and beside a late command doing the same:
        the append carries the command id `timeout@<version>`."""
        for _ in range(_BREATH_RETRIES):
            game = self.log.load(game_id)
            now = self.now_ms()
            due = None if game.clock is None else game.clock.overdue(now)
            if due is None:
                return None
            try:
                committed = self._commit_time_out(game, due, now)
            except VersionConflict:
                continue  # a command landed first (in time, or refused after this one)
            return None if committed.duplicate else committed
        return None

    def _commit_time_out(self, game: Game, due: Running, now: int) -> Committed:
        assert game.clock is not None
        policy, dice = game.clock.control.policy, self.log.dice(game.id, game.state)
        events = time_out(game.state, dice, seat=due.seat, period=due.period, policy=policy,
                          deadline_ms=due.deadline_ms)  # fmt: skip
        after = domain.fold(game.state, events)
        command_id, digest = timeout_command(game.version)
        cause = Cause(TIMEOUT_COMMAND, None, command_id, digest)
        committed = self.log.commit(game, game.id, events, after, cause, time_ms=now)
        if not committed.duplicate:
            log.info("clock.timed_out", extra={"game_id": game.id, "seat": due.seat,
                                               "period": due.period, "version": committed.version,
                                               "late_ms": now - due.deadline_ms})  # fmt: skip
            self._committed(game.id, after)
        return committed

    def _after_time_out(
        self, c: _Command, due: Running, version: int, policy: str
    ) -> CommandResult | None:
        """After a time-out the request applied: the command's first result if it is a retry
        of one that went through; TimeRanOut if it is the timed-out seat's; else None (the
        command is decided on the game as the time-out left it)."""
        if c.named:
            previous = self.log.command_result(c.game_id, c.cause.command_id or "",
                                               c.cause.command_hash or "")  # fmt: skip
            if previous is not None:
                return self._repeated(c, previous)
        if c.seat == due.seat:
            raise _time_ran_out(c.game_id, due.seat, due.period, due.deadline_ms, policy,
                                version)  # fmt: skip
        return None

    def _refuse_if_timed_out(self, c: _Command, before: Game, now: Game) -> None:
        """A command that lost its append to its own seat's time-out is refused as late."""
        if before.clock is None or now.clock is None:
            return
        if now.clock.timeouts[c.seat] <= before.clock.timeouts[c.seat]:
            return
        stored = self.log.events.read(c.game_id, before.version + 1)
        timed_out = [e for e in stored if e.type == "TimedOut" and e.payload["seat"] == c.seat]
        if timed_out:
            p = timed_out[-1].payload
            raise _time_ran_out(c.game_id, c.seat, p["period"], p["deadline_ms"], p["policy"],
                                now.version)  # fmt: skip

    # -- the server's own steps ------------------------------------------------------------------

    def resolve_breath(self, game_id: str) -> Committed | None:
        """Resolve the game's open breath phase (R-TRN-6); None when there is none (any more).

        Safe to run twice: the append carries the command id `breath@<version>`, so a second
        run for the same phase is a duplicate, and a run after it finds no breath phase.
        """
        for _ in range(_BREATH_RETRIES):
            game = self.log.load(game_id)
            if game.state.phase != "breath":
                return None
            events = domain.resolve_breath(game.state, self.log.dice(game_id, game.state))
            command_id, digest = breath_command(game.version)
            cause = Cause(BREATH_COMMAND, None, command_id, digest)
            after = domain.fold(game.state, events)
            try:
                committed = self.log.commit(game, game_id, events, after, cause)
            except VersionConflict:
                continue  # a resignation landed first; look again
            if committed.duplicate:
                return None
            self._committed(game_id, after)
            return committed
        return None


def _created(
    creation: Creation, version: int, head_hash: str, kept: DiceConfig, tokens: dict[int, str]
) -> CreatedGame:
    seats = [{"seat": seat, "token": token} for seat, token in sorted(tokens.items())]
    return CreatedGame(creation.game_id, version, seats, head_hash, kept.public())


def _key_reused(creation: Creation) -> IdempotencyMismatch:
    detail = "this Idempotency-Key created a game from another body; send a new key for a new game"
    return IdempotencyMismatch(creation.game_id, creation.command_id, detail)


def _time_ran_out(
    game_id: str, seat: int, period: str, deadline_ms: int, policy: str, version: int
) -> TimeRanOut:
    what = "turn" if period == "turn" else "decision"
    did = ("resigned for it" if policy == "forfeit"
           else "made the automatic choices for it")  # fmt: skip
    return TimeRanOut(
        f"seat {seat}'s time for its {what} ran out at {deadline_ms} (epoch ms); the server "
        f"{did} (policy {policy}): the game is at version {version}",
        rule="CLK-5",
        current_version=version,
        timed_out={
            "seat": seat,
            "period": period,
            "deadline_ms": deadline_ms,
            "policy": policy,
        },  # fmt: skip
    )


def _result(seat: int, committed: Committed) -> CommandResult:
    return CommandResult(
        seat, committed.version, committed.events, committed.duplicate, committed.head_hash
    )
