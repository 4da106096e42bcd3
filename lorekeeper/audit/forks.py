"""Verifying a fork with its parent's export, with no server (docs/audit.md, "Forks").

A fork's export is verified as any game's (verify.py): its chain, its fresh dice, its rules
from its first state. What ties it to its parent needs the parent's export too: the parent
is the game event 1 names, it verifies, it is finished, its event N and its head are the
hashes event 1 names, and its events folded to N give the fork's first state (FRK-1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from domain import event_from_json, evolve, fold
from domain.fork import is_same_position
from lorekeeper.audit.export import GAME_ENDED
from lorekeeper.audit.faces import DICE_CHOSEN, fork_of
from lorekeeper.audit.records import Export, parse_export
from lorekeeper.audit.verify import FAILED, Trust, Verdict, verify_export

NO_TRUST = Trust()  # no keys, no log: those checks are not made
CHOSEN_NOTE = "some dice were chosen by the fork's owner (FRK-4)"


def verify_fork_lines(
    fork: Iterable[str | bytes],
    parent: Iterable[str | bytes],
    expect: Sequence[tuple[int, str]] = (),
    trust: Trust = NO_TRUST,
) -> Verdict:
    """`verify_fork` of two exports given as their lines."""
    return verify_fork(parse_export(fork), parse_export(parent), expect, trust)


def verify_fork(
    fork: Export, parent: Export, expect: Sequence[tuple[int, str]] = (), trust: Trust = NO_TRUST
) -> Verdict:
    """The fork's verdict, failed unless its parent verifies and event 1 is the parent's
    position at the version it names."""
    verdict = verify_export(fork, expect, trust, alone=False)
    parent_verdict = verify_export(parent)
    problem = tie_problem(fork, parent)
    checks = {**verdict.checks, "parent": f"{parent_verdict.verdict}: {parent_verdict.reason}",
              "fork": problem or "event 1 is the parent's position at its version"}  # fmt: skip
    if problem is None and parent_verdict.verdict == FAILED:
        problem = f"its parent does not verify: {parent_verdict.reason}"
    if problem is not None:
        return replace(verdict, verdict=FAILED, reason=f"fork: {problem}", checks=checks,
                       first_bad_event=1)  # fmt: skip
    if any(e.type == DICE_CHOSEN for e in fork.events):
        return replace(verdict, checks=checks, reason=f"{verdict.reason}; {CHOSEN_NOTE}")
    return replace(verdict, checks=checks)


def tie_problem(fork: Export, parent: Export) -> str | None:
    """What ties the fork to its parent that does not hold; None if all of it does."""
    start = fork_of(fork.events)
    if start is None:
        return "event 1 is not a fork's GameCreated"
    if parent.header.get("game_id") != start.get("parent"):
        return (
            f"the parent export is of {parent.header.get('game_id')!r}, not {start.get('parent')!r}"
        )
    events, version = parent.events, start.get("version")
    if not any(e.type == GAME_ENDED for e in events):
        return "the parent is not finished"
    if type(version) is not int or not 1 <= version <= len(events):
        return f"version {version!r} is not one of the parent's"
    if events[version - 1].hash != start.get("parent_hash"):
        return f"the parent's event {version} is not the one event 1 names"
    if events[-1].hash != start.get("parent_head"):
        return "the parent's head is not the one event 1 names"
    try:
        at = fold(None, (event_from_json(e.type, e.payload) for e in events[:version]))
        first = evolve(None, event_from_json(fork.events[0].type, fork.events[0].payload))
    except (ValueError, TypeError, KeyError) as exc:
        return f"a state cannot be folded: {exc}"
    if not is_same_position(first, at):
        return f"event 1's position is not the parent's at version {version}"
    return None
