"""LobbyIndex on Redis (the port: lorekeeper/players/ports.py; the twin: adapters/memory/lobby.py).

Every key here spans games, and all carry the hash tag `{lobby}` (adapters/redis/keys.py):

- `lk:{lobby}:listings`  hash: game id -> `{"v", "r", "place", "shelves", "entry"}` (its
  stamp, its place, the shelf keys it sits on, and what a page shows of it)
- `lk:{lobby}:public:<status>[:s:<scenario>]`, `lk:{lobby}:player:<id>:<shelf>`  sorted
  sets, every score 0, members the games' places (`<10^13 - created ms>:<game id>`), so
  `ZRANGEBYLEX` from a cursor's place reads a page in O(log N + page size)
- `lk:{lobby}:expiring`  sorted set: open games by the time they expire

One script (`_UPDATE_LUA`) is the only writer: it compares the stamp, takes the game off the
shelves it leaves and puts it on the ones it joins, all in the one slot of `{lobby}`. On a
Cluster the lobby lives on one node; docs/players.md says how it could be sharded.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, cast

import orjson
import redis

from adapters.redis.keys import EXPIRING_KEY, LISTINGS_KEY, shelf_key
from adapters.redis.lane import lane_for, run_all
from adapters.redis.stream_entries import text
from adapters.redis.wire import ScriptCall
from lorekeeper.players.lobby import place_of as game_place
from lorekeeper.players.ports import Listing, ListingPage, Shelf

# KEYS: listings hash, expiring set, then the shelves the game goes on.
# ARGV: game id, version, table rev, place, listing record (JSON), expiry ms or "".
# Only what moved is written: a shelf the game leaves (ZREM), one it joins (ZADD), the
# expiring set when the expiry changed; most commands change none of them, so an update is
# then HGET and HSET.
_UPDATE_LUA = """
local old = redis.call('HGET', KEYS[1], ARGV[1])
local v, r = tonumber(ARGV[2]), tonumber(ARGV[3])
local had, expired = {}, ''
if old then
  local record = cjson.decode(old)
  if record.v > v or (record.v == v and record.r >= r) then return 0 end
  local keep = {}
  for i = 3, #KEYS do keep[KEYS[i]] = true end
  local moved = record.place ~= ARGV[4]
  for _, shelf in ipairs(record.shelves) do
    if moved or not keep[shelf] then
      redis.call('ZREM', shelf, record.place)
    else
      had[shelf] = true
    end
  end
  expired = record.x or '?'
end
for i = 3, #KEYS do
  if not had[KEYS[i]] then redis.call('ZADD', KEYS[i], 0, ARGV[4]) end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[5])
if ARGV[6] ~= expired then
  if ARGV[6] == '' then
    redis.call('ZREM', KEYS[2], ARGV[1])
  else
    redis.call('ZADD', KEYS[2], ARGV[6], ARGV[1])
  end
end
return 1
"""

# KEYS: the shelf, the listings hash. ARGV: first member bound ("-" or "(<place>"), count.
# Reply: place, record, place, record … (up to count).
_PAGE_LUA = """
local places = redis.call('ZRANGEBYLEX', KEYS[1], ARGV[1], '+', 'LIMIT', 0, tonumber(ARGV[2]))
local out = {}
for _, place in ipairs(places) do
  local id = string.sub(place, 15)
  out[#out + 1] = place
  out[#out + 1] = redis.call('HGET', KEYS[2], id) or ''
end
return out
"""


def _expiry(listing: Listing) -> str:
    return "" if listing.expires_ms is None else str(listing.expires_ms)


def key_of(shelf: Shelf) -> str:
    return shelf_key(shelf.kind, shelf.status, shelf.scenario, shelf.player_id)


def place_of(listing: Listing) -> str:
    return game_place(listing.created_ms, listing.game_id)


def record_json(listing: Listing) -> str:
    record = {
        "v": listing.stamp[0],
        "r": listing.stamp[1],
        "place": place_of(listing),
        "shelves": [key_of(s) for s in listing.shelves],
        "entry": listing.entry,
        "x": _expiry(listing),  # what the expiring set holds for it ("": nothing)
    }
    # orjson: about 1 µs a listing where the standard library's encoder took 12 (each game
    # of each projection round makes one); the text is only read back as JSON (the script's
    # cjson, `page`), so records written before by the other encoder read the same.
    return orjson.dumps(record, option=orjson.OPT_SORT_KEYS).decode()


class RedisLobbyIndex:
    def __init__(self, client: redis.Redis) -> None:
        self._client = client
        self._page = client.register_script(_PAGE_LUA)
        self._lane = lane_for(client)

    def update(self, listings: Sequence[Listing]) -> list[bool]:
        # Through a lane: EVALSHA in one round trip (a redis-py pipeline of registered scripts
        # asks SCRIPT EXISTS first; EVAL would send the text each time).
        return [bool(written) for written in run_all(self._lane, self.update_calls(listings))]

    def update_calls(self, listings: Sequence[Listing]) -> list[ScriptCall]:
        """The scripts of `update` (a projection round sends them with its other writes)."""
        calls = []
        for listing in listings:
            keys = [LISTINGS_KEY, EXPIRING_KEY, *(key_of(s) for s in listing.shelves)]
            args: list[str | int] = [listing.game_id, listing.stamp[0], listing.stamp[1],
                                     place_of(listing), record_json(listing),
                                     _expiry(listing)]  # fmt: skip
            calls.append(ScriptCall(_UPDATE_LUA, keys, args))
        return calls

    def page(self, shelf: Shelf, after: str | None, limit: int) -> ListingPage:
        start = "-" if after is None else f"({after}"
        reply: list[Any] = self._page(keys=[key_of(shelf), LISTINGS_KEY], args=[start, limit + 1])
        pairs = [(text(reply[i]), text(reply[i + 1])) for i in range(0, len(reply), 2)]
        more = len(pairs) > limit
        pairs = pairs[:limit]
        entries = [json.loads(record)["entry"] for _, record in pairs if record]
        return ListingPage(entries, pairs[-1][0] if more and pairs else None)

    def count(self, shelf: Shelf) -> int:
        return int(self._client.zcard(key_of(shelf)))

    def expiring(self, now_ms: int, limit: int) -> list[str]:
        found = self._client.zrangebyscore(EXPIRING_KEY, "-inf", now_ms, start=0, num=limit)
        return [text(game_id) for game_id in cast(list[bytes | str], found)]
