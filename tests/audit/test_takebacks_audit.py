"""Games with takebacks export and verify offline; a tampered takeback is named (TKB-4).

The verifier re-decides every append, takebacks included, and folds through them: the events
taken back stay in the chain, and the state after a TakenBack comes from the fold alone."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from domain import legal_actions
from lorekeeper.audit.export import export_records, ndjson_lines
from lorekeeper.audit.verify import FAILED, VERIFIED, verify_lines
from lorekeeper.games.ports import StoredEvent
from lorekeeper.games.service import GameService
from tests.audit.games import MAX_COMMANDS, memory_service, skirmish
from tests.audit.tamper import event_at, parsed, rechained, verify_records


@dataclass(frozen=True)
class Played:
    events: list[StoredEvent]
    lines: list[str]

    def versions_of(self, type_: str) -> list[int]:
        return [e.version for e in self.events if e.type == type_]


def play_with_takebacks(service: GameService, seed: int) -> str:
    """Random legal commands, a takeback asked whenever one may be and answered at random."""
    rnd = random.Random(seed)
    game_id = service.create_game(skirmish(10), {"takebacks": True}).game_id
    for _ in range(MAX_COMMANDS):
        state = service.log.load(game_id).state
        if state.is_over:
            return game_id
        listed = [(s, c.to_json()) for s in range(len(state.players))
                  for c in legal_actions(state, s) if c.type != "resign"]  # fmt: skip
        takebacks = [(s, c) for s, c in listed if "takeback" in c["type"]]
        pool = takebacks if takebacks and rnd.random() < 0.6 else listed
        seat, body = rnd.choice(pool) if pool else (state.active, {"type": "resign"})
        if body["type"] == "order":
            body = {"type": "order", "units": body["units"][:1]}
        service.handle_command(game_id, seat, body)
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def played() -> Played:
    service = memory_service(dice_seed=7)
    game_id = play_with_takebacks(service, 7)
    events = service.log.events.read(game_id)
    return Played(events, list(ndjson_lines(export_records(game_id, events))))


def test_a_finished_game_with_takebacks_verifies_offline(played: Played):
    assert played.versions_of("TakenBack") and played.versions_of("TakebackDeclined")
    verdict = verify_lines(played.lines)
    assert verdict.verdict == VERIFIED, verdict.report()
    assert verdict.events == len(played.events)


def test_a_takeback_to_another_version_is_named(played: Played):
    records = parsed(played.lines)
    version = played.versions_of("TakenBack")[0]
    event_at(records, version)["payload"]["to_version"] -= 1
    assert verify_records(records).first_bad_event == version  # the chain breaks there
    forged = verify_records(rechained(records))
    assert (forged.verdict, forged.first_bad_event) == (FAILED, version), forged.reason


def test_a_declined_takeback_turned_into_an_accepted_one_is_named(played: Played):
    records = parsed(played.lines)
    version = played.versions_of("TakebackDeclined")[0]
    record = event_at(records, version)
    asked = event_at(records, version - 1)
    assert asked["type"] == "TakebackRequested"
    record["type"] = "TakenBack"
    record["payload"] = {**record["payload"], "to_version": asked["payload"]["to_version"]}
    forged = verify_records(rechained(records))
    assert (forged.verdict, forged.first_bad_event) == (FAILED, version), forged.reason


def test_a_removed_takeback_is_named(played: Played):
    records = parsed(played.lines)
    version = played.versions_of("TakenBack")[0]
    del records[version]
    forged = verify_records(rechained(records))
    assert (forged.verdict, forged.first_bad_event) == (FAILED, version), forged.reason
