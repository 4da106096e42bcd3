"""Checking an export against the transparency log (docs/audit.md, section 7), offline.

Given the export, what `GET /games/{id}/transparency?since=M` answered (`proof`: a tree head,
the game's leaves with their openings and inclusion proofs, the game's salt, a consistency
proof from the tree of M leaves) and a tree head the auditor saved earlier (`saved`, of M
leaves): the game's leaves open, with the game's salt, to its event 1 and, once it is over,
its last event; each is included in the tree head; and that tree extends the saved one. The
salt is the export's (its trailer's `log_salt`), else the proof's. With keys, both tree heads
must be signed by one of them. Standard library only (but for the signatures:
signatures.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from lorekeeper.audit.leaves import CREATED, FINISHED, SALT, is_sealed, leaf_bytes, openings, seal
from lorekeeper.audit.merkle import leaf_hash, verify_consistency, verify_inclusion
from lorekeeper.audit.records import ExportEvent
from lorekeeper.audit.signatures import check, tree_head_statement

_HASH = re.compile(r"[0-9a-f]{64}")


class LogProblem(ValueError):
    pass


def check_log(
    game_id: str,
    events: Sequence[ExportEvent],
    proof: Any,
    saved: Any = None,
    keys: Mapping[str, bytes] | None = None,
    salt: str | None = None,
) -> str:
    """What the log proves about the export (a summary); LogProblem naming what fails.
    `salt`: the export's, when it carries one."""
    head = _tree_head(proof.get("tree_head") if isinstance(proof, dict) else None, "the log's")
    if keys is not None:
        _signed(proof["tree_head"], head, keys, "the log's tree head")
    root = bytes.fromhex(head[1])
    entries = proof.get("entries")
    if not isinstance(entries, list):
        raise LogProblem("the proof has no entries")
    salt = _salt(salt, proof.get("salt"))
    found = {}
    for entry in entries:
        opening = _entry(entry, head[0], root, salt)
        found[opening.get("kind")] = opening
    _matches(game_id, events, found)
    said = f"included in the log's tree head of {head[0]} leaves"
    if saved is None:
        return said + " (no saved tree head: consistency not checked)"
    old = _tree_head(saved, "the saved")
    if keys is not None:
        _signed(saved, old, keys, "the saved tree head")
    consistency = proof.get("consistency")
    path = consistency.get("proof") if isinstance(consistency, dict) else None
    if not isinstance(consistency, dict) or consistency.get("first") != old[0]:
        raise LogProblem(f"the proof holds no consistency proof from {old[0]} leaves")
    hashes = _hashes(path)
    if not verify_consistency(old[0], head[0], bytes.fromhex(old[1]), root, hashes):
        raise LogProblem(f"the log of {head[0]} leaves does not extend the saved tree head of "
                         f"{old[0]}: the log was rewritten or cut since")  # fmt: skip
    return said + f", which extends the saved tree head of {old[0]}"


def _salt(exported: Any, proven: Any) -> str | None:
    """The game's salt: the export's, else the proof's; both, when given, must agree."""
    for salt in (exported, proven):
        if salt is not None and not (isinstance(salt, str) and SALT.fullmatch(salt)):
            raise LogProblem("a salt is not 64 lowercase hex digits")
    if exported is not None and proven is not None and exported != proven:
        raise LogProblem("the proof's salt is not the export's")
    found: str | None = exported if exported is not None else proven
    return found


def _tree_head(head: Any, whose: str) -> tuple[int, str, int]:
    if not isinstance(head, dict):
        raise LogProblem(f"{whose} tree head is missing")
    size, root, at = head.get("tree_size"), head.get("root_hash"), head.get("timestamp_ms")
    if not isinstance(size, int) or isinstance(size, bool) or size < 0:
        raise LogProblem(f"{whose} tree head has no tree_size")
    if not isinstance(root, str) or not _HASH.fullmatch(root):
        raise LogProblem(f"{whose} tree head has no root_hash")
    if not isinstance(at, int) or isinstance(at, bool):
        raise LogProblem(f"{whose} tree head has no timestamp_ms")
    return size, root, at


def _signed(document: dict[str, Any], head: tuple[int, str, int], keys: Mapping[str, bytes],
            what: str) -> None:  # fmt: skip
    why = check(document.get("signature"), tree_head_statement(*head), keys)
    if why is not None:
        raise LogProblem(f"{what}: {why}")


def _entry(entry: Any, size: int, root: bytes, salt: str | None) -> dict[str, Any]:
    """The entry's opening, once its leaf is in the tree and opens to it."""
    if not isinstance(entry, dict):
        raise LogProblem("an entry is not an object")
    leaf, index = entry.get("leaf"), entry.get("index")
    if not isinstance(leaf, dict) or not isinstance(index, int) or isinstance(index, bool):
        raise LogProblem("an entry has no leaf or index")
    opening = entry.get("opening", leaf)
    if not isinstance(opening, dict):
        raise LogProblem(f"leaf {index}'s opening is not an object")
    data = leaf_bytes(leaf)
    if not verify_inclusion(index, size, leaf_hash(data), _hashes(entry.get("proof")), root):
        raise LogProblem(f"leaf {index} ({opening.get('kind')}) is not included in the tree "
                         "head")  # fmt: skip
    if not is_sealed(leaf):  # format 1: the leaf is its opening
        if opening != leaf:
            raise LogProblem(f"leaf {index} is not the opening given with it")
        return opening
    if salt is None:
        raise LogProblem(f"leaf {index} is sealed and no salt was given to open it")
    if seal(salt, opening) != leaf:
        raise LogProblem(f"leaf {index} does not open, with the game's salt, to the opening "
                         "given with it")  # fmt: skip
    return opening


def _hashes(path: Any) -> list[bytes]:
    if not isinstance(path, list) or not all(isinstance(h, str) and _HASH.fullmatch(h)
                                             for h in path):  # fmt: skip
        raise LogProblem("a proof is not a list of 64-hex-digit hashes")
    return [bytes.fromhex(h) for h in path]


def _matches(game_id: str, events: Sequence[ExportEvent], found: dict[Any, dict[str, Any]]) -> None:
    if not events:
        raise LogProblem("the export has no events to find in the log")
    wanted = {opening["kind"]: opening for opening in openings(game_id, events)}
    if found.get(CREATED) != wanted[CREATED]:
        raise LogProblem("the log holds no leaf for this game's creation (event 1 and its "
                         "commitment)")  # fmt: skip
    if FINISHED in wanted and found.get(FINISHED) != wanted[FINISHED]:
        raise LogProblem(f"the log holds no leaf for this game's end at event "
                         f"{events[-1].version}")  # fmt: skip


def check_heads(older: Any, newer: Any, proof: Any, keys: Mapping[str, bytes] | None = None) -> str:
    """Whether the tree head `newer` extends `older` (both saved from
    GET /transparency/tree-head), by `proof` (GET /transparency/consistency?first=…&second=…);
    LogProblem saying why not."""
    old, new = _tree_head(older, "the older"), _tree_head(newer, "the newer")
    if keys is not None:
        _signed(older, old, keys, "the older tree head")
        _signed(newer, new, keys, "the newer tree head")
    if not isinstance(proof, dict) or (proof.get("first"), proof.get("second")) != (old[0], new[0]):
        raise LogProblem(f"the proof is not one from {old[0]} to {new[0]} leaves")
    hashes = _hashes(proof.get("proof"))
    if not verify_consistency(old[0], new[0], bytes.fromhex(old[1]), bytes.fromhex(new[1]),
                              hashes):  # fmt: skip
        raise LogProblem(f"the tree head of {new[0]} leaves does not extend the one of "
                         f"{old[0]}: the log was rewritten or cut between them")  # fmt: skip
    return f"the tree head of {new[0]} leaves extends the one of {old[0]}"
