"""The server's Ed25519 signing key (docs/audit.md, section 6): it signs every export's head
and the transparency log's tree heads; `GET /.well-known/lorekeeper-keys` publishes its
public key, and the retired ones still trusted, with their ids.

Configured as `LOREKEEPER_SIGNING_KEY` (the 32-byte private key, 64 hex digits; scripts/run
makes one); `LOREKEEPER_RETIRED_SIGNING_KEYS` lists public keys (64 hex digits, comma
separated) that signed earlier and are still published. Without a signing key nothing is
signed and no key is published.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
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
