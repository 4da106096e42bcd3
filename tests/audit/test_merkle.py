"""RFC 9162 §2.1 trees against the published RFC 6962 test vectors (the reference leaves and
their roots, inclusion and consistency proofs of transparency-dev/merkle), and every proof of
every small tree round-tripping, while no wrong index, size, leaf or root passes."""

from __future__ import annotations

import random

import pytest

from lorekeeper.audit.merkle import (
    EMPTY_ROOT,
    CompactTree,
    leaf_hash,
    verify_consistency,
    verify_inclusion,
)

LEAVES = [bytes.fromhex(h) for h in (
    "", "00", "10", "2021", "3031", "40414243", "5051525354555657",
    "606162636465666768696a6b6c6d6e6f",
)]  # fmt: skip
ROOTS = [bytes.fromhex(h) for h in (
    "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
    "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
    "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
    "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
    "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
    "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
    "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
)]  # fmt: skip
INCLUSION = [  # (index, size, proof)
    (0, 8, ["96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
            "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4"]),
    (5, 8, ["bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
            "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
            "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7"]),
]  # fmt: skip
CONSISTENCY = [  # (first, second, proof)
    (1, 8, ["96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
            "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4"]),
    (6, 8, ["0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
            "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
            "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7"]),
    (2, 5, ["5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
            "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b"]),
]  # fmt: skip


@pytest.fixture(scope="module")
def reference() -> CompactTree:
    return CompactTree([leaf_hash(d) for d in LEAVES])


def test_the_roots_are_rfc_6962s(reference: CompactTree):
    assert (
        reference.root(0)
        == EMPTY_ROOT
        == bytes.fromhex("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    )
    assert [reference.root(n) for n in range(1, 9)] == ROOTS


@pytest.mark.parametrize(("index", "size", "proof"), INCLUSION)
def test_the_inclusion_proofs_are_rfc_6962s(reference: CompactTree, index, size, proof):
    want = [bytes.fromhex(h) for h in proof]
    assert reference.inclusion_proof(index, size) == want
    assert verify_inclusion(index, size, reference.leaf(index), want, ROOTS[size - 1])


@pytest.mark.parametrize(("first", "second", "proof"), CONSISTENCY)
def test_the_consistency_proofs_are_rfc_6962s(reference: CompactTree, first, second, proof):
    want = [bytes.fromhex(h) for h in proof]
    assert reference.consistency_proof(first, second) == want
    assert verify_consistency(first, second, ROOTS[first - 1], ROOTS[second - 1], want)


def test_every_proof_of_every_small_tree_verifies_and_nothing_else_does():
    rnd = random.Random(9162)
    tree = CompactTree([leaf_hash(bytes([i, i * 7 % 256])) for i in range(40)])
    wrong = bytes(32)
    for size in range(1, 41):
        root = tree.root(size)
        for index in range(size):
            proof = tree.inclusion_proof(index, size)
            assert verify_inclusion(index, size, tree.leaf(index), proof, root)
            assert not verify_inclusion(index, size, wrong, proof, root)
            if size > 1:
                other = (index + 1 + rnd.randrange(size - 1)) % size
                assert not verify_inclusion(other, size, tree.leaf(index), proof, root)
                bad = list(proof)
                bad[rnd.randrange(len(bad))] = wrong
                assert not verify_inclusion(index, size, tree.leaf(index), bad, root)
        for first in range(1, size + 1):
            proof = tree.consistency_proof(first, size)
            assert verify_consistency(first, size, tree.root(first), root, proof)
            if first < size:
                assert not verify_consistency(first, size, wrong, root, proof)
                assert not verify_consistency(first, size, tree.root(first), wrong, proof)
                assert not verify_consistency(first, size, tree.root(first), root, proof[:-1])


def test_every_tree_extends_the_empty_one_and_only_it(reference: CompactTree):
    assert reference.consistency_proof(0, 8) == []
    assert verify_consistency(0, 8, EMPTY_ROOT, ROOTS[7], [])
    assert not verify_consistency(0, 8, ROOTS[0], ROOTS[7], [])  # not the empty tree's root
    assert not verify_consistency(3, 2, ROOTS[2], ROOTS[1], [])


def test_a_dropped_leaf_or_a_rewritten_one_has_no_consistency_proof():
    """An auditor saved the head of 6 leaves; the log then lost leaf 3 (a game dropped), or
    leaf 3 was rewritten: whatever proof the log offers, the new head does not extend the old."""
    leaves = [leaf_hash(b"game %d" % i) for i in range(6)]
    saved = CompactTree(leaves)
    for rewritten in (
        leaves[:3] + leaves[4:] + [leaf_hash(b"game 6"), leaf_hash(b"game 7")],  # dropped
        leaves[:3] + [leaf_hash(b"game 3, rewritten")] + leaves[4:] + [leaf_hash(b"game 6")],
    ):
        log = CompactTree(rewritten)
        for first in range(1, saved.size + 1):
            claimed = log.consistency_proof(min(first, log.size), log.size)
            ok = verify_consistency(first, log.size, saved.root(first), log.root(), claimed)
            assert ok == (first <= 3), first  # the first 3 leaves are untouched
        honest = saved.consistency_proof(6, 6)
        assert not verify_consistency(6, log.size, saved.root(), log.root(), honest)
