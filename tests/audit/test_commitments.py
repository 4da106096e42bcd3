"""Secrets enter the hash chain only as salted commitments (record format 2, docs/audit.md):
event 1's hash covers the hands dealt as their count, its commitments bind them, and the
append that ends the game reveals hands and salts, which the verifier checks. Games hashed the
old way (format 1) still verify."""

from __future__ import annotations

import hashlib
from typing import Any

from adapters.memory.event_store import InMemoryEventStore
from lorekeeper.audit.canonical import canonical_json
from lorekeeper.audit.chain import GENESIS, event_hash
from lorekeeper.audit.commitments import HANDS_SCHEME, hand_commitment
from lorekeeper.audit.export import export_records, ndjson_lines
from lorekeeper.audit.rules import groups
from lorekeeper.audit.verify import FAILED, IN_PROGRESS, VERIFIED, verify_lines
from lorekeeper.games.ports import NewEvent, StoredEvent
from lorekeeper.games.service import GameService
from tests.audit.games import memory_service, play, skirmish
from tests.audit.tamper import event_at, parsed, rechained, verify_records
from tests.service.games import SECRET_CARDS, duel

SALT = bytes(range(32)).hex()


def test_the_documented_commitment_vector():  # also printed in docs/audit.md
    text = b'["hold","web"]'
    assert canonical_json(["hold", "web"]).encode() == text
    want = hashlib.sha256(bytes(range(32)) + text).hexdigest()
    assert hand_commitment(SALT, ["hold", "web"]) == want == HAND_VECTOR


HAND_VECTOR = "db77dd4ac3d699b716854ed8292c5f8066d6499c05584f03448cdd9d4b1e5fb6"


def test_the_documented_format_2_event_hash_vector():  # also printed in docs/audit.md
    commitments = {"scheme": HANDS_SCHEME, "hands": [HAND_VECTOR]}
    player = {"home_edge": "south", "cards": ["hold", "web"]}
    fields: dict[str, Any] = {
        "version": 1,
        "type": "GameCreated",
        "schema": 1,
        "payload": {
            "scenario": {"name": "duel", "players": [player]},
            "auto_decisions": False,
            "commitments": commitments,
        },  # fmt: skip
        "seat": None,
        "command_id": None,
        "command": {"type": "create_game"},
        "time_ms": 1767225600000,
        "prev_hash": GENESIS,
    }
    public = {**fields["payload"], "scenario": {"name": "duel", "players": [
        {"home_edge": "south", "card_count": 2}]}}  # fmt: skip
    record = canonical_json({**fields, "payload": public})
    assert '"cards"' not in record and '"card_count":2' in record
    assert event_hash(**fields) == event_hash(**{**fields, "payload": public})
    assert event_hash(**fields) == hashlib.sha256(record.encode()).hexdigest() == FORMAT_2_VECTOR


FORMAT_2_VECTOR = "e602ebc4c86e563c24cf3fc3eca13dd4d195a38550fd0dc22d2e7cbc17d65141"


def exported(service: GameService, game_id: str) -> list[str]:
    return list(ndjson_lines(export_records(game_id, service.log.events.read(game_id))))


def finished_duel() -> tuple[GameService, str]:
    service = memory_service()
    created = service.create_game(duel())
    service.handle_command(created.game_id, 1, {"type": "resign"})
    return service, created.game_id


def test_event_1_publishes_a_salted_commitment_per_seat():
    service = memory_service()
    created = service.create_game(duel())
    payload = service.log.events.read(created.game_id)[0].payload
    assert payload["commitments"]["scheme"] == HANDS_SCHEME
    config = service.log._dice.load(created.game_id)  # type: ignore[attr-defined]
    assert config is not None and config.hands == tuple(tuple(h) for h in SECRET_CARDS)
    salted = zip(config.hand_salts, SECRET_CARDS, strict=True)
    assert payload["commitments"]["hands"] == [hand_commitment(s, h) for s, h in salted]
    assert len(set(config.hand_salts)) == 2  # one fresh salt per seat


def test_a_finished_game_shows_its_cards_and_the_revealed_hands_open_the_commitments():
    service, game_id = finished_duel()
    records = parsed(exported(service, game_id))
    players = event_at(records, 1)["payload"]["scenario"]["players"]
    assert [p["cards"] for p in players] == list(SECRET_CARDS)
    reveal = records[-2]
    assert reveal["type"] == "SecretsRevealed" and reveal["payload"]["hands"] == list(SECRET_CARDS)
    verdict = verify_records(records)
    assert verdict.verdict == VERIFIED, verdict.report()


def test_a_changed_revealed_hand_or_salt_fails_even_rechained():
    service, game_id = finished_duel()
    for field, change in (("hands", [["web"], ["web", "web"]]), ("salts", ["00" * 32, "11" * 32])):
        records = parsed(exported(service, game_id))
        version = records[-2]["version"]
        records[-2]["payload"][field] = change
        if field == "hands":  # the forger shows the same cards in event 1, too
            event_at(records, 1)["payload"]["scenario"]["players"][0]["cards"] = ["web"]
        verdict = verify_records(rechained(records))
        assert verdict.verdict == FAILED, verdict.report()
        assert verdict.first_bad_event in (1, version), verdict.report()
        assert "commitment" in verdict.reason or "cards" in verdict.reason, verdict.reason


def test_cards_in_event_1_that_are_not_the_revealed_hands_fail():
    service, game_id = finished_duel()
    records = parsed(exported(service, game_id))
    event_at(records, 1)["payload"]["scenario"]["players"][1]["cards"] = ["hold", "web"]
    verdict = verify_records(records)  # the hash still holds: it covers the count only
    assert (verdict.verdict, verdict.first_bad_event) == (FAILED, 1), verdict.report()
    assert verdict.checks["chain"].endswith("linked")


def test_an_ended_game_without_its_reveal_fails():
    service, game_id = finished_duel()
    records = parsed(exported(service, game_id))
    del records[-2]
    verdict = verify_records(rechained(records))
    assert verdict.verdict == FAILED and "not revealed" in verdict.reason, verdict.report()


def test_a_long_game_of_every_kind_of_event_verifies_and_its_unfinished_copy_links_whole():
    service = memory_service(dice_seed=9)
    game_id = play(service, skirmish(6), 9)
    assert verify_lines(exported(service, game_id)).verdict == VERIFIED
    events = service.log.events.read(game_id)
    cut = next(e.version for e in events if e.type == "CardPlayed") + 1
    lines = list(ndjson_lines(export_records(game_id, events[:cut])))
    verdict = verify_lines(lines)
    assert verdict.verdict == IN_PROGRESS and verdict.checks["chain"] == f"{cut} linked"


# -- record format 1: games hashed before commitments ----------------------------------------


def as_format_1(events: list[StoredEvent], game_id: str) -> InMemoryEventStore:
    """The game as the server stored it before record format 2: GameCreated without
    commitments, hashed whole, and only the dice seed revealed at the end."""
    store = InMemoryEventStore()
    for group in groups(events):  # type: ignore[arg-type]
        head, new = group[0], [_format_1(e) for e in group if _format_1(e) is not None]
        if head.version == 1:
            store.create(game_id, new)  # type: ignore[arg-type]
        else:
            store.append(game_id, head.version - 1, new, seat=head.seat,  # type: ignore[arg-type]
                         command_id=head.command_id, command_hash="h")  # fmt: skip
    return store


def _format_1(e: StoredEvent) -> NewEvent | None:
    payload = e.payload
    if e.type == "GameCreated":
        payload = {k: v for k, v in payload.items() if k != "commitments"}
    if e.type == "SecretsRevealed":
        return NewEvent("DiceRevealed", {"seed": payload["seed"]}, e.schema, e.command)
    return NewEvent(e.type, payload, e.schema, e.command)


def old_export(service: GameService, game_id: str) -> list[str]:
    events = as_format_1(service.log.events.read(game_id), game_id).read(game_id)
    return list(ndjson_lines(export_records(game_id, events)))


def test_a_game_hashed_the_old_way_still_verifies():
    service = memory_service()
    game_id = play(service, skirmish(6), 5)
    events = as_format_1(service.log.events.read(game_id), game_id).read(game_id)
    assert "commitments" not in events[0].payload and events[-1].type == "DiceRevealed"
    verdict = verify_lines(old_export(service, game_id))
    assert verdict.verdict == VERIFIED, verdict.report()
    assert "format 1" in verdict.checks["hands"]


def test_an_unfinished_game_hashed_the_old_way_exports_its_event_1_redacted():
    service = memory_service()
    created = service.create_game(duel())
    service.handle_command(created.game_id, 0, {"type": "order", "units": ["bf0"]})
    lines = old_export(service, created.game_id)
    assert all(f'"{card}"' not in "".join(lines) for cards in SECRET_CARDS for card in cards)
    records = parsed(lines)
    assert event_at(records, 1)["redacted"] is True
    verdict = verify_lines(lines)
    assert verdict.verdict == IN_PROGRESS, verdict.report()
    assert verdict.checks["chain"] == "3 linked"
