"""Concurrent clients on one version: exactly one succeeds (over real HTTP, two API processes'
worth of apps on one Redis), and the loser is told the version that won."""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
import requests
from flask.testing import FlaskClient
from werkzeug.serving import make_server

from lorekeeper.games.ports import AppendResult, EventStore, NewEvent
from tests.api.conftest import TEST_SETTINGS, make_app
from tests.api.helpers import Game, bearer, create
from tests.service.games import ORDER_BF0, duel
from tests.topologies import Topology


class BarrierStore:
    """Lets `parties` appends through only together: every racer has decided on the same
    version before any of them appends."""

    def __init__(self, inner: EventStore, parties: int) -> None:
        self._inner, self._barrier = inner, threading.Barrier(parties, timeout=10)

    def append(self, game_id: str, expected_version: int, events: Sequence[NewEvent],
               **kwargs: Any) -> AppendResult:  # fmt: skip
        self._barrier.wait()
        return self._inner.append(game_id, expected_version, events, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def race(client: FlaskClient, game: Game, headers: dict[str, str]) -> list[Any]:
    service = client.application.extensions["lorekeeper"].service
    service.log.events = BarrierStore(service.log.events, 2)
    replies: list[Any] = []

    def send() -> None:
        # One test client per thread: a client in a `with` block keeps its context.
        own = Game(client.application.test_client(), game.id, game.tokens)
        replies.append(own.send(0, ORDER_BF0, **headers))

    threads = [threading.Thread(target=send) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sorted(replies, key=lambda r: r.status_code)


def test_the_loser_of_a_race_is_decided_again_on_the_winners_state(client: FlaskClient):
    game = create(client, duel())
    won, lost = race(client, game, {})
    # The same order twice: decided again after the first, the second breaks R-TRN-4.
    assert won.status_code == 200 and lost.status_code == 409
    assert lost.get_json()["code"] == "wrong_phase" and lost.get_json()["rule"] == "R-TRN-4"
    assert won.get_json()["version"] == 3


def test_with_if_match_the_loser_gets_412(client: FlaskClient):
    game = create(client, duel())
    won, lost = race(client, game, {"If-Match": '"2"'})
    assert (won.status_code, lost.status_code) == (200, 412)
    assert lost.get_json()["current_version"] == 3


@pytest.fixture
def servers(topology: Topology) -> Iterator[list[str]]:
    """Two API apps (like two gunicorn workers) on one Redis (or cluster), each on a real
    threaded server."""
    apps = [make_app(topology.name, TEST_SETTINGS, topology.clients) for _ in range(2)]
    running = [make_server("127.0.0.1", 0, a, threaded=True) for a in apps]
    threads = [threading.Thread(target=s.serve_forever, daemon=True) for s in running]
    for t in threads:
        t.start()
    yield [f"http://127.0.0.1:{s.server_port}" for s in running]
    for s in running:
        s.shutdown()
        s.server_close()


@pytest.mark.parametrize("if_match", [None, '"2"'])
def test_n_clients_on_one_version_exactly_one_succeeds(servers: list[str], if_match: str | None):
    created = requests.post(f"{servers[0]}/games", json={"scenario": duel()}, timeout=5).json()
    game_id, token = created["game_id"], created["seats"][0]["token"]
    headers = {**bearer(token), **({"If-Match": if_match} if if_match else {})}
    barrier, statuses = threading.Barrier(12), []

    def send(i: int) -> None:
        barrier.wait()
        url = f"{servers[i % 2]}/games/{game_id}/commands"
        statuses.append(requests.post(url, json=ORDER_BF0, headers=headers, timeout=10))

    threads = [threading.Thread(target=send, args=(i,)) for i in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    codes = sorted(r.status_code for r in statuses)
    assert codes.count(200) == 1, codes
    # Losers: decided again after the winner, they find the order phase over (409
    # wrong_phase, R-TRN-4); with If-Match 412; 409 version_conflict if the game moved twice.
    assert set(codes) <= {200, 409, 412}
    events = requests.get(f"{servers[1]}/games/{game_id}/events", timeout=5).json()["events"]
    assert [e["type"] for e in events].count("UnitsOrdered") == 1


def test_concurrent_retries_of_one_command_append_once(servers: list[str]):
    created = requests.post(f"{servers[0]}/games", json={"scenario": duel()}, timeout=5).json()
    game_id, token = created["game_id"], created["seats"][0]["token"]
    headers = {**bearer(token), "Idempotency-Key": "same-order"}
    barrier, replies = threading.Barrier(8), []

    def send(i: int) -> None:
        barrier.wait()
        url = f"{servers[i % 2]}/games/{game_id}/commands"
        replies.append(requests.post(url, json=ORDER_BF0, headers=headers, timeout=10))

    threads = [threading.Thread(target=send, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ok = [r for r in replies if r.status_code == 200]
    # A retry is answered from the first result; one that lost the append race before the
    # first result existed is a 409 and may retry again.
    assert ok and {r.json()["version"] for r in ok} == {3}
    assert all(r.status_code in (200, 409) for r in replies)
    events = requests.get(f"{servers[0]}/games/{game_id}/events", timeout=5).json()["events"]
    assert len(events) == 3
