"""A game in time: its state and its clocks, and the decisions that depend on `now`.

Time is an input, as dice are. The clocks (domain/clock.py) are folded beside the state from
the events and the time each was appended at (`fold_timed`). A decision that depends on the
time is given `now`:

- `decide_at` decides one append at `now`: a seat's command (refused if the seat's own time
  ran out, CLK-5, or a seed step's deadline passed, SEED-2) or one of the server's steps
  (a time-out, the first turn, a seed step's opening or the end of its commit phase, the
  breath phase);
- `due_step` names the server's step due at `now`, if any: a time-out whose deadline passed,
  or the end of a seed step;
- `decide_in_time` is what a seat's command sets off: every server step due at `now`, each its
  own append, then the command on the game they left.

The server and the offline verifier decide with these same functions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from domain import commands as cmd
from domain import events as ev
from domain.clock import Clock, advance
from domain.decider import (
    SERVER_SEAT,
    decide_and_fold,
    open_seed_step,
    start_game,
)
from domain.dice import DiceSource
from domain.errors import RuleViolation, TimeRanOut
from domain.evolve import evolve, fold
from domain.seeds import close_commits, in_seed_step, is_seed_step_due, needs_reveals
from domain.state import GameState
from domain.timeouts import time_out

# Server steps due at one moment, one after another: a decision's time-out can hand the turn
# back to a seat whose own deadline had passed. Each step ends a stretch; this bounds a bug.
MAX_DUE_STEPS = 16


@dataclass(frozen=True, slots=True)
class Timed:
    """A game's state and its clocks (None: no time control), after its last event."""

    state: GameState
    clock: Clock | None = None


@dataclass(frozen=True, slots=True)
class StartGame:
    """The first turn of a game created unstarted (R-TRN-1); in a seed step, at its deadline."""


@dataclass(frozen=True, slots=True)
class OpenSeedStep:
    """The seed step a game was promised, opened as its last seat is taken (SEED-2)."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CloseSeedCommits:
    """The end of a seed step's commit phase at its deadline (SEED-3)."""


@dataclass(frozen=True, slots=True)
class TimeOut:
    """The time-out of the seat whose clock has run out (CLK-4)."""


ServerStep = StartGame | OpenSeedStep | CloseSeedCommits | TimeOut | cmd.ResolveBreath


@dataclass(frozen=True, slots=True)
class Append:
    """One append a decision makes: what caused it, by which seat (SERVER_SEAT for the
    server's steps), its events and the state they lead to. `at_ms`: the time to record with
    it when the decision was taken against the time (a deadline checked), else None."""

    cause: cmd.Command | ServerStep
    seat: int
    events: tuple[ev.Event, ...]
    after: GameState
    at_ms: int | None


@dataclass(frozen=True, slots=True)
class Decision:
    """What a seat's command at `now` leads to: the server's steps that were due first, each
    its own append, then the command's own append or the rule it breaks (`refused`)."""

    steps: tuple[Append, ...]
    command: Append | None
    refused: RuleViolation | None = None


def fold_timed(timed: Timed | None, events: Iterable[tuple[ev.Event, int]]) -> Timed:
    """`timed` (None: before the first event) with each event, appended at its time, folded
    on: the state by `evolve`, the clocks by `advance`."""
    state = None if timed is None else timed.state
    clock = None if timed is None else timed.clock
    for event, time_ms in events:
        state = evolve(state, event)
        if clock is not None or isinstance(event, ev.GameCreated):
            clock = advance(clock, event, state, time_ms)
    if state is None:
        raise ValueError("no events")
    return Timed(state, clock)


def timed_after(
    before: Timed | None, events: Sequence[ev.Event], after: GameState, time_ms: int
) -> Timed:
    """The game after `events`, appended at `time_ms` on `before` (None: the first append),
    given the state they lead to: a game without clocks is not folded again."""
    has_clock = before.clock is not None if before is not None else _creates_clock(events)
    if not has_clock:
        return Timed(after, None)
    return fold_timed(before, ((event, time_ms) for event in events))


def _creates_clock(events: Sequence[ev.Event]) -> bool:
    first = events[0] if events else None
    return isinstance(first, ev.GameCreated) and first.clock is not None


def due_step(timed: Timed, now: int) -> ServerStep | None:
    """The server's step due at `now`: a time-out when the seat on the clock is past its
    deadline, the end of a seed step past its deadline (SEED-2, SEED-3); None otherwise."""
    if timed.clock is not None and timed.clock.overdue(now) is not None:
        return TimeOut()
    if is_seed_step_due(timed.state, now):
        return CloseSeedCommits() if needs_reveals(timed.state) else StartGame()
    return None


def decide_at(
    timed: Timed, command: cmd.Command | ServerStep, dice: DiceSource, seat: int, now: int
) -> Append:
    """One append decided at `now`: the server's step (as SERVER_SEAT) or a seat's command.
    Raises RuleViolation if the rules forbid it then, TimeRanOut (CLK-5) for a command of the
    seat whose own time has run out."""
    if isinstance(command, StartGame | OpenSeedStep | CloseSeedCommits | TimeOut):
        if seat != SERVER_SEAT:
            raise RuleViolation("R-TRN-1", "this is the server's step, not a seat's", "forbidden")
        events, at = _server_step(timed, command, dice, now)
        return Append(command, seat, tuple(events), fold(timed.state, events), at)
    state = timed.state
    if seat != SERVER_SEAT:
        _require_in_time(timed, seat, now)
    decided, after = decide_and_fold(state, command, dice, seat)
    timed_check = seat != SERVER_SEAT and (timed.clock is not None or in_seed_step(state))
    return Append(command, seat, tuple(decided), after, now if timed_check else None)


def decide_in_time(
    timed: Timed,
    command: cmd.Command,
    seat: int,
    now: int,
    dice: Callable[[GameState], DiceSource],
) -> Decision:
    """A seat's command at `now`: first every server step due then (a time-out, a seed
    step's end), each decided on the game the one before left; then the command. The
    command of a seat timed out on the way is refused (CLK-5) after the time-out. `dice`
    gives the game's dice for a state (the seats' seeds are sealed as the first turn begins).
    """
    if timed.clock is None and not in_seed_step(timed.state):
        return _decide_untimed(timed.state, command, seat, dice)
    steps: list[Append] = []
    for _ in range(MAX_DUE_STEPS):
        step = due_step(timed, now)
        if step is None:
            break
        running = timed.clock.running if timed.clock is not None else None
        append = decide_at(timed, step, dice(timed.state), SERVER_SEAT, now)
        steps.append(append)
        timed = timed_after(timed, append.events, append.after, now)
        if isinstance(step, TimeOut) and running is not None and running.seat == seat:
            policy = timed.clock.control.policy if timed.clock is not None else "auto"
            late = TimeRanOut(seat, running.period, running.deadline_ms, policy)
            return Decision(tuple(steps), None, late)
    else:
        raise RuntimeError(f"server steps still due after {MAX_DUE_STEPS} at {now}")
    try:
        append = decide_at(timed, command, dice(timed.state), seat, now)
    except RuleViolation as refusal:
        return Decision(tuple(steps), None, refusal)
    return Decision(tuple(steps), append)


def _decide_untimed(
    state: GameState, command: cmd.Command, seat: int, dice: Callable[[GameState], DiceSource]
) -> Decision:
    """`decide_in_time` for a game with no clock and no seed step: no server step is ever
    due, and the time is not recorded. Most commands take this way: it decides as
    `decide_at` would, without looking at the time."""
    try:
        decided, after = decide_and_fold(state, command, dice(state), seat)
    except RuleViolation as refusal:
        return Decision((), None, refusal)
    return Decision((), Append(command, seat, tuple(decided), after, None))


def _server_step(
    timed: Timed,
    step: StartGame | OpenSeedStep | CloseSeedCommits | TimeOut,
    dice: DiceSource,
    now: int,
) -> tuple[list[ev.Event], int | None]:
    """The events of one of the server's steps at `now`, and the time to record with them."""
    state = timed.state
    if isinstance(step, TimeOut):
        return _time_out(timed, dice, now), now
    if isinstance(step, OpenSeedStep):
        return open_seed_step(state, step.seats, now), now
    if isinstance(step, CloseSeedCommits):
        if not is_seed_step_due(state, now) or not needs_reveals(state):
            raise RuleViolation("SEED-3", "the commit phase closes at the seed step's "
                                "deadline, with a commitment waiting for its reveal",
                                "wrong_phase")  # fmt: skip
        return close_commits(state), now
    if not in_seed_step(state):
        return start_game(state), None
    if not is_seed_step_due(state, now):
        raise RuleViolation("SEED-2", "the seed step's first turn begins before its deadline "
                            "only with the last seat's seed", "wrong_phase")  # fmt: skip
    return start_game(state), now


def _time_out(timed: Timed, dice: DiceSource, now: int) -> list[ev.Event]:
    clock = timed.clock
    due = None if clock is None else clock.overdue(now)
    if due is None or clock is None:
        raise RuleViolation("CLK-4", f"no seat's time had run out at {now}", "wrong_phase")
    return time_out(timed.state, dice, seat=due.seat, period=due.period,
                    policy=clock.control.policy, deadline_ms=due.deadline_ms)  # fmt: skip


def _require_in_time(timed: Timed, seat: int, now: int) -> None:
    """A seat's command comes before its own deadline (CLK-5), and before a seed step's
    deadline (SEED-2): once it has passed, the server's step comes first."""
    if is_seed_step_due(timed.state, now):
        raise RuleViolation("SEED-2", "a seat's command after the seed step's deadline: the "
                            "server ends the step first", "wrong_phase")  # fmt: skip
    clock = timed.clock
    running = None if clock is None else clock.overdue(now)
    if clock is not None and running is not None and running.seat == seat:
        raise TimeRanOut(seat, running.period, running.deadline_ms, clock.control.policy,
                         at_ms=now)  # fmt: skip
