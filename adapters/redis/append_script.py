"""The Lua script behind every write of RedisStreamEventStore: the atomic, optimistic,
idempotent append that links the hash chain (adapters/redis/event_store.py explains why).

**Few calls.** Redis runs every call a script makes as a command of its own, and a command's
cost in Redis is counted in them (BENCHMARKS.md, "What a command costs in Redis"). So an
append is one stream entry however many events it has (adapters/redis/stream_entries.py: Python
makes its fields, the script adds them with the entry ID `<last version>-0`), and the
stream's head (its version and its last event's hash) is kept beside the command ids, in the
field HEAD_FIELD of the game's command-ids hash, written by the same `HSET` that records the
command: one `HMGET` reads the head and the command id's first result together, and an append
is that `HMGET`, one `XADD` and one `HSET`. A stream written before the field was kept (or a
hash that lost it) is read once (`XREVRANGE … COUNT 1`: the last entry's ID is the version,
its `hash` the head, in either shape of entry), and the next append writes the field. The
script is the stream's only writer; a game's stream and its command-ids hash live and go
together (the same slot; deleting one deletes both).
"""

from __future__ import annotations

from lorekeeper.audit.chain import GENESIS

# The field of the command-ids hash that holds the head, "<version> <hash>". A command id
# never contains a space (the API takes visible ASCII only; the store refuses this one).
HEAD_FIELD = " head"

# KEYS: events stream, command ids hash, and the projection queue's list when it is on the
#       same server (one Redis; on a Cluster it is in another slot).
# ARGV: mode ("create"|"append"), expected version, command id, command hash, prev hash, the
#       pending-projection field ("" for none), now (ms), how long a flag holds (ms), game
#       id, the number of events, the last event's hash, then the entry's field/value pairs.
# Replies: {"ok", first, last, queued} | {"duplicate", first, last, entries}
#        | {"conflict", current, the first 256 entries holding events after the expected
#           version (the first may hold some before it too)}
#        | {"head", current, head hash} | {"mismatch"} | {"exists"} | {"not_found"}
# A create with a command id seen before answers as a repeated append does (duplicate or
# mismatch): a resent create gets its first result. Every check comes before the first write,
# so a refused call writes nothing. `queued` is 1 when the append took the game's pending-
# projection flag (none was set, or it was older than it holds): the game is then pushed onto
# the queue's list, here when KEYS[3] names it, else by the caller (jobs.py).
WRITE_LUA = (
    """
local stream, cmds = KEYS[1], KEYS[2]
local mode, expected = ARGV[1], tonumber(ARGV[2])
local cmd, hash, prev = ARGV[3], ARGV[4], ARGV[5]
local pending, now, holds = ARGV[6], tonumber(ARGV[7]), tonumber(ARGV[8])
local kept = redis.call('HMGET', cmds, '"""
    + HEAD_FIELD
    + """', cmd, pending)
local current, head = 0, '"""
    + GENESIS
    + """'
if kept[1] then
  local space = string.find(kept[1], ' ', 1, true)
  current, head = tonumber(string.sub(kept[1], 1, space - 1)), string.sub(kept[1], space + 1)
else
  local last = redis.call('XREVRANGE', stream, '+', '-', 'COUNT', 1)[1]
  if last then
    current = tonumber(string.match(last[1], '^(%d+)'))
    for i = 1, #last[2], 2 do
      if last[2][i] == 'hash' then head = last[2][i + 1] end
    end
  end
end
local found = current > 0
if mode == 'append' and not found then return {'not_found'} end
if cmd ~= '' and found and kept[2] then
  local first = cjson.decode(kept[2])
  if first.hash ~= hash then return {'mismatch'} end
  local entries = redis.call('XRANGE', stream, first.first .. '-0', first.last .. '-0')
  return {'duplicate', first.first, first.last, entries}
end
if mode == 'create' and found then return {'exists'} end
if current ~= expected then
  local newer = {}
  if current > expected and expected >= 0 then
    newer = redis.call('XRANGE', stream, (expected + 1) .. '-0', '+', 'COUNT', 256)
  end
  return {'conflict', current, newer}
end
if head ~= prev then return {'head', current, head} end
local last = current + tonumber(ARGV[10])
redis.call('XADD', stream, last .. '-0', unpack(ARGV, 12))
local fields = {'"""
    + HEAD_FIELD
    + """', last .. ' ' .. ARGV[11]}
if cmd ~= '' then
  fields[3], fields[4] = cmd, cjson.encode({hash = hash, first = current + 1, last = last})
end
local queued = 0
if pending ~= '' and (not kept[3] or now - tonumber(kept[3]) >= holds) then
  queued = 1
  local n = #fields
  fields[n + 1], fields[n + 2] = pending, ARGV[7]
end
redis.call('HSET', cmds, unpack(fields))
if queued == 1 and KEYS[3] then redis.call('RPUSH', KEYS[3], ARGV[9]) end
return {'ok', current + 1, last, queued}
"""
)
