"""RedisLane under gevent (the API's gunicorn workers): the calls of one turn of the event
loop go in one round trip, each caller gets its own replies. Each case runs in a child
process that patches the standard library first, as a gevent worker does (this process must
stay unpatched)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

from adapters.redis.server import RedisServerProcess, free_port

ROOT = Path(__file__).resolve().parents[2]

# Run in the child, after `from gevent import monkey; monkey.patch_all()`: `lane` is a
# RedisLane of REDIS_URL, `trips` the commands of each round trip it made (recorded around
# adapters.redis.wire.exchange), `said` is what the case prints for the test to check.
PRELUDE = """
from gevent import monkey
monkey.patch_all()
import json, os, sys
import gevent, redis
from redis.exceptions import ConnectionError, ResponseError
import adapters.redis.lane as lanes
from adapters.redis.lane import RedisLane, ScriptCall
from adapters.redis.topology import ReplicaWait

ECHO = "return ARGV[1]"
FAIL = "return redis.error_reply('no such luck')"
client = redis.Redis.from_url(os.environ["REDIS_URL"])
try:  # known to the server, so that the round trips counted are the calls' alone
    client.script_load(ECHO), client.script_load(FAIL)
except redis.ConnectionError:
    pass  # (the case with no server)
trips = []
exchange = lanes.exchange
def recorded(connection, commands):
    trips.append([str(c[0]) for c in commands])
    return exchange(connection, commands)
lanes.exchange = recorded
lane = RedisLane(client)
assert lane._gathering is not None, "the lane does not see gevent"
def shown(reply):
    if isinstance(reply, Exception):
        return type(reply).__name__ + ": " + str(reply)
    return reply.decode() if isinstance(reply, bytes) else reply
def echo(word, wait=None):
    return [shown(r) for r in lane.run_scripts([ScriptCall(ECHO, [], [word])], wait)]
"""


def in_gevent(case: str, url: str) -> Any:
    """What the case (code after PRELUDE) prints as JSON on its last line."""
    env = {**os.environ, "REDIS_URL": url, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", PRELUDE + textwrap.dedent(case)],
        capture_output=True, text=True, timeout=60, env=env, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_calls_of_one_turn_go_in_one_round_trip(
    redis_server: RedisServerProcess, redis_client: Any
) -> None:
    said = in_gevent(
        """
        greenlets = [gevent.spawn(echo, f"g{i}") for i in range(30)]
        gevent.joinall(greenlets, raise_error=True)
        alone = echo("alone")
        print(json.dumps({"replies": [g.value for g in greenlets], "alone": alone,
                          "trips": [len(t) for t in trips]}))
        """,
        redis_server.url,
    )

    assert said["replies"] == [[f"g{i}"] for i in range(30)]  # each its own, in its place
    assert said["alone"] == ["alone"]
    assert said["trips"] == [30, 1]  # a lone call goes at once, by itself


def test_an_error_reply_stays_with_its_caller(
    redis_server: RedisServerProcess, redis_client: Any
) -> None:
    said = in_gevent(
        """
        def fail():
            return [shown(r) for r in lane.run_scripts([ScriptCall(FAIL, [], [])])]
        greenlets = [gevent.spawn(echo, "a"), gevent.spawn(fail), gevent.spawn(echo, "b")]
        gevent.joinall(greenlets, raise_error=True)
        print(json.dumps({"replies": [g.value for g in greenlets], "trips": len(trips)}))
        """,
        redis_server.url,
    )

    assert said["trips"] == 1
    a, failed, b = said["replies"]
    assert a == ["a"] and b == ["b"]
    assert failed[0].startswith("ResponseError") and "no such luck" in failed[0]


def test_a_call_redis_cannot_take_fails_alone(
    redis_server: RedisServerProcess, redis_client: Any
) -> None:
    said = in_gevent(
        """
        def unpackable():
            try:
                return lane.run_scripts([ScriptCall(ECHO, [], [{"not": "packable"}])])
            except redis.DataError:
                return "DataError"
        greenlets = [gevent.spawn(echo, "a"), gevent.spawn(unpackable), gevent.spawn(echo, "b")]
        gevent.joinall(greenlets, raise_error=True)
        print(json.dumps([g.value for g in greenlets]))
        """,
        redis_server.url,
    )

    assert said == [["a"], "DataError", ["b"]]


def test_a_forgotten_script_is_loaded_for_each_caller(
    redis_server: RedisServerProcess, redis_client: Any
) -> None:
    said = in_gevent(
        """
        echo("known")
        client.script_flush()  # a restarted server
        trips.clear()
        greenlets = [gevent.spawn(echo, f"g{i}") for i in range(5)]
        gevent.joinall(greenlets, raise_error=True)
        print(json.dumps({"replies": [g.value for g in greenlets], "trips": trips}))
        """,
        redis_server.url,
    )

    assert said["replies"] == [[f"g{i}"] for i in range(5)]
    # Refused together (NOSCRIPT), then each caller's SCRIPT LOAD and second try, together.
    assert [len(t) for t in said["trips"]] == [5, 10]


def test_one_wait_follows_the_gathered_calls_and_a_caller_timing_out_spoils_none(
    redis_server: RedisServerProcess, redis_client: Any
) -> None:
    # No replica: WAIT 1 300 answers 0 after 300 ms, long enough for a caller to give up.
    said = in_gevent(
        """
        wait = ReplicaWait(1, 300)
        def impatient():
            with gevent.Timeout(0.05):
                return echo("impatient", wait)
        greenlets = [gevent.spawn(echo, "a", wait), gevent.spawn(impatient),
                     gevent.spawn(echo, "b", wait)]
        gevent.joinall(greenlets)
        after = echo("after")
        print(json.dumps({"a": greenlets[0].value, "b": greenlets[2].value,
                          "impatient": type(greenlets[1].exception).__name__,
                          "after": after, "trips": trips}))
        """,
        redis_server.url,
    )

    assert said["a"] == ["a", 0] and said["b"] == ["b", 0]  # WAIT's reply: no replica
    assert said["impatient"] == "Timeout"
    assert said["trips"][0] == ["EVALSHA", "EVALSHA", "EVALSHA", "WAIT"]
    assert said["after"] == ["after"] and said["trips"][1] == ["EVALSHA"]  # in step


def test_a_dropped_connection_is_opened_again_for_the_whole_round_trip(
    redis_server: RedisServerProcess, redis_client: Any
) -> None:
    said = in_gevent(
        """
        echo("first")
        client.client_kill_filter(_type="normal", skipme=True)  # drops the lane's connection
        greenlets = [gevent.spawn(echo, f"g{i}") for i in range(3)]
        gevent.joinall(greenlets, raise_error=True)
        print(json.dumps([g.value for g in greenlets]))
        """,
        redis_server.url,
    )

    assert said == [["g0"], ["g1"], ["g2"]]


def test_every_caller_hears_that_the_server_is_gone() -> None:
    said = in_gevent(
        """
        def attempt(word):
            try:
                return echo(word)
            except ConnectionError as exc:
                return "ConnectionError"
        greenlets = [gevent.spawn(attempt, f"g{i}") for i in range(4)]
        gevent.joinall(greenlets, raise_error=True)
        print(json.dumps([g.value for g in greenlets]))
        """,
        f"redis://127.0.0.1:{free_port()}/0",  # nothing listens there
    )

    assert said == ["ConnectionError"] * 4


def test_a_lane_under_threads_does_not_gather(redis_client: Any) -> None:
    from adapters.redis.lane import RedisLane

    assert RedisLane(redis_client)._gathering is None
