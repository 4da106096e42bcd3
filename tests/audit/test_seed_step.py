"""A game full at its creation, in a seed step (SEED-2): its export verifies offline, and the
verifier names the event where the step was ended before its deadline with a seat's seed
still to come, or where a seed was taken after it."""

from __future__ import annotations

import time

import pytest

from lorekeeper.audit.export import export_records, ndjson_lines
from lorekeeper.audit.verify import FAILED, VERIFIED, verify_lines
from lorekeeper.games.dice import SeedStep
from tests.audit.games import memory_service, play_on, skirmish
from tests.audit.tamper import event_at, parsed, rechained, verify_records

SEED = 5


@pytest.fixture(scope="module")
def ended_at_the_deadline() -> list[str]:
    """Seat 0 gives a seed, seat 1 stays silent; the server ends the step at its deadline."""
    service = memory_service(dice_seed=SEED)
    now = time.time_ns() // 1_000_000
    service.now_ms = lambda: now
    step = SeedStep((0, 1), now + 60_000, now + 120_000)
    created = service.create_game(skirmish(), {}, start=False, seed_step=step)
    service.handle_command(created.game_id, 0, {"type": "client_seed", "seed": "ann-7f3a"})
    assert service.end_seed_step(created.game_id) is None  # not due yet
    service.now_ms = lambda: now + 60_000
    assert service.end_seed_step(created.game_id) is not None
    assert service.end_seed_step(created.game_id) is None  # once
    play_on(service, created.game_id, SEED)
    events = service.log.events.read(created.game_id)
    return list(ndjson_lines(export_records(created.game_id, events)))


def test_a_seed_step_ended_at_its_deadline_verifies(ended_at_the_deadline):  # SEED-2
    verdict = verify_lines(ended_at_the_deadline)
    assert verdict.verdict == VERIFIED, verdict.report()
    records = parsed(ended_at_the_deadline)
    assert event_at(records, 1)["payload"]["dice"]["seed_step"]["seats"] == [0, 1]
    sealed = event_at(records, 3)  # seat 1 gave none: recorded as none
    assert sealed["type"] == "ClientSeedsSealed"
    assert sealed["payload"] == {"seeds": ["ann-7f3a", None]}


def test_a_step_ended_before_its_deadline_fails_at_the_start(ended_at_the_deadline):  # SEED-2
    records = parsed(ended_at_the_deadline)
    step = event_at(records, 1)["payload"]["dice"]["seed_step"]
    step["deadline_ms"] = event_at(records, 3)["time_ms"] + 1  # as if ended a millisecond early
    verdict = verify_records(rechained(records))
    assert verdict.verdict == FAILED and verdict.first_bad_event == 3, verdict.report()
    assert "before its deadline" in verdict.report()


def test_a_seed_taken_after_the_deadline_fails_at_the_seed(ended_at_the_deadline):  # SEED-2
    records = parsed(ended_at_the_deadline)
    step = event_at(records, 1)["payload"]["dice"]["seed_step"]
    step["deadline_ms"] = event_at(records, 2)["time_ms"]  # the seed came at the deadline
    verdict = verify_records(rechained(records))
    assert verdict.verdict == FAILED and verdict.first_bad_event == 2, verdict.report()
    assert "after the seed step's deadline" in verdict.report()
