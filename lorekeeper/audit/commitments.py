"""Salted commitments: how a secret dealt at a game's start enters the hash chain (record
format 2, docs/audit.md).

Each seat's hand is committed to as SHA-256( salt ‖ UTF-8 canonical JSON of the hand ), with a
fresh 256-bit salt per seat: without the salt no one can try the few possible hands against
it. GameCreated publishes the commitments; the salts stay with the game's other secrets (its
dice config, never shown) until the game ends, when SecretsRevealed publishes the hands and
the salts, and anyone can check them against the commitments.

Standard library and `lorekeeper.audit.chain` only: the offline verifier imports it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from typing import Any

from lorekeeper.audit.canonical import canonical_json

HANDS_SCHEME = "salted-sha256-v1"
SALT_BYTES = 32
_SALT = re.compile(r"[0-9a-f]{64}")


def hand_commitment(salt: str, cards: Sequence[str]) -> str:
    """SHA-256 (lowercase hex) of the salt's 32 bytes followed by the hand's canonical JSON."""
    if not _SALT.fullmatch(salt):
        raise ValueError("a salt is 64 lowercase hex digits")
    return hashlib.sha256(bytes.fromhex(salt) + canonical_json(list(cards)).encode()).hexdigest()


def hands_dealt(scenario: Mapping[str, Any]) -> list[list[str]]:
    """Each seat's cards as the scenario deals them (none when a player names none)."""
    players = scenario.get("players")
    if not isinstance(players, list):
        return []
    return [list(p.get("cards", [])) if isinstance(p, dict) else [] for p in players]


def commitments(hands: Sequence[Sequence[str]], salts: Sequence[str]) -> dict[str, Any]:
    """What GameCreated publishes: the scheme and one commitment per seat."""
    if len(hands) != len(salts):
        raise ValueError(f"{len(hands)} hands and {len(salts)} salts")
    return {
        "scheme": HANDS_SCHEME,
        "hands": [hand_commitment(s, h) for h, s in zip(hands, salts, strict=True)],
    }


def unopened(published: Any, hands: Any, salts: Any) -> str | None:
    """Why the revealed hands and salts do not open the published commitments; None if they
    all do."""
    if not isinstance(published, dict) or published.get("scheme") != HANDS_SCHEME:
        return f"the commitments are not of the scheme {HANDS_SCHEME}"
    committed = published.get("hands")
    if not isinstance(committed, list) or not isinstance(hands, list | tuple):
        return "the commitments or the revealed hands are not lists"
    if not isinstance(salts, list | tuple):
        return "the revealed salts are not a list"
    if not len(committed) == len(hands) == len(salts):
        return f"{len(committed)} commitments, {len(hands)} hands, {len(salts)} salts"
    for seat, (want, hand, salt) in enumerate(zip(committed, hands, salts, strict=True)):
        try:
            opened = hand_commitment(salt, hand) if isinstance(salt, str) else None
        except (ValueError, TypeError):
            opened = None
        if opened != want:
            return f"seat {seat}'s revealed hand does not open its commitment"
    return None
