"""PlayerStore on Redis (the port: lorekeeper/players/ports.py; the twin:
adapters/memory/players.py).

- `lk:player:{<id>}`   hash: `name`, `created_ms`, `bot` (`1` for a bot account),
  `key:<key id>` -> `{"hash", "created_ms"}` (`"revoked": true` while its revocation is
  under way)
- `lk:apikey:<sha256>` string: the player id. The one thing authentication reads, on every
  request: deleting it revokes the key everywhere at once.

The two are in different slots, so a change is a sequence, ordered so that a crash in the
middle never leaves a working key the player cannot see: a new key's lookup is written before
it is listed (a crash then leaves a key nobody was shown), and a revoked key is marked in its
listing, its lookup deleted, and only then unlisted (a crash leaves it listed; revoking it
again finishes the job).
"""

from __future__ import annotations

import json
from typing import Any, cast

from adapters.redis.keys import api_key_key, player_key
from adapters.redis.stream_entries import text
from adapters.redis.topology import GamesClient
from lorekeeper.players.ports import ApiKey, Player

# KEYS: the player hash. ARGV: new key id, its record, max keys, key id it replaces or "".
# Reply: 0 (refused), or 1 / the replaced key's record (JSON) when added.
_ADD_KEY_LUA = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local held = 0
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  if string.sub(fields[i], 1, 4) == 'key:' and not cjson.decode(fields[i + 1]).revoked then
    held = held + 1
  end
end
local old = false
if ARGV[4] ~= '' then
  old = redis.call('HGET', KEYS[1], 'key:' .. ARGV[4])
  if not old or cjson.decode(old).revoked then return 0 end
  held = held - 1
end
if held + 1 > tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], 'key:' .. ARGV[1], ARGV[2])
if old then
  local record = cjson.decode(old)
  record.revoked = true
  redis.call('HSET', KEYS[1], 'key:' .. ARGV[4], cjson.encode(record))
  return old
end
return 1
"""


def _record(key: ApiKey) -> str:
    return json.dumps({"hash": key.hash, "created_ms": key.created_ms}, separators=(",", ":"))


class RedisPlayerStore:
    def __init__(self, client: GamesClient) -> None:
        self._client = client
        self._add_key = client.register_script(_ADD_KEY_LUA)

    def create(self, player: Player) -> None:
        mapping: dict[str, str | int] = {"name": player.name, "created_ms": player.created_ms}
        if player.bot:
            mapping["bot"] = 1
        for key in player.keys:
            self._client.set(api_key_key(key.hash), player.id)
            mapping[f"key:{key.id}"] = _record(key)
        self._client.hset(player_key(player.id), mapping=mapping)  # type: ignore[arg-type]

    def load(self, player_id: str) -> Player | None:
        raw = cast(dict[Any, Any], self._client.hgetall(player_key(player_id)))
        if not raw:
            return None
        fields = {text(k): text(v) for k, v in raw.items()}
        keys = []
        for name, value in sorted(fields.items()):
            if name.startswith("key:"):
                record = json.loads(value)  # a half-revoked key too: it may still work
                keys.append(ApiKey(name[4:], record["hash"], int(record["created_ms"])))
        keys.sort(key=lambda k: (k.created_ms, k.id))
        return Player(player_id, fields["name"], int(fields["created_ms"]), tuple(keys),
                      bot=fields.get("bot") == "1")  # fmt: skip

    def player_of_key(self, key_hash: str) -> str | None:
        found = self._client.get(api_key_key(key_hash))
        return None if found is None else text(found)

    def add_key(
        self, player_id: str, key: ApiKey, *, max_keys: int, replacing: str | None = None
    ) -> bool:
        lookup = api_key_key(key.hash)
        self._client.set(lookup, player_id)
        args: list[str | int] = [key.id, _record(key), max_keys, replacing or ""]
        reply = self._add_key(keys=[player_key(player_id)], args=args)
        if reply == 0:
            self._client.delete(lookup)
            return False
        if replacing is not None:
            self._finish_revoking(player_id, replacing, json.loads(text(reply))["hash"])
        return True

    def revoke_key(self, player_id: str, key_id: str) -> bool:
        raw = self._client.hget(player_key(player_id), f"key:{key_id}")
        if raw is None:
            return False
        self._finish_revoking(player_id, key_id, json.loads(text(raw))["hash"])
        return True

    def _finish_revoking(self, player_id: str, key_id: str, digest: str) -> None:
        self._client.delete(api_key_key(digest))
        self._client.hdel(player_key(player_id), f"key:{key_id}")
