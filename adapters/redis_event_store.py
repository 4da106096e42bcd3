"""EventStore on Redis Streams: one stream per game, one Lua script per write.

Keys of a game share the hash tag `{<game_id>}`, so they sit in one Cluster slot and the
script may touch them together:

- `lk:{<game_id>}:events`  the stream. Entry ID `<version>-0`; fields `type`, `schema`,
  `payload` (compact JSON), `seat` ("" for none), `cmd` ("" for none), `t` (server ms from
  the script's TIME). Never trimmed, so XLEN is the game's version.
- `lk:{<game_id>}:cmds`    hash: command id -> `{"hash": …, "first": v1, "last": vN}`, kept
  for the game's whole life.

`lk:games`, the set of game ids for the lobby, is not hash-tagged: the whole index lives
in one slot, so it is written by its own SADD after the script, not inside it. A crash
between the two leaves a game out of the index until `create` is retried (it re-adds the
id when it answers GameExists). `exists()` and `version()` look at the stream, never at it.

The client may use `decode_responses` True or False; replies are decoded here either way.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, cast

import redis

from adapters.event_store import (
    AppendResult,
    GameExists,
    GameNotFound,
    IdempotencyMismatch,
    NewEvent,
    StoredEvent,
    VersionConflict,
    check_command,
    check_events,
    check_game_id,
    check_read,
    encode_payload,
)

GAMES_KEY = "lk:games"

_Encoded = tuple[str, int, str]  # type, schema, payload JSON: the script's three ARGV

# KEYS: events stream, command ids hash.
# ARGV: mode ("create"|"append"), expected version, seat, command id, command hash,
#       then type, schema, payload for each event.
# Replies: {"ok", first, last, ms} | {"duplicate", first, last, entries}
#        | {"conflict", current} | {"mismatch"} | {"exists"} | {"not_found"}
# Every check comes before the first write, so a refused call writes nothing.
_WRITE_LUA = """
local stream, cmds = KEYS[1], KEYS[2]
local mode, expected = ARGV[1], tonumber(ARGV[2])
local seat, cmd, hash = ARGV[3], ARGV[4], ARGV[5]
local found = redis.call('EXISTS', stream) == 1
if mode == 'create' and found then return {'exists'} end
if mode == 'append' and not found then return {'not_found'} end
if cmd ~= '' then
  local seen = redis.call('HGET', cmds, cmd)
  if seen then
    local first = cjson.decode(seen)
    if first.hash ~= hash then return {'mismatch'} end
    local entries = redis.call('XRANGE', stream, first.first .. '-0', first.last .. '-0')
    return {'duplicate', first.first, first.last, entries}
  end
end
local current = redis.call('XLEN', stream)
if current ~= expected then return {'conflict', current} end
local time = redis.call('TIME')
local ms = time[1] .. string.format('%03d', math.floor(tonumber(time[2]) / 1000))
local count = (#ARGV - 5) / 3
for i = 1, count do
  local at = 5 + (i - 1) * 3
  redis.call('XADD', stream, (current + i) .. '-0',
    'type', ARGV[at + 1], 'schema', ARGV[at + 2], 'payload', ARGV[at + 3],
    'seat', seat, 'cmd', cmd, 't', ms)
end
if cmd ~= '' then
  redis.call('HSET', cmds, cmd,
    cjson.encode({hash = hash, first = current + 1, last = current + count}))
end
return {'ok', current + 1, current + count, ms}
"""


def events_key(game_id: str) -> str:
    return f"lk:{{{game_id}}}:events"


def commands_key(game_id: str) -> str:
    return f"lk:{{{game_id}}}:cmds"


class RedisStreamEventStore:
    def __init__(self, client: redis.Redis) -> None:
        self._client = client
        self._write_script = client.register_script(_WRITE_LUA)

    def create(
        self, game_id: str, events: Sequence[NewEvent], seat: int | None = None
    ) -> AppendResult:
        check_game_id(game_id)
        check_events(events)
        encoded = _encoded(events)
        reply = self._write(game_id, "create", 0, encoded, seat, None, None)
        self._client.sadd(GAMES_KEY, game_id)
        if _text(reply[0]) == "exists":
            raise GameExists(game_id)
        return _result(reply, encoded, seat, None)

    def append(
        self,
        game_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        *,
        seat: int | None,
        command_id: str | None,
        command_hash: str | None,
    ) -> AppendResult:
        check_game_id(game_id)
        check_events(events)
        check_command(command_id, command_hash)
        encoded = _encoded(events)
        reply = self._write(
            game_id, "append", expected_version, encoded, seat, command_id, command_hash
        )
        status = _text(reply[0])
        if status == "not_found":
            raise GameNotFound(game_id)
        if status == "conflict":
            raise VersionConflict(int(reply[1]), expected_version)
        if status == "mismatch":
            raise IdempotencyMismatch(game_id, cast(str, command_id))
        if status == "duplicate":
            return AppendResult(int(reply[2]), _stored_all(reply[3]), duplicate=True)
        return _result(reply, encoded, seat, command_id)

    def read(
        self, game_id: str, from_version: int = 1, limit: int | None = None
    ) -> list[StoredEvent]:
        check_game_id(game_id)
        check_read(from_version, limit)
        pipe = self._client.pipeline(transaction=False)
        pipe.xrange(events_key(game_id), f"{from_version}-0", "+", count=limit)
        pipe.exists(events_key(game_id))
        entries, found = pipe.execute()
        if not found:
            raise GameNotFound(game_id)
        return list(_stored_all(entries))

    def version(self, game_id: str) -> int:
        check_game_id(game_id)
        return self._client.xlen(events_key(game_id))

    def exists(self, game_id: str) -> bool:
        check_game_id(game_id)
        return bool(self._client.exists(events_key(game_id)))

    def game_ids(self) -> list[str]:
        return sorted(_text(m) for m in self._client.smembers(GAMES_KEY))

    def _write(
        self,
        game_id: str,
        mode: str,
        expected_version: int,
        events: Sequence[_Encoded],
        seat: int | None,
        command_id: str | None,
        command_hash: str | None,
    ) -> list[Any]:
        seat_field = "" if seat is None else str(seat)
        args: list[str | int] = [mode, expected_version, seat_field]
        args += [command_id or "", command_hash or ""]
        for event in events:
            args.extend(event)
        keys = [events_key(game_id), commands_key(game_id)]
        return cast(list[Any], self._write_script(keys=keys, args=args))


def _encoded(events: Sequence[NewEvent]) -> list[_Encoded]:
    return [(e.type, e.schema, encode_payload(e.payload)) for e in events]


def _result(
    reply: list[Any], events: Sequence[_Encoded], seat: int | None, command_id: str | None
) -> AppendResult:
    first, last, time_ms = int(reply[1]), int(reply[2]), int(reply[3])
    stored = tuple(
        StoredEvent(version, type_, schema, json.loads(payload), seat, command_id, time_ms)
        for version, (type_, schema, payload) in zip(range(first, last + 1), events, strict=True)
    )
    return AppendResult(last, stored, duplicate=False)


def _stored_all(entries: Sequence[Any]) -> tuple[StoredEvent, ...]:
    return tuple(_stored(entry_id, fields) for entry_id, fields in entries)


def _stored(entry_id: bytes | str, raw_fields: Any) -> StoredEvent:
    fields = _fields(raw_fields)
    return StoredEvent(
        version=int(_text(entry_id).split("-", 1)[0]),
        type=fields["type"],
        schema=int(fields["schema"]),
        payload=json.loads(fields["payload"]),
        seat=int(fields["seat"]) if fields["seat"] else None,
        command_id=fields["cmd"] or None,
        time_ms=int(fields["t"]),
    )


def _fields(raw: Any) -> dict[str, str]:
    """XRANGE gives a dict; the same entries returned by the script come as a flat list."""
    if isinstance(raw, dict):
        return {_text(k): _text(v) for k, v in raw.items()}
    return {_text(raw[i]): _text(raw[i + 1]) for i in range(0, len(raw), 2)}


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
