"""Measure 6: Redis memory per event and per finished game.

Per key, `MEMORY USAGE <key> SAMPLES 0` (every element counted): the event stream, the
command ids, the projection, the seat hashes, the dice config, and the game's lobby listing.
Beside it, the growth of INFO `used_memory` while the games were created and played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import redis

from adapters.redis.keys import LISTINGS_KEY, commands_key, events_key, projection_key, seats_key
from adapters.redis.stream_heads import stream_versions

_OTHER_KEYS = {  # the game's other keys, by the name they go by in the report
    "commands": commands_key,
    "projection": projection_key,
    "seats": seats_key,
    "dice": lambda g: f"lk:{{{g}}}:dice",  # lorekeeper/games/dice.py's dice_key
}


@dataclass(frozen=True)
class Memory:
    games: int
    events: int
    stream_bytes: int
    other_bytes: dict[str, int]
    used_memory_delta: int

    @property
    def per_event(self) -> float:
        return self.stream_bytes / max(1, self.events)

    @property
    def per_game(self) -> float:
        return (self.stream_bytes + sum(self.other_bytes.values())) / max(1, self.games)

    @property
    def per_event_all_keys(self) -> float:
        return (self.stream_bytes + sum(self.other_bytes.values())) / max(1, self.events)


def used_memory(client: redis.Redis) -> int:
    return int(client.info("memory")["used_memory"])


def measure(client: redis.Redis, game_ids: Sequence[str], used_before: int) -> Memory:
    versions = stream_versions(client, game_ids)  # an entry holds an append: XLEN is no count
    pipe = client.pipeline(transaction=False)
    for game_id in game_ids:
        pipe.memory_usage(events_key(game_id), samples=0)
        for key in _OTHER_KEYS.values():
            pipe.memory_usage(key(game_id), samples=0)
        pipe.hstrlen(LISTINGS_KEY, game_id)
    replies: list[Any] = pipe.execute()
    width = 2 + len(_OTHER_KEYS)
    stream = 0
    other = dict.fromkeys([*_OTHER_KEYS, "lobby listing"], 0)
    for i in range(len(game_ids)):
        row = replies[i * width : (i + 1) * width]
        stream += int(row[0] or 0)
        for name, value in zip([*_OTHER_KEYS, "lobby listing"], row[1:], strict=True):
            other[name] += int(value or 0)
    return Memory(len(game_ids), sum(versions), stream, other, used_memory(client) - used_before)
