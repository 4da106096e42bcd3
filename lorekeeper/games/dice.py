"""Each game's secrets, kept beside the game, never shown: its dice (the secret seed and any
script), the hands dealt with the salts of their commitments (lorekeeper/audit/commitments.py)
and its creation's token seed (creation.py). One config, one key, written once.

A game's dice follow one of three schemes, published in its GameCreated event (`dice`):

- `hmac-sha256-v1` (the default): the server draws a 256-bit seed and publishes only its
  SHA-256 commitment; seats may add client seeds, mixed into every die
  (`domain.dice.CommittedDice`). The seed is revealed (SecretsRevealed) once the game is over,
  and then every die can be checked by anyone: `python -m lorekeeper verify`.
- `seeded`: the client chose the seed (`options.seed`, reproducible games). Whoever knows
  it predicts every die, so such a game is never verifiable-fair; the seed is never shown.
- `scripted`: the first faces were given (`options.dice.script`, tests only).

The config is kept beside the game (a DiceStore; on Redis `lk:{<game_id>}:dice`, in the game's
Cluster slot). Clients never read it. Configs stored before commitments existed (only
`seed` and `script`) still load, as `seeded` or `scripted`; configs without `hand_salts` are
those of games hashed the old way (record format 1), which reveal only the dice seed.

What is revealed when the game ends: the seed of committed dice, the hands dealt and their
salts; a `seeded` game's seed, a script and the creation's token seed never are.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from domain import DiceSource, ScriptedDice, SeededDice
from domain.catalogue import FACES
from domain.dice import DICE_SCHEME, CommittedDice, dice_commitment

MAX_CLIENT_SEEDS = 16


class SeedStep(NamedTuple):
    """A seed step (SEED-2): the seats a game full at its creation waits for, and until when."""

    seats: tuple[int, ...]
    deadline_ms: int  # the commit phase's end (SEED-3), the step's if nobody commits
    reveal_deadline_ms: int  # the reveals' end, when a seat committed (SEED-3)


class FillStep(NamedTuple):
    """A seed step promised to a game that fills up by joins (SEED-2): it opens as the last
    seat is taken (SeedStepOpened), its deadlines `length_ms` and twice that from then."""

    length_ms: int


@dataclass(frozen=True)
class DiceConfig:
    seed: str
    script: tuple[str, ...] = ()
    game_id: str | None = None  # set for committed dice: it is part of every die's message
    client_seeds: tuple[str, ...] = ()
    # The hands dealt and one 256-bit salt (hex) per seat, which open the commitments to them
    # (record format 2): revealed when the game ends. () for a game hashed the old way.
    hands: tuple[tuple[str, ...], ...] = ()
    hand_salts: tuple[str, ...] = ()
    # The creation's own secret (hex; creation.py derives the seat tokens from it
    # and the creation's key) and the hash of the body that created the game: a resent create
    # gets the same tokens, a create with another body under the same key none. Never revealed.
    token_seed: str | None = None
    creation_hash: str | None = None
    # Whether the seats give client seeds before the first turn (SEED-1): every committed
    # game created since (published as GameCreated.dice.seat_seeds); False for older ones.
    seat_seeds: bool = False
    # A game full at its creation with a seed step (SEED-2): the seats its first turn waits
    # for (their seeds given or declined) and the step's deadline (epoch ms), published as
    # GameCreated.dice.seed_step. () and None: no seed step.
    seed_step: tuple[int, ...] = ()
    seed_deadline_ms: int | None = None
    reveal_deadline_ms: int | None = None  # SEED-3: the end of the reveals
    # A game created with seats to fill and a seed step: the step's length (ms), published
    # as GameCreated.dice.seed_step {"on_fill": true, "length_ms": …}. None: none promised.
    seed_step_length_ms: int | None = None

    @classmethod
    def fresh(cls, seed: str | int | None = None, script: Sequence[str] = ()) -> DiceConfig:
        """A seeded (or scripted) config with the given seed, or a random 128-bit one."""
        unknown = sorted({f for f in script if f not in FACES})
        if unknown:
            raise ValueError(f"unknown die faces {unknown}; faces are {list(FACES)}")
        chosen = secrets.token_hex(16) if seed is None else str(seed)
        return cls(seed=chosen, script=tuple(script))

    @classmethod
    def committed(
        cls, game_id: str, client_seeds: Sequence[str] = (), seed: bytes | None = None
    ) -> DiceConfig:
        """A secret 256-bit seed for `game_id` (fresh unless given), committed to and revealed."""
        if len(client_seeds) > MAX_CLIENT_SEEDS:
            raise ValueError(f"at most {MAX_CLIENT_SEEDS} client seeds")
        chosen = secrets.token_bytes(32) if seed is None else seed
        if len(chosen) != 32:
            raise ValueError("a committed dice seed is 32 bytes")
        return cls(chosen.hex(), (), game_id, tuple(client_seeds), seat_seeds=True)

    @classmethod
    def for_options(
        cls,
        options: Mapping[str, Any],
        game_id: str,
        new_seed: Callable[[], bytes] = lambda: secrets.token_bytes(32),
    ) -> DiceConfig:
        """Committed dice, unless `options` choose the seed (`seed`) or script them (`dice`)."""
        client_seeds = options.get("client_seeds") or ()
        if "dice" not in options and options.get("seed") is None:
            return cls.committed(game_id, client_seeds, new_seed())
        if client_seeds:
            raise ValueError("client_seeds go with the server's committed seed only")
        return cls.fresh(options.get("seed"), (options.get("dice") or {}).get("script", ()))

    @property
    def scheme(self) -> str:
        if self.script:
            return "scripted"
        return DICE_SCHEME if self.game_id is not None else "seeded"

    def public(self) -> dict[str, Any]:
        """What GameCreated publishes: the scheme, and for committed dice the commitment."""
        if self.scheme != DICE_SCHEME:
            return {"scheme": self.scheme}
        return {
            "scheme": DICE_SCHEME,
            "commitment": dice_commitment(bytes.fromhex(self.seed)),
            "game_id": self.game_id,  # part of every die's message: so it is in the chain
            "client_seeds": [*self.client_seeds],
            **({"seat_seeds": True} if self.seat_seeds else {}),
            **({"seed_step": self._seed_step_json()} if self._has_seed_step else {}),
        }

    @property
    def _has_seed_step(self) -> bool:
        return bool(self.seed_step) or self.seed_step_length_ms is not None

    def _seed_step_json(self) -> dict[str, Any]:
        if self.seed_step_length_ms is not None:
            return {"on_fill": True, "length_ms": self.seed_step_length_ms}
        return {"seats": [*self.seed_step], "deadline_ms": self.seed_deadline_ms,
                "reveal_deadline_ms": self.reveal_deadline_ms}  # fmt: skip

    def with_seed_step(self, step: SeedStep | FillStep) -> DiceConfig:
        """This config of committed dice with a seed step (SEED-2) for `step.seats`, or one
        promised for when the game fills up (a FillStep)."""
        if self.scheme != DICE_SCHEME:
            raise ValueError("a seed step needs committed dice")
        if isinstance(step, FillStep):
            return replace(self, seed_step_length_ms=step.length_ms)
        if not step.seats:
            raise ValueError("a seed step needs a seat to wait for")
        return replace(self, seed_step=tuple(step.seats), seed_deadline_ms=step.deadline_ms,
                       reveal_deadline_ms=step.reveal_deadline_ms)  # fmt: skip

    @property
    def revealable_seed(self) -> str | None:
        """The seed to reveal when the game ends: committed dice only."""
        return self.seed if self.scheme == DICE_SCHEME else None

    def source(self, seat_seeds: Sequence[str] = ()) -> DiceSource:
        """The dice; for committed dice with the seats' sealed seeds after the creation's
        (SEED-1: `domain.seeds.seat_seeds` of the game's state)."""
        if self.scheme == DICE_SCHEME:
            seeds = (*self.client_seeds, *seat_seeds)
            return CommittedDice(bytes.fromhex(self.seed), self.game_id or "", seeds)
        seeded = SeededDice(self.seed)
        return ScriptedDice(self.script, seeded) if self.script else seeded

    def with_hands(
        self, hands: Sequence[Sequence[str]], new_salt: Callable[[], bytes]
    ) -> DiceConfig:
        """This config with the hands dealt and a fresh salt for each."""
        salts = tuple(new_salt().hex() for _ in hands)
        return replace(self, hands=tuple(tuple(h) for h in hands), hand_salts=salts)

    def for_creation(self, token_seed: bytes, creation_hash: str) -> DiceConfig:
        """This config with the creation's secret and the hash of its body."""
        return replace(self, token_seed=token_seed.hex(), creation_hash=creation_hash)

    def to_json(self) -> str:
        data: dict[str, Any] = {"seed": self.seed, "script": list(self.script)}
        if self.game_id is not None:
            data |= {"game_id": self.game_id, "client_seeds": list(self.client_seeds)}
            if self.seat_seeds:
                data["seat_seeds"] = True
            if self._has_seed_step:
                data["seed_step"] = self._seed_step_json()
        if self.hand_salts:
            data |= {"hands": [list(h) for h in self.hands], "hand_salts": list(self.hand_salts)}
        if self.token_seed is not None:
            data |= {"token_seed": self.token_seed, "creation_hash": self.creation_hash}
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> DiceConfig:
        data: dict[str, Any] = json.loads(text)
        return cls(
            seed=str(data["seed"]),
            script=tuple(data.get("script", ())),
            game_id=data.get("game_id"),
            client_seeds=tuple(data.get("client_seeds", ())),
            hands=tuple(tuple(h) for h in data.get("hands", ())),
            hand_salts=tuple(data.get("hand_salts", ())),
            token_seed=data.get("token_seed"),
            creation_hash=data.get("creation_hash"),
            seat_seeds=bool(data.get("seat_seeds", False)),
            seed_step=tuple((data.get("seed_step") or {}).get("seats", ())),
            seed_deadline_ms=(data.get("seed_step") or {}).get("deadline_ms"),
            reveal_deadline_ms=(data.get("seed_step") or {}).get("reveal_deadline_ms"),
            seed_step_length_ms=(data.get("seed_step") or {}).get("length_ms"),
        )
