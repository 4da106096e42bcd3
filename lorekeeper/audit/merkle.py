"""RFC 9162 §2.1 Merkle trees (the tree Certificate Transparency logs use): leaf hashes, tree
heads, inclusion and consistency proofs, and their verification (§2.1.3.2, §2.1.4.2).

    MTH({})        = SHA-256()
    MTH({d0})      = SHA-256(0x00 ‖ d0)
    MTH(D[n])      = SHA-256(0x01 ‖ MTH(D[0:k]) ‖ MTH(D[k:n])),  k the largest power of 2 < n

Written here rather than taken from a package: we found no well-kept Python package for RFC
9162's proofs among those available to the project (the Go `transparency-dev/merkle` module
is the reference; the Python "merkle" packages build other trees, Bitcoin's among them, which
duplicate odd nodes); the verifier needs the standard library only; and the whole of it is
these few functions, checked against the published RFC 6962 test vectors
(tests/audit/test_merkle.py).

`CompactTree` keeps the hash of every complete, aligned subtree (one list per level), so a
tree head or a proof costs O(log n) hashes after the leaves are in, not O(n).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

EMPTY_ROOT = hashlib.sha256(b"").digest()


def leaf_hash(data: bytes) -> bytes:
    return hashlib.sha256(b"\x00" + data).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def _split(n: int) -> int:
    """The largest power of two smaller than n (n >= 2)."""
    return 1 << ((n - 1).bit_length() - 1)


class CompactTree:
    """A log's leaf hashes, appended in order, with every complete subtree's hash kept."""

    def __init__(self, leaves: Sequence[bytes] = ()) -> None:
        self._levels: list[list[bytes]] = [[]]
        for leaf in leaves:
            self.append(leaf)

    @property
    def size(self) -> int:
        return len(self._levels[0])

    def append(self, leaf: bytes) -> None:
        """Add a leaf hash; complete the subtrees it completes."""
        self._levels[0].append(leaf)
        level = 0
        while len(self._levels[level]) % 2 == 0:
            row = self._levels[level]
            if level + 1 == len(self._levels):
                self._levels.append([])
            self._levels[level + 1].append(node_hash(row[-2], row[-1]))
            level += 1

    def leaf(self, index: int) -> bytes:
        return self._levels[0][index]

    def root(self, size: int | None = None) -> bytes:
        """MTH of the first `size` leaves (all of them by default)."""
        size = self.size if size is None else size
        self._check(size)
        return EMPTY_ROOT if size == 0 else self._hash(0, size)

    def inclusion_proof(self, index: int, size: int | None = None) -> list[bytes]:
        """PATH(index, D[0:size]) (RFC 9162 §2.1.3.1)."""
        size = self.size if size is None else size
        self._check(size)
        if not 0 <= index < size:
            raise ValueError(f"leaf {index} is not in a tree of {size}")
        return self._path(index, 0, size)

    def consistency_proof(self, first: int, second: int | None = None) -> list[bytes]:
        """PROOF(first, D[0:second]) (RFC 9162 §2.1.4.1); [] when first is 0 or second."""
        second = self.size if second is None else second
        self._check(second)
        if not 0 <= first <= second:
            raise ValueError(f"no consistency proof from {first} to {second}")
        if first in (0, second):
            return []
        return self._subproof(first, 0, second, True)

    def _check(self, size: int) -> None:
        if not 0 <= size <= self.size:
            raise ValueError(f"the tree has {self.size} leaves, not {size}")

    def _hash(self, lo: int, hi: int) -> bytes:
        """MTH(D[lo:hi]); lo is aligned to the largest power of two below hi - lo, as every
        subtree RFC 9162 asks for is, so this is O(log n) with the levels kept."""
        n = hi - lo
        if n & (n - 1) == 0:
            level = n.bit_length() - 1
            return self._levels[level][lo >> level]
        k = _split(n)
        return node_hash(self._hash(lo, lo + k), self._hash(lo + k, hi))

    def _path(self, m: int, lo: int, hi: int) -> list[bytes]:
        n = hi - lo
        if n == 1:
            return []
        k = _split(n)
        if m < k:
            return [*self._path(m, lo, lo + k), self._hash(lo + k, hi)]
        return [*self._path(m - k, lo + k, hi), self._hash(lo, lo + k)]

    def _subproof(self, m: int, lo: int, hi: int, whole: bool) -> list[bytes]:
        n = hi - lo
        if m == n:
            return [] if whole else [self._hash(lo, hi)]
        k = _split(n)
        if m <= k:
            return [*self._subproof(m, lo, lo + k, whole), self._hash(lo + k, hi)]
        return [*self._subproof(m - k, lo + k, hi, False), self._hash(lo, lo + k)]


def root_from_inclusion(index: int, size: int, leaf: bytes, proof: Sequence[bytes]) -> bytes:
    """The root an inclusion proof leads to (RFC 9162 §2.1.3.2); ValueError if it cannot be
    a proof for that index and size."""
    if not 0 <= index < size:
        raise ValueError(f"leaf {index} is not in a tree of {size}")
    fn, sn, r = index, size - 1, leaf
    for p in proof:
        if sn == 0:
            raise ValueError("the inclusion proof is longer than the tree is deep")
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            if not fn & 1:
                while not fn & 1 and fn != 0:
                    fn, sn = fn >> 1, sn >> 1
        else:
            r = node_hash(r, p)
        fn, sn = fn >> 1, sn >> 1
    if sn != 0:
        raise ValueError("the inclusion proof is shorter than the tree is deep")
    return r


def verify_inclusion(
    index: int, size: int, leaf: bytes, proof: Sequence[bytes], root: bytes
) -> bool:
    try:
        return root_from_inclusion(index, size, leaf, proof) == root
    except ValueError:
        return False


def verify_consistency(
    first: int, second: int, first_root: bytes, second_root: bytes, proof: Sequence[bytes]
) -> bool:
    """Whether `proof` shows the tree of `second` leaves extends the one of `first`
    (RFC 9162 §2.1.4.2)."""
    if not 0 <= first <= second:
        return False
    if first == second:
        return not proof and first_root == second_root
    if first == 0:
        return not proof and first_root == EMPTY_ROOT  # every tree extends the empty one
    if not proof:
        return False
    path = list(proof)
    if first & (first - 1) == 0:  # a power of two: the first tree is a subtree itself
        path.insert(0, first_root)
    fn, sn = first - 1, second - 1
    while fn & 1:
        fn, sn = fn >> 1, sn >> 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            fr, sr = node_hash(c, fr), node_hash(c, sr)
            if not fn & 1:
                while not fn & 1 and fn != 0:
                    fn, sn = fn >> 1, sn >> 1
        else:
            sr = node_hash(sr, c)
        fn, sn = fn >> 1, sn >> 1
    return sn == 0 and fr == first_root and sr == second_root
