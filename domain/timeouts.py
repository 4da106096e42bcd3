"""When a seat's time runs out: the documented automatic choices, or a resignation.

Clocks are a service setting (docs/client/clocks.md); the rules know nothing of time and
`evolve` reads no clock. This module answers two questions about a game at rest, for the
service and for an auditor alike:

- `waiting_on(state)`: whose clock would run, and for what: the active seat's `turn` (its own
  decisions included), or the `decision` a seat other than the active one owes (a retreat, a
  battle back, a reaction);
- `time_out(state, dice, …)`: the events the server appends when that seat's time is up:
  `TimedOut`, then under the policy `forfeit` the seat's resignation (R-WIN-4), under `auto`
  the engine's automatic choices (docs/rules-notes.md, "Decisions and auto_decisions") for a
  decision, and for a turn the commands that end it, in this order: the seat's own pending
  decision (its automatic choice), `end_turn`, `end_movement`, the battle of the first open
  engagement (R-TRN-7). A turn is played on until it ends or waits on someone else (another
  seat's decision, the server's breath phase); there the time-out stops, and the turn, its
  time spent, times out again as soon as it is the seat's once more.

Every step goes through `decide`, so a time-out is exactly as legal as the commands it sends.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal, NamedTuple

from domain import commands as cmd
from domain import events as ev
from domain.decider import decide_and_fold, is_started
from domain.dice import DiceSource
from domain.errors import RuleViolation
from domain.evolve import evolve
from domain.retreat import retreat_options, sorted_options
from domain.state import GameState

Period = Literal["turn", "decision"]
Policy = Literal["auto", "forfeit"]
POLICIES: tuple[Policy, ...] = ("auto", "forfeit")
# A turn ended by its automatic commands takes a handful; this only bounds a bug.
MAX_AUTO_STEPS = 64


class Waiting(NamedTuple):
    seat: int
    period: Period


def waiting_on(state: GameState) -> Waiting | None:
    """The seat the game waits for, and whether for its turn or a decision of an inactive
    seat; None before the first turn, while the server resolves a breath phase (R-TRN-6),
    and once the game is over."""
    if state.is_over or state.phase == "breath" or not is_started(state):
        return None
    pending = state.pending
    if pending is not None and pending.seat is not None and pending.seat != state.active:
        return Waiting(pending.seat, "decision")
    return Waiting(state.active, "turn")


def auto_decision(state: GameState) -> cmd.Command:
    """The pending decision's automatic choice, in the order docs/rules-notes.md gives (the
    one `auto_decisions` games use): a retreat's first destination by column, then row; a
    battle back accepted without a glory token; a reaction passed."""
    pending = state.pending
    if pending is None or pending.seat is None:
        raise ValueError("no decision is pending")
    if pending.kind == "retreat":
        unit = state.units[pending.unit]
        _, options = retreat_options(state, unit, pending.hexes)
        paths = sorted_options(options)
        return cmd.ChooseRetreat(unit=unit.id, path=paths[0] if paths else ())
    if pending.kind == "battle_back":
        return cmd.BattleBack(unit=pending.unit, accept=True)
    if pending.kind == "reaction":
        return cmd.Pass()
    raise ValueError(f"a {pending.kind} decision is the server's")


def time_out(
    state: GameState,
    dice: DiceSource,
    *,
    seat: int,
    period: Period,
    policy: Policy,
    deadline_ms: int,
) -> list[ev.Event]:
    """The events of `seat`'s time-out; ValueError when the game does not wait on that seat
    for that period (nobody's time can run out then)."""
    if waiting_on(state) != Waiting(seat, period):
        raise ValueError(f"the game does not wait on seat {seat}'s {period}")
    if policy not in POLICIES:
        raise ValueError(f"no time-out policy {policy!r}")
    timed_out = ev.TimedOut(seat=seat, period=period, policy=policy, deadline_ms=deadline_ms)
    events: list[ev.Event] = [timed_out]
    state = evolve(state, timed_out)
    if policy == "forfeit":
        return events + decide_and_fold(state, cmd.Resign(), dice, seat)[0]
    turn = state.turn
    for _ in range(MAX_AUTO_STEPS):
        decided, state = _auto_step(state, dice, seat)
        events += decided
        if period == "decision" or state.turn != turn:
            return events
        if waiting_on(state) != Waiting(seat, "turn"):
            return events
    raise RuntimeError(f"seat {seat}'s turn did not end in {MAX_AUTO_STEPS} automatic steps")


def _auto_step(state: GameState, dice: DiceSource, seat: int) -> tuple[list[ev.Event], GameState]:
    """The first automatic command the rules accept from `seat`, decided."""
    for command in _candidates(state, seat):
        try:
            events, after = decide_and_fold(state, command, dice, seat)
        except RuleViolation:
            continue
        if events:
            return events, after
    raise ValueError(f"no automatic command is legal for seat {seat} at {state.version}")


def _candidates(state: GameState, seat: int) -> Iterator[cmd.Command]:
    pending = state.pending
    if pending is not None and pending.seat == seat:
        yield auto_decision(state)
        return
    yield cmd.EndTurn()
    yield cmd.EndMovement()
    for g in state.engagements:  # R-TRN-7: an open engagement is fought before the turn ends
        yield cmd.Battle(unit=g.attacker, target=g.defender)
        yield cmd.Battle(unit=g.defender, target=g.attacker)
