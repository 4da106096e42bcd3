"""`POST /games` is idempotent like a command (issue 21, item 5): a create carries an id (the
client's `Idempotency-Key`, else one of the server's) and a resend gets the first result, seat
tokens included, never a second game and never a 500. The key is scoped to the client's
address and to the body: from elsewhere, or with another body, it opens nothing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

import adapters.redis.lane
from adapters.memory.event_store import InMemoryEventStore
from adapters.redis.keys import GAMES_KEY
from api import create_app
from api.composition import Components, memory_components, redis_components
from api.errors import problem_response
from lorekeeper.errors import GameExists
from lorekeeper.games.ports import EventStore, NewEvent
from tests.api.conftest import TEST_SETTINGS
from tests.api.helpers import bearer, problem, sign_up
from tests.service.games import duel

CREATE = {"scenario": "river_crossing", "options": {"seed": 7}}
KEY = "create-3f1c9e2a-7b4d-4e0f-9a51-0c2d8e6b1a77"


class LosesTheFirstReply:
    """An event store whose first create goes through but whose reply is lost, as when the
    connection drops after Redis ran the script."""

    def __init__(self, inner: EventStore) -> None:
        self.inner = inner
        self.lost = 0

    def create(self, game_id: str, events: Sequence[NewEvent], *args: Any, **kw: Any) -> Any:
        result = self.inner.create(game_id, events, *args, **kw)
        if not self.lost:
            self.lost += 1
            raise redis.ConnectionError("Connection closed by server.")
        return result

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def components_for(backend: str, request: pytest.FixtureRequest) -> Components:
    if backend == "in_memory":
        return memory_components(TEST_SETTINGS)
    return redis_components(TEST_SETTINGS, request.getfixturevalue("redis_client"))


@pytest.fixture(params=["in_memory", "redis"])
def parts(request: pytest.FixtureRequest) -> Components:
    return components_for(request.param, request)


def post(client: FlaskClient, body: Any = CREATE, key: str | None = KEY, addr: str = "10.0.0.1"):
    headers = {"Idempotency-Key": key} if key else {}
    return client.post("/games", json=body, headers=headers,
                       environ_base={"REMOTE_ADDR": addr})  # fmt: skip


def test_a_lost_create_reply_is_answered_by_the_resend(parts: Components):
    losing = LosesTheFirstReply(parts.service.log.events)
    parts.service.log.events = losing  # type: ignore[assignment]
    client = create_app(TEST_SETTINGS, components=parts).test_client()
    problem(post(client), 503, "store_unavailable")
    assert losing.lost == 1 and len(list(losing.inner.iter_game_ids())) == 1  # created, reply lost
    resent = post(client)
    assert resent.status_code == 201, resent.get_json()
    body = resent.get_json()
    assert list(losing.inner.iter_game_ids()) == [body["game_id"]]  # the first, not a second
    tokens = [s["token"] for s in body["seats"]]
    url = f"/games/{body['game_id']}/commands"
    assert client.post(url, json={"type": "end_turn"}, headers=bearer(tokens[0])).status_code == 200


def live_store(events: EventStore) -> EventStore:
    """The store of the games' streams (under the archives' store that reads past them)."""
    return getattr(events, "live", events)


@pytest.fixture
def index_write_fails_once(parts: Components, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The first write of the games' index fails, as a connection cut just then makes it: on
    Redis the SADD to `lk:games`, wherever the store sends it; in memory, `list_game`."""
    failed: list[str] = []
    if isinstance(live_store(parts.service.log.events), InMemoryEventStore):
        real_list = InMemoryEventStore.list_game

        def list_game(store: InMemoryEventStore, game_id: str) -> None:
            if not failed:
                failed.append(game_id)
                raise redis.ConnectionError("Connection closed by server.")
            real_list(store, game_id)

        monkeypatch.setattr(InMemoryEventStore, "list_game", list_game)
        return failed
    real_sadd = redis.Redis.sadd

    def sadd(client: redis.Redis, key: Any, *values: Any) -> Any:
        if key == GAMES_KEY and not failed:
            failed.append(_bytes(values[0]).decode())
            raise redis.ConnectionError("Connection closed by server.")
        return real_sadd(client, key, *values)

    monkeypatch.setattr(redis.Redis, "sadd", sadd)
    return failed


def test_a_creation_whose_index_write_failed_is_listed_once_resent(
    parts: Components, index_write_fails_once: list[str]
):
    client = create_app(TEST_SETTINGS, components=parts).test_client()
    problem(post(client), 503, "store_unavailable")
    assert index_write_fails_once
    resent = post(client)
    assert resent.status_code == 201, resent.get_json()
    game_id = resent.get_json()["game_id"]
    assert list(parts.service.log.events.iter_game_ids()) == [game_id]
    assert client.get(f"/games/{game_id}").status_code == 200


def test_a_resent_creation_lists_its_game_again(parts: Components, monkeypatch: pytest.MonkeyPatch):
    # The first creation landed, but its index write and its reply were lost (a coordination
    # Redis that failed over before its replica had the write, say): the resend lists it.
    losing = LosesTheFirstReply(parts.service.log.events)
    parts.service.log.events = losing  # type: ignore[assignment]
    live = live_store(losing.inner)
    real_list, calls = live.list_game, []

    def loses_the_first(game_id: str) -> None:
        calls.append(game_id)
        if len(calls) > 1:
            real_list(game_id)

    monkeypatch.setattr(live, "list_game", loses_the_first)
    client = create_app(TEST_SETTINGS, components=parts).test_client()
    problem(post(client), 503, "store_unavailable")
    assert list(losing.inner.iter_game_ids()) == []  # created, but not listed
    resent = post(client)
    assert resent.status_code == 201 and resent.headers["Idempotent-Replayed"] == "true"
    assert list(losing.inner.iter_game_ids()) == [resent.get_json()["game_id"]]


def test_a_resend_with_the_same_key_gets_the_first_reply(parts: Components):
    client = create_app(TEST_SETTINGS, components=parts).test_client()
    first, again = post(client), post(client)
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()
    assert again.headers["Location"] == first.headers["Location"]
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Idempotent-Replayed"] == "true"
    assert len(list(parts.service.log.events.iter_game_ids())) == 1
    assert post(client, key=None).get_json()["game_id"] != first.get_json()["game_id"]


def test_a_key_reused_with_another_body_is_refused(parts: Components):
    client = create_app(TEST_SETTINGS, components=parts).test_client()
    assert post(client).status_code == 201
    body = problem(post(client, {"scenario": "river_crossing"}), 422, "idempotency_key_reused")
    assert "Idempotency-Key" in body["detail"]
    assert len(list(parts.service.log.events.iter_game_ids())) == 1


def test_the_same_key_from_another_address_opens_nothing_of_the_first(parts: Components):
    client = create_app(TEST_SETTINGS, components=parts).test_client()
    mine, theirs = post(client).get_json(), post(client, addr="10.0.0.2").get_json()
    assert mine["game_id"] != theirs["game_id"]
    assert not {s["token"] for s in mine["seats"]} & {s["token"] for s in theirs["seats"]}


def test_the_key_stays_out_of_every_public_byte(parts: Components):
    client = create_app(TEST_SETTINGS, components=parts).test_client()
    game_id = post(client, {"scenario": duel()}).get_json()["game_id"]
    for path in ("/events", "/export", ""):
        assert KEY not in client.get(f"/games/{game_id}{path}").get_data(as_text=True)
    created = client.get(f"/games/{game_id}/events?limit=1").get_json()["events"][0]
    assert created["command_id"].startswith("create-")


def test_a_game_id_taken_already_is_a_409_not_a_500():
    response = problem_response(GameExists("g1"))
    assert response.status_code == 409 and response.get_json()["code"] == "game_exists"


@pytest.fixture
def redis_app(redis_client: redis.Redis) -> Flask:
    return create_app(TEST_SETTINGS, components=redis_components(TEST_SETTINGS, redis_client))


def test_a_dropped_connection_after_the_create_script_ran_is_a_201(
    redis_app: Flask, monkeypatch: pytest.MonkeyPatch
):
    # The lane sends the batch again on a dropped connection: the create script then finds
    # the game it made (before: GameExists, unmapped, a 500 and an orphaned game).
    real = adapters.redis.wire.exchange
    dropped: list[int] = []

    def drop_the_first_reply(connection: Any, commands: list[tuple[Any, ...]]) -> list[Any]:
        replies = real(connection, commands)
        if not dropped and any(b"create" in map(_bytes, c) for c in commands):
            dropped.append(1)
            raise redis.ConnectionError("Connection closed by server.")
        return replies

    monkeypatch.setattr(adapters.redis.lane, "exchange", drop_the_first_reply)
    client = redis_app.test_client()
    response = client.post("/games", json=CREATE)
    assert dropped and response.status_code == 201, response.get_json()
    body = response.get_json()
    url = f"/games/{body['game_id']}/commands"
    token = body["seats"][0]["token"]
    assert client.post(url, json={"type": "end_turn"}, headers=bearer(token)).status_code == 200


def _bytes(value: Any) -> bytes:
    return value if isinstance(value, bytes) else str(value).encode()


# -- a player's creation: the key is scoped to the player, wherever it sends from --------------

INVITE_ME = {"scenario": "river_crossing", "seats": [{"kind": "me"}, {"kind": "invite"}]}


def as_player(client: FlaskClient, key: str, body: Any, idem: str, addr: str = "10.0.0.1"):
    headers = {**bearer(key), "Idempotency-Key": idem}
    return client.post("/games", json=body, headers=headers, environ_base={"REMOTE_ADDR": addr})


def test_a_players_resend_from_another_address_gets_its_first_reply(parts: Components):
    losing = LosesTheFirstReply(parts.service.log.events)
    parts.service.log.events = losing  # type: ignore[assignment]
    client = create_app(TEST_SETTINGS, components=parts).test_client()
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    problem(as_player(client, ann["key"], INVITE_ME, KEY), 503, "store_unavailable")
    again = as_player(client, ann["key"], INVITE_ME, KEY, addr="192.0.2.7")  # a new network
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    body = again.get_json()
    assert sorted(losing.inner.iter_game_ids()) == [body["game_id"]]
    assert [s["seat"] for s in body["seats"]] == [0] and body["invitations"] == []
    assert body["table"]["seats"][0]["player"]["name"] == "Ann"
    # Another player's identical request under the same key is a creation of its own.
    theirs = as_player(client, bob["key"], INVITE_ME, KEY).get_json()
    assert theirs["game_id"] != body["game_id"]
    assert theirs["seats"][0]["token"] != body["seats"][0]["token"]


class FailsTheFirstCreate(LosesTheFirstReply):
    """An event store whose first create never reaches Redis (after the table was made)."""

    def create(self, game_id: str, events: Sequence[NewEvent], *args: Any, **kw: Any) -> Any:
        if not self.lost:
            self.lost += 1
            raise redis.ConnectionError("Connection refused.")
        return self.inner.create(game_id, events, *args, **kw)


def test_a_resend_after_a_create_that_never_landed_makes_the_game(parts: Components):
    failing = FailsTheFirstCreate(parts.service.log.events)
    parts.service.log.events = failing  # type: ignore[assignment]
    client = create_app(TEST_SETTINGS, components=parts).test_client()
    ann = sign_up(client, "Ann")
    problem(as_player(client, ann["key"], INVITE_ME, KEY), 503, "store_unavailable")
    assert sorted(failing.inner.iter_game_ids()) == []  # its table was made, its game not
    again = as_player(client, ann["key"], INVITE_ME, KEY)
    assert again.status_code == 201, again.get_json()
    body = again.get_json()
    assert list(failing.inner.iter_game_ids()) == [body["game_id"]]
    assert len(body["invitations"]) == 1
