"""Slow and greedy clients cannot leave the API unable to answer (issue 21, item 4), against a
server started as scripts/run starts it (tests/streams/conftest.py), over real sockets.

The black-box run held 16 request bodies that never arrive, 24 open event streams from one
tokenless client, or 32 long `?min_version` waits: with the old layout (gunicorn gthread,
2 workers × 8 threads) each one took every thread and every probe of /readyz timed out.
Each test here holds the same and asks /readyz and a command meanwhile. Each failed on that
layout (docs/streams.md says how it was checked)."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections import Counter

import redis

from adapters.redis.keys import slots_key
from bench.stream_clients import StreamClients
from bench.streams import far_apart, turn_cycle
from tests.streams.conftest import Api, answers_within

# A live server answers its probe in milliseconds; these bounds only tell "answers" from
# "starved" on a machine other work may slow down.
ANSWER_S = 5.0


def played_game(api: Api) -> tuple[dict, object]:
    game = api.create_game(far_apart())
    return game, turn_cycle()


def command_answers(api: Api, game: dict, cycle: object) -> bool:
    seat, body, _ = next(cycle)  # type: ignore[call-overload]
    try:
        return api.command(game, seat, body, timeout=ANSWER_S) > 0
    except OSError:
        return False


def slow_body(api: Api, game: dict) -> socket.socket:
    """A command whose headers promise 100 bytes of body, of which 10 ever come."""
    sock = socket.create_connection(("127.0.0.1", api.port))
    token = game["seats"][0]["token"]
    head = (
        f"POST /games/{game['game_id']}/commands HTTP/1.1\r\nHost: x\r\n"
        f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
        "Content-Length: 100\r\n\r\n"
    )
    sock.sendall(head.encode() + b'{"type": "')
    return sock


def response_of(sock: socket.socket, timeout_s: float) -> tuple[int, dict]:
    sock.settimeout(timeout_s)
    reader = http.client.HTTPResponse(sock)
    reader.begin()
    return reader.status, json.loads(reader.read())


def test_bodies_that_never_arrive_leave_the_api_answering(start_api) -> None:
    api = start_api(LOREKEEPER_BODY_TIMEOUT_S="8")
    game, cycle = played_game(api)
    slow = [slow_body(api, game) for _ in range(16)]
    try:
        assert answers_within(api, "/readyz", ANSWER_S)
        assert command_answers(api, game, cycle)
        # Then each slow request is answered: 408, its body too late.
        for sock in slow:
            status, body = response_of(sock, timeout_s=20)
            assert status == 408 and body["code"] == "body_timeout"
    finally:
        for sock in slow:
            sock.close()


def test_one_client_opens_at_most_its_streams_and_the_api_answers(
    start_api, redis_client: redis.Redis
) -> None:
    api = start_api()  # 16 streams a client (LOREKEEPER_STREAMS_PER_CLIENT)
    game, cycle = played_game(api)
    path = f"/games/{game['game_id']}/stream"
    with StreamClients(api.port, [path] * 24) as streams:
        streams.open(timeout_s=30)
        assert Counter(streams.statuses) == {200: 16, 429: 8}
        refused = next(i for i, s in enumerate(streams.statuses) if s == 429)
        assert json.loads(streams.bodies[refused])["code"] == "too_many_streams"
        assert b'"streams";r=0' in streams.streams[refused].headers
        assert answers_within(api, "/readyz", ANSWER_S)
        assert command_answers(api, game, cycle)
    # The client hung up: its places are free at once, not at the next keep-alive (15 s).
    held = slots_key("streams:addr:127.0.0.1")
    deadline = time.monotonic() + ANSWER_S
    while redis_client.zcard(held) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert redis_client.zcard(held) == 0
    with StreamClients(api.port, [path] * 16) as again:
        again.open(timeout_s=30)
        assert again.statuses == [200] * 16


def test_long_waits_for_a_version_leave_the_api_answering(start_api) -> None:
    api = start_api(LOREKEEPER_PROJECTION_WAIT_S="6")  # 8 waits a client
    game, cycle = played_game(api)
    statuses: list[int] = []

    def wait() -> None:
        path = f"/games/{game['game_id']}?min_version=999"
        statuses.append(api.request("GET", path, timeout=30)[0])

    waiters = [threading.Thread(target=wait) for _ in range(32)]
    for waiter in waiters:
        waiter.start()
    deadline = time.monotonic() + 2
    while statuses.count(429) < 24 and time.monotonic() < deadline:
        time.sleep(0.05)  # the 24 past the cap are refused at once; 8 still wait

    assert answers_within(api, "/readyz", ANSWER_S)
    assert command_answers(api, game, cycle)
    assert statuses.count(429) == 24 and 200 not in statuses
    for waiter in waiters:
        waiter.join()
    assert Counter(statuses) == {200: 8, 429: 24}
