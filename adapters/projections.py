"""The projection store port (board views and the lobby) and its Redis adapter (the in-memory
twin: memory_projections.py).

A projection is the stored board view of a game (`board_view(state, ALL_SEATS)`, the API
redacts it per reader) with its checkpoint: the last event version folded into it. A save
writes view, checkpoint and lobby entry in one step and only when the version is newer, so
applying the same events twice changes nothing. Views are stored as canonical JSON (sorted
keys, compact separators): a rebuild gives the same bytes as the live projection.

Redis keys (the game's hash tag keeps a game's keys in one Cluster slot):

- `lk:{<game_id>}:projection`  hash: `version`, `view`, `lobby` (canonical JSON)
- `lk:{<game_id>}:seats`       hash: seat number (decimal) -> sha256 hex of its token, written
  by the API's RedisSeatTokenStore at creation; the lobby's `seat_tokens` filter reads it
- `lk:lobby`                   hash: game id -> lobby entry. Not hash-tagged, so it is
  written by its own script after the game's (same version guard); a crash between the
  two is repaired by the next projection job of the game (`sync_lobby`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple, Protocol, cast

import orjson
import redis

from adapters.redis_event_store import GAMES_KEY, events_key
from adapters.stream_entries import entry_fields, text

LOBBY_KEY = "lk:lobby"
Projection = tuple[int, dict[str, Any]]


class Save(NamedTuple):
    game_id: str
    version: int
    view: Mapping[str, Any]
    lobby_entry: Mapping[str, Any]


def canonical_json(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode()


def projection_key(game_id: str) -> str:
    return f"lk:{{{game_id}}}:projection"


def seats_key(game_id: str) -> str:
    return f"lk:{{{game_id}}}:seats"


class ProjectionStore(Protocol):
    def load(self, game_id: str) -> Projection | None:
        """(version, stored view) or None when the game was never projected."""
        ...

    def load_json(self, game_id: str) -> tuple[int, str] | None:
        """The stored view as its canonical JSON text (what `load` parses)."""
        ...

    def wait_for(self, game_id: str, min_version: int, timeout_s: float) -> Projection | None:
        """The projection once its version is >= min_version; None if timeout_s passes first."""
        ...

    def lobby(
        self, status: str | None = None, seat_tokens: Sequence[str] = ()
    ) -> list[dict[str, Any]]:
        """Lobby entries, most recent activity first. `seat_tokens` are token HASHES: only
        games where one of them holds the seat that must act now (`to_act`) are kept."""
        ...

    def save(
        self,
        game_id: str,
        version: int,
        view: Mapping[str, Any],
        lobby_entry: Mapping[str, Any],
        *,
        replace_equal: bool = False,
    ) -> bool:
        """Store when `version` is newer (or equal, with replace_equal); True if written."""
        ...

    def checkpoint(self, game_id: str) -> int:
        """The stored version; 0 when none."""
        ...

    def checkpoints(self, game_ids: Sequence[str]) -> list[int]:
        """`checkpoint` of several games in one go."""
        ...

    def save_many(self, saves: Sequence[Save]) -> list[bool]:
        """`save` of several games in one go (each on its own, not a transaction)."""
        ...

    def sync_lobby(self, game_id: str) -> None:
        """Bring the lobby entry up to the stored projection (repairs a crash between them)."""
        ...

    def delete(self, game_id: str) -> None: ...

    def register_seats(self, game_id: str, hashes: Mapping[int, str]) -> None:
        """Seat -> token hash, for the lobby's `seat_tokens` filter (in Redis the API's
        RedisSeatTokenStore writes the same key; the twin needs this call)."""
        ...


def select_lobby(
    entries: Iterable[dict[str, Any]],
    status: str | None,
    owns_seat: Callable[[dict[str, Any]], bool] | None = None,
) -> list[dict[str, Any]]:
    """Filter by status and (when `owns_seat(entry)` is given) by the seat to act; sort."""
    chosen = [e for e in entries if status is None or e.get("status") == status]
    if owns_seat is not None:
        chosen = [e for e in chosen if e.get("to_act") is not None and owns_seat(e)]
    return sorted(chosen, key=lambda e: (-int(e.get("last_activity") or 0), e["game_id"]))


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

_POLL_S = (0.001, 0.002, 0.005, 0.01, 0.02)


class RedisProjectionStore:
    def __init__(self, client: redis.Redis) -> None:
        self._client = client
        self._save_lobby = client.register_script(_LOBBY_LUA)

    def load(self, game_id: str) -> Projection | None:
        found = self.load_json(game_id)
        return None if found is None else (found[0], json.loads(found[1]))

    def load_json(self, game_id: str) -> tuple[int, str] | None:
        version, view = self._client.hmget(projection_key(game_id), ["version", "view"])
        if version is None or view is None:
            return None
        return int(version), text(view)

    def wait_for(self, game_id: str, min_version: int, timeout_s: float) -> Projection | None:
        deadline = time.monotonic() + timeout_s
        attempt = 0
        while True:
            if self.checkpoint(game_id) >= min_version:
                found = self.load(game_id)
                if found is not None and found[0] >= min_version:
                    return found
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            time.sleep(min(left, _POLL_S[min(attempt, len(_POLL_S) - 1)]))
            attempt += 1

    def lobby(
        self, status: str | None = None, seat_tokens: Sequence[str] = ()
    ) -> list[dict[str, Any]]:
        raw = cast(dict[Any, Any], self._client.hgetall(LOBBY_KEY))
        entries = select_lobby((json.loads(v) for v in raw.values()), status)
        if not seat_tokens:
            return entries
        candidates = [e for e in entries if e.get("to_act") is not None]
        pipe = self._client.pipeline(transaction=False)
        for entry in candidates:
            pipe.hget(seats_key(entry["game_id"]), str(entry["to_act"]))
        wanted = set(seat_tokens)
        holders = pipe.execute()
        return [e for e, h in zip(candidates, holders, strict=True) if h and text(h) in wanted]

    def save(
        self,
        game_id: str,
        version: int,
        view: Mapping[str, Any],
        lobby_entry: Mapping[str, Any],
        *,
        replace_equal: bool = False,
    ) -> bool:
        save = Save(game_id, version, view, lobby_entry)
        return self._save_all([save], "ge" if replace_equal else "gt")[0]

    def save_many(self, saves: Sequence[Save]) -> list[bool]:
        return self._save_all(saves, "gt")

    def _save_all(self, saves: Sequence[Save], mode: str) -> list[bool]:
        # One round trip for all the scripts (not a transaction: the keys are in two slots).
        # The lobby script has the same version guard, so it writes when the projection
        # does, and also when only the lobby lags (what sync_lobby repairs). EVAL, not
        # EVALSHA: a pipeline of registered scripts costs a SCRIPT EXISTS round trip first.
        pipe = self._client.pipeline(transaction=False)
        for game_id, version, view, lobby_entry in saves:
            lobby_text = canonical_json(lobby_entry)
            args: list[str | int] = [version, canonical_json(view), lobby_text, mode]
            pipe.eval(_SAVE_LUA, 1, projection_key(game_id), *args)
            pipe.eval(_LOBBY_LUA, 1, LOBBY_KEY, game_id, version, lobby_text, mode)
        replies = pipe.execute() if saves else []
        return [bool(written) for written in replies[::2]]

    def checkpoint(self, game_id: str) -> int:
        return self.checkpoints([game_id])[0]

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
        self._client.hdel(LOBBY_KEY, game_id)

    def register_seats(self, game_id: str, hashes: Mapping[int, str]) -> None:
        if hashes:
            mapping = {str(seat): digest for seat, digest in hashes.items()}
            self._client.hset(seats_key(game_id), mapping=mapping)  # type: ignore[arg-type]


def lagging_games(client: redis.Redis) -> tuple[int, list[tuple[str, int, int]]]:
    """(number of games, [(game id, checkpoint, stream head)] for each game behind)."""
    games = sorted(text(g) for g in cast(set[Any], client.smembers(GAMES_KEY)))
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


def projection_lag(client: redis.Redis, *, now_ms: int | None = None) -> dict[str, Any]:
    """For `GET /healthz`: how far the projections trail the streams (one scan of all games).

    `lagging` counts games whose checkpoint is behind their stream; `max_events` is the
    largest gap; `max_ms` is the age of the oldest event not yet projected (0 when none).
    """
    count, behind = lagging_games(client)
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
