"""A finished game's export verifies clean; any change to it names the first bad event.

Two kinds of tampering: a changed byte (the hash chain breaks where it was changed), and a
forger's rewrite with every later hash recomputed (then the commitment, the dice or the
rules catch it, at the event that was changed).
"""

from __future__ import annotations

import io
import random

import pytest

from domain.catalogue import FACES
from lorekeeper.audit.canonical import canonical_json
from lorekeeper.audit.verify import FAILED, IN_PROGRESS, VERIFIED, verify_lines
from tests.audit.conftest import Finished
from tests.audit.tamper import event_at, flipped, parsed, rechained, verify_records


def test_the_untouched_export_verifies_clean(finished: Finished):
    verdict = verify_lines(finished.lines)
    assert verdict.verdict == VERIFIED, verdict.report()
    assert verdict.first_bad_event is None and verdict.events == len(finished.events)
    assert verdict.head_hash == finished.events[-1].hash
    dice = int(verdict.checks["dice"].split()[0])
    assert dice >= 50, verdict.checks  # the game rolled plenty


def test_the_export_holds_every_kind_of_die(finished: Finished):
    for kind in ("BattleRolled", "CriticalHitChecked", "BreathRolled", "CardPlayed"):
        assert finished.versions_of(kind), kind
    assert [e.type for e in finished.events[-2:]] == ["GameEnded", "SecretsRevealed"]


def test_one_changed_bit_anywhere_in_an_event_names_that_event(finished: Finished):
    data, rnd = finished.data, random.Random(6)
    starts = [0]
    for line in finished.lines:
        starts.append(starts[-1] + len(line.encode()))
    for version in range(1, len(finished.events) + 1):  # line `version` holds that event
        start, end = starts[version], starts[version + 1]
        for position in rnd.sample(range(start, end), 2):
            tampered = flipped(data, position, rnd.randrange(8))
            verdict = verify_lines(io.BytesIO(tampered))
            assert verdict.verdict == FAILED, (version, position)
            assert verdict.first_bad_event == version, (version, position, verdict.reason)


def _changed_face(finished: Finished) -> tuple[list[dict], int]:
    records = parsed(finished.lines)
    version = finished.versions_of("BattleRolled")[3]
    faces = event_at(records, version)["payload"]["faces"]
    faces[0] = FACES[(FACES.index(faces[0]) + 1) % len(FACES)]
    return records, version


def test_a_changed_die_face_is_named(finished: Finished):
    records, version = _changed_face(finished)
    plain = verify_records(records)
    assert (plain.verdict, plain.first_bad_event) == (FAILED, version)
    forged = verify_records(rechained(records))
    assert (forged.verdict, forged.first_bad_event) == (FAILED, version), forged.reason
    assert "die" in forged.checks["dice"]


@pytest.mark.parametrize("type_", ["UnitMoved", "LoreGained", "UnitHit", "TurnStarted"])
def test_a_changed_payload_field_is_named(finished: Finished, type_: str):
    records = parsed(finished.lines)
    version = finished.versions_of(type_)[1]
    payload = event_at(records, version)["payload"]
    key = next(k for k in ("amount", "hits", "turn", "path") if k in payload)
    payload[key] = [[0, 0]] if key == "path" else payload[key] + 1
    assert verify_records(records).first_bad_event == version
    forged = verify_records(rechained(records))
    assert (forged.verdict, forged.first_bad_event) == (FAILED, version), forged.reason


@pytest.mark.parametrize("pick", [5, 40, 99, -3])
def test_a_removed_event_is_named(finished: Finished, pick: int):
    records = parsed(finished.lines)
    version = len(finished.events) + 1 + pick if pick < 0 else pick
    del records[version]
    assert verify_records(records).first_bad_event == version
    forged = verify_records(rechained(records))
    assert (forged.verdict, forged.first_bad_event) == (FAILED, version), forged.reason


def test_two_swapped_events_are_named(finished: Finished):
    records = parsed(finished.lines)
    version = finished.versions_of("BattleRolled")[2]  # swapped with the event after it
    records[version], records[version + 1] = records[version + 1], records[version]
    assert verify_records(records).first_bad_event == version
    forged = verify_records(rechained(records))
    assert (forged.verdict, forged.first_bad_event) == (FAILED, version), forged.reason


def test_a_changed_seed_is_named(finished: Finished):
    records = parsed(finished.lines)
    version = finished.versions_of("SecretsRevealed")[0]
    seed = event_at(records, version)["payload"]["seed"]
    changed = ("1" if seed[0] != "1" else "2") + seed[1:]
    event_at(records, version)["payload"]["seed"] = changed
    records[-1]["dice_seed"] = changed
    assert verify_records(records).first_bad_event == version
    forged = verify_records(rechained(records))
    assert (forged.verdict, forged.first_bad_event) == (FAILED, version), forged.reason
    assert "commitment" in forged.reason


def test_a_changed_hash_is_named(finished: Finished):
    records = parsed(finished.lines)
    for version in (1, 57, len(finished.events)):
        changed = parsed(finished.lines)
        old = event_at(changed, version)["hash"]
        event_at(changed, version)["hash"] = ("0" if old[0] != "0" else "1") + old[1:]
        verdict = verify_records(changed)
        assert (verdict.verdict, verdict.first_bad_event) == (FAILED, version), verdict.reason
    assert verify_records(records).verdict == VERIFIED


def test_a_changed_command_is_named(finished: Finished):
    records = parsed(finished.lines)
    version = next(
        e.version for e in finished.events if e.command and e.command["type"] == "battle"
    )
    event_at(records, version)["command"]["unit"] = "someone-else"
    forged = verify_records(rechained(records))
    assert (forged.verdict, forged.first_bad_event) == (FAILED, version), forged.reason


def test_an_event_added_after_the_end_is_named(finished: Finished):
    records = parsed(finished.lines)
    extra = dict(records[-2], command={"type": "end_turn"}, seat=0, command_id="late")
    records.insert(-1, extra)
    forged = verify_records(rechained(records))
    assert (forged.verdict, forged.first_bad_event) == (FAILED, len(finished.events) + 1)


def test_a_forged_commitment_is_caught_by_a_receipt(finished: Finished):
    records = parsed(finished.lines)
    created = event_at(records, 1)["payload"]["dice"]
    created["commitment"] = "0" * 64
    records[0]["dice"] = created
    forged = rechained(records)
    verdict = verify_records(forged)
    assert verdict.verdict == FAILED and "commitment" in verdict.reason
    receipt = (2, finished.events[1].hash)  # head_hash of the creation reply
    pinned = verify_lines([canonical_json(r) + "\n" for r in forged], expect=[receipt])
    assert pinned.first_bad_event == 2


def test_the_trailer_and_header_are_checked(finished: Finished):
    records = parsed(finished.lines)
    records[-1]["dice_seed"] = "0" * 64
    assert "trailer" in verify_records(records).reason
    records = parsed(finished.lines)
    records[0]["game_id"] = "another-game"
    assert verify_records(records).verdict == FAILED


def test_a_cut_export_is_never_verified(finished: Finished):
    cut = finished.lines[:100]
    verdict = verify_lines(cut)
    assert (verdict.verdict, verdict.first_bad_event) == (FAILED, 100)
    records = rechained([*parsed(finished.lines)[:100], parsed(finished.lines)[-1]])
    records[-1]["dice_seed"], records[-1]["finished"] = None, False
    assert verify_records(records).verdict == IN_PROGRESS


def test_a_redaction_cannot_hide_a_change(finished: Finished):
    records = parsed(finished.lines)
    event_at(records, 1)["payload"]["auto_decisions"] = True
    event_at(records, 1)["redacted"] = True
    verdict = verify_records(records)
    assert (verdict.verdict, verdict.first_bad_event) == (FAILED, 1)
