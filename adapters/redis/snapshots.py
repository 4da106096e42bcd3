"""SnapshotStore on Redis (the port: lorekeeper/games/ports.py; the twin:
adapters/memory/snapshots.py).

`lk:{<game_id>}:snapshots`, one sorted set per game beside its stream (same hash tag, same
Cluster slot): score the version, member `<version>:<base64 of the blob>`, so the newest
snapshot at or before a version is one `ZREVRANGEBYSCORE … LIMIT 0 1` and several games'
are one pipeline. Base64, because the client may decode replies as text. A save replaces
the member at its version in one MULTI (one key: fine on a cluster too).
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from typing import Any

from adapters.redis.keys import snapshots_key
from adapters.redis.stream_entries import text
from adapters.redis.topology import GamesClient


class RedisSnapshotStore:
    def __init__(self, client: GamesClient) -> None:
        self._client = client

    def save(self, game_id: str, version: int, blob: bytes) -> None:
        key = snapshots_key(game_id)
        member = f"{version}:{base64.b64encode(blob).decode('ascii')}"
        pipe = self._client.pipeline(transaction=True)
        pipe.zremrangebyscore(key, version, version)
        pipe.zadd(key, {member: version})
        pipe.execute()

    def latest(self, reads: Sequence[tuple[str, int | None]]) -> list[tuple[int, bytes] | None]:
        if not reads:
            return []
        pipe = self._client.pipeline(transaction=False)
        for game_id, at_most in reads:
            top = "+inf" if at_most is None else at_most
            pipe.zrevrangebyscore(snapshots_key(game_id), top, "-inf", start=0, num=1)
        return [_parsed(found[0]) if found else None for found in pipe.execute()]

    def versions(self, game_id: str) -> list[int]:
        scored: Any = self._client.zrange(snapshots_key(game_id), 0, -1, withscores=True)
        return [int(score) for _, score in scored]

    def delete(self, game_id: str, keep: int | None = None) -> None:
        key = snapshots_key(game_id)
        if keep is None:
            self._client.delete(key)
            return
        pipe = self._client.pipeline(transaction=True)
        pipe.zremrangebyscore(key, "-inf", f"({keep}")
        pipe.zremrangebyscore(key, f"({keep}", "+inf")
        pipe.execute()


def _parsed(member: bytes | str) -> tuple[int, bytes] | None:
    """(version, blob) of a stored member; None for one that is not ours (then the caller
    folds from the stream, as without a snapshot)."""
    version, _, encoded = text(member).partition(":")
    try:
        return int(version), base64.b64decode(encoded, validate=True)
    except ValueError:
        return None
