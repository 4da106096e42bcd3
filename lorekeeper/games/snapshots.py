"""Snapshots: a game's state as it stood after an event, kept so that a load need not fold
from the first event (`GET /games/{id}/state?version=N`, the first load of a game a process
has not cached, a projection worker that starts cold).

Derived data only. The stream stays the truth and the audit replays it from event 1
(lorekeeper/audit/); a snapshot is used only when the event at its version is the one the
stream has there (the same hash), and a missing, corrupt, foreign or old-format snapshot is
passed over: the load folds from the first event as it did without one. So deleting every
snapshot is always safe.

**When.** Every `LOREKEEPER_SNAPSHOT_EVERY` events (default 500; 0: none): the projection
worker keeps one each time a game's projection passes a multiple of it (at the version it
projects, so a snapshot is at most one projection round past the multiple), and `python -m
workers rebuild` (a replay from event 1) keeps one at each multiple, which is how older games
get theirs. Loading at version N then folds at most about that many events after the newest
snapshot at or before N, whatever N is.

**What.** zlib-compressed JSON: `format`, `version`, the event's `head_hash` and
`head_time_ms`, the `state` (domain/codec.py's JSON, with the hex-keyed maps `terrain` and
`sites` as [hex, value] pairs) and the game's `clock` (domain/clock.py). The state holds
what the stream holds (the hands dealt are in GameCreated; the projection's stored view holds
them too) and nothing of the game's secrets store (the dice seed, the hands' salts): those are
never part of a GameState. Readers see a snapshot only through `board_view`, redacted per seat.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from typing import Any

from domain.clock import Clock
from domain.codec import decode_dataclass, to_json
from domain.state import GameState
from domain.state_json import state_from_json

FORMAT = 1
DEFAULT_EVERY = 500


@dataclass(frozen=True)
class Snapshot:
    version: int
    state: GameState
    head_hash: str
    head_time_ms: int
    clock: Clock | None


def encode(snapshot: Snapshot) -> bytes:
    state = snapshot.state
    data = to_json(state)
    # In the state's own order, not state_json's sorted one: the bytes stay as they were.
    data["terrain"] = [[[h.col, h.row], t] for h, t in state.terrain.items()]
    data["sites"] = [[[h.col, h.row], to_json(s)] for h, s in state.sites.items()]
    body = {
        "format": FORMAT,
        "version": snapshot.version,
        "head_hash": snapshot.head_hash,
        "head_time_ms": snapshot.head_time_ms,
        "state": data,
        "clock": None if snapshot.clock is None else to_json(snapshot.clock),
    }
    return zlib.compress(json.dumps(body, separators=(",", ":")).encode())


def decode(blob: bytes) -> Snapshot | None:
    """The snapshot `blob` holds; None for one this code cannot read (corrupt, another format)."""
    try:
        body = json.loads(zlib.decompress(blob))
        if not isinstance(body, dict) or body.get("format") != FORMAT:
            return None
        snapshot = Snapshot(
            version=_int(body["version"]),
            state=state_from_json(body["state"]),
            head_hash=str(body["head_hash"]),
            head_time_ms=_int(body["head_time_ms"]),
            clock=None if body["clock"] is None else decode_dataclass(Clock, body["clock"]),
        )
    except (ValueError, KeyError, TypeError, zlib.error):  # DecodeError is a ValueError
        return None
    return snapshot if snapshot.state.version == snapshot.version else None


def is_due(before: int, after: int, every: int) -> bool:
    """Whether a game that went from version `before` to `after` passed a multiple of `every`."""
    return every > 0 and after // every > before // every


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected an integer, got {value!r}"[:100])
    return value
