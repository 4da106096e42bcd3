"""Clocks: a game's time control and its clocks, folded from the events and their times.

RULES.md knows no time and `evolve` reads none: the clocks are a fold of their own beside the
state. A game's time control is chosen at creation and recorded in its GameCreated (`clock`),
so it sits in the hash chain. The clocks are then a fold of the stored events with the time
each was appended at (`time_ms`, in the chain too): `advance` is applied after each event,
with the state that event led to (domain/timed.py folds both). A game loaded at any version
shows its clocks as they stood then, and the offline verifier folds them the same way.

Who is on the clock (domain.timeouts.waiting_on): the active seat for its turn, its own
decisions included; a seat other than the active one for the decision it owes (a retreat, a
battle back, a reaction), with the decision's own limit while the active seat's clock
stands still; nobody while the server resolves a breath phase, before the first turn, or
once the game is over. Each stretch a seat is on the clock has a deadline, fixed when the
stretch begins: a later command of the same turn leaves it where it is.

Time controls (`kind`):

| kind | a seat's time for its turn | `TurnEnded` |
|---|---|---|
| `per_turn` | `turn_s` for each turn | the next turn gets `turn_s` again |
| `correspondence` | `days` for each turn | the same, in days |
| `fischer` | a bank of `bank_s`, spent turn after turn | adds `increment_s` to the seat's bank |

Every kind has `decision_s` (the limit of a decision of an inactive seat) and `policy`
(`auto` or `forfeit`: what a time-out does, domain/timeouts.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from domain import events as ev
from domain.state import Decision, GameState
from domain.timeouts import POLICIES, Period, Policy, waiting_on

Kind = Literal["per_turn", "fischer", "correspondence"]
KINDS: tuple[Kind, ...] = ("per_turn", "fischer", "correspondence")
DAY_S = 24 * 3600
# Bounds of each field, in its own unit (seconds, or days). A second is short for a person,
# but bots and tests play that fast; the upper bounds keep deadlines within a month.
BOUNDS: dict[str, tuple[int, int]] = {
    "turn_s": (1, DAY_S),
    "bank_s": (1, DAY_S),
    "increment_s": (0, 3600),
    "days": (1, 30),
    "decision_s": (1, 30 * DAY_S),
}
FIELDS: dict[str, tuple[str, ...]] = {
    "per_turn": ("turn_s",),
    "fischer": ("bank_s", "increment_s"),
    "correspondence": ("days",),
}
WARN_FRACTION = 10  # "time running out" when a tenth of the limit is left


class ClockError(ValueError):
    """A time control no game can have; the message names the field."""


@dataclass(frozen=True)
class TimeControl:
    kind: Kind
    turn_ms: int  # per_turn, correspondence: each turn's time; fischer: the first bank
    increment_ms: int
    decision_ms: int
    policy: Policy
    settings: Mapping[str, int]  # the fields as given, in their own units (for JSON)

    @classmethod
    def from_json(cls, data: Any) -> TimeControl:
        """A time control from its JSON (a request's `options.clock`, normalised, or what
        GameCreated recorded); ClockError names the first misfit."""
        if not isinstance(data, Mapping):
            raise ClockError("clock: an object with a `kind`")
        kind = data.get("kind")
        if kind not in KINDS:
            raise ClockError(f"clock.kind: one of {', '.join(KINDS)} (or none)")
        allowed = {"kind", "decision_s", "policy", *FIELDS[kind]}
        unknown = sorted(set(data) - allowed)
        if unknown:
            raise ClockError(f"clock.{unknown[0]}: not a field of a {kind} clock")
        values = {name: _bounded(data, name) for name in FIELDS[kind]}
        turn_s = {"per_turn": values.get("turn_s", 0), "fischer": values.get("bank_s", 0),
                  "correspondence": values.get("days", 0) * DAY_S}[kind]  # fmt: skip
        default_decision = {"per_turn": min(30, turn_s), "fischer": 30, "correspondence": DAY_S}
        values["decision_s"] = (
            _bounded(data, "decision_s") if "decision_s" in data else default_decision[kind]
        )
        policy = data.get("policy", "auto")
        if policy not in POLICIES:
            raise ClockError(f"clock.policy: one of {', '.join(POLICIES)}")
        return cls(kind, turn_s * 1000, values.get("increment_s", 0) * 1000,
                   values["decision_s"] * 1000, policy, values)  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        """The normalised form GameCreated records: every field, defaults filled in."""
        return {"kind": self.kind, **self.settings, "policy": self.policy}


def time_control(options: Mapping[str, Any]) -> TimeControl | None:
    """The time control a creation's options ask for; None without one (`kind` `none`)."""
    data = options.get("clock")
    if data is None or (
        isinstance(data, Mapping) and data.get("kind") == "none" and len(data) == 1
    ):
        return None
    return TimeControl.from_json(data)


def _bounded(data: Mapping[str, Any], name: str) -> int:
    value = data.get(name)
    low, high = BOUNDS[name]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ClockError(f"clock.{name}: an integer from {low} to {high}")
    return value


@dataclass(frozen=True)
class Running:
    """A stretch of one seat on the clock: since when, until when."""

    seat: int
    period: Period
    since_ms: int
    deadline_ms: int
    turn: int
    started_version: int  # the version whose event began this turn's clock or this decision
    decision: Decision | None = None  # the decision timed (None: a turn)

    @property
    def key(self) -> str:
        """Names what is timed: one "time running out" notice each (a turn, a decision)."""
        if self.period == "turn":
            return f"{self.seat}:turn:{self.turn}"
        return f"{self.seat}:decision:{self.started_version}"


@dataclass(frozen=True)
class Clock:
    control: TimeControl
    left_ms: tuple[int, ...]  # each seat's time for its turn (fischer: its bank), as of `since`
    timeouts: tuple[int, ...]
    running: Running | None = None

    @classmethod
    def start(cls, control: TimeControl, seats: int) -> Clock:
        return cls(control, (control.turn_ms,) * seats, (0,) * seats)

    def overdue(self, now: int) -> Running | None:
        """The stretch whose time has run out by `now` (a deadline is the first late ms)."""
        running = self.running
        return running if running is not None and now >= running.deadline_ms else None

    def warn_at_ms(self) -> int | None:
        """When the running stretch has a tenth of its limit left (perhaps at once): of the
        decision's limit, of a turn's time (fischer: of the first bank)."""
        running = self.running
        if running is None:
            return None
        limit = self.control.decision_ms if running.period == "decision" else self.control.turn_ms
        return max(running.since_ms, running.deadline_ms - limit // WARN_FRACTION)


def advance(clock: Clock | None, event: ev.Event, state: GameState, time_ms: int) -> Clock | None:
    """The clock after `event`, appended at `time_ms`, led to `state`."""
    if isinstance(event, ev.GameCreated):
        if event.clock is None:
            return None
        return Clock.start(TimeControl.from_json(event.clock), len(state.players))
    if clock is None:
        return None
    control, left, timeouts = clock.control, list(clock.left_ms), clock.timeouts
    running = clock.running
    if running is not None and running.period == "turn" and time_ms > running.since_ms:
        spent = time_ms - running.since_ms
        left[running.seat] = max(0, left[running.seat] - spent)
        running = replace(running, since_ms=time_ms)
    if isinstance(event, ev.TurnStarted) and control.kind != "fischer":
        left[event.seat] = control.turn_ms
    elif isinstance(event, ev.TurnEnded):
        if control.kind == "fischer":
            left[event.seat] += control.increment_ms
        else:
            left[event.seat] = control.turn_ms
    elif isinstance(event, ev.TimedOut):
        timeouts = tuple(n + (s == event.seat) for s, n in enumerate(timeouts))
    return Clock(control, tuple(left), timeouts, _running(clock, running, left, state, time_ms))


def _running(
    clock: Clock, running: Running | None, left: list[int], state: GameState, time_ms: int
) -> Running | None:
    waiting = waiting_on(state)
    if waiting is None:
        return None
    seat, period = waiting
    if running is not None and running.seat == seat and running.period == period:
        if period == "turn" and running.turn == state.turn:
            return running  # the same turn goes on: its deadline stands
        if period == "decision" and running.decision == state.pending:
            return running  # the same decision, still owed
    if period == "decision":
        limit = clock.control.decision_ms
        return Running(seat, period, time_ms, time_ms + limit, state.turn, state.version,
                       state.pending)  # fmt: skip
    return Running(seat, period, time_ms, time_ms + left[seat], state.turn, state.version)
