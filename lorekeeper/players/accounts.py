"""Players and their API keys: register, authenticate, add, rotate and revoke keys.

A key is `lkp_` and 43 URL-safe characters (32 random bytes): the prefix makes a leaked key
recognisable (a secret scanner can match `lkp_[A-Za-z0-9_-]{43}`), the randomness makes a
plain SHA-256 enough to store it (nothing to guess that a slow hash would protect, as with
seat tokens, lorekeeper/games/seat_tokens.py). Only the hash is kept; the key is shown once, in the
reply that created it. A key's id (the hash's first 12 hex digits) names it in listings.

Keys are looked up in the store on every request: no process keeps a copy, so a revoked key
is refused at once by every process (docs/players.md).
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from lorekeeper.clocks.reading import now_ms
from lorekeeper.errors import Refused, TokenRejected
from lorekeeper.players.ports import ApiKey, Player, PlayerStore

KEY_PREFIX = "lkp_"
KEY_ID_LENGTH = 12
PLAYER_ID_PREFIX = "p_"
MAX_NAME = 40


def new_key() -> str:
    return KEY_PREFIX + secrets.token_urlsafe(32)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def is_player_key(token: str) -> bool:
    return token.startswith(KEY_PREFIX)


def new_player_id() -> str:
    return PLAYER_ID_PREFIX + secrets.token_hex(8)


def display_name(raw: str) -> str:
    """A display name: 1 to 40 characters after trimming, no control characters."""
    name = " ".join(raw.split())
    if not 1 <= len(name) <= MAX_NAME:
        raise Refused("invalid_body", f"a name has 1 to {MAX_NAME} characters",
                      errors={"name": ["1 to 40 characters"]})  # fmt: skip
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise Refused("invalid_body", "a name has no control or unassigned characters",
                      errors={"name": ["no control characters"]})  # fmt: skip
    return name


@dataclass(frozen=True)
class PlayerCaller:
    """A request's verified player: who, with which key."""

    player_id: str
    key_id: str


@dataclass(frozen=True)
class IssuedKey:
    key: str  # shown once
    record: ApiKey


class PlayerService:
    def __init__(
        self,
        store: PlayerStore,
        *,
        max_keys: int = 5,
        clock: Callable[[], int] = now_ms,
        new_id: Callable[[], str] = new_player_id,
    ) -> None:
        self._store = store
        self._max_keys = max_keys
        self._clock = clock
        self._new_id = new_id

    def register(self, name: str, *, bot: bool = False) -> tuple[Player, IssuedKey]:
        """A new player (with `bot`, a bot account) and its first key."""
        issued = self._issue()
        player = Player(self._new_id(), display_name(name), self._clock(), (issued.record,),
                        bot=bot)  # fmt: skip
        self._store.create(player)
        return player, issued

    def authenticate(self, key: str) -> PlayerCaller:
        """The key's player; TokenRejected for an unknown or revoked key."""
        digest = key_hash(key)
        player_id = self._store.player_of_key(digest)
        if player_id is None:
            raise TokenRejected("this API key is unknown or revoked")
        return PlayerCaller(player_id, digest[:KEY_ID_LENGTH])

    def player(self, player_id: str) -> Player:
        found = self._store.load(player_id)
        if found is None:
            raise Refused("player_not_found", f"no player {player_id!r}")
        return found

    def add_key(self, player_id: str) -> IssuedKey:
        issued = self._issue()
        if not self._store.add_key(player_id, issued.record, max_keys=self._max_keys):
            raise Refused("too_many_keys", f"a player holds at most {self._max_keys} keys; "
                          "revoke one first")  # fmt: skip
        return issued

    def rotate(self, caller: PlayerCaller) -> IssuedKey:
        """A new key in place of the one the request used, which is refused from now on."""
        issued = self._issue()
        if not self._store.add_key(caller.player_id, issued.record, max_keys=self._max_keys,
                                   replacing=caller.key_id):  # fmt: skip
            raise TokenRejected("this API key is unknown or revoked")
        return issued

    def revoke(self, player_id: str, key_id: str) -> None:
        if not self._store.revoke_key(player_id, key_id):
            raise Refused("key_not_found", f"the player has no key {key_id!r}")

    def _issue(self) -> IssuedKey:
        key = new_key()
        digest = key_hash(key)
        return IssuedKey(key, ApiKey(digest[:KEY_ID_LENGTH], digest, self._clock()))
