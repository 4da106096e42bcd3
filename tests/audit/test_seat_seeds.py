"""The seats' own entropy (SEED-1): each seat gives a client seed (or declines) before the
first turn; the seeds are sealed as it begins and mixed into every die; the verifier
recomputes every die from the revealed seed and the recorded seeds, and names the event where
a recorded seed or a die was changed."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from domain import RuleViolation
from domain.dice import CommittedDice
from lorekeeper.audit.export import export_records, ndjson_lines
from lorekeeper.audit.verify import FAILED, VERIFIED, verify_lines
from tests.audit.games import memory_service, play_on, secret_seed, skirmish
from tests.audit.tamper import event_at, parsed, rechained, verify_records

SEED = 3


def seeded_game(seeds: Sequence[str | None]) -> tuple[list[str], str, list[dict]]:
    """A skirmish created unstarted, each seat giving `seeds[i]` (None: declining), started
    and played to its end: its export lines, game id and stored events (as JSON)."""
    service = memory_service(dice_seed=SEED)
    created = service.create_game(skirmish(), {}, start=False)
    for seat, seed in enumerate(seeds):
        service.handle_command(created.game_id, seat, {"type": "client_seed", "seed": seed})
    service.start_game(created.game_id)
    play_on(service, created.game_id, SEED)
    events = service.log.events.read(created.game_id)
    lines = list(ndjson_lines(export_records(created.game_id, events)))
    return lines, created.game_id, [{"type": e.type, **e.payload} for e in events]


@pytest.fixture(scope="module")
def two_seeds() -> tuple[list[str], str, list[dict]]:
    return seeded_game(["alice's own entropy", "bob-7f3a"])


def test_a_game_with_two_client_seeds_verifies(two_seeds):  # SEED-1
    lines, game_id, events = two_seeds
    verdict = verify_lines(lines)
    assert verdict.verdict == VERIFIED, verdict.report()
    assert [e["type"] for e in events[:4]] == [
        "GameCreated", "ClientSeedGiven", "ClientSeedGiven", "ClientSeedsSealed",
    ]  # fmt: skip
    assert events[0]["dice"]["seat_seeds"] is True
    assert events[3]["seeds"] == ["alice's own entropy", "bob-7f3a"]


def test_every_die_mixes_in_both_seats_seeds(two_seeds):  # SEED-1
    _lines, game_id, events = two_seeds
    seed = bytes.fromhex(secret_seed(1, SEED))
    mixed = CommittedDice(seed, game_id, ["alice's own entropy", "bob-7f3a"])
    server_only = CommittedDice(seed, game_id, [])
    rolled = [(e["roll"] + i, face) for e in events if "faces" in e and "roll" in e
              for i, face in enumerate(e["faces"])]  # fmt: skip
    assert len(rolled) > 30
    assert all(mixed.face(index) == face for index, face in rolled)
    assert any(server_only.face(index) != face for index, face in rolled)


def test_a_seat_that_gives_none_is_recorded_as_none():  # SEED-1
    lines, _game_id, events = seeded_game(["only seat 0", None])
    assert events[2] == {"type": "ClientSeedGiven", "seat": 1, "seed": None}
    assert events[3]["seeds"] == ["only seat 0", None]
    assert verify_lines(lines).verdict == VERIFIED


def test_a_changed_client_seed_fails_at_its_event(two_seeds):  # SEED-1
    """Changed alone: the chain breaks there; with every hash recomputed, its command (which
    the chain also records) no longer gives it."""
    lines, _game_id, _events = two_seeds
    records = parsed(lines)
    event_at(records, 3)["payload"]["seed"] = "bob-chosen-by-the-server"
    for forged in (records, rechained(records)):
        verdict = verify_records(forged)
        assert verdict.verdict == FAILED and verdict.first_bad_event == 3, verdict.report()


def test_a_seed_rewritten_everywhere_fails_at_the_first_die(two_seeds):  # SEED-1
    lines, _game_id, _events = two_seeds
    records = parsed(lines)
    given = event_at(records, 3)
    given["payload"]["seed"] = given["command"]["seed"] = "forged"  # the command too
    event_at(records, 4)["payload"]["seeds"][1] = "forged"
    first_roll = next(r["version"] for r in records[1:-1] if "roll" in r.get("payload", {}))
    verdict = verify_records(rechained(records))
    assert verdict.verdict == FAILED and verdict.first_bad_event == first_roll, verdict.report()


def test_a_sealed_seed_that_no_seat_gave_fails_at_the_seal(two_seeds):  # SEED-1
    lines, _game_id, _events = two_seeds
    records = parsed(lines)
    event_at(records, 4)["payload"]["seeds"][0] = "not alice's"
    verdict = verify_records(rechained(records))
    assert verdict.verdict == FAILED and verdict.first_bad_event == 4, verdict.report()


def test_one_changed_die_fails_at_its_event(two_seeds):  # R-DIE-2, SEED-1
    lines, _game_id, _events = two_seeds
    records = parsed(lines)
    rolled = next(r for r in records[1:-1] if r["type"] == "BattleRolled")
    faces = rolled["payload"]["faces"]
    faces[0] = "lore" if faces[0] != "lore" else "green"
    verdict = verify_records(rechained(records))
    assert verdict.verdict == FAILED and verdict.first_bad_event == rolled["version"]


def test_no_client_seed_after_the_first_turn_began():  # SEED-1
    service = memory_service(dice_seed=SEED)
    created = service.create_game(skirmish(), {}, start=False)
    service.start_game(created.game_id)
    with pytest.raises(RuleViolation) as refused:
        service.handle_command(created.game_id, 0, {"type": "client_seed", "seed": "late"})
    assert (refused.value.rule, refused.value.code) == ("SEED-1", "wrong_phase")


def test_a_chosen_seed_game_takes_no_client_seeds():  # SEED-1
    service = memory_service(dice_seed=SEED)
    created = service.create_game(skirmish(), {"seed": 5}, start=False)
    with pytest.raises(RuleViolation) as refused:
        service.handle_command(created.game_id, 0, {"type": "client_seed", "seed": "x"})
    assert (refused.value.rule, refused.value.code) == ("SEED-1", "forbidden")


def test_the_last_seed_given_counts(two_seeds):  # SEED-1
    service = memory_service(dice_seed=SEED)
    created = service.create_game(skirmish(), {}, start=False)
    for seed in ("first", "second"):
        service.handle_command(created.game_id, 1, {"type": "client_seed", "seed": seed})
    service.start_game(created.game_id)
    sealed = service.log.events.read(created.game_id)[3]
    assert (sealed.type, sealed.payload) == ("ClientSeedsSealed", {"seeds": [None, "second"]})


def test_a_snapshot_keeps_the_sealed_seeds(two_seeds):  # SEED-1
    """A load from a snapshot (issue 23) rolls the same dice: the seeds are in the state."""
    from domain import replay
    from domain.events import event_from_json
    from lorekeeper.games.snapshots import Snapshot, decode, encode

    _lines, _game_id, events = two_seeds
    state = replay(event_from_json(e["type"], {k: v for k, v in e.items() if k != "type"})
                   for e in events[:10])  # fmt: skip
    back = decode(encode(Snapshot(state.version, state, "0" * 64, 0, None)))
    assert back is not None and back.state == state
    assert back.state.client_seeds == ("alice's own entropy", "bob-7f3a")
