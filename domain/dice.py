"""Dice sources (R-DIE-1..3). A source maps a roll index to a face; the game counts indexes.

Every die of a game has an index (0, 1, 2 …) in the order of R-DIE-3; `GameState.rolls` is
the next one. A source is a pure function of that index, so the same game and source always
give the same faces, and replays never ask a source at all (R-DIE-2).
"""

from __future__ import annotations

import hashlib
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
