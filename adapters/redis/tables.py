"""TableStore on Redis (the port: lorekeeper/players/ports.py; the twin: adapters/memory/tables.py).

`lk:{<game_id>}:table` hash: `rev` and `table` (the Table as JSON). In the game's slot, beside
its stream and seat tokens. Every change is a compare and set on `rev` (one script).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from adapters.redis.keys import table_key
from adapters.redis.stream_entries import text
from adapters.redis.topology import GamesClient
from lorekeeper.players.tables import Table

# KEYS: the table hash. ARGV: expected rev ("0": none yet), new rev, table JSON.
_SET_LUA = """
local current = redis.call('HGET', KEYS[1], 'rev') or '0'
if current ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'rev', ARGV[2], 'table', ARGV[3])
return 1
"""


def table_json(table: Table) -> str:
    return json.dumps(table.to_json(), separators=(",", ":"), sort_keys=True)


def _table(raw: bytes | str | None) -> Table | None:
    return None if raw is None else Table.from_json(json.loads(text(raw)))


class RedisTableStore:
    def __init__(self, client: GamesClient) -> None:
        self._client = client
        self._set = client.register_script(_SET_LUA)

    def create(self, table: Table) -> bool:
        return bool(self._set(keys=[table_key(table.game_id)],
                              args=["0", table.rev, table_json(table)]))  # fmt: skip

    def load(self, game_id: str) -> Table | None:
        return _table(self._client.hget(table_key(game_id), "table"))

    def load_many(self, game_ids: Sequence[str]) -> list[Table | None]:
        if not game_ids:
            return []
        pipe = self._client.pipeline(transaction=False)
        self.queue_loads(pipe, game_ids)
        return self.tables_of(pipe.execute())

    @staticmethod
    def queue_loads(pipe: Any, game_ids: Sequence[str]) -> None:
        """`load_many`'s reads, queued on `pipe` (adapters/redis/rounds.py)."""
        for game_id in game_ids:
            pipe.hget(table_key(game_id), "table")

    @staticmethod
    def tables_of(replies: Sequence[Any]) -> list[Table | None]:
        return [_table(raw) for raw in replies]

    def replace(self, table: Table, expected_rev: int) -> bool:
        if table.rev != expected_rev + 1:
            raise ValueError(f"a table replacing rev {expected_rev} has rev {expected_rev + 1}")
        args: list[str | int] = [str(expected_rev), table.rev, table_json(table)]
        return bool(self._set(keys=[table_key(table.game_id)], args=args))
