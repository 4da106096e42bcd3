"""ProjectionStore on Redis (the port: lorekeeper/ports.py; the twin: memory_projections.py).

Views are stored as JSON with sorted keys and compact separators (`view_json`): a rebuild
gives the same bytes as the live projection.

- `lk:{<game_id>}:projection`  hash: `version`, `view`, `lobby`
- `lk:lobby`                   hash: game id -> lobby entry. Not hash-tagged: it spans
  games, so it lives on the coordination Redis (`index`, the same client on one server;
  docs/scaling.md) and is written by its own script after the game's (same version guard);
  a crash between the two is repaired by the next projection of the game (`sync_lobby`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any, cast

import redis

from adapters.redis_keys import GAMES_KEY, LOBBY_KEY, events_key, projection_key
from adapters.redis_lane import ScriptCall, lane_for
from adapters.redis_topology import GamesClient
from adapters.stream_entries import entry_fields, text
from adapters.views import select_lobby, view_json
from lorekeeper.ports import Projection, ProjectionSave

_POLL_S = (0.001, 0.002, 0.005, 0.01, 0.02)


# KEYS: projection hash. ARGV: version, view, lobby entry, "ge" to replace an equal version.
_SAVE_LUA = """
local current = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
local version = tonumber(ARGV[1])
if version < current or (version == current and ARGV[4] ~= 'ge') then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'view', ARGV[2], 'lobby', ARGV[3])
return 1
"""

# KEYS: lobby hash. ARGV: game id, version, lobby entry, "ge" to replace an equal version.
_LOBBY_LUA = """
local old = redis.call('HGET', KEYS[1], ARGV[1])
local version = tonumber(ARGV[2])
if old then
  local current = tonumber(cjson.decode(old).version)
  if version < current or (version == current and ARGV[4] ~= 'ge') then return 0 end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
return 1
"""


class RedisProjectionStore:
    def __init__(self, client: GamesClient, index: redis.Redis | None = None) -> None:
        self._client = client
        self._index = index if index is not None else client
        self._save_lobby = self._index.register_script(_LOBBY_LUA)
        self._lane = lane_for(client)
        self._index_lane = lane_for(self._index)

    def load(self, game_id: str) -> Projection | None:
        version, view = self._client.hmget(projection_key(game_id), ["version", "view"])
        if version is None or view is None:
            return None
        return Projection(int(version), json.loads(view))

    def wait_for(self, game_id: str, min_version: int, timeout_s: float) -> Projection | None:
        deadline = time.monotonic() + timeout_s
        attempt = 0
        while True:
            if self.checkpoints([game_id])[0] >= min_version:
                found = self.load(game_id)
                if found is not None and found.version >= min_version:
                    return found
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            time.sleep(min(left, _POLL_S[min(attempt, len(_POLL_S) - 1)]))
            attempt += 1

    def lobby(self, status: str | None = None) -> list[dict[str, Any]]:
        raw = cast(dict[Any, Any], self._index.hgetall(LOBBY_KEY))
        return select_lobby((json.loads(v) for v in raw.values()), status)

    def save(self, saves: Sequence[ProjectionSave], *, replace_equal: bool = False) -> list[bool]:
        # One round trip for all the scripts on one server (not a transaction: the keys are
        # in two slots); on a cluster, the projections on every master at once, then the
        # lobby on the coordination Redis. The lobby script has the same version guard, so it
        # writes when the projection does, and also when only the lobby lags (what
        # sync_lobby repairs). Through lanes (adapters/redis_lane.py): one EVALSHA each, and
        # redis-py's cluster pipeline runs no scripts.
        mode = "ge" if replace_equal else "gt"
        views, lobbies = [], []
        for game_id, version, view, lobby_entry in saves:
            lobby_text = view_json(lobby_entry)
            args: list[str | int] = [version, view_json(view), lobby_text, mode]
            views.append(ScriptCall(_SAVE_LUA, [projection_key(game_id)], args))
            lobby_args: list[str | int] = [game_id, version, lobby_text, mode]
            lobbies.append(ScriptCall(_LOBBY_LUA, [LOBBY_KEY], lobby_args))
        if not saves:
            return []
        if self._index is self._client:
            replies = self._lane.run_scripts(views + lobbies)
        else:
            replies = self._lane.run_scripts(views) + self._index_lane.run_scripts(lobbies)
        for failed in (r for r in replies if isinstance(r, Exception)):
            raise failed
        return [bool(written) for written in replies[: len(views)]]

    def checkpoints(self, game_ids: Sequence[str]) -> list[int]:
        pipe = self._client.pipeline(transaction=False)
        for game_id in game_ids:
            pipe.hget(projection_key(game_id), "version")
        return [0 if v is None else int(v) for v in (pipe.execute() if game_ids else [])]

    def sync_lobby(self, game_id: str) -> None:
        version, lobby_text = self._client.hmget(projection_key(game_id), ["version", "lobby"])
        if version is not None and lobby_text is not None:
            args: list[str | int] = [game_id, int(version), text(lobby_text), "gt"]
            self._save_lobby(keys=[LOBBY_KEY], args=args)

    def delete(self, game_id: str) -> None:
        self._client.delete(projection_key(game_id))
        self._index.hdel(LOBBY_KEY, game_id)


def lagging_games(
    client: GamesClient, index: redis.Redis | None = None
) -> tuple[int, list[tuple[str, int, int]]]:
    """(number of games, [(game id, checkpoint, stream head)] for each game behind); the
    games' index on `index` (the coordination Redis), their keys on `client`."""
    index_client = index if index is not None else client
    games = sorted(text(g) for g in cast(set[Any], index_client.smembers(GAMES_KEY)))
    pipe = client.pipeline(transaction=False)
    for game_id in games:
        pipe.xlen(events_key(game_id))
        pipe.hget(projection_key(game_id), "version")
    replies = pipe.execute()
    behind = []
    for i, game_id in enumerate(games):
        head, stored = int(replies[2 * i]), int(replies[2 * i + 1] or 0)
        if head > stored:
            behind.append((game_id, stored, head))
    return len(games), behind


def projection_lag(
    client: GamesClient, index: redis.Redis | None = None, *, now_ms: int | None = None
) -> dict[str, Any]:
    """For `GET /healthz`: how far the projections trail the streams (one scan of all games).

    `lagging` counts games whose checkpoint is behind their stream; `max_events` is the
    largest gap; `max_ms` is the age of the oldest event not yet projected (0 when none).
    """
    count, behind = lagging_games(client, index)
    pipe = client.pipeline(transaction=False)
    for game_id, stored, _ in behind:
        pipe.xrange(events_key(game_id), f"{stored + 1}-0", "+", count=1)
    oldest = [int(entry_fields(entries[0][1]).get("t", 0)) for entries in pipe.execute() if entries]
    now = now_ms if now_ms is not None else time.time_ns() // 1_000_000
    return {
        "games": count,
        "lagging": len(behind),
        "max_events": max((head - stored for _, stored, head in behind), default=0),
        "max_ms": max((now - t for t in oldest), default=0),
    }
