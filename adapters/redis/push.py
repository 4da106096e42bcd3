"""Push on Redis (docs/push.md): each player's notification log, webhook endpoints and their
delivery state, and stream tickets. The ports: lorekeeper/push/ports.py; the twins:
adapters/memory/push.py; the contract: tests/adapters/test_push_contract.py.

Everything but the tickets lives on the coordination Redis under the tag `{push}`: a player's
log spans games, and `record` (one script) compares a game's stamp, appends the notes of the
facts that are new, and marks the players' endpoints due, at once. So a projection that runs
twice, or two at once, appends each note once, and a crash leaves either all of it or none.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import redis

from adapters.redis.feed import one_each
from adapters.redis.keys import (
    PUSH_DUE_KEY,
    hook_lock_key,
    hook_log_key,
    hooks_all_key,
    hooks_enabled_key,
    notes_key,
    push_facts_key,
    ticket_key,
)
from adapters.redis.lane import lane_for, run_all
from adapters.redis.stream_entries import entry_fields, text
from adapters.redis.wire import ScriptCall
from lorekeeper.push.ports import Endpoint, FeedEntry, Note, NoteRecord

# KEYS: the game's facts hash, the due set, then per player: its log, its enabled endpoints.
# ARGV: version, revision, max len, log ttl ms, facts ttl ms, players, then per player: its
# id, its count of facts, then per fact: its key, the note (JSON).
# The usual projection changes no fact (the same seat is still to act): then it is HMGET and
# HSET (the stamp, so an older projection arriving late is refused). The facts' time to live
# is renewed when they change; Redis's clock (TIME) is read only when an endpoint is due.
_RECORD = """
local v, r = tonumber(ARGV[1]), tonumber(ARGV[2])
local old = redis.call('HMGET', KEYS[1], 'v', 'r', 'facts')
if old[1] then
  local ov, orev = tonumber(old[1]), tonumber(old[2])
  if v < ov or (v == ov and r <= orev) then return -1 end
end
local seen, was = {}, 0
if old[3] then
  for _, k in ipairs(cjson.decode(old[3])) do
    seen[k] = true
    was = was + 1
  end
end
local now, added, i, clock = {}, 0, 7, nil
for p = 1, tonumber(ARGV[6]) do
  local player, n = ARGV[i], tonumber(ARGV[i + 1])
  i = i + 2
  local log, hooks, fresh = KEYS[1 + 2 * p], KEYS[2 + 2 * p], 0
  for _ = 1, n do
    local k = player .. '|' .. ARGV[i]
    now[#now + 1] = k
    if not seen[k] then
      redis.call('XADD', log, 'MAXLEN', '~', ARGV[3], '*', 'n', ARGV[i + 1])
      fresh = fresh + 1
    end
    i = i + 2
  end
  if fresh > 0 then
    redis.call('PEXPIRE', log, ARGV[4])
    for _, hook in ipairs(redis.call('SMEMBERS', hooks)) do
      if not clock then
        local t = redis.call('TIME')
        clock = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
      end
      redis.call('ZADD', KEYS[2], 'NX', clock, player .. ':' .. hook)
    end
    added = added + fresh
  end
end
if #now == 0 then
  redis.call('HSET', KEYS[1], 'v', v, 'r', r, 'facts', '[]')
else
  redis.call('HSET', KEYS[1], 'v', v, 'r', r, 'facts', cjson.encode(now))
end
if added > 0 or #now ~= was or not old[1] then redis.call('PEXPIRE', KEYS[1], ARGV[5]) end
return added
"""

# KEYS: the player's log, its enabled endpoints, the due set. ARGV: the note, max len, ttl
# ms, now ms, the player.
_APPEND = """
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], '*', 'n', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
for _, hook in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  redis.call('ZADD', KEYS[3], 'NX', ARGV[4], ARGV[5] .. ':' .. hook)
end
return id
"""

# KEYS: the player's log, the due set. ARGV: the endpoint's member, its cursor, now ms.
_SETTLE = """
local newest = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)
local head = '0-0'
if newest[1] then head = newest[1][1] end
if head == ARGV[2] then
  redis.call('ZREM', KEYS[2], ARGV[1])
  return 1
end
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
return 0
"""

# KEYS: the due set. ARGV: now ms, lease ms, limit.
_CLAIM = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for _, member in ipairs(due) do
  redis.call('ZADD', KEYS[1], 'XX', tonumber(ARGV[1]) + tonumber(ARGV[2]), member)
end
return due
"""

# KEYS: the lock. ARGV: token, lease ms.
_LOCK = """
local held = redis.call('GET', KEYS[1])
if held and held ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"""

_UNLOCK = """
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
"""

# KEYS: all endpoints, enabled ones, the due set. ARGV: id, JSON, enabled (1/0), due member.
# Only an endpoint that still exists (a delivery must not bring back a deleted one).
_UPDATE = """
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if ARGV[3] == '1' then
  redis.call('SADD', KEYS[2], ARGV[1])
else
  redis.call('SREM', KEYS[2], ARGV[1])
  redis.call('ZREM', KEYS[3], ARGV[4])
end
return 1
"""

# KEYS: all endpoints, enabled ones. ARGV: id, JSON, limit.
_ADD = """
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('SADD', KEYS[2], ARGV[1])
return 1
"""


def note_entry(entry_id: Any, raw_fields: Any) -> dict[str, Any]:
    """A log entry as its note's JSON (what a stream sends), with its position."""
    note: dict[str, Any] = json.loads(entry_fields(raw_fields)["n"])
    return note


def note_json(note: Note) -> str:
    return json.dumps(note.to_json(), separators=(",", ":"), ensure_ascii=False)


PLAYER_TOPICS = {"player": (notes_key, one_each(note_entry))}


class RedisNotificationLog:
    def __init__(
        self, client: redis.Redis, *, max_len: int = 1000, ttl_s: int = 30 * 86400
    ) -> None:
        self._client = client
        self._max_len = max_len
        self._ttl_ms = ttl_s * 1000
        self._lane = lane_for(client)
        self._append = client.register_script(_APPEND)

    def record(
        self, game_id: str, stamp: tuple[int, int], facts: Mapping[str, Sequence[tuple[str, Note]]]
    ) -> int:
        return self.record_many([(game_id, stamp, facts)])[0]

    def record_many(self, games: Sequence[NoteRecord]) -> list[int]:
        # Through a lane: EVALSHA in one round trip, no SCRIPT EXISTS before.
        return [max(0, int(added)) for added in run_all(self._lane, self.record_calls(games))]

    def record_calls(self, games: Sequence[NoteRecord]) -> list[ScriptCall]:
        """The scripts that record the games' facts (a projection round sends them with its
        other writes: adapters/redis/rounds.py)."""
        calls = []
        for game_id, stamp, facts in games:
            keys = [push_facts_key(game_id), PUSH_DUE_KEY]
            args: list[Any] = [stamp[0], stamp[1], self._max_len, self._ttl_ms, self._ttl_ms,
                               len(facts)]  # fmt: skip
            for player_id, notes in facts.items():
                keys += [notes_key(player_id), hooks_enabled_key(player_id)]
                args += [player_id, len(notes)]
                for fact, note in notes:
                    args += [fact, note_json(note)]
            calls.append(ScriptCall(_RECORD, keys, args))
        return calls

    def append(self, player_id: str, note: Note) -> None:
        keys = [notes_key(player_id), hooks_enabled_key(player_id), PUSH_DUE_KEY]
        args: list[Any] = [note_json(note), self._max_len, self._ttl_ms, _now_ms(self._client),
                           player_id]  # fmt: skip
        self._append(keys=keys, args=args)

    def read(self, topic: str, after: str, limit: int) -> list[FeedEntry]:
        player_id = _player_of(topic)
        entries: list[Any] = self._client.xrange(notes_key(player_id), f"({after}", "+",
                                                 count=limit)  # type: ignore[assignment]  # fmt: skip
        return [FeedEntry(text(i), note_entry(i, fields)) for i, fields in entries]

    def head(self, player_id: str) -> str:
        newest: list[Any] = self._client.xrevrange(notes_key(player_id), "+", "-", count=1)  # type: ignore[assignment]
        return text(newest[0][0]) if newest else "0-0"

    def oldest(self, player_id: str) -> str | None:
        first: list[Any] = self._client.xrange(notes_key(player_id), "-", "+", count=1)  # type: ignore[assignment]
        return text(first[0][0]) if first else None


class RedisWebhookStore:
    def __init__(self, client: redis.Redis) -> None:
        self._client = client
        self._add = client.register_script(_ADD)
        self._update = client.register_script(_UPDATE)
        self._settle = client.register_script(_SETTLE)
        self._claim = client.register_script(_CLAIM)
        self._lock = client.register_script(_LOCK)
        self._unlock = client.register_script(_UNLOCK)

    def add(self, endpoint: Endpoint, limit: int) -> bool:
        keys = [hooks_all_key(endpoint.player_id), hooks_enabled_key(endpoint.player_id)]
        return bool(self._add(keys=keys, args=[endpoint.id, _dumps(endpoint), limit]))

    def load(self, player_id: str, endpoint_id: str) -> Endpoint | None:
        raw = self._client.hget(hooks_all_key(player_id), endpoint_id)
        return None if raw is None else _loads(raw)

    def endpoints(self, player_id: str) -> list[Endpoint]:
        raw: dict[Any, Any] = self._client.hgetall(hooks_all_key(player_id))
        return sorted((_loads(v) for v in raw.values()), key=lambda e: (e.created_ms, e.id))

    def delete(self, player_id: str, endpoint_id: str) -> bool:
        pipe = self._client.pipeline(transaction=True)
        pipe.hdel(hooks_all_key(player_id), endpoint_id)
        pipe.srem(hooks_enabled_key(player_id), endpoint_id)
        pipe.zrem(PUSH_DUE_KEY, f"{player_id}:{endpoint_id}")
        pipe.delete(hook_log_key(player_id, endpoint_id))
        return bool(pipe.execute()[0])

    def update(self, endpoint: Endpoint) -> None:
        player_id = endpoint.player_id
        keys = [hooks_all_key(player_id), hooks_enabled_key(player_id), PUSH_DUE_KEY]
        args = [endpoint.id, _dumps(endpoint), "1" if endpoint.enabled else "0",
                f"{player_id}:{endpoint.id}"]  # fmt: skip
        self._update(keys=keys, args=args)

    def lock(self, player_id: str, endpoint_id: str, token: str, lease_ms: int) -> bool:
        return bool(self._lock(keys=[hook_lock_key(player_id, endpoint_id)],
                               args=[token, lease_ms]))  # fmt: skip

    def unlock(self, player_id: str, endpoint_id: str, token: str) -> None:
        self._unlock(keys=[hook_lock_key(player_id, endpoint_id)], args=[token])

    def schedule(self, player_id: str, endpoint_id: str, at_ms: int) -> None:
        self._client.zadd(PUSH_DUE_KEY, {f"{player_id}:{endpoint_id}": at_ms})

    def settle(self, player_id: str, endpoint_id: str, cursor: str, head: str) -> bool:
        del head  # read again inside the script, atomically with the due set
        keys = [notes_key(player_id), PUSH_DUE_KEY]
        args: list[Any] = [f"{player_id}:{endpoint_id}", cursor, _now_ms(self._client)]
        return bool(self._settle(keys=keys, args=args))

    def claim_due(self, now_ms: int, lease_ms: int, limit: int) -> list[tuple[str, str]]:
        members = self._claim(keys=[PUSH_DUE_KEY], args=[now_ms, lease_ms, limit])
        pairs = []
        for member in members:
            player_id, _, endpoint_id = text(member).rpartition(":")
            pairs.append((player_id, endpoint_id))
        return pairs

    def log(self, player_id: str, endpoint_id: str, attempt: Mapping[str, Any], keep: int) -> None:
        key = hook_log_key(player_id, endpoint_id)
        pipe = self._client.pipeline(transaction=True)
        pipe.lpush(key, json.dumps(dict(attempt), separators=(",", ":")))
        pipe.ltrim(key, 0, keep - 1)
        pipe.execute()

    def deliveries(self, player_id: str, endpoint_id: str) -> list[dict[str, Any]]:
        raw: list[Any] = self._client.lrange(hook_log_key(player_id, endpoint_id), 0, -1)
        return [json.loads(item) for item in raw]


class RedisTicketStore:
    def __init__(self, client: Any) -> None:
        self._client = client  # the games' Redis (one key a ticket: a cluster spreads them)

    def issue(self, digest: str, player_id: str, ttl_s: int) -> None:
        self._client.set(ticket_key(digest), player_id, ex=ttl_s)

    def redeem(self, digest: str) -> str | None:
        found = self._client.getdel(ticket_key(digest))
        return None if found is None else text(found)


def _now_ms(client: redis.Redis) -> int:
    """The time the due set is scored in: Redis's own, so every process agrees on it."""
    seconds, micros = client.time()
    return int(seconds) * 1000 + int(micros) // 1000


def _dumps(endpoint: Endpoint) -> str:
    data = {"id": endpoint.id, "player_id": endpoint.player_id, "url": endpoint.url,
            "types": list(endpoint.types), "secret": endpoint.secret,
            "created_ms": endpoint.created_ms, "enabled": endpoint.enabled,
            "disabled_reason": endpoint.disabled_reason, "failures": endpoint.failures,
            "cursor": endpoint.cursor}  # fmt: skip
    return json.dumps(data, separators=(",", ":"))


def _loads(raw: bytes | str) -> Endpoint:
    data = json.loads(raw)
    return Endpoint(data["id"], data["player_id"], data["url"], tuple(data["types"]),
                    data["secret"], data["created_ms"], data["enabled"],
                    data["disabled_reason"], data["failures"], data["cursor"])  # fmt: skip


def _player_of(topic: str) -> str:
    kind, _, player_id = topic.partition(":")
    if kind != "player" or not player_id:
        raise ValueError(f"no such topic: {topic!r}")
    return player_id
