"""The contracts of PlayerStore, TableStore and LobbyIndex (lorekeeper/players/ports.py): every
implementation, in memory and on a private Redis."""

from __future__ import annotations

import threading

import pytest

from adapters.memory.lobby import InMemoryLobbyIndex
from adapters.memory.players import InMemoryPlayerStore
from adapters.memory.tables import InMemoryTableStore
from adapters.redis.lobby import RedisLobbyIndex
from adapters.redis.players import RedisPlayerStore
from adapters.redis.tables import RedisTableStore
from lorekeeper.players.ports import (
    ApiKey,
    Listing,
    LobbyIndex,
    Player,
    PlayerStore,
    Shelf,
    TableStore,
)
from lorekeeper.players.tables import Grant, Seat, Table, take_seat


@pytest.fixture(params=["in_memory", "redis"])
def players(request: pytest.FixtureRequest) -> PlayerStore:
    if request.param == "in_memory":
        return InMemoryPlayerStore()
    return RedisPlayerStore(request.getfixturevalue("redis_client"))


@pytest.fixture(params=["in_memory", "redis"])
def tables(request: pytest.FixtureRequest) -> TableStore:
    if request.param == "in_memory":
        return InMemoryTableStore()
    return RedisTableStore(request.getfixturevalue("redis_client"))


@pytest.fixture(params=["in_memory", "redis"])
def index(request: pytest.FixtureRequest) -> LobbyIndex:
    if request.param == "in_memory":
        return InMemoryLobbyIndex()
    return RedisLobbyIndex(request.getfixturevalue("redis_client"))


def key(n: int) -> ApiKey:
    digest = f"{n:012x}" + "f" * 52
    return ApiKey(digest[:12], digest, 1000 + n)


# -- players ------------------------------------------------------------------------------------


def test_a_player_is_found_by_the_hash_of_each_key(players: PlayerStore) -> None:
    players.create(Player("p_1", "Ann", 5, (key(1),)))
    assert players.player_of_key(key(1).hash) == "p_1"
    assert players.player_of_key(key(2).hash) is None
    assert players.load("p_1") == Player("p_1", "Ann", 5, (key(1),))
    assert players.load("p_2") is None


def test_keys_are_added_rotated_and_revoked(players: PlayerStore) -> None:
    players.create(Player("p_1", "Ann", 5, (key(1),)))
    assert players.add_key("p_1", key(2), max_keys=3)
    assert players.add_key("p_1", key(3), max_keys=3, replacing=key(1).id)
    assert players.player_of_key(key(1).hash) is None
    assert players.player_of_key(key(3).hash) == "p_1"
    assert not players.add_key("p_1", key(4), max_keys=2)  # holds 2 already
    assert players.player_of_key(key(4).hash) is None
    assert not players.add_key("p_1", key(5), max_keys=9, replacing=key(1).id)  # gone
    assert players.player_of_key(key(5).hash) is None
    assert not players.add_key("p_9", key(6), max_keys=9)
    assert players.revoke_key("p_1", key(2).id)
    assert not players.revoke_key("p_1", key(2).id)
    assert players.player_of_key(key(2).hash) is None
    loaded = players.load("p_1")
    assert loaded is not None and [k.id for k in loaded.keys] == [key(3).id]


def test_two_rotations_of_one_key_at_once_leave_one_key(players: PlayerStore) -> None:
    players.create(Player("p_1", "Ann", 5, (key(1),)))
    results: list[bool] = []

    def rotate(n: int) -> None:
        results.append(players.add_key("p_1", key(n), max_keys=5, replacing=key(1).id))

    threads = [threading.Thread(target=rotate, args=(n,)) for n in (2, 3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [False, True]
    loaded = players.load("p_1")
    assert loaded is not None and len(loaded.keys) == 1
    working = [key(n) for n in (1, 2, 3) if players.player_of_key(key(n).hash)]
    assert working == list(loaded.keys)


# -- tables -------------------------------------------------------------------------------------


def a_table(game_id: str = "g1") -> Table:
    seats = (Seat("player", "p_1", "Ann"), Seat("open"), Seat("bot", bot="battler"))
    return Table(game_id, "private", "duel", 100, seats, owner="p_1", expires_ms=500,
                 grants=(Grant("abc", "abc" * 4, "spectator", "p_1", 7),),
                 options={"auto_decisions": True})  # fmt: skip


def test_a_table_is_created_once_and_read_back(tables: TableStore) -> None:
    table = a_table()
    assert tables.create(table)
    assert not tables.create(a_table())
    assert tables.load("g1") == table
    assert tables.load_many(["g1", "g2"]) == [table, None]


def test_a_table_changes_only_from_the_revision_read(tables: TableStore) -> None:
    table = a_table()
    tables.create(table)
    taken = take_seat(table, 1, Seat("player", "p_2", "Bob"))
    assert taken.rev == table.rev + 1
    assert tables.replace(taken, table.rev)
    assert not tables.replace(take_seat(table, 1, Seat("player", "p_3", "Cy")), table.rev)
    assert tables.load("g1") == taken
    assert not tables.replace(take_seat(a_table("g9"), 1, Seat("token")), 1)  # no such table


# -- the lobby index ----------------------------------------------------------------------------

PUBLIC = Shelf("public", "active")


def listing(game_id: str, created: int, stamp: tuple[int, int], *shelves: Shelf,
            expires: int | None = None) -> Listing:  # fmt: skip
    return Listing(game_id, stamp, created, shelves, {"game_id": game_id, "v": stamp[0]}, expires)


def test_a_shelf_is_newest_first_and_pages_from_a_place(index: LobbyIndex) -> None:
    index.update([listing(f"g{n}", 1000 + n, (1, 1), PUBLIC) for n in range(7)])
    first = index.page(PUBLIC, None, 3)
    assert [e["game_id"] for e in first.entries] == ["g6", "g5", "g4"]
    second = index.page(PUBLIC, first.next_cursor, 3)
    assert [e["game_id"] for e in second.entries] == ["g3", "g2", "g1"]
    last = index.page(PUBLIC, second.next_cursor, 3)
    assert [e["game_id"] for e in last.entries] == ["g0"] and last.next_cursor is None
    assert index.count(PUBLIC) == 7
    assert index.page(Shelf("public", "over"), None, 3).entries == []


def test_a_newer_listing_moves_a_game_and_an_older_one_changes_nothing(index: LobbyIndex) -> None:
    over = Shelf("public", "over")
    mine = Shelf("player", "all", None, "p_1")
    assert index.update([listing("g1", 1000, (3, 1), PUBLIC, mine)]) == [True]
    assert index.update([listing("g1", 1000, (4, 1), over, mine)]) == [True]
    assert index.update([listing("g1", 1000, (3, 2), PUBLIC)]) == [False]  # older version
    assert index.update([listing("g1", 1000, (4, 1), PUBLIC)]) == [False]  # same stamp
    assert index.count(PUBLIC) == 0 and index.count(over) == index.count(mine) == 1
    assert index.page(over, None, 5).entries == [{"game_id": "g1", "v": 4}]
    assert index.update([listing("g1", 1000, (4, 2), over)]) == [True]  # the table changed
    assert index.count(mine) == 0


def test_open_games_are_found_once_their_time_has_passed(index: LobbyIndex) -> None:
    index.update([listing("g1", 1, (1, 1), expires=50), listing("g2", 2, (1, 1), expires=20),
                  listing("g3", 3, (1, 1))])  # fmt: skip
    assert index.expiring(10, 10) == []
    assert index.expiring(60, 10) == ["g2", "g1"]
    assert index.expiring(60, 1) == ["g2"]
    index.update([listing("g2", 2, (2, 1))])  # started: no expiry any more
    assert index.expiring(60, 10) == ["g1"]


def test_listings_of_one_game_at_once_keep_the_newest(index: LobbyIndex) -> None:
    shelves = [Shelf("public", s) for s in ("open", "active", "over")]

    def write(n: int) -> None:
        index.update([listing("g1", 1000, (n, 1), shelves[n % 3])])

    threads = [threading.Thread(target=write, args=(n,)) for n in range(1, 30)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [index.count(s) for s in shelves] == [0, 0, 1]  # 29 % 3 == 2: over
    assert index.page(shelves[2], None, 5).entries == [{"game_id": "g1", "v": 29}]
