"""A projection round's writes on Redis, in as few round trips as the topology allows.

A round writes the players' notes, the games' listings and the clocked games' deadlines
(the coordination Redis), then the projections (the games' Redis): before this, one round
trip each. Under `appendfsync always` a write's reply waits for the disk, so each round trip
cost a flush, and the projection lag at full rate was those flushes one after another
(BENCHMARKS.md, "Issue 23"). Here:

- **one server** (the coordination client is the games' client): every script of the round
  goes in one round trip, the saves last. Redis runs a connection's commands in the order
  sent, so a worker killed half way has written a prefix: never a projection without the
  listing, notes and deadline derived with it. A script before the saves that answers an
  error (out of memory, say) does not stop the saves after it, so the saves that wrote are
  deleted (the reconciler projects those games again) and the error raised;
- **a cluster** (two clients): the coordination Redis's scripts in one round trip, then the
  saves on every master at once (adapters/redis_lane.py): two, the saves only after the
  others succeeded.
"""

from __future__ import annotations

from typing import Any

from adapters.redis_clocks import RedisDeadlineIndex
from adapters.redis_lane import checked, lane_for, run_all
from adapters.redis_lobby import RedisLobbyIndex
from adapters.redis_projections import RedisProjectionStore
from adapters.redis_push import RedisNotificationLog
from adapters.redis_topology import RedisClients
from lorekeeper.ports import RoundWrites


class RedisRoundWriter:
    def __init__(
        self,
        clients: RedisClients,
        projections: RedisProjectionStore,
        lobby: RedisLobbyIndex,
        deadlines: RedisDeadlineIndex,
        notes: RedisNotificationLog | None = None,
    ) -> None:
        self._shared = clients.shared
        self._games = lane_for(clients.games)
        self._coordination = self._games if self._shared else lane_for(clients.coordination)
        self._projections = projections
        self._lobby = lobby
        self._deadlines = deadlines
        self._notes = notes

    def write(self, writes: RoundWrites) -> list[bool]:
        before = [
            *(self._notes.record_calls(writes.notes) if self._notes is not None else ()),
            *self._lobby.update_calls(writes.listings),
            *self._deadlines.schedule_calls(writes.deadlines),
        ]
        saves = self._projections.save_calls(writes.saves, replace_equal=writes.replace_equal)
        if not self._shared:
            run_all(self._coordination, before)
            return [bool(written) for written in run_all(self._games, saves)]
        replies = self._games.run_scripts(before + saves) if before or saves else []
        saved = replies[len(before) :]
        failed = next((r for r in replies[: len(before)] if isinstance(r, Exception)), None)
        if failed is not None:
            self._take_back(writes, saved)
            raise failed
        return [bool(written) for written in checked(saved)]

    def _take_back(self, writes: RoundWrites, saved: list[Any]) -> None:
        """Delete the projections this round wrote (a write before them failed)."""
        for save, reply in zip(writes.saves, saved, strict=True):
            if reply == 1:
                self._projections.delete(save.game_id)
