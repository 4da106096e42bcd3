"""The TransparencyStore contract (issue 20), run against the in-memory store and the Redis
one: leaves appended in order, once per name, never past the limit, read back by range; a
game's salt kept once, whoever asks first."""

from __future__ import annotations

import threading

import pytest
import redis

from adapters.memory.transparency import InMemoryTransparencyStore
from adapters.redis.transparency import RedisTransparencyStore
from lorekeeper.audit.ports import TransparencyStore


@pytest.fixture(params=["in_memory", "redis"])
def store(request: pytest.FixtureRequest) -> TransparencyStore:
    if request.param == "in_memory":
        return InMemoryTransparencyStore()
    client: redis.Redis = request.getfixturevalue("redis_client")
    return RedisTransparencyStore(client)


def test_leaves_go_in_order_and_read_back(store: TransparencyStore) -> None:
    assert store.size() == 0 and store.leaves(0, 10) == []
    for i in range(5):
        assert store.append(f"leaf:{i}", b"data %d" % i, 100) == i
    assert store.size() == 5
    assert store.leaves(1, 3) == [b"data 1", b"data 2"]
    assert store.leaves(3, 99) == [b"data 3", b"data 4"]
    assert store.leaves(4, 4) == []
    assert store.index_of("leaf:3") == 3 and store.index_of("leaf:9") is None


def test_a_name_is_appended_once(store: TransparencyStore) -> None:
    assert store.append("game_created:g1", b"first", 100) == 0
    assert store.append("game_created:g1", b"another", 100) == 0  # a retry: nothing new
    assert store.size() == 1 and store.leaves(0, 1) == [b"first"]


def test_the_limit_holds(store: TransparencyStore) -> None:
    assert [store.append(f"n{i}", b"x", 2) for i in range(3)] == [0, 1, None]
    assert store.size() == 2 and store.index_of("n2") is None
    assert store.append("n0", b"x", 2) == 0  # a known name still answers its index


def test_concurrent_appends_get_distinct_indexes(store: TransparencyStore) -> None:
    got: list[int | None] = []
    lock = threading.Lock()

    def add(n: int) -> None:
        for i in range(25):
            index = store.append(f"t{n}-{i}", b"%d-%d" % (n, i), 10_000)
            with lock:
                got.append(index)

    threads = [threading.Thread(target=add, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(i for i in got if i is not None) == list(range(100))
    assert store.size() == 100


def test_a_games_salt_is_kept_once(store: TransparencyStore) -> None:
    assert store.salt_of("g1") is None
    assert store.salt("g1", "a" * 64, 100) == "a" * 64
    assert store.salt("g1", "b" * 64, 100) == "a" * 64  # the kept one, not the fresh one
    assert store.salt_of("g1") == "a" * 64 and store.salt_of("g2") is None


def test_no_new_salt_once_the_log_is_full(store: TransparencyStore) -> None:
    """The salts are bounded with the leaves: a game the full log cannot hold gets none."""
    assert store.salt("g1", "a" * 64, 1) == "a" * 64
    assert store.append("game_created:g1", b"leaf", 1) == 0
    assert store.salt("g2", "b" * 64, 1) is None and store.salt_of("g2") is None
    assert store.salt("g1", "c" * 64, 1) == "a" * 64  # a kept salt still answers


def test_concurrent_salts_agree(store: TransparencyStore) -> None:
    got: list[str | None] = []
    lock = threading.Lock()

    def ask(n: int) -> None:
        kept = store.salt("g1", f"{n:064x}", 100)
        with lock:
            got.append(kept)

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(got)) == 1 and got[0] is not None and store.salt_of("g1") == got[0]
