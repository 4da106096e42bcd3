"""Seat tokens: random bearer secrets, one per seat, stored only as SHA-256 hashes.

A token is 32 random bytes (URL-safe base64), so a plain hash is enough: there is nothing to
guess that a slow hash would protect. A SeatTokenStore keeps each seat's hash (on Redis the hash
`lk:{<game_id>}:seats`, seat number -> hash). A token of one game means nothing in another.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Mapping

TOKEN_PREFIX = "lks_"
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,128}")


def new_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def is_token_shaped(token: str) -> bool:
    return _TOKEN_SHAPE.fullmatch(token) is not None


def matching_seat(hashes: Mapping[int, str], token: str) -> int | None:
    """The seat whose stored hash is the token's (compared in constant time)."""
    digest = token_hash(token)
    found = None
    for seat, stored in hashes.items():
        if hmac.compare_digest(stored, digest):
            found = seat
    return found
