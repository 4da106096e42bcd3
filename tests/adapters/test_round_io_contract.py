"""The RoundReader and RoundWriter contracts (lorekeeper/projections/ports.py), run in memory, on
one Redis and with the games on a Cluster: a projection round's checkpoints, new events and
tables read as each store gives them (and the games' pending flags cleared first, when
asked); its notes, listings, deadlines and views all written,
each save's result given back, and a failure before the saves leaving no view newer than
what was derived with it. On one Redis the reads are one round trip, the writes another
(adapters/redis/rounds.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import redis

from adapters.memory.clocks import InMemoryDeadlineIndex
from adapters.memory.event_store import InMemoryEventStore
from adapters.memory.lobby import InMemoryLobbyIndex
from adapters.memory.projections import InMemoryProjectionStore
from adapters.memory.push import InMemoryNotificationLog
from adapters.memory.tables import InMemoryTableStore
from adapters.redis.clocks import RedisDeadlineIndex
from adapters.redis.event_store import RedisStreamEventStore
from adapters.redis.jobs import RQJobQueue
from adapters.redis.keys import LISTINGS_KEY
from adapters.redis.lobby import RedisLobbyIndex
from adapters.redis.projections import RedisProjectionStore
from adapters.redis.push import RedisNotificationLog
from adapters.redis.rounds import RedisRoundReader, RedisRoundWriter
from adapters.redis.tables import RedisTableStore
from adapters.redis.topology import RedisClients
from lorekeeper.clocks.ports import Deadline, DeadlineIndex
from lorekeeper.games.ports import EventStore, NewEvent, ProjectionSave, ProjectionStore
from lorekeeper.players.ports import Listing, LobbyIndex, Shelf, TableStore
from lorekeeper.players.tables import Table
from lorekeeper.projections.ports import RoundReader, RoundWriter, RoundWrites
from lorekeeper.projections.rounds import SequentialRoundReader, SequentialRoundWriter
from lorekeeper.push.ports import Note, NotificationLog
from tests.round_trips import count_round_trips

SHELF = Shelf("public", "active")


@dataclass
class Round:
    writer: RoundWriter
    projections: ProjectionStore
    lobby: LobbyIndex
    deadlines: DeadlineIndex
    notes: NotificationLog
    break_lobby: Callable[[], None]  # the lobby's next write fails
    reader: RoundReader
    events: EventStore
    tables: TableStore
    request: Callable[[str], None]  # a projection of the game requested: its pending flag set
    pending: Callable[[str], bool]  # whether the game's pending flag is set


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
        events, tables = InMemoryEventStore(), InMemoryTableStore()
        flags: set[str] = set()
        reader = SequentialRoundReader(projections, events, tables, flags.difference_update)

        def break_memory() -> None:
            lobby.broken = True

        yield Round(writer, projections, lobby, deadlines, notes, break_memory, reader, events,
                    tables, flags.add, flags.__contains__)  # fmt: skip
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

    events = RedisStreamEventStore(clients.games, index=clients.coordination)
    tables = RedisTableStore(clients.games)
    jobs = RQJobQueue(clients.coordination, games=clients.games)
    reader = RedisRoundReader(clients.games, stores[0], events, tables, jobs)

    def request(game_id: str) -> None:
        assert jobs.request_projection(game_id)

    def pending(game_id: str) -> bool:
        return jobs.pending_since_ms(game_id) is not None

    yield Round(RedisRoundWriter(clients, *stores), *stores, break_redis, reader, events, tables,
                request, pending)  # fmt: skip


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


def test_a_round_reads_what_each_store_gives(round_: Round) -> None:
    for game_id, moves in (("g1", 3), ("g2", 1)):
        round_.events.create(game_id, [NewEvent("Created", {"n": 0})])
        for n in range(1, moves):
            round_.events.append(game_id, n, [NewEvent("Moved", {"n": n})], seat=0,
                                 command_id=None, command_hash=None)  # fmt: skip
    round_.tables.create(Table("g1", "public", "duel", 1000, ()))
    round_.projections.save([ProjectionSave("g1", 2, {"v": 2})])
    reads = [("g1", 3), ("g2", 1), ("nobody", 1)]

    got = round_.reader.read(reads)

    assert got.checkpoints == [2, 0, 0]
    assert got.tails == round_.events.tails(reads)
    assert [t.version for t in got.tails] == [3, 1, 0]
    assert got.tables == round_.tables.load_many(["g1", "g2", "nobody"])
    assert got.tables[0] is not None and got.tables[1] is None
    assert round_.reader.read([]) == ([], [], [])


def test_a_round_may_clear_its_games_pending_flags_with_its_reads(round_: Round) -> None:
    round_.events.create("g1", [NewEvent("Created", {"n": 0})])
    for game_id in ("g1", "g2", "g3"):
        round_.request(game_id)

    got = round_.reader.read([("g1", 1), ("g2", 1)], clear_pending=True)

    assert [t.version for t in got.tails] == [1, 0]
    assert [round_.pending(g) for g in ("g1", "g2", "g3")] == [False, False, True]
    round_.reader.read([("g3", 1)])  # not asked: the flag stays
    assert round_.pending("g3")


def test_a_reader_made_without_the_flags_refuses_to_clear_them(
    redis_client: redis.Redis,
) -> None:
    events = RedisStreamEventStore(redis_client)
    readers: list[RoundReader] = [
        RedisRoundReader(redis_client, RedisProjectionStore(redis_client), events,
                         RedisTableStore(redis_client)),
        SequentialRoundReader(InMemoryProjectionStore(), InMemoryEventStore()),
    ]  # fmt: skip
    for reader in readers:
        for reads in ([("g1", 1)], []):  # an empty round too: the same answer from both
            with pytest.raises(TypeError):
                reader.read(reads, clear_pending=True)


def test_on_one_redis_a_round_reads_in_one_round_trip_and_writes_in_one(
    redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    clients = RedisClients.single(redis_client)
    stores = (RedisProjectionStore(redis_client), RedisLobbyIndex(redis_client),
              RedisDeadlineIndex(redis_client), RedisNotificationLog(redis_client))  # fmt: skip
    writer = RedisRoundWriter(clients, *stores)
    events = RedisStreamEventStore(redis_client)
    jobs = RQJobQueue(redis_client)
    reader = RedisRoundReader(redis_client, stores[0], events, RedisTableStore(redis_client),
                              jobs)  # fmt: skip
    writer.write(writes(1, "g1"))  # the scripts loaded
    for n in range(8):
        events.create(f"g{n}", [NewEvent("Created", {"n": n})])
        jobs.request_projection(f"g{n}")
    reader.read([("g0", 1)])  # the reader's connection opened (its handshake is not counted)
    sent = count_round_trips(monkeypatch)
    reads = reader.read([(f"g{i}", 1) for i in range(8)], clear_pending=True)
    assert [t.version for t in reads.tails] == [1] * 8
    assert sent == [1]  # the flags' HDELs and the reads
    assert writer.write(writes(2, *(f"g{i}" for i in range(8)))) == [True] * 8
    assert sent == [2]
    assert not any(jobs.pending_since_ms(f"g{n}") for n in range(8))
