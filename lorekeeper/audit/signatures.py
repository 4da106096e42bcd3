"""What the server signs, byte by byte, and checking a signature (docs/audit.md, section 6).

The server signs two kinds of statement with Ed25519 (RFC 8032), each the UTF-8 bytes of the
canonical JSON (chain.py) of an object:

    an export's head   {"events": N, "finished": bool, "game_id": …, "head_hash": …,
                        "purpose": "lorekeeper-export-head-v1"}
    a log's tree head  {"purpose": "lorekeeper-tree-head-v1", "root_hash": …,
                        "timestamp_ms": …, "tree_size": N}

`purpose` keeps one kind from being passed off as the other. A key's id is the first 16 hex
digits of SHA-256 of its 32-byte public key.

Checking needs an Ed25519 implementation, which the standard library lacks: `cryptography`
(PyCA) is imported only here, and only when a signature is checked, so verifying an export
without a key needs the standard library alone.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from typing import Any

from lorekeeper.audit.canonical import canonical_json

ALGORITHM = "Ed25519"
EXPORT_PURPOSE = "lorekeeper-export-head-v1"
TREE_HEAD_PURPOSE = "lorekeeper-tree-head-v1"
_HEX_KEY = re.compile(r"[0-9a-f]{64}")
_HEX_SIGNATURE = re.compile(r"[0-9a-f]{128}")


def key_id(public_key: bytes) -> str:
    return hashlib.sha256(public_key).hexdigest()[:16]


def export_statement(game_id: str, events: int, head_hash: str, finished: bool) -> bytes:
    return _bytes({"events": events, "finished": finished, "game_id": game_id,
                   "head_hash": head_hash, "purpose": EXPORT_PURPOSE})  # fmt: skip


def tree_head_statement(tree_size: int, root_hash: str, timestamp_ms: int) -> bytes:
    return _bytes({"purpose": TREE_HEAD_PURPOSE, "root_hash": root_hash,
                   "timestamp_ms": timestamp_ms, "tree_size": tree_size})  # fmt: skip


def _bytes(statement: Mapping[str, Any]) -> bytes:
    return canonical_json(statement).encode("utf-8")


def public_keys(document: Any) -> dict[str, bytes]:
    """Key id -> public key from what `GET /.well-known/lorekeeper-keys` answers
    (`{"keys": [{"key_id", "alg", "public_key"}]}`), or from one key as 64 hex digits."""
    if isinstance(document, str):
        text = document.strip().lower()
        if not _HEX_KEY.fullmatch(text):
            raise ValueError("a public key is 64 hex digits")
        raw = bytes.fromhex(text)
        return {key_id(raw): raw}
    keys = document.get("keys") if isinstance(document, dict) else None
    if not isinstance(keys, list):
        raise ValueError('expected {"keys": [...]} or 64 hex digits')
    found = {}
    for entry in keys:
        if not isinstance(entry, dict) or entry.get("alg") != ALGORITHM:
            continue
        shown = entry.get("public_key")
        if isinstance(shown, str) and _HEX_KEY.fullmatch(shown):
            raw = bytes.fromhex(shown)
            if entry.get("key_id") != key_id(raw):
                raise ValueError(f"key {entry.get('key_id')!r}: its id is not its key's")
            found[key_id(raw)] = raw
    return found


def check(signature: Any, statement: bytes, keys: Mapping[str, bytes]) -> str | None:
    """None if `signature` ({"alg", "key_id", "signature": 128 hex}) is a good signature of
    `statement` by one of `keys`; otherwise why not."""
    if not isinstance(signature, dict):
        return "it is not signed"
    if signature.get("alg") != ALGORITHM:
        return f"its signature is not {ALGORITHM}"
    key = keys.get(str(signature.get("key_id")))
    if key is None:
        return f"it is signed by key {signature.get('key_id')!r}, not one of the keys given"
    value = signature.get("signature")
    if not isinstance(value, str) or not _HEX_SIGNATURE.fullmatch(value):
        return "its signature is not 128 hex digits"
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        Ed25519PublicKey.from_public_bytes(key).verify(bytes.fromhex(value), statement)
    except InvalidSignature:
        return f"its signature by key {signature.get('key_id')} does not match"
    return None
