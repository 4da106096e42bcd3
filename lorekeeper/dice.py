"""Each game's dice: a secret seed and an optional script, kept beside the game, never shown.

The config lives in the Redis key `lk:{<game_id>}:dice` (the game's hash tag, so it shares the
game's Cluster slot). Clients never read it: knowing the seed would tell every future die.
An audit issue will replace it with published commitments.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import redis

from domain import DiceSource, ScriptedDice, SeededDice
from domain.catalogue import FACES

MAX_SCRIPT = 2_000


@dataclass(frozen=True)
class DiceConfig:
    seed: str
    script: tuple[str, ...] = ()

    @classmethod
    def fresh(cls, seed: str | int | None = None, script: Sequence[str] = ()) -> DiceConfig:
        """A config with the given seed, or a random one (128 bits) when none is given."""
        unknown = sorted({f for f in script if f not in FACES})
        if unknown:
            raise ValueError(f"unknown die faces {unknown}; faces are {list(FACES)}")
        chosen = secrets.token_hex(16) if seed is None else str(seed)
        return cls(seed=chosen, script=tuple(script))

    def source(self) -> DiceSource:
        seeded = SeededDice(self.seed)
        return ScriptedDice(self.script, seeded) if self.script else seeded

    def to_json(self) -> str:
        return json.dumps({"seed": self.seed, "script": list(self.script)}, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> DiceConfig:
        data: dict[str, Any] = json.loads(text)
        return cls(seed=str(data["seed"]), script=tuple(data.get("script", ())))


class DiceConfigStore(Protocol):
    def save(self, game_id: str, config: DiceConfig) -> None: ...

    def load(self, game_id: str) -> DiceConfig | None: ...


def dice_key(game_id: str) -> str:
    return f"lk:{{{game_id}}}:dice"


class RedisDiceConfigStore:
    def __init__(self, client: redis.Redis) -> None:
        self._client = client

    def save(self, game_id: str, config: DiceConfig) -> None:
        # NX: a game's dice never change once set.
        self._client.set(dice_key(game_id), config.to_json(), nx=True)

    def load(self, game_id: str) -> DiceConfig | None:
        raw = self._client.get(dice_key(game_id))
        return None if raw is None else DiceConfig.from_json(raw)


class InMemoryDiceConfigStore:
    def __init__(self) -> None:
        self._configs: dict[str, DiceConfig] = {}
        self._lock = threading.Lock()

    def save(self, game_id: str, config: DiceConfig) -> None:
        with self._lock:
            self._configs.setdefault(game_id, config)

    def load(self, game_id: str) -> DiceConfig | None:
        with self._lock:
            return self._configs.get(game_id)
