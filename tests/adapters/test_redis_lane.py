"""RedisLane: scripts in one round trip on a connection of the lane's own."""

from __future__ import annotations

import threading

import redis
from redis.exceptions import ResponseError

from adapters.redis_lane import RedisLane, ScriptCall

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
