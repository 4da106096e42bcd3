"""The transparency log of game heads (docs/audit.md, section 7): an append-only RFC 9162
Merkle tree, as Certificate Transparency logs are, of two leaves per game:

    {"commitment": <GameCreated.dice.commitment or null>, "game_id": …, "head_hash": <hash
     of event 1>, "kind": "game_created", "version": 1}
    {"game_id": …, "head_hash": <hash of the last event>, "kind": "game_finished",
     "version": N}                                     (once the game is over)

each leaf's data the UTF-8 bytes of its canonical JSON. An operator who rewrites or drops a
game after its leaf went in must rewrite the log too, which no consistency proof from a tree
head an auditor saved earlier will then bridge.

The leaves live in a TransparencyStore (the coordination Redis); this process keeps the tree
(`CompactTree`: every complete subtree's hash) and reads only the leaves it has not seen. A
leaf is appended once per name, so appending again (a retry, the lazy repair in `entries`)
changes nothing. The log holds at most `max_leaves` leaves (LOREKEEPER_TRANSPARENCY_MAX_LEAVES):
past it, games are still created and played, unlogged, and their proofs say so.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from lorekeeper.audit.chain import canonical_json
from lorekeeper.audit.merkle import CompactTree, leaf_hash
from lorekeeper.errors import Refused
from lorekeeper.ports import StoredEvent, TransparencyStore

log = logging.getLogger(__name__)
CREATED, FINISHED = "game_created", "game_finished"
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
    leaf: dict[str, Any]
    proof: list[str]  # the inclusion proof in the tree head it came with

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "leaf": self.leaf, "proof": self.proof}


@dataclass(frozen=True)
class GameProof:
    head: TreeHead
    entries: list[Entry]
    since: int | None = None
    consistency: list[str] | None = None


def created_leaf(game_id: str, first: StoredEvent) -> dict[str, Any]:
    dice = first.payload.get("dice") if isinstance(first.payload, dict) else None
    commitment = dice.get("commitment") if isinstance(dice, dict) else None
    return {"commitment": commitment, "game_id": game_id, "head_hash": first.hash,
            "kind": CREATED, "version": first.version}  # fmt: skip


def finished_leaf(game_id: str, head: StoredEvent) -> dict[str, Any]:
    return {"game_id": game_id, "head_hash": head.hash, "kind": FINISHED,
            "version": head.version}  # fmt: skip


def leaf_bytes(leaf: dict[str, Any]) -> bytes:
    return canonical_json(leaf).encode("utf-8")


class TransparencyLog:
    def __init__(
        self,
        store: TransparencyStore,
        *,
        max_leaves: int = 1_000_000,
        clock: Callable[[], int] = lambda: time.time_ns() // 1_000_000,
    ) -> None:
        self._store = store
        self.max_leaves = max_leaves
        self._clock = clock
        self._tree = CompactTree()
        self._lock = threading.Lock()

    # -- appending -------------------------------------------------------------------------------

    def add(self, leaf: dict[str, Any]) -> int | None:
        """Append a leaf (once per game and kind); its index, None when the log is full."""
        name = f"{leaf['kind']}:{leaf['game_id']}"
        index = self._store.append(name, leaf_bytes(leaf), self.max_leaves)
        if index is None:
            log.error("transparency.log_full", extra={"game_id": leaf["game_id"],
                                                      "max_leaves": self.max_leaves})  # fmt: skip
        return index

    def after_append(self, game_id: str, created: bool, ended: bool,
                     events: Sequence[StoredEvent]) -> None:  # fmt: skip
        """Log what an append did: created the game (its first event), ended it (its last)."""
        if created and events:
            self.add(created_leaf(game_id, events[0]))
        if ended and events:
            self.add(finished_leaf(game_id, events[-1]))

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
        """The game's leaves with their inclusion proofs in the tree now, and a consistency
        proof from the tree of `since` leaves. A leaf the game's events call for but the log
        misses (an append to the log that failed after the game's own) is added first."""
        wanted = [created_leaf(game_id, events[0])] if events else []
        if any(e.type == "GameEnded" for e in events):
            wanted.append(finished_leaf(game_id, events[-1]))
        indexes = []
        for leaf in wanted:
            found = self._store.index_of(f"{leaf['kind']}:{game_id}")
            indexes.append(found if found is not None else self.add(leaf))
        with self._lock:
            self._catch_up()
            size = self._tree.size
            head = TreeHead(size, self._tree.root(size).hex(), self._clock())
            entries = [Entry(i, self._leaf(i), [h.hex() for h in self._tree.inclusion_proof(i)])
                       for i in indexes if i is not None and i < size]  # fmt: skip
            consistency = None
            if since is not None:
                consistency = [h.hex() for h in self._consistency(since, size)]
            return GameProof(head, entries, since, consistency)

    def leaves(self, start: int, stop: int) -> list[dict[str, Any]]:
        """Leaves `start` to `stop - 1`, as objects (at most MAX_ENTRIES_PAGE)."""
        stop = min(stop, start + MAX_ENTRIES_PAGE)
        return [json.loads(d) for d in self._store.leaves(start, stop)]

    def _leaf(self, index: int) -> dict[str, Any]:
        data = self._store.leaves(index, index + 1)
        leaf: dict[str, Any] = json.loads(data[0])
        return leaf

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

    def root_at(self, size: int) -> str:
        with self._lock:
            self._catch_up()
            if not 0 <= size <= self._tree.size:
                raise Refused("beyond_log", f"the log holds {self._tree.size} leaves, "
                              f"not {size}")  # fmt: skip
            return self._tree.root(size).hex()
