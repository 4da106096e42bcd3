"""The audit of a clocked game (docs/audit.md, "Clocks"): time-outs are re-decided from the
recorded times, and a time-out before its deadline or a command after its seat's deadline
fails the game, even when a forger recomputes every hash."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from adapters.memory.event_store import InMemoryEventStore
from adapters.memory.game_secrets import InMemoryDiceStore, InMemorySeatTokenStore
from adapters.memory.jobs import InMemoryJobQueue
from domain import legal_actions
from lorekeeper.audit.export import export_records, ndjson_lines
from lorekeeper.audit.verify import FAILED, VERIFIED, verify_lines
from lorekeeper.games.log import GameLog
from lorekeeper.games.ports import StoredEvent
from lorekeeper.games.service import GameService
from tests.audit.games import _more_units, _weight, skirmish
from tests.audit.tamper import event_at, parsed, rechained, verify_records

T0 = 1_767_225_600_000
CLOCK = {"kind": "per_turn", "turn_s": 60, "decision_s": 20}


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> int:
        return self.now


def play_clocked(seed: int, clock: dict[str, Any]) -> tuple[GameService, str]:
    """A skirmish where the seats answer in time, or let their clock run out (a quarter of
    the time): turns and decisions time out, and the game ends at its turn limit."""
    now, rnd, ids = Clock(), random.Random(seed), itertools.count(1)
    jobs = InMemoryJobQueue()
    service = GameService(
        GameLog(InMemoryEventStore(clock=now), InMemoryDiceStore(), jobs),
        InMemorySeatTokenStore(),
        new_game_id=lambda: f"clocked-{next(ids)}",
        new_dice_seed=lambda: rnd.randbytes(32),
        clock=now,
    )
    jobs.attach(None, service.resolve_breath)
    game_id = service.create_game(skirmish(turns=8), {"clock": clock}).game_id
    for _ in range(3000):
        game = service.log.load(game_id)
        if game.state.is_over:
            return service, game_id
        running = game.clock.running if game.clock else None
        assert running is not None
        late = now.now >= running.deadline_ms  # a turn resumed with no time left
        if late or rnd.random() < (0.5 if running.period == "decision" else 0.08):
            now.now = max(now.now, running.deadline_ms + rnd.randrange(0, 2000))
            assert service.time_out(game_id) is not None
            continue
        now.now += rnd.randrange(0, max(1, (running.deadline_ms - now.now) // 8))
        state, seat = game.state, running.seat
        choices = [c.to_json() for c in legal_actions(state, seat) if c.type != "resign"]
        body = rnd.choices(choices, [_weight(c) for c in choices])[0]
        if body["type"] == "order" and body["units"]:
            body = _more_units(state, seat, body, choices, rnd)
        service.handle_command(game_id, seat, body)
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def clocked() -> tuple[GameService, str, list[StoredEvent], list[str]]:
    service, game_id = play_clocked(3, CLOCK)
    events = service.log.events.read(game_id)
    return service, game_id, events, list(ndjson_lines(export_records(game_id, events)))


def test_a_clocked_game_with_time_outs_verifies(clocked) -> None:  # CLK-4, CLK-5
    _, _, events, lines = clocked
    verdict = verify_lines(lines)
    assert verdict.verdict == VERIFIED, verdict.report()
    periods = {e.payload["period"] for e in events if e.type == "TimedOut"}
    assert periods == {"turn", "decision"}  # both kinds were re-decided
    assert int(verdict.checks["dice"].split()[0]) >= 20, verdict.checks  # a game of battles
    count = sum(e.type == "TimedOut" for e in events)
    assert verdict.checks["clock"].startswith(f"per_turn clock: {count} time-outs")


def test_a_time_out_recorded_before_its_deadline_fails(clocked) -> None:  # CLK-4
    _, _, events, lines = clocked
    first = next(e for e in events if e.type == "TimedOut")
    records = parsed(lines)
    early = first.payload["deadline_ms"] - 1
    for e in events:
        if e.command_id == first.command_id:
            event_at(records, e.version)["time_ms"] = early
    verdict = verify_records(rechained(records))
    assert verdict.verdict == FAILED
    assert verdict.first_bad_event == first.version, verdict.report()
    assert "before seat" in verdict.checks["clock"], verdict.checks


def test_a_command_accepted_after_its_seats_deadline_fails(clocked) -> None:  # CLK-5
    service, game_id, events, lines = clocked
    late, deadline = None, 0
    for e in events:
        if e.command is not None and e.seat is not None and e.version > 2:
            running = service.log.load(game_id, e.version - 1).clock.running
            if running is not None and running.seat == e.seat:
                late, deadline = e, running.deadline_ms
                break
    assert late is not None
    records = parsed(lines)
    for e in events:
        if e.command_id == late.command_id and e.version >= late.version:
            event_at(records, e.version)["time_ms"] = deadline + 10
    verdict = verify_records(rechained(records))
    assert verdict.verdict == FAILED
    assert verdict.first_bad_event == late.version, verdict.report()
    assert "after its time ran out" in verdict.reason


def test_a_time_out_naming_another_deadline_fails(clocked) -> None:  # CLK-4
    _, _, events, lines = clocked
    first = next(e for e in events if e.type == "TimedOut")
    records = parsed(lines)
    event_at(records, first.version)["payload"]["deadline_ms"] += 1
    verdict = verify_records(rechained(records))
    assert verdict.verdict == FAILED and verdict.first_bad_event == first.version


def test_a_changed_time_control_fails(clocked) -> None:  # CLK-1: the chain holds the control
    _, _, _, lines = clocked
    records = parsed(lines)
    event_at(records, 1)["payload"]["clock"]["turn_s"] = 600  # a forger's gentler clock
    verdict = verify_records(rechained(records))
    assert verdict.verdict == FAILED, verdict.report()


def test_a_forfeited_game_verifies_with_the_other_seat_winning() -> None:  # CLK-4, R-WIN-4
    service, game_id = play_clocked(5, {**CLOCK, "policy": "forfeit"})
    events = service.log.events.read(game_id)
    verdict = verify_lines(ndjson_lines(export_records(game_id, events)))
    assert verdict.verdict == VERIFIED, verdict.report()
    timed_out = [e.payload["seat"] for e in events if e.type == "TimedOut"]
    resigned = [e.payload["seat"] for e in events if e.type == "PlayerResigned"]
    ended = next(e for e in events if e.type == "GameEnded")
    assert resigned == timed_out == [1 - ended.payload["winner"]]
