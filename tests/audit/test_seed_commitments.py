"""Commit, then reveal, audited (SEED-3): a game whose seats committed to their seeds and
revealed them verifies, every die mixing the revealed seeds; the verifier re-decides every
reveal against its seat's commitment and names the event where one does not open it, and the
event where the server closed the commit phase before its deadline."""

from __future__ import annotations

import time

import pytest

from domain.dice import CommittedDice
from domain.seeds import seed_commitment
from lorekeeper.audit.export import export_records, ndjson_lines
from lorekeeper.audit.verify import FAILED, VERIFIED, verify_lines
from lorekeeper.games.dice import SeedStep
from tests.audit.games import memory_service, play_on, secret_seed, skirmish
from tests.audit.tamper import event_at, parsed, rechained, verify_records

SEED = 7
SEEDS = ("ann: 5f1e8a22c0d94b7e", "bob: c3a9d1f0e2b84a61")
SALTS = ("salt-ann-0123456789", "salt-bob-9876543210")


@pytest.fixture(scope="module")
def revealed() -> tuple[list[str], str]:
    """Both seats commit (the second commitment closes the phase), bob reveals, then ann (her
    reveal begins the game); played to its end. Versions: 2, 3 commitments (3 closes too:
    ClientSeedCommitsClosed is 4), 5 bob's reveal, 6 ann's (7: the seal)."""
    service = memory_service(dice_seed=SEED)
    now = time.time_ns() // 1_000_000
    step = SeedStep((0, 1), now + 60_000, now + 120_000)
    game_id = service.create_game(skirmish(), {}, start=False, seed_step=step).game_id
    for seat in (0, 1):
        hidden = seed_commitment(SALTS[seat], SEEDS[seat])
        service.handle_command(game_id, seat, {"type": "client_seed", "commitment": hidden})
    for seat in (1, 0):
        body = {"type": "client_seed", "seed": SEEDS[seat], "salt": SALTS[seat]}
        service.handle_command(game_id, seat, body)
    play_on(service, game_id, SEED)
    events = service.log.events.read(game_id)
    return list(ndjson_lines(export_records(game_id, events))), game_id


def test_a_game_of_revealed_commitments_verifies(revealed):  # SEED-3
    lines, game_id = revealed
    verdict = verify_lines(lines)
    assert verdict.verdict == VERIFIED, verdict.report()
    records = parsed(lines)
    assert [event_at(records, v)["type"] for v in range(2, 8)] == [
        "ClientSeedCommitted", "ClientSeedCommitted", "ClientSeedCommitsClosed",
        "ClientSeedRevealed", "ClientSeedRevealed", "ClientSeedsSealed",
    ]  # fmt: skip
    assert event_at(records, 7)["payload"] == {"seeds": list(SEEDS)}
    mixed = CommittedDice(bytes.fromhex(secret_seed(1, SEED)), game_id, list(SEEDS))
    rolls = [r["payload"] for r in records[1:-1] if "roll" in r.get("payload", {})]
    rolled = [(p["roll"] + i, face) for p in rolls for i, face in enumerate(p["faces"])]
    assert rolled and all(mixed.face(index) == face for index, face in rolled)


def test_a_reveal_changed_to_another_seed_fails_at_the_reveal(revealed):  # SEED-3
    """The reveal and its command both say another seed (a forger would change both): it no
    longer opens the commitment, so the rules refuse it there."""
    records = parsed(revealed[0])
    reveal = event_at(records, 5)
    reveal["payload"]["seed"] = reveal["command"]["seed"] = "bob: chosen later"
    verdict = verify_records(rechained(records))
    assert verdict.verdict == FAILED and verdict.first_bad_event == 5, verdict.report()


def test_a_commitment_changed_fails_at_its_reveal(revealed):  # SEED-3
    records = parsed(revealed[0])
    committed = event_at(records, 2)
    forged = seed_commitment(SALTS[0], "ann: another seed")
    committed["payload"]["commitment"] = committed["command"]["commitment"] = forged
    verdict = verify_records(rechained(records))
    assert verdict.verdict == FAILED and verdict.first_bad_event == 6, verdict.report()


def test_a_reveal_event_unlike_its_command_fails_at_itself(revealed):  # SEED-3
    records = parsed(revealed[0])
    event_at(records, 6)["payload"]["seed"] = "ann: not what she sent"
    for forged in (records, rechained(records)):
        verdict = verify_records(forged)
        assert verdict.verdict == FAILED and verdict.first_bad_event == 6, verdict.report()


@pytest.fixture(scope="module")
def closed_by_the_server() -> list[str]:
    """Ann commits, bob stays silent: the server closes the commit phase at its deadline;
    ann reveals and her reveal begins the game."""
    service = memory_service(dice_seed=SEED)
    now = time.time_ns() // 1_000_000
    service.now_ms = lambda: now
    step = SeedStep((0, 1), now + 60_000, now + 120_000)
    game_id = service.create_game(skirmish(), {}, start=False, seed_step=step).game_id
    hidden = seed_commitment(SALTS[0], SEEDS[0])
    service.handle_command(game_id, 0, {"type": "client_seed", "commitment": hidden})
    service.now_ms = lambda: now + 60_000
    assert service.end_seed_step(game_id) is not None  # closes (version 3)
    assert service.end_seed_step(game_id) is None  # the reveals' deadline is later
    body = {"type": "client_seed", "seed": SEEDS[0], "salt": SALTS[0]}
    service.handle_command(game_id, 0, body)
    play_on(service, game_id, SEED)
    return list(ndjson_lines(export_records(game_id, service.log.events.read(game_id))))


def test_a_phase_the_server_closed_at_its_deadline_verifies(closed_by_the_server):  # SEED-3
    verdict = verify_lines(closed_by_the_server)
    assert verdict.verdict == VERIFIED, verdict.report()
    records = parsed(closed_by_the_server)
    assert event_at(records, 3)["command"] == {"type": "close_seed_commits"}
    assert event_at(records, 5)["payload"] == {"seeds": [SEEDS[0], None]}


def test_a_phase_closed_before_its_deadline_fails_at_the_close(closed_by_the_server):  # SEED-3
    records = parsed(closed_by_the_server)
    step = event_at(records, 1)["payload"]["dice"]["seed_step"]
    step["deadline_ms"] = event_at(records, 3)["time_ms"] + 1
    verdict = verify_records(rechained(records))
    assert verdict.verdict == FAILED and verdict.first_bad_event == 3, verdict.report()
