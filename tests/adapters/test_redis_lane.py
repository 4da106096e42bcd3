"""RedisLane: scripts in one round trip on a connection of the lane's own."""

from __future__ import annotations

import threading

import pytest
import redis
from redis.exceptions import DataError, ResponseError

from adapters.redis.lane import RedisLane, bundled, run_as_one
from adapters.redis.wire import ScriptCall, packed

COUNT = "return redis.call('INCR', KEYS[1])"
ECHO = "return ARGV[1]"
FAIL = "return redis.error_reply('no such luck')"


def test_replies_come_in_order_with_an_error_in_its_place(redis_client: redis.Redis) -> None:
    lane = RedisLane(redis_client)

    replies = lane.run_scripts(
        [ScriptCall(ECHO, [], ["a"]), ScriptCall(FAIL, [], []), ScriptCall(COUNT, ["n"], [])]
    )

    assert replies[0] == b"a" and replies[2] == 1
    assert isinstance(replies[1], ResponseError) and "no such luck" in str(replies[1])
    assert lane.run_scripts([ScriptCall(ECHO, [], ["b"])]) == [b"b"]  # still in step


def test_a_forgotten_script_is_loaded_and_only_it_runs_again(redis_client: redis.Redis) -> None:
    lane = RedisLane(redis_client)
    lane.run_scripts([ScriptCall(COUNT, ["n"], [])])
    redis_client.script_flush()  # a restarted server knows no scripts
    redis_client.script_load(COUNT)  # ... but this one was loaded again meanwhile

    replies = lane.run_scripts([ScriptCall(COUNT, ["n"], []), ScriptCall(ECHO, [], ["x"])])

    assert replies == [2, b"x"] and redis_client.get("n") == b"2"  # counted once, not twice


def test_a_dropped_connection_is_opened_again(redis_client: redis.Redis) -> None:
    lane = RedisLane(redis_client)
    lane.run_scripts([ScriptCall(COUNT, ["n"], [])])
    redis_client.client_kill_filter(_type="normal", skipme=True)  # drops the lane's connection

    assert lane.run_scripts([ScriptCall(COUNT, ["n"], [])]) == [2]


def test_each_thread_talks_on_its_own_connection(redis_client: redis.Redis) -> None:
    lane = RedisLane(redis_client)
    wrong: list[tuple[str, object]] = []

    def talk(name: str) -> None:
        for i in range(200):
            said = f"{name}-{i}".encode()
            reply = lane.run_scripts([ScriptCall(ECHO, [], [said.decode()])])[0]
            if reply != said:
                wrong.append((name, reply))

    threads = [threading.Thread(target=talk, args=(f"t{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert wrong == []


def test_calls_past_its_connections_wait_for_one(redis_client: redis.Redis) -> None:
    lane = RedisLane(redis_client, max_connections=2)
    replies: list[object] = []

    def talk(i: int) -> None:
        replies.append(lane.run_scripts([ScriptCall(ECHO, [], [str(i)])])[0])

    threads = [threading.Thread(target=talk, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(replies) == sorted(str(i).encode() for i in range(8))  # type: ignore[type-var]
    assert len(lane._connections._idle) <= 2  # never more than two connections


SET = "redis.call('SET', KEYS[1], ARGV[1])"  # returns nothing
BREAK = "return redis.call('INCR', KEYS[1])"  # an error when the key holds no number


def evalsha_calls(client: redis.Redis) -> int:
    stats = client.info("commandstats").get("cmdstat_evalsha")
    return int(stats["calls"]) if stats else 0


def test_calls_run_as_one_script_each_with_its_keys_and_arguments(
    redis_client: redis.Redis,
) -> None:
    lane = RedisLane(redis_client)
    calls = [ScriptCall(COUNT, ["n"], []), ScriptCall(ECHO, [], ["a"]),
             ScriptCall(SET, ["k"], ["v"]), ScriptCall(COUNT, ["m"], []),
             ScriptCall(ECHO, [], ["b"])]  # fmt: skip
    run_as_one(lane, calls)  # the bundle loaded (its first run answers NOSCRIPT)
    before = evalsha_calls(redis_client)

    replies = run_as_one(lane, calls)

    assert replies == [2, b"a", None, 2, b"b"]
    assert redis_client.mget("n", "m", "k") == [b"2", b"2", b"v"]
    assert evalsha_calls(redis_client) - before == 1
    assert run_as_one(lane, calls[1:2]) == [b"a"] and run_as_one(lane, []) == []


def test_an_error_stops_the_calls_after_it_and_keeps_the_writes_before_it(
    redis_client: redis.Redis,
) -> None:
    lane = RedisLane(redis_client)
    redis_client.set("text", "not a number")
    calls = [ScriptCall(COUNT, ["n"], []), ScriptCall(BREAK, ["text"], []),
             ScriptCall(COUNT, ["m"], [])]  # fmt: skip

    with pytest.raises(ResponseError):
        run_as_one(lane, calls)

    assert redis_client.mget("n", "m") == [b"1", None]
    with pytest.raises(ResponseError, match="no such luck"):  # a script's own error reply
        run_as_one(lane, [ScriptCall(FAIL, [], []), ScriptCall(COUNT, ["m"], [])])
    assert redis_client.get("m") == b"1"  # ... stops nothing: it is a reply


def test_a_bundle_a_restarted_server_forgot_is_loaded_again(redis_client: redis.Redis) -> None:
    lane = RedisLane(redis_client)
    calls = [ScriptCall(COUNT, ["n"], []), ScriptCall(ECHO, [], ["x"])]
    run_as_one(lane, calls)
    redis_client.script_flush()

    assert run_as_one(lane, calls) == [2, b"x"]
    assert redis_client.script_exists(bundled(calls).command()[1]) == [True]


def test_commands_are_packed_as_redis_py_packs_them(redis_client: redis.Redis) -> None:
    commands = [("EVALSHA", "ab" * 20, 2, "k{é}", "k2", -7, "", "x" * 7000, b"\x00\xff"),
                ("WAIT", 1, 50)]  # fmt: skip
    connection = redis_client.connection_pool.get_connection()
    try:
        assert packed(commands) == [b"".join(connection.pack_commands(commands))]
        for bad in (None, True, "\udc00"):  # refused as redis-py refuses them
            with pytest.raises((DataError, UnicodeEncodeError)) as mine:
                packed([("ECHO", bad)])
            with pytest.raises(type(mine.value)):
                connection.pack_commands([("ECHO", bad)])
    finally:
        redis_client.connection_pool.release(connection)
