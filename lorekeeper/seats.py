"""Seat tokens: random bearer secrets, one per seat, stored only as SHA-256 hashes.

A token is 32 random bytes (URL-safe base64), so a plain hash is enough: there is nothing to
guess that a slow hash would protect. The Redis hash `lk:{<game_id>}:seats` maps each seat
(as a decimal string) to its token's hash: the layout adapters/projections.py reads for the
lobby's `seat_tokens` filter. A token of one game means nothing in another.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Protocol

import redis

TOKEN_PREFIX = "lks_"
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,128}")


def new_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def is_token_shaped(token: str) -> bool:
    return _TOKEN_SHAPE.fullmatch(token) is not None


class SeatTokenStore(Protocol):
    def save(self, game_id: str, hashes: Mapping[int, str]) -> None:
        """Seat -> token hash, written once when the game is created."""
        ...

    def seat_for(self, game_id: str, token: str) -> int | None:
        """The seat this token opens in this game, or None."""
        ...


def seats_key(game_id: str) -> str:
    return f"lk:{{{game_id}}}:seats"


class RedisSeatTokenStore:
    """A game's seat hashes never change once written, so each process keeps the last
    `cache_games` games' hashes: a command reads them from Redis once per game and process."""

    def __init__(self, client: redis.Redis, cache_games: int = 1024) -> None:
        self._client = client
        self._cache: OrderedDict[str, dict[int, str]] = OrderedDict()
        self._max = cache_games
        self._lock = threading.Lock()

    def save(self, game_id: str, hashes: Mapping[int, str]) -> None:
        mapping = {str(seat): digest for seat, digest in hashes.items()}
        self._client.hset(seats_key(game_id), mapping=mapping)  # type: ignore[arg-type]

    def seat_for(self, game_id: str, token: str) -> int | None:
        return matching_seat(self._hashes(game_id), token)

    def _hashes(self, game_id: str) -> dict[int, str]:
        with self._lock:
            known = self._cache.get(game_id)
            if known is not None:
                self._cache.move_to_end(game_id)
                return known
        stored = self._client.hgetall(seats_key(game_id))
        hashes = {int(k): _text(v) for k, v in stored.items()}
        if hashes:  # an unknown game is asked again next time (it may be created meanwhile)
            with self._lock:
                self._cache[game_id] = hashes
                while len(self._cache) > self._max:
                    self._cache.popitem(last=False)
        return hashes


class InMemorySeatTokenStore:
    def __init__(self) -> None:
        self._seats: dict[str, dict[int, str]] = {}
        self._lock = threading.Lock()

    def save(self, game_id: str, hashes: Mapping[int, str]) -> None:
        with self._lock:
            self._seats.setdefault(game_id, {}).update(hashes)

    def seat_for(self, game_id: str, token: str) -> int | None:
        with self._lock:
            hashes = dict(self._seats.get(game_id, {}))
        return matching_seat(hashes, token)


def matching_seat(hashes: Mapping[int, str], token: str) -> int | None:
    """The seat whose stored hash is the token's (compared in constant time)."""
    digest = token_hash(token)
    found = None
    for seat, stored in hashes.items():
        if hmac.compare_digest(stored, digest):
            found = seat
    return found


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
