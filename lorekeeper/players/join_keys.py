"""Joining a seat with an `Idempotency-Key`: a resend gets the first answer, seat token and all.

The key is scoped to the player and the game. The seat it took records a stamp: a digest of
the key and one of the body (never the key itself). The seat token is derived from the game's
token secret (`DiceConfig.token_seed`) and the stamp, so a resend can give it again although
only its hash is kept. A resend of the key with another body is refused (422
`idempotency_key_reused`).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from lorekeeper.errors import IdempotencyMismatch
from lorekeeper.games.seat_tokens import TOKEN_PREFIX


@dataclass(frozen=True)
class JoinKey:
    """A join named by its `Idempotency-Key`: `key` names the join, `said` what it asked."""

    key: str
    said: str

    @classmethod
    def of(cls, player_id: str, game_id: str, idempotency_key: str,
           body: Mapping[str, Any]) -> JoinKey:  # fmt: skip
        named = _digest("lk-join", f"{player_id}\0{game_id}\0{idempotency_key}")
        text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return cls(named, _digest("lk-join-body", text))

    @property
    def stamp(self) -> str:
        return f"{self.key}:{self.said}"

    def replays(self, stamp: str | None, game_id: str) -> bool:
        """Whether a seat stamped `stamp` was taken by this join: True for the same key and
        body, False for another key (or none); 422 for this key with another body."""
        if stamp is None or not stamp.startswith(f"{self.key}:"):
            return False
        if stamp != self.stamp:
            raise IdempotencyMismatch(game_id, "join", "this Idempotency-Key joined the game "
                                      "with another body; send a new key")  # fmt: skip
        return True

    def token(self, token_seed: str, seat: int) -> str:
        """The seat token this join gives, the same at every resend."""
        message = f"lk-join-seat\0{self.stamp}\0{seat}".encode()
        digest = hmac.new(bytes.fromhex(token_seed), message, hashlib.sha256).digest()
        return TOKEN_PREFIX + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def _digest(purpose: str, text: str) -> str:
    data = f"{purpose}\0{text}".encode("utf-8", "surrogatepass")
    return hashlib.sha256(data).hexdigest()[:32]
