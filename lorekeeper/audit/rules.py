"""Were the events legal? Each append is decided again from the game before it.

An append (a *group*) starts with the event that records its command. The group must be
exactly what the domain produces from the game before it, at the time the append records:
`new_game` for the creation (with the dice and the commitments it published, and the hands
dealt; GameCreated alone for a game created unstarted), then `domain.decide_at` for every
other append, the same decision the server takes: a seat's command (refused after its own
deadline, CLK-5, or after a seed step's deadline, SEED-2), or the server's step its command
names (`start_game`, `open_seed_step`, `close_seed_commits`, `resolve_breath`, `time_out`),
each refused at a time it could not have been taken. When those events end the game, its
secrets follow: SecretsRevealed as revealed (record format 2; the verifier checked it against
the commitments), or DiceRevealed with the revealed seed (an older game of committed dice).
Equal means the same types and the same payloads in the form the hash covers
(chain.py), compared as JSON. The game is folded on with
`domain.fold_timed`, its clocks beside its state.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import domain
from domain import SERVER_SEAT, DiceSource, Event, Timed, fold_timed
from domain.commands import ResolveBreath
from domain.events import (
    SCHEMA_VERSION,
    DiceRevealed,
    GameCreated,
    SecretsRevealed,
    event_from_json,
)
from domain.timed import CloseSeedCommits, OpenSeedStep, ServerStep, StartGame, TimeOut
from lorekeeper.audit.chain import hashed_payload
from lorekeeper.audit.records import ExportEvent, Problem
from lorekeeper.budget import spend
from lorekeeper.games.idempotency import (
    BREATH_COMMAND,
    CLOSE_COMMITS_COMMAND,
    CREATE_COMMAND,
    OPEN_STEP_COMMAND,
    START_COMMAND,
    TIMEOUT_COMMAND,
)


@dataclass(frozen=True)
class Opening:
    """The hands dealt, per seat, and the SecretsRevealed payload that opened their
    commitments (None: a game of record format 1, or the server's whole copy before the
    end, whose event 1 shows the cards)."""

    hands: list[list[str]]
    reveal: dict[str, Any] | None


class RecordedDice:
    """The faces the events themselves recorded, by roll index: enough to re-decide a game
    whose dice cannot be recomputed (scripted, client-chosen or not yet revealed)."""

    def __init__(self, events: Sequence[ExportEvent]) -> None:
        self._faces: dict[int, str] = {}
        for event in events:
            roll, faces = event.payload.get("roll"), event.payload.get("faces")
            if isinstance(roll, int) and isinstance(faces, list):
                for offset, face in enumerate(faces):
                    self._faces.setdefault(roll + offset, str(face))

    def face(self, index: int) -> str:
        try:
            return self._faces[index]
        except KeyError:
            raise LookupError(f"die {index} was rolled but recorded by no event") from None


def groups(events: Sequence[ExportEvent]) -> list[list[ExportEvent]]:
    """The appends: each starts at an event that carries its command."""
    out: list[list[ExportEvent]] = []
    for event in events:
        if event.command is not None or not out:
            out.append([event])
        else:
            out[-1].append(event)
    return out


def check_rules(
    events: Sequence[ExportEvent], dice: DiceSource, seed: str | None, opening: Opening
) -> tuple[Problem | None, int]:
    """The first event that is not what the rules produce, and how many appends matched."""
    timed: Timed | None = None
    checked = 0
    for group in groups(events):
        spend()  # the API's budget for the audit (lorekeeper/budget.py); offline, none
        problem = _shape(group, first_group=timed is None)
        if problem is not None:
            return problem, checked
        try:
            expected = _expected(timed, group[0], dice, seed, opening, size=len(group))
        except Exception as exc:  # a crafted command may break the rules in any way
            return Problem(group[0].version, f"the command cannot be decided: {exc!r}"), checked
        problem = _compare(group, expected)
        if problem is not None:
            return problem, checked
        try:
            timed = fold_timed(timed, ((event, group[0].time_ms) for event in expected))
        except ValueError as exc:  # a time control no server would have recorded
            return Problem(group[0].version, f"its clock cannot be read: {exc}"), checked
        checked += 1
    return None, checked


def _shape(group: list[ExportEvent], *, first_group: bool) -> Problem | None:
    head = group[0]
    if head.command is None:
        return Problem(head.version, "no command is recorded for this append")
    if first_group != (head.command == CREATE_COMMAND):
        return Problem(head.version, "a game is created once, by its first append")
    for event in group:
        if (event.seat, event.command_id, event.time_ms) != (
            head.seat,
            head.command_id,
            head.time_ms,
        ):
            return Problem(event.version, "one append has one seat, command id and time")
        if event.schema != SCHEMA_VERSION:
            return Problem(event.version, f"schema {event.schema} is not {SCHEMA_VERSION}")
    return None


def _expected(
    timed: Timed | None,
    head: ExportEvent,
    dice: DiceSource,
    seed: str | None,
    opening: Opening,
    *,
    size: int,
) -> list[Event]:
    """What the rules decide for the append that starts at `head`, at the time it records."""
    if timed is None:
        return _creation(head, opening, started=size > 1)
    step = _server_step(head)
    if step is not None:
        if head.seat is not None:
            raise ValueError("the server's step is recorded with no seat")
        append = domain.decide_at(timed, step, dice, SERVER_SEAT, head.time_ms)
    else:
        if head.seat is None:
            raise ValueError("a seat's command is recorded with no seat")
        command = domain.command_from_json(head.command)
        append = domain.decide_at(timed, command, dice, head.seat, head.time_ms)
    decided = list(append.events)
    if append.after.is_over:
        if opening.reveal is not None:
            decided.append(event_from_json(SecretsRevealed.type, opening.reveal))
        elif seed is not None:
            decided.append(DiceRevealed(seed=seed))
    return decided


def _server_step(head: ExportEvent) -> ServerStep | None:
    """The server's step the append records, None for a seat's command."""
    command = head.command or {}
    if command == OPEN_STEP_COMMAND:
        return OpenSeedStep(_step_seats(head))
    steps: list[tuple[dict[str, str], ServerStep]] = [
        (START_COMMAND, StartGame()),
        (CLOSE_COMMITS_COMMAND, CloseSeedCommits()),
        (BREATH_COMMAND, ResolveBreath()),
        (TIMEOUT_COMMAND, TimeOut()),
    ]
    return next((step for said, step in steps if command == said), None)


def _step_seats(head: ExportEvent) -> tuple[int, ...]:
    """The seats a seed step opened for (SEED-2) waits on, as its event names them."""
    seats = head.payload.get("seats")
    if not isinstance(seats, list) or not all(type(s) is int for s in seats):
        raise ValueError("a seed step names the seats it waits for")
    return tuple(seats)


def _creation(head: ExportEvent, opening: Opening, *, started: bool) -> list[Event]:
    """A game created and started at once (GameCreated and its first turn), or created
    unstarted (GameCreated alone: its start is an append of its own); from event 1 with the
    hands dealt (in case it hides them)."""
    if head.type == GameCreated.type and "fork" in head.payload and head.seat is None:
        return [event_from_json(head.type, head.payload)]  # its position: audit/forks.py
    created = event_from_json(head.type, with_hands(head.payload, opening.hands))
    if not isinstance(created, GameCreated) or head.seat is not None:
        raise ValueError("a game starts with GameCreated, from the server")
    events = domain.new_game(  # under the edition of the rules it was created with
        created.scenario,
        auto_decisions=created.auto_decisions,
        start=started,
        edition=created.rules_edition,
        takebacks=created.takebacks,  # TKB-1: re-created as chosen, so re-decided the same
    )
    fresh = events[0]
    assert isinstance(fresh, GameCreated)
    # What it published is checked apart: the dice, the commitments (verify.py), the time
    # control (clock.py).
    events[0] = replace(
        fresh, dice=created.dice, commitments=created.commitments, clock=created.clock
    )
    return events


def fork_hands(fork: Any) -> list[list[str]]:
    """Each seat's cards in a fork's position (known to all, FRK-3)."""
    players = (fork.get("state") or {}).get("players") if isinstance(fork, dict) else None
    if not isinstance(players, list):
        return []
    return [[str(c) for c in p.get("cards", [])] if isinstance(p, dict) else [] for p in players]


def with_hands(payload: dict[str, Any], hands: list[list[str]]) -> dict[str, Any]:
    """GameCreated's payload with each seat's cards, whether it showed them or their count."""
    scenario = payload.get("scenario")
    players = scenario.get("players") if isinstance(scenario, dict) else None
    if not isinstance(scenario, dict) or not isinstance(players, list):
        return payload
    if len(players) != len(hands):
        raise ValueError(f"{len(players)} players, {len(hands)} hands dealt")
    whole = [
        {**{k: v for k, v in p.items() if k != "card_count"}, "cards": hand}
        if isinstance(p, dict) and "cards" not in p
        else p
        for p, hand in zip(players, hands, strict=True)
    ]
    return {**payload, "scenario": {**scenario, "players": whole}}


def _compare(group: list[ExportEvent], expected: Sequence[Event]) -> Problem | None:
    for event, want in zip(group, expected, strict=False):
        if event.type != want.type:
            return Problem(event.version, f"{event.type} where the rules give {want.type}")
        wanted = _as_json(want.payload())
        if hashed_payload(event.type, event.payload) != hashed_payload(want.type, wanted):
            return Problem(event.version, f"{event.type} differs from what the rules give")
    if len(group) > len(expected):
        extra = group[len(expected)]
        return Problem(extra.version, f"{extra.type} is more than the rules give")
    if len(group) < len(expected):
        missing = expected[len(group)]
        return Problem(group[-1].version + 1, f"{missing.type} is missing here")
    return None


def _as_json(payload: Mapping[str, Any]) -> Any:
    return json.loads(json.dumps(payload))
