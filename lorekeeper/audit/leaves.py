"""The transparency log's leaves (docs/audit.md, section 7): what a game's leaf says, and the
sealed form in which the log keeps it.

A leaf's **opening** names the game and its head:

    {"commitment": <GameCreated.dice.commitment or null>, "game_id", "head_hash": <event 1's
     hash>, "kind": "game_created", "version": 1}
    {"game_id", "head_hash": <the last event's hash>, "kind": "game_finished", "version": N}

The log keeps a **sealed leaf** (format 2), a salted commitment to the opening:

    {"commitment": SHA-256( salt ‖ UTF-8 canonical JSON of the opening ), "format": 2}

with one 32-byte random salt per game, shown only to those who may read the game (its export,
its proof). Without the salt an outsider cannot tell which game a leaf is, or try guessed game
ids against it, or tell a creation from an end. A leaf's data is the UTF-8 bytes of its
canonical JSON. Leaves written before sealing (format 1) are the opening itself; the log shows
outsiders only their hash.

Standard library and `lorekeeper.audit` only: the offline verifier imports it.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Sequence
from typing import Any, Protocol

from lorekeeper.audit.canonical import canonical_json
from lorekeeper.audit.merkle import leaf_hash

CREATED, FINISHED = "game_created", "game_finished"
SEALED = 2  # the format of a sealed leaf; a leaf with no "format" is an opening (format 1)
SALT_BYTES = 32
SALT = re.compile(r"[0-9a-f]{64}")


class HeadEvent(Protocol):
    """What a leaf needs of an event: a stored one or one read back from an export."""

    @property
    def type(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def hash(self) -> str: ...
    @property
    def payload(self) -> Any: ...


def new_salt() -> str:
    """A fresh salt for a game, as 64 lowercase hex digits."""
    return secrets.token_bytes(SALT_BYTES).hex()


def created_opening(game_id: str, first: HeadEvent) -> dict[str, Any]:
    dice = first.payload.get("dice") if isinstance(first.payload, dict) else None
    commitment = dice.get("commitment") if isinstance(dice, dict) else None
    return {"commitment": commitment, "game_id": game_id, "head_hash": first.hash,
            "kind": CREATED, "version": first.version}  # fmt: skip


def finished_opening(game_id: str, last: HeadEvent) -> dict[str, Any]:
    return {"game_id": game_id, "head_hash": last.hash, "kind": FINISHED,
            "version": last.version}  # fmt: skip


def openings(game_id: str, events: Sequence[HeadEvent]) -> list[dict[str, Any]]:
    """The openings a game's events call for: its creation, and its end once it is over."""
    if not events:
        return []
    wanted = [created_opening(game_id, events[0])]
    if any(e.type == "GameEnded" for e in events):
        wanted.append(finished_opening(game_id, events[-1]))
    return wanted


def seal(salt: str, opening: dict[str, Any]) -> dict[str, Any]:
    """The sealed leaf of an opening: SHA-256 of the salt's 32 bytes, then the opening's
    canonical JSON."""
    if not SALT.fullmatch(salt):
        raise ValueError("a salt is 64 lowercase hex digits")
    digest = hashlib.sha256(bytes.fromhex(salt) + leaf_bytes(opening)).hexdigest()
    return {"commitment": digest, "format": SEALED}


def is_sealed(leaf: dict[str, Any]) -> bool:
    return leaf.get("format") == SEALED


def leaf_bytes(leaf: dict[str, Any]) -> bytes:
    return canonical_json(leaf).encode("utf-8")


def public_leaf(data: bytes) -> dict[str, Any]:
    """A leaf as anyone may see it: a sealed leaf as it is; an opening (format 1, it names its
    game) only by its leaf hash, which every proof shows anyway."""
    leaf: dict[str, Any] = json.loads(data)
    if is_sealed(leaf):
        return leaf
    return {"format": 1, "leaf_hash": leaf_hash(data).hex()}
