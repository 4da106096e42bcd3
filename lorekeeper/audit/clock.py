"""Were the clocks kept? Every time-out after its deadline, no command after its seat's.

Folded from the export alone (docs/client/clocks.md; docs/audit.md): GameCreated's `clock` is
the time control, the events' own `time_ms` the times (`domain.fold_timed` folds them as the
server does). For each append, with the clocks as they stood before it:

- an append of the server's time-out step (command `time_out`) must come at or after the
  deadline of the seat on the clock, and its TimedOut must name that seat, period and
  deadline (what it then did, the rules check re-decides: rules.py);
- an append of a seat's command must come before that seat's deadline when the seat is the
  one on the clock (commands of other seats, a resignation say, are not timed).

A game without a time control passes with nothing to check.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from domain import Event, Timed, fold_timed
from domain.clock import Running
from domain.events import event_from_json
from lorekeeper.audit.records import ExportEvent, Problem
from lorekeeper.audit.rules import groups, with_hands
from lorekeeper.games.idempotency import TIMEOUT_COMMAND


def check_clock(
    events: Sequence[ExportEvent], hands: list[list[str]]
) -> tuple[Problem | None, str]:
    """The first append that breaks a clock, and a summary of what was checked; `hands`: the
    hands dealt (event 1 may show only their counts)."""
    created = events[0].payload.get("clock") if events else None
    if created is None:
        return None, "no time control"
    timed: Timed | None = None
    timeouts = timed_commands = 0
    for group in groups(events):
        head = group[0]
        clock = None if timed is None else timed.clock
        running = None if clock is None else clock.running
        if head.command == TIMEOUT_COMMAND:
            problem = _time_out_problem(head, running)
            if problem is not None:
                return problem, _summary(created, timeouts, timed_commands)
            timeouts += 1
        elif running is not None and head.seat == running.seat:
            if head.time_ms >= running.deadline_ms:
                late = Problem(head.version, f"seat {head.seat}'s command was accepted at "
                               f"{head.time_ms}, after its time ran out at "
                               f"{running.deadline_ms}")  # fmt: skip
                return late, _summary(created, timeouts, timed_commands)
            timed_commands += 1
        try:
            timed = fold_timed(timed, _with_times(group, hands))
        except Exception as exc:  # a crafted event: the chain or the rules name it too
            return Problem(head.version, f"its clock cannot be folded: {exc!r}"), _summary(
                created, timeouts, timed_commands
            )
    return None, _summary(created, timeouts, timed_commands)


def _with_times(
    group: Sequence[ExportEvent], hands: list[list[str]]
) -> Iterator[tuple[Event, int]]:
    for event in group:
        payload = with_hands(event.payload, hands) if event.version == 1 else event.payload
        yield event_from_json(event.type, payload), event.time_ms


def _time_out_problem(head: ExportEvent, running: Running | None) -> Problem | None:
    if running is None:
        return Problem(head.version, "a time-out while no seat was on the clock")
    if head.time_ms < running.deadline_ms:
        return Problem(head.version, f"a time-out at {head.time_ms}, before seat "
                       f"{running.seat}'s deadline {running.deadline_ms}")  # fmt: skip
    want = {"seat": running.seat, "period": running.period, "deadline_ms": running.deadline_ms}
    if head.type != "TimedOut" or {k: head.payload.get(k) for k in want} != want:
        return Problem(head.version, f"the time-out does not name seat {running.seat}'s "
                       f"{running.period} and its deadline {running.deadline_ms}")  # fmt: skip
    return None


def _summary(control: object, timeouts: int, timed: int) -> str:
    kind = control.get("kind", "?") if isinstance(control, dict) else "?"
    return (f"{kind} clock: {timeouts} time-outs, each at or after its deadline; "
            f"{timed} commands of the seat on the clock, each before its deadline")  # fmt: skip
