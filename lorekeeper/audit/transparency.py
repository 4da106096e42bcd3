"""The transparency log of game heads (docs/audit.md, section 7): an append-only RFC 9162
Merkle tree, as Certificate Transparency logs are, of two leaves per game, at its creation and
at its end. Each leaf is sealed (`leaves.py`): a salted commitment to what it
says (the game id, the head's version and hash), so the log names no game to an outsider. The
game's salt is shown only where the game may be read (its export, its proof). An operator who
rewrites or drops a game after its leaf went in must rewrite the log too, which no consistency
proof from a tree head an auditor saved earlier will then bridge.

The leaves and the salts live in a TransparencyStore (the coordination Redis); this process
keeps the tree (`CompactTree`: every complete subtree's hash) and reads only the leaves it has
not seen. A leaf is appended once per name, so appending again (a retry, the lazy repair in
`game_proof`) changes nothing. The log holds at most `max_leaves` leaves
(LOREKEEPER_TRANSPARENCY_MAX_LEAVES): past it, games are still created and played, unlogged,
and their proofs say so.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from lorekeeper.audit.leaves import (
    created_opening,
    finished_opening,
    leaf_bytes,
    new_salt,
    openings,
    public_leaf,
    seal,
)
from lorekeeper.audit.merkle import CompactTree, leaf_hash
from lorekeeper.audit.ports import TransparencyStore
from lorekeeper.errors import Refused
from lorekeeper.games.ports import StoredEvent

log = logging.getLogger(__name__)
MAX_ENTRIES_PAGE = 1000
_READ_CHUNK = 10_000


@dataclass(frozen=True)
class TreeHead:
    tree_size: int
    root_hash: str
    timestamp_ms: int

    def to_json(self) -> dict[str, Any]:
        return {"tree_size": self.tree_size, "root_hash": self.root_hash,
                "timestamp_ms": self.timestamp_ms}  # fmt: skip


@dataclass(frozen=True)
class Entry:
    index: int
    leaf: dict[str, Any]  # as stored: sealed, or (format 1) the opening itself
    opening: dict[str, Any]  # what the leaf says
    proof: list[str]  # the inclusion proof in the tree head it came with

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "leaf": self.leaf, "opening": self.opening,
                "proof": self.proof}  # fmt: skip


@dataclass(frozen=True)
class GameProof:
    head: TreeHead
    entries: list[Entry]
    salt: str | None  # the game's salt: opens its sealed leaves
    since: int | None = None
    consistency: list[str] | None = None


class TransparencyLog:
    def __init__(
        self,
        store: TransparencyStore,
        *,
        max_leaves: int = 1_000_000,
        clock: Callable[[], int] = lambda: time.time_ns() // 1_000_000,
        salts: Callable[[], str] = new_salt,
    ) -> None:
        self._store = store
        self.max_leaves = max_leaves
        self._clock = clock
        self._new_salt = salts
        self._tree = CompactTree()
        self._lock = threading.Lock()

    # -- appending -------------------------------------------------------------------------------

    def add(self, game_id: str, opening: dict[str, Any]) -> int | None:
        """Append the game's sealed leaf for `opening` (once per game and kind); its index,
        None when the log is full. The game's salt is made with its first leaf."""
        salt = self._store.salt(game_id, self._new_salt(), self.max_leaves)
        index = None
        if salt is not None:
            data = leaf_bytes(seal(salt, opening))
            index = self._store.append(_name(game_id, opening), data, self.max_leaves)
        if index is None:
            log.error("transparency.log_full", extra={"game_id": game_id,
                                                      "max_leaves": self.max_leaves})  # fmt: skip
        return index

    def after_append(self, game_id: str, created: bool, ended: bool,
                     events: Sequence[StoredEvent]) -> None:  # fmt: skip
        """Log what an append did: created the game (its first event), ended it (its last)."""
        if created and events:
            self.add(game_id, created_opening(game_id, events[0]))
        if ended and events:
            self.add(game_id, finished_opening(game_id, events[-1]))

    def salt_of(self, game_id: str) -> str | None:
        """The game's salt (None before its first leaf): for those who may read the game."""
        return self._store.salt_of(game_id)

    # -- reading ---------------------------------------------------------------------------------

    def tree_head(self) -> TreeHead:
        with self._lock:
            self._catch_up()
            size = self._tree.size
            return TreeHead(size, self._tree.root(size).hex(), self._clock())

    def consistency(self, first: int, second: int) -> list[str]:
        with self._lock:
            self._catch_up()
            return [h.hex() for h in self._consistency(first, second)]

    def _consistency(self, first: int, second: int) -> list[bytes]:
        if not 0 <= first <= second <= self._tree.size:
            size = self._tree.size
            raise Refused("beyond_log", f"no consistency proof from {first} to {second}: the "
                          f"log holds {size} leaves", tree_size=size)  # fmt: skip
        return self._tree.consistency_proof(first, second)

    def game_proof(
        self, game_id: str, events: Sequence[StoredEvent], since: int | None = None
    ) -> GameProof:
        """The game's leaves with their openings and inclusion proofs in the tree now, its
        salt, and a consistency proof from the tree of `since` leaves. A leaf the game's
        events call for but the log misses (an append to the log that failed after the
        game's own) is added first. For those who may read the game only."""
        wanted = [(self._index(game_id, opening), opening) for opening in openings(game_id, events)]
        salt = self._store.salt_of(game_id)
        with self._lock:
            self._catch_up()
            size = self._tree.size
            head = TreeHead(size, self._tree.root(size).hex(), self._clock())
            entries = [self._entry(i, opening) for i, opening in wanted
                       if i is not None and i < size]  # fmt: skip
            consistency = None
            if since is not None:
                consistency = [h.hex() for h in self._consistency(since, size)]
            return GameProof(head, entries, salt, since, consistency)

    def leaves(self, start: int, stop: int) -> list[dict[str, Any]]:
        """Leaves `start` to `stop - 1` as anyone may see them (at most MAX_ENTRIES_PAGE): a
        sealed leaf as it is, a format-1 leaf (it names its game) by its hash alone."""
        stop = min(stop, start + MAX_ENTRIES_PAGE)
        return [public_leaf(d) for d in self._store.leaves(start, stop)]

    def _index(self, game_id: str, opening: dict[str, Any]) -> int | None:
        """The leaf's index, the leaf appended first if the log misses it."""
        found = self._store.index_of(_name(game_id, opening))
        return found if found is not None else self.add(game_id, opening)

    def _entry(self, index: int, opening: dict[str, Any]) -> Entry:
        leaf: dict[str, Any] = json.loads(self._store.leaves(index, index + 1)[0])
        proof = [h.hex() for h in self._tree.inclusion_proof(index)]
        return Entry(index, leaf, opening, proof)

    def _catch_up(self) -> None:
        size = self._store.size()
        if size < self._tree.size:  # the store lost leaves (a Redis without AOF, restored)
            log.error("transparency.log_shrank", extra={"had": self._tree.size, "now": size})
            self._tree = CompactTree()  # its heads will not extend the ones auditors saved
        while self._tree.size < size:
            start = self._tree.size
            for data in self._store.leaves(start, min(size, start + _READ_CHUNK)):
                self._tree.append(leaf_hash(data))

    def tree_size(self) -> int:
        with self._lock:
            self._catch_up()
            return self._tree.size


def _name(game_id: str, opening: dict[str, Any]) -> str:
    """The leaf's name in the store (never shown): one leaf per game and kind."""
    return f"{opening['kind']}:{game_id}"
