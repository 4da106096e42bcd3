"""The ratings' ports on the coordination Redis (lorekeeper/ratings/ports.py; the twins:
adapters/memory/ratings.py). Keys under the tag `{ratings}` (adapters/redis/keys.py):

- `lk:{ratings}:log`      list: each entry's JSON, in log order (its index is its position)
- `lk:{ratings}:games`    hash: game id -> its entry's position
- `lk:{ratings}:player:<id>`  hash: `mu`, `sigma` (exact, as Python prints a float), `rev`
  (the position of the entry that last set them), `place`, `games`, `win`, `loss`, `draw`
- `lk:{ratings}:board`    sorted set, every score 0: the players' places, read by range
- `lk:{ratings}:board:due`  sorted set: games waiting for their entry, by when last noted
  (ms), before the append that ends the game; the rating's append removes its game; the
  reconciler rates what stays too long

One script appends an entry and sets its players' ratings, after checking that the game has
no entry and that each player's `rev` is the one the rating was computed from: a job run
twice appends once, and two games of one player rated at once never lose an update.

The rating job: RQ's queue `ratings` (LOREKEEPER_RATING_QUEUE), job id `rate-<game>` (the
game id escaped as the other jobs'), the top-level function RATE_FUNC names.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, cast

import redis
from rq import Queue
from rq.exceptions import DuplicateJobError
from rq.serializers import JSONSerializer

from adapters.redis.jobs import _escaped
from adapters.redis.keys import (
    RATINGS_BOARD_KEY,
    RATINGS_DUE_KEY,
    RATINGS_GAMES_KEY,
    RATINGS_LOG_KEY,
    rating_key,
)
from adapters.redis.stream_entries import text
from lorekeeper.ratings.ports import (
    Appended,
    BoardPage,
    LoggedEntry,
    PlayerRating,
    RatingEntry,
    Skill,
    board_place,
)

RATE_FUNC = "workers.ratings.rate_game"
_FIELDS = ("mu", "sigma", "rev", "games", "win", "loss", "draw")

# KEYS: log, games, board, due, then each player's hash. ARGV: game id, entry JSON, then for
# each player: expected rev, mu, sigma, result, place. Reply: {outcome, position}.
_APPEND_LUA = """
local known = redis.call('HGET', KEYS[2], ARGV[1])
if known then return {'exists', tonumber(known)} end
local n = #KEYS - 4
for i = 1, n do
  local rev = redis.call('HGET', KEYS[4 + i], 'rev') or '-1'
  if rev ~= ARGV[3 + (i - 1) * 5] then return {'conflict', -1} end
end
local position = redis.call('RPUSH', KEYS[1], ARGV[2]) - 1
redis.call('HSET', KEYS[2], ARGV[1], position)
redis.call('ZREM', KEYS[4], ARGV[1])
for i = 1, n do
  local at = 3 + (i - 1) * 5
  local old = redis.call('HGET', KEYS[4 + i], 'place')
  if old then redis.call('ZREM', KEYS[3], old) end
  redis.call('HSET', KEYS[4 + i], 'mu', ARGV[at + 1], 'sigma', ARGV[at + 2], 'rev', position,
             'place', ARGV[at + 4])
  redis.call('HINCRBY', KEYS[4 + i], 'games', 1)
  redis.call('HINCRBY', KEYS[4 + i], ARGV[at + 3], 1)
  redis.call('ZADD', KEYS[3], 0, ARGV[at + 4])
end
return {'appended', position}
"""


# KEYS: games, due. ARGV: game id, now (ms). Notes the game unless it has an entry.
_MARK_DUE_LUA = """
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 0 end
return redis.call('ZADD', KEYS[2], 'GT', ARGV[2], ARGV[1])
"""
# KEYS: due. ARGV: game id, noted before (ms). Forgets the game unless noted again since.
_DROP_DUE_LUA = """
local noted = redis.call('ZSCORE', KEYS[1], ARGV[1])
if noted and tonumber(noted) < tonumber(ARGV[2]) then
  return redis.call('ZREM', KEYS[1], ARGV[1])
end
return 0
"""


def rate_job_id(game_id: str) -> str:
    """The RQ job id of a finished game's rating."""
    return f"rate-{_escaped(game_id)}"


class RedisRatingStore:
    def __init__(self, client: redis.Redis) -> None:
        self._client = client
        self._append = client.register_script(_APPEND_LUA)
        self._mark_due = client.register_script(_MARK_DUE_LUA)
        self._drop_due = client.register_script(_DROP_DUE_LUA)

    def ratings(self, player_ids: Sequence[str], initial: Skill) -> list[PlayerRating]:
        pipe = self._client.pipeline(transaction=False)
        for player_id in player_ids:
            pipe.hmget(rating_key(player_id), _FIELDS)
        return [_rating(p, initial, row) for p, row in zip(player_ids, pipe.execute(), strict=True)]

    def append(self, entry: RatingEntry, revs: Mapping[str, int]) -> Appended:
        keys = [RATINGS_LOG_KEY, RATINGS_GAMES_KEY, RATINGS_BOARD_KEY, RATINGS_DUE_KEY]
        args: list[str | int] = [entry.game_id, json.dumps(entry.to_json(), sort_keys=True)]
        for seat in entry.seats:
            keys.append(rating_key(seat.player_id))
            args += [str(revs.get(seat.player_id, -2)), repr(seat.after.mu),
                     repr(seat.after.sigma), seat.result,
                     board_place(seat.after.mu, seat.player_id)]  # fmt: skip
        outcome, position = cast(list[Any], self._append(keys=keys, args=args))
        found = int(position)
        return Appended(cast(Any, text(outcome)), None if found < 0 else found)

    def entry_of(self, game_id: str) -> LoggedEntry | None:
        position = self._client.hget(RATINGS_GAMES_KEY, game_id)
        if position is None:
            return None
        raw = self._client.lindex(RATINGS_LOG_KEY, int(position))
        return None if raw is None else LoggedEntry(int(position), _entry(raw))

    def mark_due(self, game_id: str, now_ms: int) -> None:
        self._mark_due(keys=[RATINGS_GAMES_KEY, RATINGS_DUE_KEY], args=[game_id, now_ms])

    def drop_due(self, game_id: str, noted_before_ms: int) -> None:
        self._drop_due(keys=[RATINGS_DUE_KEY], args=[game_id, noted_before_ms])

    def due(self, before_ms: int, limit: int) -> list[str]:
        found = self._client.zrangebyscore(RATINGS_DUE_KEY, "-inf", f"({before_ms}", 0, limit)
        return [text(g) for g in cast(list[Any], found)]

    def entries(self, after: int, limit: int) -> list[LoggedEntry]:
        start = max(after + 1, 0)
        found = cast(list[Any], self._client.lrange(RATINGS_LOG_KEY, start, start + limit - 1))
        return [LoggedEntry(start + n, _entry(raw)) for n, raw in enumerate(found)]

    def leaderboard(self, after: str | None, limit: int) -> BoardPage:
        low = "-" if after is None else f"({after}"
        found = cast(list[Any], self._client.zrangebylex(RATINGS_BOARD_KEY, low, "+", 0,
                                                         limit + 1))  # fmt: skip
        places = [text(p) for p in found]
        ids = [p.partition(":")[2] for p in places[:limit]]
        ratings = self.ratings(ids, Skill(0.0, 0.0))
        return BoardPage(ratings, places[limit - 1] if len(places) > limit else None)


def _rating(player_id: str, initial: Skill, row: Sequence[Any]) -> PlayerRating:
    mu, sigma, rev, games, wins, losses, draws = (None if v is None else text(v) for v in row)
    if rev is None or mu is None or sigma is None:
        return PlayerRating(player_id, initial)
    return PlayerRating(player_id, Skill(float(mu), float(sigma)), int(games or 0),
                        int(wins or 0), int(losses or 0), int(draws or 0), int(rev))  # fmt: skip


def _entry(raw: Any) -> RatingEntry:
    return RatingEntry.from_json(json.loads(text(raw)))


class RQRatingQueue:
    """Rating jobs on RQ: one per finished rated game, its id `rate-<game>`."""

    def __init__(self, client: redis.Redis, name: str, *, job_timeout_s: int = 60) -> None:
        self.queue = Queue(name, connection=client, serializer=JSONSerializer)
        self._job_timeout_s = job_timeout_s

    def enqueue_rating(self, game_id: str) -> bool:
        try:
            self.queue.enqueue_call(RATE_FUNC, args=(game_id,), job_id=rate_job_id(game_id),
                                    unique=True, result_ttl=24 * 3600,
                                    timeout=self._job_timeout_s,
                                    description=f"{RATE_FUNC}({game_id!r})")  # fmt: skip
        except DuplicateJobError:
            return False
        return True
