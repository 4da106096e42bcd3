"""Application keys: what lets a backend register its users and send their requests from one
server address, against a budget of its own rather than that address's (docs/players.md,
"Limits on addresses and application keys").

An operator issues a key with `python -m lorekeeper app-key NAME`. The key is `lka_` and 43
URL-safe characters (32 random bytes), shown once; the server knows only its SHA-256, from
LOREKEEPER_APP_KEYS (`NAME:SHA256`, comma-separated): a plain hash is enough for a random key,
as for player keys (lorekeeper/players/accounts.py). A backend sends the key in the
`Lorekeeper-App-Key` header. Two entries may share a name: the app's budgets are counted by name, so
a new key can be handed out before the old one is removed.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Mapping

from lorekeeper.errors import Refused

APP_KEY_PREFIX = "lka_"
APP_KEY_HEADER = "Lorekeeper-App-Key"
APP_KEY_REJECTED = "app_key_rejected"
_NAME = re.compile(r"[A-Za-z0-9_.-]{1,40}")
_ENTRY = re.compile(r"([A-Za-z0-9_.-]{1,40}):([0-9a-fA-F]{64})")


def new_app_key() -> str:
    return APP_KEY_PREFIX + secrets.token_urlsafe(32)


def app_key_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def is_app_name(name: str) -> bool:
    return _NAME.fullmatch(name) is not None


def app_key_entry(name: str, key: str) -> str:
    """The LOREKEEPER_APP_KEYS entry that lets `key` in as the app `name`."""
    return f"{name}:{app_key_hash(key)}"


def parse_app_keys(text: str) -> dict[str, str]:
    """LOREKEEPER_APP_KEYS as {key hash: app name}; ValueError names an entry that is not
    `NAME:SHA256` (a name of 1 to 40 letters, digits, `_`, `.`, `-`; 64 hex digits)."""
    apps: dict[str, str] = {}
    for entry in filter(None, (part.strip() for part in text.split(","))):
        match = _ENTRY.fullmatch(entry)
        if match is None:
            shown = entry.split(":", 1)[0][:40]
            raise ValueError(f"LOREKEEPER_APP_KEYS: the entry of {shown!r} is not NAME:SHA256 "
                             "(python -m lorekeeper app-key NAME prints one)")  # fmt: skip
        apps[match.group(2).lower()] = match.group(1)
    return apps


def app_of(key: str, apps: Mapping[str, str]) -> str:
    """The name of the app `key` belongs to; 401 `app_key_rejected` for any other string."""
    key = key.strip()
    name = apps.get(app_key_hash(key)) if key.startswith(APP_KEY_PREFIX) else None
    if name is None:
        raise Refused(APP_KEY_REJECTED, f"this {APP_KEY_HEADER} is unknown or no longer accepted")
    return name
