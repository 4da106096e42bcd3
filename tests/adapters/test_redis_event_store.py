"""What RedisStreamEventStore leaves in Redis: the layout other readers rely on."""

from __future__ import annotations

import json
from typing import Any

import pytest
import redis

from adapters.redis.append_script import HEAD_FIELD
from adapters.redis.event_store import RedisStreamEventStore
from adapters.redis.feed import RedisStreamFeed
from adapters.redis.keys import GAMES_KEY, commands_key, events_key
from adapters.redis.server import RedisServerProcess
from lorekeeper.audit.chain import GENESIS
from lorekeeper.errors import VersionConflict
from lorekeeper.games.ports import NewEvent, Tail
from lorekeeper.push.streaming import game_topic, version_position
from tests.adapters.test_event_chain import assert_chained
from tests.adapters.test_stream_entries import written


def test_keys_of_a_game_share_its_hash_tag() -> None:
    assert events_key("g1") == "lk:{g1}:events"
    assert commands_key("g1") == "lk:{g1}:cmds"


def test_an_append_of_one_event_is_an_entry_whose_id_is_its_version(
    redis_client: redis.Redis,
) -> None:
    store = RedisStreamEventStore(redis_client)
    store.create("g1", [NewEvent("GameStarted", {"seats": 2})], seat=None)
    moved = NewEvent("Moved", {"to": "é"}, schema=2)
    store.append("g1", 1, [moved], seat=1, command_id="c1", command_hash="h1")

    entries: Any = redis_client.xrange("lk:{g1}:events", "2-0", "+")
    first: Any = redis_client.xrange("lk:{g1}:events", "1-0", "1-0")

    assert [entry_id for entry_id, _ in entries] == [b"2-0"]
    fields = entries[0][1]
    assert {k: v for k, v in fields.items() if k not in (b"t", b"prev", b"hash")} == {
        b"type": b"Moved",
        b"schema": b"2",
        b"payload": '{"to":"é"}'.encode(),
        b"seat": b"1",
        b"cmd": b"c1",
        b"command": b"",
    }
    assert int(fields[b"t"]) > 0
    assert fields[b"prev"] == first[0][1][b"hash"] and len(fields[b"hash"]) == 64
    assert first[0][1][b"seat"] == b""


def test_an_append_of_several_events_is_one_entry_whose_id_is_its_last_version(
    redis_client: redis.Redis,
) -> None:
    store = RedisStreamEventStore(redis_client)
    created = store.create("g1", [NewEvent("GameStarted", {})], seat=None)
    body = {"type": "move", "to": "é"}
    appended = store.append("g1", 1, [NewEvent("Moved", {"to": "é"}, schema=2, command=body),
                                      NewEvent("TurnEnded", {"seat": 1})],
                            seat=1, command_id="c1", command_hash="h1")  # fmt: skip

    entries: Any = redis_client.xrange("lk:{g1}:events")

    assert [entry_id for entry_id, _ in entries] == [b"1-0", b"3-0"]
    fields = entries[1][1]
    moved, ended = appended.events
    assert fields == {
        b"seat": b"1",
        b"cmd": b"c1",
        b"t": str(moved.time_ms).encode(),
        b"command": '{"to":"é","type":"move"}'.encode(),
        b"prev": created.events[0].hash.encode(),
        b"hash": ended.hash.encode(),
        b"events": (f'[["Moved",2,{{"to":"é"}},"{moved.hash}"],'
                    f'["TurnEnded",1,{{"seat":1}},"{ended.hash}"]]').encode(),
    }  # fmt: skip
    assert redis_client.xlen("lk:{g1}:events") == 2 and store.version("g1") == 3


def test_command_ids_record_their_hash_and_versions(redis_client: redis.Redis) -> None:
    store = RedisStreamEventStore(redis_client)
    store.create("g1", [NewEvent("GameStarted", {})])
    events = [NewEvent("A", {}), NewEvent("B", {})]
    store.append("g1", 1, events, seat=0, command_id="c1", command_hash="h1")

    record = json.loads(redis_client.hget("lk:{g1}:cmds", "c1") or b"")

    assert record == {"hash": "h1", "first": 2, "last": 3}


def test_created_games_are_indexed_in_one_set(redis_client: redis.Redis) -> None:
    RedisStreamEventStore(redis_client).create("g1", [NewEvent("GameStarted", {})])

    assert redis_client.smembers(GAMES_KEY) == {b"g1"}


def test_a_pass_over_all_games_reads_the_index_a_page_at_a_time(
    redis_client: redis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = RedisStreamEventStore(redis_client)
    for i in range(300):  # past the sizes Redis keeps a set in one compact block
        store.create(f"g{i:03}", [NewEvent("GameStarted", {})])
    monkeypatch.setattr("adapters.redis.event_reads.GAME_IDS_PAGE", 20)
    before = sscan_calls(redis_client)

    games = store.iter_game_ids()
    first = [next(games) for _ in range(5)]
    after_first = sscan_calls(redis_client)
    rest = list(games)

    assert after_first - before == 1  # one page read for the first ids, not the whole set
    assert sscan_calls(redis_client) - before >= 300 // 40  # the rest, page by page
    assert set(first + rest) == {f"g{i:03}" for i in range(300)}


def sscan_calls(client: redis.Redis) -> int:
    return int(client.info("commandstats").get("cmdstat_sscan", {}).get("calls", 0))


def test_a_client_that_decodes_responses_works_too(redis_server: RedisServerProcess) -> None:
    client = redis.Redis.from_url(redis_server.url, decode_responses=True)
    client.flushall()
    store = RedisStreamEventStore(client)
    store.create("g1", [NewEvent("GameStarted", {"name": "Smaug"})])
    first = store.append("g1", 1, [NewEvent("A", {})], seat=2, command_id="c1", command_hash="h")

    retry = store.append("g1", 1, [NewEvent("A", {})], seat=2, command_id="c1", command_hash="h")

    assert retry.events == first.events
    assert store.read("g1")[0].payload == {"name": "Smaug"}
    assert sorted(store.iter_game_ids()) == ["g1"]
    client.close()


def test_the_script_is_loaded_again_when_redis_forgot_it(redis_client: redis.Redis) -> None:
    store = RedisStreamEventStore(redis_client)
    store.create("g1", [NewEvent("GameStarted", {})])
    redis_client.script_flush()

    result = store.append(
        "g1", 1, [NewEvent("A", {})], seat=None, command_id=None, command_hash=None
    )

    assert result.version == 2


def test_the_head_is_kept_beside_the_command_ids(redis_client: redis.Redis) -> None:
    store = RedisStreamEventStore(redis_client)
    store.create("g1", [NewEvent("GameStarted", {})])
    appended = store.append("g1", 1, [NewEvent("A", {}), NewEvent("B", {})], seat=0,
                            command_id="c1", command_hash="h1")  # fmt: skip

    kept = redis_client.hget("lk:{g1}:cmds", HEAD_FIELD)

    assert kept == f"3 {appended.events[-1].hash}".encode()


def test_a_stream_written_before_the_head_was_kept_appends_as_before(
    redis_client: redis.Redis,
) -> None:
    """A game stored by an older version (no head field) is read from its stream once: the
    version checks, the chain and the command ids hold, and the next append keeps the head."""
    store = RedisStreamEventStore(redis_client)
    store.create("g1", [NewEvent("GameStarted", {})])
    store.append("g1", 1, [NewEvent("A", {})], seat=0, command_id="c1", command_hash="h1")
    redis_client.hdel("lk:{g1}:cmds", HEAD_FIELD)
    fresh = RedisStreamEventStore(redis_client)  # no head cached in the process either

    with pytest.raises(VersionConflict):
        fresh.append("g1", 1, [NewEvent("B", {})], seat=1, command_id="c2", command_hash="h2")
    assert fresh.append("g1", 1, [NewEvent("A", {})], seat=0, command_id="c1",
                        command_hash="h1").duplicate  # fmt: skip
    appended = fresh.append("g1", 2, [NewEvent("B", {})], seat=1, command_id="c2",
                            command_hash="h2")  # fmt: skip

    assert appended.version == 3
    stored = fresh.read("g1")
    assert [e.prev_hash for e in stored[1:]] == [e.hash for e in stored[:-1]]
    assert redis_client.hget("lk:{g1}:cmds", HEAD_FIELD) == f"3 {appended.events[-1].hash}".encode()


def test_the_head_field_is_no_command_id(redis_client: redis.Redis) -> None:
    store = RedisStreamEventStore(redis_client)
    store.create("g1", [NewEvent("GameStarted", {})])

    with pytest.raises(ValueError, match="reserved"):
        store.append("g1", 1, [NewEvent("A", {})], seat=0, command_id=HEAD_FIELD,
                     command_hash="h1")  # fmt: skip


def write_as_before(client: redis.Redis, game_id: str, events: list[NewEvent]) -> None:
    """`events` as the server stored them before an append became one entry: an entry each
    (the shape an append of one event still has), then the head beside the command ids."""
    prev = GENESIS
    for version, one in enumerate(events, start=1):
        entry_id, fields, hashes = written([one], version, prev, command_id="old")
        client.xadd(events_key(game_id), fields, id=entry_id)  # type: ignore[arg-type]
        prev = hashes[0]
    client.hset(commands_key(game_id), HEAD_FIELD, f"{len(events)} {prev}")


@pytest.mark.parametrize("head_kept", [True, False], ids=["head", "no_head"])
def test_a_stream_of_entries_an_event_then_entries_an_append_reads_whole(
    redis_client: redis.Redis, head_kept: bool
) -> None:
    old = [NewEvent("GameStarted", {}), NewEvent("A", {"n": 1}),
           NewEvent("B", {"n": 2}, command={"type": "b"})]  # fmt: skip
    write_as_before(redis_client, "g1", old)
    if not head_kept:  # older still: stored before the head was kept
        redis_client.hdel(commands_key("g1"), HEAD_FIELD)
    store = RedisStreamEventStore(redis_client)
    store.append("g1", 3, [NewEvent("C", {"n": 3}), NewEvent("D", {"n": 4})], seat=1,
                 command_id="c1", command_hash="h1")  # fmt: skip
    store.append("g1", 5, [NewEvent("E", {})], seat=None, command_id=None, command_hash=None)

    everything = RedisStreamEventStore(redis_client).read("g1")

    assert [e.type for e in everything] == ["GameStarted", "A", "B", "C", "D", "E"]
    assert [e.version for e in everything] == [1, 2, 3, 4, 5, 6]
    assert [e.command for e in everything] == [None, None, {"type": "b"}, None, None, None]
    assert_chained(everything)
    assert store.version("g1") == 6
    for version in range(1, 8):
        for limit in (None, 1, 2):
            assert store.read("g1", version, limit) == everything[version - 1 :][:limit]
    tails = store.tails([("g1", version) for version in range(1, 9)])
    assert tails == [Tail(6, everything[version - 1 :]) for version in range(1, 9)]
    feed = RedisStreamFeed(redis_client)
    for after in range(7):
        read = feed.read(game_topic("g1"), version_position(after), 100)
        assert [e.item for e in read] == everything[after:]
    feed.close()
