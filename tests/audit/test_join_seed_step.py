"""A game that filled up by joins, with the seed step it was promised at its creation (SEED-2,
GameCreated.dice.seed_step `on_fill`): its export verifies offline; the verifier names the
event where the step's opening (its deadline, the promised length) was tampered with, where
the first turn began before the deadline, and where a game promised a step began without
opening it."""

from __future__ import annotations

import time

import pytest

from lorekeeper.audit.export import export_records, ndjson_lines
from lorekeeper.audit.verify import FAILED, VERIFIED, verify_lines
from lorekeeper.games.dice import FillStep
from tests.audit.games import memory_service, play_on, skirmish
from tests.audit.tamper import Record, event_at, parsed, rechained, verify_records

SEED = 7
LENGTH_MS = 30_000


@pytest.fixture(scope="module")
def filled_then_ended() -> list[str]:
    """Created with seats to fill (start=False, a FillStep, as the seating service does);
    the last join opens the step; seat 0 gives a seed, seat 1 stays silent; the server ends
    the step at its deadline."""
    service = memory_service(dice_seed=SEED)
    now = time.time_ns() // 1_000_000
    service.now_ms = lambda: now
    created = service.create_game(skirmish(), {}, start=False, seed_step=FillStep(LENGTH_MS))
    assert service.start_game(created.game_id) is None  # the step opens first
    service.now_ms = lambda: now + 1_000  # the last seat is taken a second later
    assert service.open_seed_step(created.game_id, (0, 1)) is not None
    assert service.open_seed_step(created.game_id, (0, 1)) is None  # once
    service.handle_command(created.game_id, 0, {"type": "client_seed", "seed": "ann-51c2"})
    assert service.end_seed_step(created.game_id) is None  # not due yet
    service.now_ms = lambda: now + 1_000 + LENGTH_MS
    assert service.end_seed_step(created.game_id) is not None
    play_on(service, created.game_id, SEED)
    events = service.log.events.read(created.game_id)
    return list(ndjson_lines(export_records(created.game_id, events)))


def _retimed(record: Record, time_ms: int) -> None:
    record["time_ms"] = time_ms


def test_a_filled_game_whose_step_opened_on_fill_verifies(filled_then_ended):  # SEED-2
    verdict = verify_lines(filled_then_ended)
    assert verdict.verdict == VERIFIED, verdict.report()
    records = parsed(filled_then_ended)
    assert event_at(records, 1)["payload"]["dice"]["seed_step"] == {
        "on_fill": True,
        "length_ms": LENGTH_MS,
    }
    opened = event_at(records, 2)
    assert opened["type"] == "SeedStepOpened" and opened["command"] == {"type": "open_seed_step"}
    assert opened["payload"]["deadline_ms"] == opened["time_ms"] + LENGTH_MS
    sealed = event_at(records, 4)  # seat 1 gave none: recorded as none
    assert sealed["type"] == "ClientSeedsSealed"
    assert sealed["payload"] == {"seeds": ["ann-51c2", None]}


def test_a_tampered_deadline_fails_at_the_opening(filled_then_ended):  # SEED-2
    records = parsed(filled_then_ended)
    opened = event_at(records, 2)["payload"]
    opened["deadline_ms"] -= 1  # as if it had been opened for less than its length
    verdict = verify_records(rechained(records))
    assert verdict.verdict == FAILED and verdict.first_bad_event == 2, verdict.report()
    assert "SeedStepOpened differs" in verdict.report()


def test_a_changed_promised_length_fails_at_the_opening(filled_then_ended):  # SEED-2
    records = parsed(filled_then_ended)
    promised = event_at(records, 1)["payload"]["dice"]["seed_step"]
    promised["length_ms"] = 1_000  # as if a shorter step had been promised
    for record in records:
        if record.get("record") in ("header", "trailer") and "dice" in record:
            record["dice"] = event_at(records, 1)["payload"]["dice"]
    verdict = verify_records(rechained(records))
    assert verdict.verdict == FAILED and verdict.first_bad_event == 2, verdict.report()


def test_a_start_before_the_deadline_fails_at_the_start(filled_then_ended):  # SEED-2
    records = parsed(filled_then_ended)
    deadline = event_at(records, 2)["payload"]["deadline_ms"]
    for version in (4, 5):  # the start's append: ClientSeedsSealed, TurnStarted
        assert event_at(records, version)["command_id"] == "start_game"
        _retimed(event_at(records, version), deadline - 1)
    verdict = verify_records(rechained(records))
    assert verdict.verdict == FAILED and verdict.first_bad_event == 4, verdict.report()
    assert "before its deadline" in verdict.report()


def test_a_start_without_opening_the_step_fails(filled_then_ended):  # SEED-2
    records = parsed(filled_then_ended)
    kept = [r for r in records if r.get("version") not in (2, 3)]  # no opening, no seed
    verdict = verify_records(rechained(kept))
    assert verdict.verdict == FAILED and verdict.first_bad_event == 2, verdict.report()
    assert "SEED-2" in verdict.report()
