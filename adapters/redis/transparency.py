"""The transparency log's leaves on the coordination Redis: a list (the leaves, in order) and
a hash (each leaf's name -> its index), changed together by one script, so a leaf is appended
once per name and no two appends interleave; and a hash of each game's salt, kept once
(docs/audit.md, "The transparency log")."""

from __future__ import annotations

from typing import Any

import redis

from adapters.redis.keys import (
    TRANSPARENCY_LEAVES_KEY,
    TRANSPARENCY_NAMES_KEY,
    TRANSPARENCY_SALTS_KEY,
)

_APPEND_LUA = """
local known = redis.call('HGET', KEYS[2], ARGV[1])
if known then return tonumber(known) end
local size = redis.call('LLEN', KEYS[1])
if size >= tonumber(ARGV[3]) then return -1 end
redis.call('RPUSH', KEYS[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[1], size)
return size
"""

_SALT_LUA = """
local kept = redis.call('HGET', KEYS[1], ARGV[1])
if kept then return kept end
if redis.call('LLEN', KEYS[2]) >= tonumber(ARGV[3]) then return false end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return ARGV[2]
"""


class RedisTransparencyStore:
    def __init__(self, client: redis.Redis) -> None:
        self._client = client
        self._append = client.register_script(_APPEND_LUA)
        self._salt = client.register_script(_SALT_LUA)

    def append(self, name: str, data: bytes, limit: int) -> int | None:
        keys = [TRANSPARENCY_LEAVES_KEY, TRANSPARENCY_NAMES_KEY]
        index = int(self._append(keys=keys, args=[name, data, limit]))
        return None if index < 0 else index

    def index_of(self, name: str) -> int | None:
        found: Any = self._client.hget(TRANSPARENCY_NAMES_KEY, name)
        return None if found is None else int(found)

    def size(self) -> int:
        return int(self._client.llen(TRANSPARENCY_LEAVES_KEY))

    def leaves(self, start: int, stop: int) -> list[bytes]:
        if stop <= start:
            return []
        found: Any = self._client.lrange(TRANSPARENCY_LEAVES_KEY, start, stop - 1)
        return [bytes(x) if not isinstance(x, str) else x.encode() for x in found]

    def salt(self, game_id: str, fresh: str, limit: int) -> str | None:
        keys = [TRANSPARENCY_SALTS_KEY, TRANSPARENCY_LEAVES_KEY]
        kept: Any = self._salt(keys=keys, args=[game_id, fresh, limit])
        return None if kept is None else _text(kept)

    def salt_of(self, game_id: str) -> str | None:
        kept: Any = self._client.hget(TRANSPARENCY_SALTS_KEY, game_id)
        return None if kept is None else _text(kept)


def _text(value: str | bytes) -> str:
    return value.decode("ascii") if isinstance(value, bytes) else value
