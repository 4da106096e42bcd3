"""The games' use cases: run a seat's command, start a game, open and end its seed step,
resolve a breath phase, time out a seat whose clock ran out (creating a game: creation.py).

Shared by the API and the workers. A command reads top to bottom: the game is loaded (this
process's copy first), the rules decide given the time (`domain.decide_in_time`), the log
commits what they decided at the version it was decided on (log.py).

The domain meets a late command with the time: when a seat's clock ran out or a seed step's
deadline passed, the decision holds the server's step first (a time-out, the step's end),
committed as its own append exactly as the workers would at the deadline, then the command
decided on the game that step left; a command of the seat that timed out is refused with 409
`time_out` (CLK-5). A clocked game's commands are recorded with the time they were decided
at, the time the deadline was checked against, so the stored times prove every command came
in time.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import domain
from domain import SERVER_SEAT, DiceSource, GameState, RuleViolation, Timed
from domain.commands import ResolveBreath
from domain.errors import TimeRanOut as DomainTimeRanOut
from domain.events import TimedOut
from domain.seeds import awaits_seed_step, in_seed_step
from domain.timed import Append, CloseSeedCommits, OpenSeedStep, ServerStep, StartGame, TimeOut
from lorekeeper.audit.canonical import canonical_json
from lorekeeper.errors import IdempotencyMismatch, PreconditionFailed, TimeRanOut, VersionConflict
from lorekeeper.games.creation import GameCreator
from lorekeeper.games.game import Cause, Committed, Game
from lorekeeper.games.idempotency import (
    BREATH_COMMAND,
    CLOSE_COMMITS_COMMAND,
    CLOSE_COMMITS_COMMAND_ID,
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
from lorekeeper.games.ports import StoredEvent

log = logging.getLogger(__name__)
# How often a server step is looked at again after a seat's command landed first.
_STEP_ATTEMPTS = 5
# Without If-Match, how often a command refused by a newer version is decided again.
_DECIDE_AGAIN = 1
# Decisions one request may make: on a stale copy, after server steps another process applied.
_ATTEMPTS = 8


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


class GameService(GameCreator):
    """The games' use cases: creating one (GameCreator), a seat's command, and the server's
    own steps."""

    # -- starting -------------------------------------------------------------------------------

    def start_game(self, game_id: str) -> Committed | None:
        """Begin the first turn of a game created unstarted (R-TRN-1); None when it has begun
        already, or waits in a seed step (SEED-2: its seats' seeds, or `end_seed_step` at its
        deadline, begin it), or was promised one that has not opened (`open_seed_step`). Safe
        to run twice: the append carries the command id `start_game`."""

        def step(timed: Timed, now: int) -> ServerStep | None:
            state = timed.state
            waits = domain.is_started(state) or in_seed_step(state) or awaits_seed_step(state)
            return None if waits else StartGame()

        return self._server_step(game_id, step)

    def open_seed_step(self, game_id: str, seats: tuple[int, ...]) -> Committed | None:
        """Open the seed step promised to a game that filled up by joins (SEED-2), waiting for
        `seats`, its deadlines counted from now (the time recorded with the append); the first
        turn begins with it if those seats all gave their seeds while the game waited. None
        when no step waits to open. Safe to run twice, and beside another process doing the
        same: the append carries the command id `open_seed_step`."""

        def step(timed: Timed, now: int) -> ServerStep | None:
            return OpenSeedStep(seats) if awaits_seed_step(timed.state) else None

        return self._server_step(game_id, step)

    def end_seed_step(self, game_id: str) -> Committed | None:
        """The server's step at a seed step's deadline (SEED-2, SEED-3), recorded at the time
        it is applied: the commit phase closes if a commitment waits for its reveal, else the
        first turn begins, every seat that gave no seed (or revealed none) recorded as none.
        None when nothing is due. Safe to run twice, and beside the seat whose seed or reveal
        ends the step: one of them appends (command ids `close_seed_commits`, `start_game`)."""

        def step(timed: Timed, now: int) -> ServerStep | None:
            due = domain.due_step(timed, now)
            return due if isinstance(due, StartGame | CloseSeedCommits) else None

        return self._server_step(game_id, step)

    # -- commands --------------------------------------------------------------------------------

    def handle_command(
        self,
        game_id: str,
        seat: int,
        body: Mapping[str, Any],
        if_match: int | None = None,
        idempotency_key: str | None = None,
    ) -> CommandResult:
        """Run `body` as `seat`'s command (the caller authenticated the seat: Access.actor).

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
        return self._run(command)

    def _run(self, c: _Command) -> CommandResult:
        """Load, decide, commit. A decision is made again on the stream's game when it was
        made on this process's unchecked copy and does more than append the command (a
        server step was due, or the rules refused it), and once (without If-Match) when
        another append landed first."""
        game = self.log.cached(c.game_id) or self.log.load(c.game_id)
        conflicts = 0
        for _ in range(_ATTEMPTS):
            decision = domain.decide_in_time(
                game.timed, c.command, c.seat, self.now_ms(), self._dice_for(c.game_id)
            )
            if not game.checked and not _plainly_appends(decision, c.if_match, game.version):
                game = self.log.load(c.game_id)  # a step or a refusal: on the stream's game
                continue
            try:
                result = self._commit(c, game, decision)
            except VersionConflict as conflict:
                newer = self.log.caught_up(game, conflict)
                self._refuse_if_timed_out(c, game, newer)  # lost to its own time-out: late
                if c.if_match is not None:
                    raise PreconditionFailed(c.if_match, conflict.current_version) from None
                conflicts += 1
                if conflicts > _DECIDE_AGAIN:
                    raise  # the game keeps moving under this command: the client looks again
                game = newer
                continue
            if result is not None:
                return result
            game = self.log.load(c.game_id)  # another process applied the same server step
        raise VersionConflict(game.version, game.version)

    def _commit(self, c: _Command, game: Game, decision: domain.Decision) -> CommandResult | None:
        """Commit the decision's server steps, then the command, or refuse it; None when a
        step turned out to be applied already (the game is read again)."""
        for step in decision.steps:
            committed = self._commit_append(game, step, _server_cause(step, game.version))
            if committed.duplicate:
                return None
            game = self.log.load(c.game_id)
        if decision.refused is not None:
            return self._first_result(c, _refusal(decision.refused, game.version))
        if c.if_match is not None and c.if_match != game.version:
            return self._first_result(c, PreconditionFailed(c.if_match, game.version))
        append = decision.command
        if append is None or not append.events:
            return CommandResult(c.seat, game.version, (), False, game.head_hash)
        committed = self._commit_append(game, append, c.cause)
        if committed.duplicate:
            return self._repeated(c, committed)
        return _result(c.seat, committed)

    def _commit_append(self, game: Game, append: Append, cause: Cause) -> Committed:
        """Append what one decision decided on `game`, at the time it was taken against."""
        if append.after.is_over and not game.state.is_over:
            self._ending(game.id)
        committed = self.log.commit(game, game.id, append.events, append.after, cause,
                                    time_ms=append.at_ms)  # fmt: skip
        if not committed.duplicate:
            if isinstance(append.cause, TimeOut):
                _log_time_out(game, committed, append)
            self._committed(game.id, append.after)
        return committed

    def _dice_for(self, game_id: str) -> Callable[[GameState], DiceSource]:
        return lambda state: self.log.dice(game_id, state)

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

    # -- the server's own steps ------------------------------------------------------------------

    def time_out(self, game_id: str) -> Committed | None:
        """Time out the seat whose clock has run out, under the game's policy; None when no
        clock has (any more). Safe to run twice, and beside a late command doing the same:
        the append carries the command id `timeout@<version>`."""

        def step(timed: Timed, now: int) -> ServerStep | None:
            return TimeOut() if isinstance(domain.due_step(timed, now), TimeOut) else None

        return self._server_step(game_id, step)

    def resolve_breath(self, game_id: str) -> Committed | None:
        """Resolve the game's open breath phase (R-TRN-6); None when there is none (any more).

        Safe to run twice: the append carries the command id `breath@<version>`, so a second
        run for the same phase is a duplicate, and a run after it finds no breath phase.
        """
        return self._server_step(
            game_id,
            lambda timed, now: ResolveBreath() if timed.state.phase == "breath" else None,
        )

    def _server_step(
        self, game_id: str, step_for: Callable[[Timed, int], ServerStep | None]
    ) -> Committed | None:
        """Load, decide and commit the server's step that `step_for` names for the game now;
        None when it names none, or another process appended the same step first. Its
        command id makes it once a game (or once a version): a lost race looks again."""
        for _ in range(_STEP_ATTEMPTS):
            game = self.log.load(game_id)
            now = self.now_ms()
            step = step_for(game.timed, now)
            if step is None:
                return None
            dice = self.log.dice(game_id, game.state)
            append = domain.decide_at(game.timed, step, dice, SERVER_SEAT, now)
            try:
                committed = self._commit_append(game, append, _server_cause(append, game.version))
            except VersionConflict:
                continue  # a seat's command landed first; look again
            return None if committed.duplicate else committed
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
            raise _time_ran_out(c.seat, p["period"], p["deadline_ms"], p["policy"], now.version)


def _plainly_appends(decision: domain.Decision, if_match: int | None, version: int) -> bool:
    """Whether the decision only appends the command, on the version If-Match named: what
    may be decided on this process's unchecked copy (the append checks the version)."""
    append = decision.command
    return (
        not decision.steps
        and append is not None
        and bool(append.events)
        and (if_match is None or if_match == version)
    )


def _server_cause(append: Append, version: int) -> Cause:
    """What the server's step decided on the game at `version` is recorded as."""
    step = append.cause
    if isinstance(step, TimeOut):
        command_id, digest = timeout_command(version)
        return Cause(TIMEOUT_COMMAND, None, command_id, digest)
    if isinstance(step, ResolveBreath):
        command_id, digest = breath_command(version)
        return Cause(BREATH_COMMAND, None, command_id, digest)
    said, command_id = {
        StartGame: (START_COMMAND, START_COMMAND_ID),
        CloseSeedCommits: (CLOSE_COMMITS_COMMAND, CLOSE_COMMITS_COMMAND_ID),
        OpenSeedStep: (OPEN_STEP_COMMAND, OPEN_STEP_COMMAND_ID),
    }[type(step)]
    return Cause(said, None, command_id, command_hash(said))


def _refusal(refused: RuleViolation, version: int) -> Exception:
    """The rules' refusal as the client hears it: a time-out's with the game's version."""
    if isinstance(refused, DomainTimeRanOut):
        return _time_ran_out(refused.seat, refused.period, refused.deadline_ms, refused.policy,
                             version)  # fmt: skip
    return refused


def _log_time_out(game: Game, committed: Committed, append: Append) -> None:
    timed_out = append.events[0]
    assert isinstance(timed_out, TimedOut)
    late = (append.at_ms or 0) - timed_out.deadline_ms
    log.info("clock.timed_out", extra={"game_id": game.id, "seat": timed_out.seat,
                                       "period": timed_out.period, "version": committed.version,
                                       "late_ms": late})  # fmt: skip


def _time_ran_out(
    seat: int, period: str, deadline_ms: int, policy: str, version: int
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
