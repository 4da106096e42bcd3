"""DeadlineIndex on Redis (the port: lorekeeper/clocks/ports.py; the twin:
adapters/memory/clocks.py).

Every key spans games and carries the hash tag `{clocks}` (adapters/redis/keys.py), so each
script runs in one slot (on a Cluster, on one node, like the lobby):

- `lk:{clocks}:deadlines`  sorted set: each clocked game whose clock runs, by its deadline (ms)
- `lk:{clocks}:warnings`   sorted set: the same games, by when their seat is told time runs out
- `lk:{clocks}:entries`    hash: game id -> the Deadline as JSON (`v`: the version it is of)
- `lk:{clocks}:warned`     hash: game id -> the key (turn or decision) last warned

One member per game: a new deadline replaces the old in place (one ZADD), which is what
"cancelled when the player acts in time" costs; a game whose clock stops leaves every key.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import redis

from adapters.redis.keys import CLOCK_ENTRIES_KEY, DEADLINES_KEY, WARNED_KEY, WARNINGS_KEY
from adapters.redis.lane import lane_for, run_all
from adapters.redis.stream_entries import text
from adapters.redis.wire import ScriptCall
from lorekeeper.clocks.ports import Deadline, Due

_KEYS = [DEADLINES_KEY, WARNINGS_KEY, CLOCK_ENTRIES_KEY, WARNED_KEY]

# KEYS: _KEYS. ARGV: game id, version, deadline ("" for none), warn ms (""), key (""), entry.
_SCHEDULE_LUA = """
local old = redis.call('HGET', KEYS[3], ARGV[1])
if old and cjson.decode(old).v >= tonumber(ARGV[2]) then return 0 end
if ARGV[3] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('ZREM', KEYS[2], ARGV[1])
  redis.call('HDEL', KEYS[4], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
  if ARGV[4] == '' or redis.call('HGET', KEYS[4], ARGV[1]) == ARGV[5] then
    redis.call('ZREM', KEYS[2], ARGV[1])
  else
    redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
  end
end
redis.call('HSET', KEYS[3], ARGV[1], ARGV[6])
return 1
"""

# KEYS: _KEYS. ARGV: now ms, limit. Reply: entry, entry … (each claimed once, once per key).
_CLAIM_LUA = """
local due = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
local out = {}
for _, game in ipairs(due) do
  redis.call('ZREM', KEYS[2], game)
  local entry = redis.call('HGET', KEYS[3], game)
  if entry then
    local key = cjson.decode(entry).key
    if redis.call('HGET', KEYS[4], game) ~= key then
      redis.call('HSET', KEYS[4], game, key)
      out[#out + 1] = entry
    end
  end
end
return out
"""

# KEYS: _KEYS. ARGV: now ms, limit. Reply: entry, entry … of the overdue games.
_DUE_LUA = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
local out = {}
for _, game in ipairs(due) do
  out[#out + 1] = redis.call('HGET', KEYS[3], game) or ''
end
return out
"""


def entry_json(d: Deadline) -> str:
    record = {"g": d.game_id, "v": d.version, "deadline_ms": d.deadline_ms, "warn_ms": d.warn_ms,
              "key": d.key, "seat": d.seat, "period": d.period}  # fmt: skip
    return json.dumps(record, separators=(",", ":"), sort_keys=True)


def entry_of(raw: bytes | str) -> Deadline:
    r: dict[str, Any] = json.loads(raw)
    return Deadline(r["g"], r["v"], r["deadline_ms"], r["warn_ms"], r["key"], r["seat"],
                    r["period"])  # fmt: skip


class RedisDeadlineIndex:
    def __init__(self, client: redis.Redis) -> None:
        self._client = client
        self._claim = client.register_script(_CLAIM_LUA)
        self._due = client.register_script(_DUE_LUA)
        self._lane = lane_for(client)

    def schedule(self, deadlines: Sequence[Deadline]) -> list[bool]:
        # Through a lane: EVALSHA in one round trip (adapters/redis/lobby.py).
        return [bool(written) for written in run_all(self._lane, self.schedule_calls(deadlines))]

    def schedule_calls(self, deadlines: Sequence[Deadline]) -> list[ScriptCall]:
        """The scripts of `schedule` (a projection round sends them with its other writes)."""
        calls = []
        for d in deadlines:
            args: list[str | int] = [d.game_id, d.version, _opt(d.deadline_ms),
                                     _opt(d.warn_ms), d.key or "", entry_json(d)]  # fmt: skip
            calls.append(ScriptCall(_SCHEDULE_LUA, _KEYS, args))
        return calls

    def due(self, now_ms: int, limit: int) -> list[Due]:
        reply: list[Any] = self._due(keys=_KEYS, args=[now_ms, limit])
        found = [entry_of(text(raw)) for raw in reply if raw]
        return [
            Due(d.game_id, d.version, d.deadline_ms) for d in found if d.deadline_ms is not None
        ]

    def claim_warnings(self, now_ms: int, limit: int) -> list[Deadline]:
        reply: list[Any] = self._claim(keys=_KEYS, args=[now_ms, limit])
        return [entry_of(text(raw)) for raw in reply]


def _opt(value: int | None) -> str | int:
    return "" if value is None else value
