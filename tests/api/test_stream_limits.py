"""What one client may hold at once, in process: open event streams (429 past the caller's
cap, 503 past the process's) and `?min_version` waits (429 past the cap); a released stream
frees its place. The same against a real server, with slow sockets: tests/streams."""

from __future__ import annotations

import threading
import time

import pytest
from flask import Flask

from tests.api.conftest import make_app, with_settings
from tests.api.helpers import bearer, create, problem
from tests.service.games import duel

BACKENDS = ["in_memory", "redis"]


def app_with(request: pytest.FixtureRequest, backend: str, **changes: object) -> Flask:
    client = request.getfixturevalue("redis_client") if backend == "redis" else None
    return make_app(backend, with_settings(**changes), client)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_client_holds_at_most_its_streams_and_a_closed_one_frees_its_place(
    request: pytest.FixtureRequest, backend: str
) -> None:
    app = app_with(request, backend, streams_per_client=2, sse_max_s=30, rate_per_s=1000)
    client = app.test_client()
    game = create(client, duel())
    url = f"/games/{game.id}/stream"

    first, second = client.get(url, buffered=False), client.get(url, buffered=False)
    third = client.get(url, buffered=False)

    assert first.status_code == second.status_code == 200
    body = problem(third, 429, "too_many_streams")
    assert "2" in body["detail"]
    assert '"streams";r=0' in third.headers["RateLimit"]
    assert second.headers["RateLimit"].endswith('"streams";r=0')
    assert first.headers["RateLimit"].endswith('"streams";r=1')
    # Another client (a seat token) has places of its own.
    seat = client.get(url, headers=bearer(game.tokens[0]), buffered=False)
    assert seat.status_code == 200
    first.close()
    again = client.get(url, buffered=False)
    assert again.status_code == 200
    for response in (second, seat, again):
        response.close()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_process_holds_at_most_its_streams(request: pytest.FixtureRequest, backend: str):
    app = app_with(request, backend, streams_per_process=1, sse_max_s=30)
    client = app.test_client()
    game = create(client, duel())
    url = f"/games/{game.id}/stream"

    held = client.get(url, buffered=False)
    refused = client.get(url, headers=bearer(game.tokens[0]))

    assert held.status_code == 200
    problem(refused, 503, "streams_full")
    assert refused.headers["Retry-After"] == "5"
    held.close()
    assert client.get(url, buffered=False).status_code == 200


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_client_waits_for_at_most_its_versions_at_once(
    request: pytest.FixtureRequest, backend: str
) -> None:
    app = app_with(request, backend, waits_per_client=1, projection_wait_s=2, rate_per_s=1000)
    game = create(app.test_client(), duel())
    waited: list[int] = []

    def wait() -> None:
        waited.append(app.test_client().get(f"/games/{game.id}?min_version=99").status_code)

    waiter = threading.Thread(target=wait)
    waiter.start()
    time.sleep(0.5)  # the waiter holds its place now
    refused = app.test_client().get(f"/games/{game.id}?min_version=99")
    served = app.test_client().get(f"/games/{game.id}?min_version=2")  # there: no wait
    waiter.join()

    problem(refused, 429, "too_many_waits")
    assert '"waits";r=0' in refused.headers["RateLimit"]
    assert served.status_code == 200 and waited == [200]


@pytest.mark.parametrize("backend", BACKENDS)
def test_min_version_answers_as_soon_as_the_game_gets_there(
    request: pytest.FixtureRequest, backend: str
) -> None:
    app = app_with(request, backend, projection_wait_s=10)
    client = app.test_client()
    game = create(client, duel())
    timer = threading.Timer(0.3, lambda: game.ok(0, {"type": "order", "units": ["bf0"]}))
    started = time.monotonic()
    timer.start()

    view = client.get(f"/games/{game.id}?min_version=3").get_json()

    timer.join()
    assert view["version"] == 3
    assert time.monotonic() - started < 5  # not the whole 10 s


@pytest.mark.parametrize("backend", BACKENDS)
def test_min_version_gives_up_after_the_longest_wait(request: pytest.FixtureRequest, backend):
    app = app_with(request, backend, projection_wait_s=0.3)
    client = app.test_client()
    game = create(client, duel())
    started = time.monotonic()

    view = client.get(f"/games/{game.id}?min_version=99").get_json()

    assert view["version"] == 2 and 0.3 <= time.monotonic() - started < 5
