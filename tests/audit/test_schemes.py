"""What can be proven of which game: committed dice once the game is over, nothing more of
scripted or client-chosen dice, and of an unfinished game what it shows without secrets."""

from __future__ import annotations

import pytest

from adapters.memory.event_store import InMemoryEventStore
from domain import ScenarioError
from lorekeeper.audit.export import export_records, ndjson_lines
from lorekeeper.audit.verify import FAILED, IN_PROGRESS, NOT_VERIFIABLE, VERIFIED, verify_lines
from lorekeeper.games.ports import NewEvent
from lorekeeper.games.service import GameService
from tests.audit.games import memory_service, play, secret_seed, skirmish
from tests.audit.tamper import event_at, parsed, verify_records
from tests.service.games import SECRET_CARDS, duel


def exported(service: GameService, game_id: str) -> list[str]:
    return list(ndjson_lines(export_records(game_id, service.log.events.read(game_id))))


def test_scripted_dice_are_not_verifiable_never_verified():
    service = memory_service()
    game_id = play(service, skirmish(6), 1, {"dice": {"script": ["red", "flag"] * 20}})
    lines = exported(service, game_id)
    verdict = verify_lines(lines)
    assert (verdict.verdict, verdict.reason) == (NOT_VERIFIABLE, "not verifiable: scripted dice")
    assert verdict.checks["rules"].endswith("appends re-decided")  # the rules still hold
    assert "DiceRevealed" not in "".join(lines)
    records = parsed(lines)
    event_at(records, 30)["payload"]["x"] = 1
    assert verify_records(records).verdict == FAILED  # tampering still shows


def test_a_client_chosen_seed_is_not_verifiable():
    service = memory_service()
    game_id = play(service, skirmish(4), 2, {"seed": "everyone-knows-this"})
    verdict = verify_lines(exported(service, game_id))
    assert (verdict.verdict, verdict.reason) == (
        NOT_VERIFIABLE,
        "not verifiable: client-chosen seed",
    )


def test_client_seeds_are_mixed_in_and_verified():
    service = memory_service()
    game_id = play(service, skirmish(6), 3, {"client_seeds": ["south's", "north's"]})
    lines = exported(service, game_id)
    assert verify_lines(lines).verdict == VERIFIED
    records = parsed(lines)
    assert event_at(records, 1)["payload"]["dice"]["client_seeds"] == ["south's", "north's"]


def test_an_unfinished_game_exports_without_secrets_and_is_in_progress():
    service = memory_service()
    created = service.create_game(duel())
    service.handle_command(created.game_id, 0, {"type": "order", "units": ["bf0"]})
    lines = exported(service, created.game_id)
    text = "".join(lines)
    for cards in SECRET_CARDS:
        assert all(f'"{card}"' not in text for card in cards)
    assert created.game_id == "game-1" and secret_seed(1) not in text
    records = parsed(lines)
    assert "redacted" not in event_at(records, 1) and records[-1]["dice_seed"] is None
    verdict = verify_lines(lines)
    assert verdict.verdict == IN_PROGRESS, verdict.report()
    assert verdict.checks["chain"] == "3 linked"  # event 1 too: its hash covers what it shows
    assert "secret" in verdict.checks["rules"] and "revealed" in verdict.checks["hands"]
    event_at(records, 3)["payload"]["units"] = ["rf1"]
    assert verify_records(records).first_bad_event == 3
    records = parsed(lines)
    event_at(records, 1)["payload"]["scenario"]["players"][1]["card_count"] = 1
    assert verify_records(records).first_bad_event == 1


def test_the_servers_whole_copy_of_an_unfinished_game_is_re_decided():
    service = memory_service()
    created = service.create_game(duel())
    service.handle_command(created.game_id, 0, {"type": "end_turn"})
    events = service.log.events.read(created.game_id)
    verdict = verify_lines(ndjson_lines(export_records(created.game_id, events, whole=True)))
    assert verdict.verdict == IN_PROGRESS and verdict.checks["rules"] == "2 appends re-decided"


def test_resigning_ends_a_duel_and_reveals_the_seed_and_the_hands():
    service = memory_service()
    created = service.create_game(duel())
    result = service.handle_command(created.game_id, 1, {"type": "resign"})
    assert [e.type for e in result.events][-2:] == ["GameEnded", "SecretsRevealed"]
    assert result.head_hash == result.events[-1].hash
    revealed = result.events[-1].payload
    assert (revealed["seed"], revealed["hands"]) == (secret_seed(1), list(SECRET_CARDS))
    assert [len(bytes.fromhex(salt)) for salt in revealed["salts"]] == [32, 32]
    verdict = verify_lines(exported(service, created.game_id))
    assert verdict.verdict == VERIFIED, verdict.report()
    assert verdict.checks["hands"] == "2 revealed hands open their commitments"


def test_a_resignation_that_does_not_end_the_game_reveals_nothing():
    service = memory_service()
    created = service.create_game("sky_trio")
    result = service.handle_command(created.game_id, 2, {"type": "resign"})
    assert not {"DiceRevealed", "SecretsRevealed"} & {e.type for e in result.events}
    assert not service.log.load(created.game_id).state.is_over


def test_a_game_stored_before_commitments_is_not_verifiable():
    store = InMemoryEventStore()
    service = memory_service(store)
    created = service.create_game(duel())
    old = [
        NewEvent(e.type, {k: v for k, v in e.payload.items() if k != "dice"})
        for e in store.read(created.game_id)
    ]
    store.create("old-game", old)
    verdict = verify_lines(exported(service, "old-game"))
    assert verdict.verdict == NOT_VERIFIABLE, verdict.report()
    assert verdict.reason == "not verifiable: no dice commitment"


def test_a_scenario_that_cannot_be_hashed_is_refused():
    service = memory_service()
    doc = {**duel(), "weight": 1.5}
    with pytest.raises(ScenarioError) as refused:
        service.create_game(doc)
    assert "float" in str(refused.value)
    assert list(service.log.events.iter_game_ids()) == []
