"""The RoundWriter contract (lorekeeper/ports.py), run in memory, on one Redis and with the
games on a Cluster: a projection round's notes, listings, deadlines and views all written,
each save's result given back, and a failure before the saves leaving no view newer than
what was derived with it. On one Redis the round is one round trip
(adapters/redis_rounds.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import redis

from adapters.memory_clocks import InMemoryDeadlineIndex
from adapters.memory_lobby import InMemoryLobbyIndex
from adapters.memory_projections import InMemoryProjectionStore
from adapters.memory_push import InMemoryNotificationLog
from adapters.redis_clocks import RedisDeadlineIndex
from adapters.redis_keys import LISTINGS_KEY
from adapters.redis_lobby import RedisLobbyIndex
from adapters.redis_projections import RedisProjectionStore
from adapters.redis_push import RedisNotificationLog
from adapters.redis_rounds import RedisRoundWriter
from adapters.redis_topology import RedisClients
from lorekeeper.ports import (
    Deadline,
    DeadlineIndex,
    Listing,
    LobbyIndex,
    Note,
    NotificationLog,
    ProjectionSave,
    ProjectionStore,
    RoundWriter,
    RoundWrites,
    Shelf,
)
from lorekeeper.projector import SequentialRoundWriter

SHELF = Shelf("public", "active")


@dataclass
class Round:
    writer: RoundWriter
    projections: ProjectionStore
    lobby: LobbyIndex
    deadlines: DeadlineIndex
    notes: NotificationLog
    break_lobby: Callable[[], None]  # the lobby's next write fails


class _BrokenLobby(InMemoryLobbyIndex):
    broken = False

    def update(self, listings: Any) -> list[bool]:
        if self.broken:
            raise RuntimeError("the lobby is down")
        return super().update(listings)


@pytest.fixture(params=["in_memory", "redis", "cluster"])
def round_(request: pytest.FixtureRequest) -> Iterator[Round]:
    if request.param == "in_memory":
        projections, lobby = InMemoryProjectionStore(), _BrokenLobby()
        deadlines, notes = InMemoryDeadlineIndex(), InMemoryNotificationLog()
        writer = SequentialRoundWriter(projections, lobby, deadlines, notes)

        def break_memory() -> None:
            lobby.broken = True

        yield Round(writer, projections, lobby, deadlines, notes, break_memory)
        return
    if request.param == "cluster":
        clients = request.getfixturevalue("cluster_topology").clients
    else:
        clients = RedisClients.single(request.getfixturevalue("redis_client"))
    stores = (RedisProjectionStore(clients.games), RedisLobbyIndex(clients.coordination),
              RedisDeadlineIndex(clients.coordination),
              RedisNotificationLog(clients.coordination))  # fmt: skip

    def break_redis() -> None:  # the listings' hash made a string: the script's HGET fails
        clients.coordination.set(LISTINGS_KEY, "not a hash")

    yield Round(RedisRoundWriter(clients, *stores), *stores, break_redis)


def listing(game_id: str, version: int) -> Listing:
    return Listing(game_id, (version, 0), 1000, (SHELF,), {"game_id": game_id})


def writes(version: int, *games: str, replace_equal: bool = False) -> RoundWrites:
    fact = f"turn:{version}"
    notes = [(g, (version, 0), {"p1": [(fact, Note(f"n_{g}_{version}", "your_turn", g, {}))]})
             for g in games]  # fmt: skip
    return RoundWrites(
        notes=notes,
        listings=[listing(g, version) for g in games],
        deadlines=[Deadline(g, version, 5000 + version) for g in games],
        saves=[ProjectionSave(g, version, {"v": version}) for g in games],
        replace_equal=replace_equal,
    )


def test_a_round_writes_every_part_and_answers_for_each_save(round_: Round) -> None:
    assert round_.writer.write(writes(3, "g1", "g2")) == [True, True]
    assert round_.projections.checkpoints(["g1", "g2"]) == [3, 3]
    assert sorted(e["game_id"] for e in round_.lobby.page(SHELF, None, 10).entries) == ["g1", "g2"]
    assert sorted(d.game_id for d in round_.deadlines.due(6000, 10)) == ["g1", "g2"]
    assert [e.item["id"] for e in round_.notes.read("player:p1", "0-0", 10)] == ["n_g1_3", "n_g2_3"]
    assert round_.writer.write(writes(3, "g1")) == [False]  # the same version: kept as it was
    assert round_.writer.write(writes(3, "g1", replace_equal=True)) == [True]
    assert round_.writer.write(writes(2, "g2")) == [False]  # an older one never replaces it
    assert round_.writer.write(RoundWrites()) == []


def test_a_failure_before_the_saves_leaves_no_view_newer_than_its_listing(round_: Round) -> None:
    round_.writer.write(writes(3, "g1"))
    round_.break_lobby()
    with pytest.raises(Exception):  # noqa: B017 - each backend's own error
        round_.writer.write(writes(4, "g1", "g2"))
    # The views trail (g1 at 3 or deleted; g2 not saved): the reconciler projects them again.
    assert round_.projections.checkpoints(["g1", "g2"])[0] in (0, 3)
    assert round_.projections.checkpoints(["g2"]) == [0]


def test_on_one_redis_a_round_is_one_round_trip(
    redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    clients = RedisClients.single(redis_client)
    stores = (RedisProjectionStore(redis_client), RedisLobbyIndex(redis_client),
              RedisDeadlineIndex(redis_client), RedisNotificationLog(redis_client))  # fmt: skip
    writer = RedisRoundWriter(clients, *stores)
    writer.write(writes(1, "g1"))  # the scripts loaded
    sent = count_round_trips(monkeypatch)
    assert writer.write(writes(2, *(f"g{i}" for i in range(8)))) == [True] * 8
    assert sent == [1]


def count_round_trips(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A one-item list counting the packed sends (round trips) every connection makes."""
    sent = [0]
    original = redis.connection.AbstractConnection.send_packed_command

    def counting(self: Any, command: Any, check_health: bool = True) -> None:
        sent[0] += 1
        original(self, command, check_health)

    monkeypatch.setattr(redis.connection.AbstractConnection, "send_packed_command", counting)
    return sent
