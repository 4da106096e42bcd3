"""The Lua script behind every write of RedisStreamEventStore: the atomic, optimistic,
idempotent append that links the hash chain (adapters/redis_event_store.py explains why)."""

from __future__ import annotations

from lorekeeper.audit.chain import GENESIS

# KEYS: events stream, command ids hash.
# ARGV: mode ("create"|"append"), expected version, seat, command id, command hash, time ms,
#       prev hash, then type, schema, payload, command, hash for each event.
# Replies: {"ok", first, last} | {"duplicate", first, last, entries}
#        | {"conflict", current, the first 256 entries after the expected version}
#        | {"head", current, head hash} | {"mismatch"} | {"exists"} | {"not_found"}
# A create with a command id seen before answers as a repeated append does (duplicate or
# mismatch): a resent create gets its first result. Every check comes before the first write,
# so a refused call writes nothing.
WRITE_LUA = (
    """
local stream, cmds = KEYS[1], KEYS[2]
local mode, expected = ARGV[1], tonumber(ARGV[2])
local seat, cmd, hash, ms, prev = ARGV[3], ARGV[4], ARGV[5], ARGV[6], ARGV[7]
local found = redis.call('EXISTS', stream) == 1
if mode == 'append' and not found then return {'not_found'} end
if cmd ~= '' and found then
  local seen = redis.call('HGET', cmds, cmd)
  if seen then
    local first = cjson.decode(seen)
    if first.hash ~= hash then return {'mismatch'} end
    local entries = redis.call('XRANGE', stream, first.first .. '-0', first.last .. '-0')
    return {'duplicate', first.first, first.last, entries}
  end
end
if mode == 'create' and found then return {'exists'} end
local current = redis.call('XLEN', stream)
if current ~= expected then
  local newer = {}
  if current > expected and expected >= 0 then
    newer = redis.call('XRANGE', stream, (expected + 1) .. '-0', '+', 'COUNT', 256)
  end
  return {'conflict', current, newer}
end
local head = '"""
    + GENESIS
    + """'
if current > 0 then
  local last = redis.call('XRANGE', stream, current .. '-0', current .. '-0')[1][2]
  head = ''
  for i = 1, #last, 2 do
    if last[i] == 'hash' then head = last[i + 1] end
  end
end
if head ~= prev then return {'head', current, head} end
local count = (#ARGV - 7) / 5
for i = 1, count do
  local at = 7 + (i - 1) * 5
  redis.call('XADD', stream, (current + i) .. '-0',
    'type', ARGV[at + 1], 'schema', ARGV[at + 2], 'payload', ARGV[at + 3],
    'seat', seat, 'cmd', cmd, 't', ms, 'command', ARGV[at + 4],
    'prev', prev, 'hash', ARGV[at + 5])
  prev = ARGV[at + 5]
end
if cmd ~= '' then
  redis.call('HSET', cmds, cmd,
    cjson.encode({hash = hash, first = current + 1, last = current + count}))
end
return {'ok', current + 1, current + count}
"""
)
