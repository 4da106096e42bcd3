"""The log's sealed leaves (docs/audit.md, section 7): each leaf is a salted commitment to
what it says, so the log names no game to an outsider, while the game's salt (in its export
and its proof) opens it for those who hold the game. Leaves written before sealing (format 1)
still verify, and show outsiders only their hash."""

from __future__ import annotations

import copy
import hashlib
from pathlib import Path
from typing import Any

import pytest

from adapters.memory.transparency import InMemoryTransparencyStore
from lorekeeper.audit.leaves import (
    CREATED,
    created_opening,
    is_sealed,
    leaf_bytes,
    openings,
    public_leaf,
    seal,
)
from lorekeeper.audit.merkle import CompactTree, leaf_hash
from lorekeeper.audit.transparency import TransparencyLog
from lorekeeper.audit.verify import FAILED, VERIFIED, Trust, verify_lines
from tests.audit.games import memory_service, play, skirmish
from tests.audit.test_signed_and_logged import KEYS, proof_of, signed_head, signed_lines

DOC = Path(__file__).resolve().parents[2] / "docs" / "audit.md"
OPENING = {"commitment": None, "game_id": "g1", "head_hash": "0" * 64, "kind": CREATED,
           "version": 1}  # fmt: skip


def test_the_seal_test_vector():
    """docs/audit.md, section 7: salt 0x00 … 0x1f, the opening's canonical JSON after it."""
    salt = bytes(range(32)).hex()
    data = (b'{"commitment":null,"game_id":"g1","head_hash":"' + b"0" * 64
            + b'","kind":"game_created","version":1}')  # fmt: skip
    assert leaf_bytes(OPENING) == data
    expected = "830f1e192bc3bf43d0bb3e67599f8dd7f34de023111bf7320570d67d0babfc79"
    assert hashlib.sha256(bytes(range(32)) + data).hexdigest() == expected
    assert seal(salt, OPENING) == {"commitment": expected, "format": 2}
    assert f"commitment = {expected}" in DOC.read_text(encoding="utf-8")  # the page agrees
    with pytest.raises(ValueError):
        seal("AB" * 32, OPENING)  # lowercase hex only: one salt, one spelling


@pytest.fixture(scope="module")
def sealed() -> tuple[Any, TransparencyLog, str]:
    log = TransparencyLog(InMemoryTransparencyStore())
    service = memory_service(dice_seed=7, transparency=log)
    return service, log, play(service, skirmish(6), 7)


def _verdict(service: Any, game_id: str, proof: Any, salt: str | None = None) -> Any:
    return verify_lines(signed_lines(game_id, service, salt=salt), trust=Trust(log_proof=proof))


def test_the_exports_salt_or_the_proofs_opens_the_leaves(sealed):
    service, log, game_id = sealed
    proof = proof_of(log, service, game_id, None)
    assert all(is_sealed(e["leaf"]) for e in proof["entries"])
    salt = log.salt_of(game_id)
    for export_salt, proof_salt in ((salt, salt), (salt, None), (None, salt)):
        given = {**proof, "salt": proof_salt}
        verdict = _verdict(service, game_id, given, export_salt)
        assert verdict.verdict == VERIFIED, verdict.report()


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda p: p.update(salt="ab" * 32), "does not open, with the game's salt"),
        (lambda p: p.update(salt=None), "sealed and no salt was given"),
        (lambda p: p.update(salt="xyz"), "not 64 lowercase hex digits"),
        (lambda p: p["entries"][0]["opening"].update(version=2), "does not open"),
        (lambda p: p["entries"][1]["leaf"].update(commitment="0" * 64), "is not included"),
    ],
)
def test_a_leaf_that_does_not_open_fails(sealed, change, reason):
    service, log, game_id = sealed
    proof = copy.deepcopy(proof_of(log, service, game_id, None))
    change(proof)
    verdict = _verdict(service, game_id, proof)
    assert verdict.verdict == FAILED and reason in verdict.reason, verdict.report()


def test_an_outsider_sees_sealed_leaves_and_rebuilds_the_tree(sealed):
    """The public entries are the sealed leaves: no game id, no head hash, no kind; a monitor
    rebuilds the signed tree head from them."""
    service, log, game_id = sealed
    public = log.leaves(0, log.tree_size())
    assert all(set(leaf) == {"commitment", "format"} for leaf in public)
    text = str(public)
    assert game_id not in text
    assert not [e.hash for e in service.log.events.read(game_id) if e.hash in text]
    tree = CompactTree([leaf_hash(leaf_bytes(leaf)) for leaf in public])
    assert tree.root().hex() == log.tree_head().root_hash


# -- leaves written before sealing (format 1) ------------------------------------------------


def test_a_game_logged_before_sealing_still_verifies():
    """A store holding a format-1 leaf (the opening itself) for a game's creation: its proof
    gives that leaf, the end is sealed when it is logged, and the export verifies against a
    head saved before; the public entries show the old leaf by its hash alone."""
    store = InMemoryTransparencyStore()
    unlogged = memory_service(dice_seed=8)
    game_id = play(unlogged, skirmish(6), 8)
    events = unlogged.log.events.read(game_id)
    old = created_opening(game_id, events[0])
    store.append(f"{CREATED}:{game_id}", leaf_bytes(old), 10)  # as the log wrote it before
    log = TransparencyLog(store)
    saved = signed_head(log)
    proof = proof_of(log, unlogged, game_id, saved["tree_size"])  # logs the end, sealed
    assert [e["leaf"] for e in proof["entries"]] == [old, seal(proof["salt"], openings(
        game_id, events)[1])]  # fmt: skip
    trust = Trust(keys=KEYS, log_proof=proof, saved_head=saved)
    salt = log.salt_of(game_id)
    verdict = verify_lines(signed_lines(game_id, unlogged, salt=salt), trust=trust)
    assert verdict.verdict == VERIFIED, verdict.report()

    shown = log.leaves(0, 2)
    assert shown[0] == {"format": 1, "leaf_hash": leaf_hash(leaf_bytes(old)).hex()}
    assert game_id not in str(shown) and shown[0] == public_leaf(leaf_bytes(old))
    changed: dict[str, Any] = copy.deepcopy(proof)
    changed["entries"][0]["opening"] = {**old, "version": 2}
    verdict = verify_lines(signed_lines(game_id, unlogged), trust=Trust(log_proof=changed))
    assert verdict.verdict == FAILED and "not the opening given with it" in verdict.reason
