"""Takebacks (TKB-1..6, docs/rules-notes.md): a seat asks to take back its own commands since
information last came out; the other seat accepts or declines.

The fold alone restores the game. In a game with takebacks the state follows a stretch
(`Takebacks`): information coming out (a die, a card, another seat's command, a new turn, a
time-out: any event not in `TAKEABLE`) closes it; the next command that begins a takeable
move opens a new one, keeping what that command can change (`Checkpoint`). `TakenBack` puts
those parts back. The taken-back events stay in the stream; the version goes on counting.

Whether a seat may ask, and the point it returns to, depend on public events only, so a
request tells the other seat nothing the stream has not told it already.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from domain import board_events as bev
from domain import events as ev
from domain.commands import Command
from domain.errors import RuleViolation
from domain.event import Event
from domain.state import Checkpoint, GameState, Takebacks, replace

# -- the commands and the events ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RequestTakeback(Command, name="request_takeback"):
    """The active seat asks to take back its commands since information last came out."""


@dataclass(frozen=True, slots=True)
class AnswerTakeback(Command, name="answer_takeback"):
    """The other seat accepts (`accept` true) or declines an open request (TKB-3)."""

    accept: bool


@dataclass(frozen=True, slots=True)
class TakebackRequested(Event):
    """`seat` asks to take the game back to how it stood at `to_version` (TKB-2)."""

    seat: int
    to_version: int


@dataclass(frozen=True, slots=True)
class TakebackDeclined(Event):
    """`by` declined the request of `seat` (TKB-3): the game goes on as it stands."""

    seat: int
    by: int


@dataclass(frozen=True, slots=True)
class TakenBack(Event):
    """`by` accepted the request of `seat` (TKB-4): the game is as it stood at `to_version`.
    The events after it stay in the stream; the version goes on counting."""

    seat: int
    to_version: int
    by: int


COMMANDS = (RequestTakeback, AnswerTakeback)

# The first event of each command a takeback may undo: the stretch opens before it.
STARTERS: frozenset[type[Event]] = frozenset(
    {bev.LorePaid, ev.UnitsOrdered, bev.GlorySpent, bev.UnitMoved, bev.FlightDeclared,
     ev.MovementEnded, bev.BloodTraded}
)  # fmt: skip
# Events that reveal nothing: no die, no card, no other seat's choice, no new turn.
TAKEABLE: frozenset[type[Event]] = STARTERS | {
    ev.TokensRemoved, bev.DragonFlew, bev.EngagementCreated,
    bev.EngagementLapsed, bev.RiderPassedPortal, bev.LoreGained, bev.BannersGained,
    bev.DecisionRequested, bev.DecisionCleared,
}  # fmt: skip
_CLOSED = Takebacks()


# -- the fold ---------------------------------------------------------------------------------


def follow(takebacks: Takebacks, before: GameState, event: Event) -> Takebacks:
    """Where the stretch stands once `event` is applied to `before` (evolve calls this)."""
    kind = type(event)
    if kind in TAKEABLE:
        if takebacks.checkpoint is not None:  # the seat plays on: an open request lapses
            return replace(takebacks, since=takebacks.since + 1, asked=False, request=None)
        if kind in STARTERS:
            return Takebacks(_checkpoint(before), 1)
        return takebacks
    if isinstance(event, TakebackRequested):
        return replace(takebacks, asked=True, request=event.seat)
    if isinstance(event, TakebackDeclined):
        return replace(takebacks, request=None)
    if isinstance(event, TakenBack):
        return Takebacks(takebacks.checkpoint)
    return _CLOSED  # information came out


# The parts of a state a takeback puts back: Checkpoint's fields but its version.
_RESTORED = tuple(f.name for f in fields(Checkpoint) if f.name != "version")


def _checkpoint(state: GameState) -> Checkpoint:
    return Checkpoint(state.version, *(getattr(state, name) for name in _RESTORED))


def _taken_back(state: GameState, event: TakenBack) -> GameState:
    point = state.takebacks.checkpoint if state.takebacks is not None else None
    if point is None:  # never decided so; the verifier finds such a stream wrong
        return state
    return replace(state, **{name: getattr(point, name) for name in _RESTORED})


HANDLERS: dict[type[Event], Any] = {
    TakebackRequested: lambda state, e: state,
    TakebackDeclined: lambda state, e: state,
    TakenBack: _taken_back,
}


# -- deciding ---------------------------------------------------------------------------------


def decide_takeback(state: GameState, command: Command, seat: int) -> list[Event]:
    """The events of a takeback command from `seat`; RuleViolation names the rule it breaks."""
    if isinstance(command, RequestTakeback):
        problem = request_problem(state, seat)
        if problem is not None:
            raise problem
        point = state.takebacks.checkpoint if state.takebacks is not None else None
        if point is None:
            raise AssertionError("request_problem lets no request through without a stretch")
        return [TakebackRequested(seat=seat, to_version=point.version)]
    if not isinstance(command, AnswerTakeback):
        raise TypeError(f"not a takeback command: {command.type}")
    requester = _answerable(state, seat)
    point = state.takebacks.checkpoint if state.takebacks is not None else None
    if not command.accept or point is None:
        return [TakebackDeclined(seat=requester, by=seat)]
    return [TakenBack(seat=requester, to_version=point.version, by=seat)]


def request_problem(state: GameState, seat: int) -> RuleViolation | None:
    """Why `seat` may not ask for a takeback now (None: it may)."""
    takebacks = state.takebacks
    if takebacks is None:
        return RuleViolation("TKB-1", "this game was created without takebacks", "forbidden")
    if sum(not p.eliminated for p in state.players) != 2:
        return RuleViolation("TKB-6", "takebacks need exactly two seats in play", "forbidden")
    if seat != state.active:
        return RuleViolation(
            "TKB-2", "only the seat whose turn it is may ask for a takeback", "not_your_turn"
        )
    if state.pending is not None or state.phase == "breath":
        return RuleViolation("TKB-2", "a decision or the breath phase is pending; ask once "
                             "it is settled", "wrong_phase")  # fmt: skip
    if takebacks.checkpoint is None or takebacks.since == 0:
        return RuleViolation("TKB-2", "nothing to take back: information came out since your "
                             "last command (a die, a card, another seat's decision, a new "
                             "turn)", "wrong_phase")  # fmt: skip
    if takebacks.asked:
        return RuleViolation(
            "TKB-5", "you asked already: ask again after another command", "wrong_phase"
        )
    return None


def _answerable(state: GameState, seat: int) -> int:
    """The seat whose open request `seat` may answer; RuleViolation if none."""
    takebacks = state.takebacks
    if takebacks is None:
        raise RuleViolation("TKB-1", "this game was created without takebacks", "forbidden")
    requester = takebacks.request
    if requester is None:
        raise RuleViolation("TKB-3", "no takeback request waits for an answer", "wrong_phase")
    if seat == requester:
        raise RuleViolation("TKB-3", "the other seat answers a takeback request", "forbidden")
    return requester


def answerer(state: GameState) -> int | None:
    """The seat that answers the open takeback request (TKB-3: the other seat in play, of
    the two TKB-6 allows); None when no request waits."""
    takebacks = state.takebacks
    if takebacks is None or takebacks.request is None:
        return None
    others = [p.seat for p in state.players if not p.eliminated and p.seat != takebacks.request]
    return others[0] if len(others) == 1 else None


def takeback_actions(state: GameState, seat: int) -> list[Command]:
    """The takeback commands `seat` may send now (legal actions)."""
    out: list[Command] = []
    if request_problem(state, seat) is None:
        out.append(RequestTakeback())
    takebacks = state.takebacks
    if takebacks is not None and takebacks.request not in (None, seat):
        out += [AnswerTakeback(accept=True), AnswerTakeback(accept=False)]
    return out
