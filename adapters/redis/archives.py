"""ArchiveStore on Redis (the port: lorekeeper/games/ports.py; the twin:
adapters/memory/archives.py).

`lk:{<game_id>}:archive`, a hash beside the game's other keys (same hash tag, same Cluster
slot): `version` and `events`, the compressed blob lorekeeper/games/archive.py packs. One script
keeps it and drops the stream, the command ids and the snapshots before the last, only if the
stream is still at the version the blob was packed at (its last entry's ID: an entry holds a
whole append, adapters/redis/stream_entries.py). The blob is stored as raw bytes (a tenth of the
stream it replaces; base64 would add a third): the stores are given clients without
`decode_responses`, as RQ needs (api/composition.py, workers/context.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from adapters.redis.keys import archive_key, commands_key, events_key, snapshots_key
from adapters.redis.lane import lane_for
from adapters.redis.topology import GamesClient
from adapters.redis.wire import ScriptCall

# KEYS: stream, command ids, snapshots, archive. ARGV: version, blob.
_ARCHIVE_LUA = """
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)[1]
if not last or tonumber(string.match(last[1], '^(%d+)')) ~= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[4], 'version', ARGV[1], 'events', ARGV[2])
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', '(' .. ARGV[1])
return 1
"""


class RedisArchiveStore:
    def __init__(self, client: GamesClient) -> None:
        self._client = client
        self._lane = lane_for(client)

    def archive(self, game_id: str, version: int, blob: bytes) -> bool:
        keys = [events_key(game_id), commands_key(game_id), snapshots_key(game_id),
                archive_key(game_id)]  # fmt: skip
        # The lane's encoder passes bytes through as they are (ScriptCall names str | int).
        call = ScriptCall(_ARCHIVE_LUA, keys, [version, cast(str, blob)])
        reply = self._lane.run_scripts([call])[0]
        if isinstance(reply, Exception):
            raise reply
        return bool(reply)

    def versions(self, game_ids: Sequence[str]) -> list[int]:
        if not game_ids:
            return []
        pipe = self._client.pipeline(transaction=False)
        for game_id in game_ids:
            pipe.hget(archive_key(game_id), "version")
        return [int(v) if v is not None else 0 for v in pipe.execute()]

    def load(self, game_id: str) -> bytes | None:
        found: Any = self._client.hget(archive_key(game_id), "events")
        if found is not None and not isinstance(found, bytes):
            raise TypeError("the archive store needs a client without decode_responses")
        return found
