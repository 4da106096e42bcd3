"""The server's Ed25519 signing key (docs/audit.md, section 6): it signs every export's head
and the transparency log's tree heads; `GET /.well-known/lorekeeper-keys` publishes its
public key, and the retired ones still trusted, with their ids.

Configured as `LOREKEEPER_SIGNING_KEY` (the 32-byte private key, 64 hex digits; scripts/run
makes one), or as `LOREKEEPER_SIGNING_KEY_FILE`, a file holding it (compose.yaml makes one in
a volume: `python -m lorekeeper.audit.signing FILE` writes a fresh key there unless one is already
there); `LOREKEEPER_RETIRED_SIGNING_KEYS` lists public keys (64 hex digits, comma
separated) that signed earlier and are still published. Without a signing key nothing is
signed and no key is published.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from lorekeeper.audit.signatures import ALGORITHM, key_id


@dataclass(frozen=True)
class Signer:
    private: Ed25519PrivateKey
    retired: tuple[bytes, ...] = ()

    @classmethod
    def from_hex(cls, private_hex: str, retired: Iterable[str] = ()) -> Signer:
        seed = bytes.fromhex(private_hex.strip())
        if len(seed) != 32:
            raise ValueError("an Ed25519 private key is 32 bytes (64 hex digits)")
        old = tuple(bytes.fromhex(k.strip()) for k in retired if k.strip())
        if any(len(k) != 32 for k in old):
            raise ValueError("an Ed25519 public key is 32 bytes (64 hex digits)")
        return cls(Ed25519PrivateKey.from_private_bytes(seed), old)

    @classmethod
    def fresh(cls) -> Signer:
        return cls(Ed25519PrivateKey.generate())

    @property
    def public_key(self) -> bytes:
        return self.private.public_key().public_bytes_raw()

    @property
    def key_id(self) -> str:
        return key_id(self.public_key)

    def sign(self, statement: bytes) -> dict[str, str]:
        """The signature as exports and tree heads carry it."""
        value = self.private.sign(statement).hex()
        return {"alg": ALGORITHM, "key_id": self.key_id, "signature": value}

    def published(self) -> dict[str, Any]:
        """`GET /.well-known/lorekeeper-keys`: the current key first, then the retired."""
        keys = [(self.public_key, "current"), *((k, "retired") for k in self.retired)]
        return {"keys": [{"key_id": key_id(k), "alg": ALGORITHM, "public_key": k.hex(),
                          "status": status} for k, status in keys]}  # fmt: skip


def new_private_key_hex() -> str:
    """A fresh private key as LOREKEEPER_SIGNING_KEY takes it (scripts/run, the tests)."""
    return Ed25519PrivateKey.generate().private_bytes_raw().hex()


def ensure_key_file(path: Path) -> tuple[bool, Signer]:
    """The key in `path`, made there first (mode 600, written once: O_EXCL) when the file
    does not exist; whether it was made, and the key. A file that holds no key is an error,
    never overwritten."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return False, Signer.from_hex(path.read_text(encoding="ascii"))
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(new_private_key_hex() + "\n")
    return True, Signer.from_hex(path.read_text(encoding="ascii"))


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m lorekeeper.audit.signing FILE`: make the signing key file unless it exists; print
    the key's id and public key (what GET /.well-known/lorekeeper-keys will publish)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0].startswith("-"):
        print("usage: python -m lorekeeper.audit.signing FILE", file=sys.stderr)
        return 2
    try:
        made, signer = ensure_key_file(Path(args[0]))
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        print(f"signing key {args[0]}: {exc}", file=sys.stderr)
        return 1
    print(json.dumps({"file": args[0], "made": made, "key_id": signer.key_id,
                      "public_key": signer.public_key.hex()}))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
