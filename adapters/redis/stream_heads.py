"""Games' versions, read without XLEN: an entry of a game's stream holds a whole append
(adapters/redis/stream_entries.py), so the stream's length is no version. The version is the last
entry's ID, and every append writes it, with the head hash, into the field HEAD_FIELD of the
game's command-ids hash (`"<version> <hash>"`, adapters/redis/append_script.py). That field is what
is read: a few bytes, where the last entry may hold a whole append's payloads. A game whose
hash lacks it (stored before the field was kept, until its next append) or that does not
exist is read from its last entry (`XREVRANGE … COUNT 1`), in a second trip.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from adapters.redis.append_script import HEAD_FIELD
from adapters.redis.keys import commands_key, events_key
from adapters.redis.stream_entries import entry_version, text
from adapters.redis.topology import GamesClient


def stream_versions(client: GamesClient, game_ids: Sequence[str]) -> list[int]:
    """Each game's version (0 for an unknown game)."""
    if not game_ids:
        return []
    pipe = client.pipeline(transaction=False)
    queue_heads(pipe, game_ids)
    return versions_of(client, game_ids, pipe.execute())


def queue_heads(pipe: Any, game_ids: Sequence[str]) -> None:
    """The reads of `stream_versions`, queued on `pipe` with the caller's others; `versions_of`
    makes the versions of their replies."""
    for game_id in game_ids:
        pipe.hget(commands_key(game_id), HEAD_FIELD)


def versions_of(client: GamesClient, game_ids: Sequence[str], heads: Sequence[Any]) -> list[int]:
    """The versions of `game_ids`, given the replies to what `queue_heads` queued."""
    versions = [None if head is None else int(text(head).split(" ", 1)[0]) for head in heads]
    unknown = [i for i, version in enumerate(versions) if version is None]
    if unknown:
        pipe = client.pipeline(transaction=False)
        for i in unknown:
            pipe.xrevrange(events_key(game_ids[i]), "+", "-", count=1)
        for i, last in zip(unknown, pipe.execute(), strict=True):
            versions[i] = entry_version(last[0][0]) if last else 0
    return [version or 0 for version in versions]
