"""Dice sources (R-DIE-1..3). A source maps a roll index to a face; the game counts indexes.

Every die of a game has an index (0, 1, 2 …) in the order of R-DIE-3; `GameState.rolls` is
the next one. A source is a pure function of that index, so the same game and source always
give the same faces, and replays never ask a source at all (R-DIE-2).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import Protocol

from domain.catalogue import FACES


class DiceSource(Protocol):
    def face(self, index: int) -> str: ...


class SeededDice:
    """Faces derived from SHA-256(seed, index) with rejection sampling (no modulo bias)."""

    def __init__(self, seed: str | int) -> None:
        self._seed = str(seed).encode()

    def face(self, index: int) -> str:
        counter = 0
        while True:
            digest = hashlib.sha256(b"%s:%d:%d" % (self._seed, index, counter)).digest()
            for byte in digest:
                if byte < 252:  # 252 = 42 * 6: the largest multiple of 6 that fits a byte
                    return FACES[byte % 6]
            counter += 1


class ScriptedDice:
    """The faces of `script` in order, then `fallback` (R-DIE-3 makes the order fixed)."""

    def __init__(self, script: Sequence[str], fallback: DiceSource) -> None:
        unknown = [f for f in script if f not in FACES]
        if unknown:
            raise ValueError(f"unknown die faces {unknown}; faces are {list(FACES)}")
        self._script = tuple(script)
        self._fallback = fallback

    def face(self, index: int) -> str:
        if index < len(self._script):
            return self._script[index]
        return self._fallback.face(index)


DICE_SCHEME = "hmac-sha256-v1"
_DICE_LABEL = b"LKDICE1"


class CommittedDice:
    """Faces from a secret seed the game committed to (docs/audit.md, "The dice").

    Die `index` is the first byte b < 252 of HMAC-SHA256(key=seed, msg) for counter 0, 1 …,
    mapped to FACES[b % 6], where msg = b"LKDICE1" ‖ u8 len(game_id) ‖ game_id (ASCII) ‖
    u64be(index) ‖ u32be(counter) ‖ client_mix(client_seeds). Only the seed's holder can
    predict a die; anyone can check every die once the seed is revealed.
    """

    def __init__(self, seed: bytes, game_id: str, client_seeds: Sequence[str] = ()) -> None:
        if len(seed) != 32:
            raise ValueError("a committed dice seed is 32 bytes")
        game = game_id.encode("ascii")
        if not 1 <= len(game) <= 255:
            raise ValueError("a game id is 1 to 255 ASCII characters")
        self._seed = seed
        self._prefix = _DICE_LABEL + bytes([len(game)]) + game
        self._mix = client_mix(client_seeds)

    def face(self, index: int) -> str:
        counter = 0
        while True:
            msg = self._prefix + index.to_bytes(8, "big") + counter.to_bytes(4, "big") + self._mix
            for byte in hmac.new(self._seed, msg, hashlib.sha256).digest():
                if byte < 252:  # 252 = 42 * 6: no face is likelier than another
                    return FACES[byte % 6]
            counter += 1


def client_mix(client_seeds: Sequence[str]) -> bytes:
    """SHA-256 of the client seeds in order, each as u32be(length in bytes) ‖ UTF-8 bytes."""
    digest = hashlib.sha256()
    for seed in client_seeds:
        data = seed.encode("utf-8")
        digest.update(len(data).to_bytes(4, "big") + data)
    return digest.digest()


def dice_commitment(seed: bytes) -> str:
    """What a game publishes at creation: SHA-256 of its secret seed, lowercase hex."""
    return hashlib.sha256(seed).hexdigest()
