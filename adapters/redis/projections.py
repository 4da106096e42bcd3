"""ProjectionStore on Redis (the port: lorekeeper/games/ports.py; the twin:
adapters/memory/projections.py).

Views are stored as JSON with sorted keys and compact separators (`view_json`): a rebuild
gives the same bytes as the live projection.

- `lk:{<game_id>}:projection`  hash: `version`, `view`

The lobby is not here: the projector lists each game in the lobby index
(adapters/redis/lobby.py), which pages and the reconciler read. Round 1's `lk:lobby` hash
(every game's entry, read whole) is no longer written; `python -m workers archive` and a
rebuild leave an old one alone (delete it by hand once every worker runs this version).
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Sequence
from typing import Any, cast

import redis

from adapters.redis.keys import (
    GAMES_KEY,
    commands_key,
    due_key,
    events_key,
    pending_field,
    projection_key,
)
from adapters.redis.lane import lane_for, run_all
from adapters.redis.stream_entries import entry_fields, text
from adapters.redis.stream_heads import queue_heads, versions_of
from adapters.redis.topology import GamesClient
from adapters.redis.wire import ScriptCall
from adapters.views import view_json
from lorekeeper.games.ports import Projection, ProjectionSave

_POLL_S = (0.001, 0.002, 0.005, 0.01, 0.02)
LAGGING_PAGE = 1000  # games a pipeline of lagging_games asks about


# KEYS: projection hash. ARGV: version, view, "ge" to replace an equal version.
_SAVE_LUA = """
local current = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
local version = tonumber(ARGV[1])
if version < current or (version == current and ARGV[3] ~= 'ge') then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'view', ARGV[2])
return 1
"""


class RedisProjectionStore:
    def __init__(self, client: GamesClient) -> None:
        self._client = client
        self._lane = lane_for(client)

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

    def save(self, saves: Sequence[ProjectionSave], *, replace_equal: bool = False) -> list[bool]:
        # One round trip for all the scripts (through a lane, adapters/redis/lane.py: one
        # EVALSHA each; on a cluster, on every master at once). Not a transaction: the games'
        # keys are in as many slots.
        calls = self.save_calls(saves, replace_equal=replace_equal)
        return [bool(written) for written in run_all(self._lane, calls)]

    @staticmethod
    def save_calls(
        saves: Sequence[ProjectionSave], *, replace_equal: bool = False
    ) -> list[ScriptCall]:
        """The scripts of `save` (a projection round sends them after its other writes)."""
        mode = "ge" if replace_equal else "gt"
        return [ScriptCall(_SAVE_LUA, [projection_key(game_id)], [version, view_json(view), mode])
                for game_id, version, view in saves]  # fmt: skip

    def checkpoints(self, game_ids: Sequence[str]) -> list[int]:
        pipe = self._client.pipeline(transaction=False)
        self.queue_checkpoints(pipe, game_ids)
        return self.checkpoints_of(pipe.execute() if game_ids else [])

    @staticmethod
    def queue_checkpoints(pipe: Any, game_ids: Sequence[str]) -> None:
        """`checkpoints`'s reads, queued on `pipe` (adapters/redis/rounds.py)."""
        for game_id in game_ids:
            pipe.hget(projection_key(game_id), "version")

    @staticmethod
    def checkpoints_of(replies: Sequence[Any]) -> list[int]:
        return [0 if v is None else int(v) for v in replies]

    def delete(self, game_id: str) -> None:
        self._client.delete(projection_key(game_id))


def lagging_games(
    client: GamesClient, index: redis.Redis | None = None
) -> tuple[int, list[tuple[str, int, int]]]:
    """(number of games, [(game id, checkpoint, stream head)] for each game behind): every
    game ever created (the games' index on `index`, the coordination Redis; their keys on
    `client`), read and looked at a page of LAGGING_PAGE at a time (SSCAN: a game may come
    twice when the index grew meanwhile). Time in proportion to all games, memory to a page
    and the games behind: a pass of the reconciler reads a window of them instead
    (GameSweep)."""
    index_client = index if index is not None else client
    games = (text(g) for g in index_client.sscan_iter(GAMES_KEY, count=LAGGING_PAGE))
    count, behind = 0, []
    while page := sorted(itertools.islice(games, LAGGING_PAGE)):
        count += len(page)
        behind += lagging_among(client, page)
    return count, behind


def lagging_among(client: GamesClient, game_ids: Sequence[str]) -> list[tuple[str, int, int]]:
    """(game id, checkpoint, stream head) of each of the games whose projection is behind."""
    pipe = client.pipeline(transaction=False)
    queue_heads(pipe, game_ids)
    for game_id in game_ids:
        pipe.hget(projection_key(game_id), "version")
    replies = pipe.execute() if game_ids else []
    heads = versions_of(client, game_ids, replies[: len(game_ids)])
    behind = []
    for game_id, head, stored in zip(game_ids, heads, replies[len(game_ids) :], strict=True):
        if head > int(stored or 0):
            behind.append((game_id, int(stored or 0), head))
    return behind


class GameSweep:
    """The games' index read a window at a time (SSCAN): each `window()` the next `count` or
    so game ids, from the first again after the last. Every game present all along is in
    one window of each sweep (SSCAN's guarantee); one may come twice."""

    def __init__(self, index: redis.Redis, count: int = 1000) -> None:
        self._index = index
        self._count = count
        self._cursor = 0
        self.sweeps = 0  # sweeps completed

    def window(self) -> list[str]:
        cursor, found = self._index.sscan(GAMES_KEY, self._cursor, count=self._count)
        self._cursor = int(cursor)
        if self._cursor == 0:
            self.sweeps += 1
        return sorted({text(g) for g in cast(list[Any], found)})


def projection_lag(
    client: GamesClient, index: redis.Redis | None = None, *, now_ms: int | None = None
) -> dict[str, Any]:
    """For `GET /healthz`: how far the projections trail the streams (one scan of all games).

    `lagging` counts games whose checkpoint is behind their stream; `max_events` is the
    largest gap; `max_ms` is the age of the oldest event not yet projected (0 when none).
    """
    count, behind = lagging_games(client, index)
    return {
        "games": count,
        "lagging": len(behind),
        "max_events": max((head - stored for _, stored, head in behind), default=0),
        "max_ms": oldest_unprojected_ms(client, behind, now_ms=now_ms),
    }


def oldest_unprojected_ms(
    client: GamesClient, behind: Sequence[tuple[str, int, int]], *, now_ms: int | None = None
) -> int:
    """The age of the oldest event not yet projected among `behind` (as `lagging_among`
    gives them; 0 when none): one pipeline, the first unprojected entry of each game."""
    pipe = client.pipeline(transaction=False)
    for game_id, stored, _ in behind:  # the entry holding it: an append's events share `t`
        pipe.xrange(events_key(game_id), f"{stored + 1}-0", "+", count=1)
    replies = pipe.execute() if behind else []
    oldest = [int(entry_fields(entries[0][1]).get("t", 0)) for entries in replies if entries]
    now = now_ms if now_ms is not None else time.time_ns() // 1_000_000
    return max((now - t for t in oldest), default=0)


def queued_lag(
    client: GamesClient, index: redis.Redis, queue: str, *, now_ms: int | None = None
) -> dict[str, Any]:
    """For `GET /healthz`, in three calls whatever the number of games: how many games wait
    in the projection queue (`queued`) and how long the oldest has waited (`oldest_ms`, from
    when its append queued it; 0 when none). A game a worker popped and is projecting is not
    counted; one left behind by a lost worker is the reconciler's (`projection_lag` scans
    every game for those: `python -m workers lag`)."""
    pipe = index.pipeline(transaction=False)
    pipe.llen(due_key(queue))
    pipe.lindex(due_key(queue), 0)
    queued, oldest = pipe.execute()
    since = None
    if oldest is not None:
        since = client.hget(commands_key(text(oldest)), pending_field(queue))
    now = now_ms if now_ms is not None else time.time_ns() // 1_000_000
    return {"queued": int(queued), "oldest_ms": 0 if since is None else max(0, now - int(since))}
