"""Retention (lorekeeper/games/archive.py): a finished game archived into one compressed blob still
exports the same bytes, verifies, and reads as before; on every backend (in memory, one
Redis, the games on a Redis Cluster)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from adapters.redis.keys import archive_key, commands_key, events_key
from api import EXTENSION
from lorekeeper.audit.verify import verify_lines
from lorekeeper.games.archive import Archiver, pack, unpack
from tests.api.conftest import TEST_SETTINGS, make_app
from tests.api.helpers import Game, create, problem
from tests.audit.games import memory_service, play
from tests.service.games import duel


@pytest.fixture
def client(app: Flask) -> Iterator[FlaskClient]:
    with app.test_client() as test_client:
        yield test_client


def archiver_of(app: Flask) -> Archiver:
    archiver = app.extensions[EXTENSION].archiver
    assert archiver is not None
    return archiver


def finished(client: FlaskClient) -> Game:
    game = create(client, duel())
    game.ok(0, {"type": "order", "units": ["bf0"]})
    game.ok(0, {"type": "end_movement"})
    game.ok(0, {"type": "battle", "unit": "bf0", "target": "rf1"})
    if game.get().get_json()["phase"] != "over":
        game.ok(1, {"type": "resign"})
    return game


def reads(game: Game) -> dict[str, bytes]:
    """Every read of a finished game, as bytes."""
    version = game.get().get_json()["version"]
    paths = ["", "/export", "/audit", f"/state?version={version - 1}", "/state?version=2",
             "/events?from=1", "/events?from=3&limit=2"]  # fmt: skip
    out = {}
    for path in paths:
        response = game.get(path)
        assert response.status_code == 200, (path, response.get_data(as_text=True))
        out[path] = response.get_data()
    return out


def test_an_archived_game_exports_verifies_and_reads_as_before(app: Flask, client: FlaskClient):
    game = finished(client)
    before = reads(game)
    refused_before = game.send(0, {"type": "end_turn"})
    assert archiver_of(app).archive(game.id, after_days=0) == "archived"
    after = reads(game)
    assert after == before
    verdict = verify_lines(after["/export"].decode().splitlines(keepends=True))
    assert verdict.verdict == "verified", verdict.report()
    # A command is refused as on any finished game: the same problem, never a 500.
    refused = game.send(0, {"type": "end_turn"})
    assert refused.status_code == refused_before.status_code
    problem(refused, refused.status_code, refused_before.get_json()["code"])
    assert archiver_of(app).archive(game.id, after_days=0) == "archived_before"


def test_a_command_sent_again_after_archiving_gets_its_first_result(
    app: Flask, client: FlaskClient
) -> None:
    game = create(client, duel())
    key = {"Idempotency-Key": "retry-me"}
    first = game.send(0, {"type": "order", "units": ["bf0"]}, **key)
    assert first.status_code == 200
    game.ok(1, {"type": "resign"})
    assert game.get().get_json()["phase"] == "over"
    archiver_of(app).archive(game.id, after_days=0)

    again = game.send(0, {"type": "order", "units": ["bf0"]}, **key)
    other = game.send(0, {"type": "order", "units": ["bf1"]}, **key)

    assert again.status_code == 200, again.get_json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json()["events"] == first.get_json()["events"]
    problem(other, 422, "idempotency_key_reused")


def test_an_archived_game_reads_from_a_new_process(app: Flask, client: FlaskClient):
    game = finished(client)
    before = reads(game)
    archiver_of(app).archive(game.id, after_days=0)
    components = app.extensions[EXTENSION]
    components.service.log._cache.forget(game.id)  # as a process that never loaded it
    assert reads(game) == before


def test_only_games_over_long_enough_are_archived(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr("lorekeeper.games.archive._SWEEP_BATCH", 2)  # three games: two batches
    over = [finished(client), finished(client)]
    playing = create(client, duel())
    archiver = archiver_of(app)
    assert archiver.archive(playing.id, after_days=0) == "not_over"
    assert archiver.archive(over[0].id, after_days=1) == "too_recent"
    assert archiver.archive("no-such-game", after_days=0) == "not_found"
    assert archiver.archive("../bad id", after_days=0) == "not_found"
    counts = archiver.sweep(after_days=0)
    assert (counts.get("archived"), counts.get("not_over")) == (2, 1)
    assert archiver.sweep(after_days=0).get("archived_before") == 2
    assert playing.get().status_code == 200
    playing.ok(0, {"type": "order", "units": ["bf0"]})  # a live game plays on


def test_archiving_frees_the_stream_and_command_ids(redis_client: redis.Redis) -> None:
    app = make_app("redis", TEST_SETTINGS, redis_client)
    with app.test_client() as client:
        game = finished(client)
        archiver_of(app).archive(game.id, after_days=0)
    assert not redis_client.exists(events_key(game.id), commands_key(game.id))
    assert redis_client.exists(archive_key(game.id))


def test_the_archive_gives_back_every_stored_field_even_odd_ones() -> None:
    # Hashes left out are worked out again; ones that are not what the chain gives stay.
    service = memory_service()
    game_id = play(service, "river_crossing", seed=3)
    events = service.log.events.read(game_id)
    odd = [replace(events[0], hash=""), *events[1:3],
           replace(events[3], prev_hash="f" * 64), replace(events[4], hash="e" * 64)]  # fmt: skip
    for stored in (events, odd):
        assert unpack(pack(game_id, stored)) == stored
    assert len(pack(game_id, events)) < 40 * len(events)  # bytes an event: hashes left out
    with pytest.raises(ValueError):
        unpack(b"not an archive")
