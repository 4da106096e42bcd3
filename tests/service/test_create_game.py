"""Creating games: scenarios, options, seat tokens (hashes only), the secret dice config."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from domain import ScenarioError
from lorekeeper.errors import ScriptedDiceRefused, UnknownScenario
from lorekeeper.games.seat_tokens import token_hash
from lorekeeper.games.service import GameService
from tests.service.conftest import Backend, RecordingJobs, seat_of
from tests.service.games import duel


def test_a_named_scenario_starts_a_game_with_one_token_per_seat(service: GameService):
    game_id, version, seats, head_hash, dice = service.create_game("river_crossing")
    assert version == 2  # GameCreated, TurnStarted (R-TRN-1: seat 0 begins)
    assert head_hash == service.log.events.read(game_id)[-1].hash
    assert dice["scheme"] == "hmac-sha256-v1" and len(dice["commitment"]) == 64
    assert [s["seat"] for s in seats] == [0, 1]
    assert len({s["token"] for s in seats}) == 2
    assert [seat_of(service, game_id, s["token"]) for s in seats] == [0, 1]
    assert service.log.load(game_id).state.active == 0


def test_an_inline_scenario_is_played_as_given(service: GameService):
    created = service.create_game(duel(), {"auto_decisions": True})
    state = service.log.load(created.game_id).state
    assert state.scenario == "duel" and state.auto_decisions
    assert sorted(state.units) == ["bf0", "rf1"]


def test_creation_tells_the_job_queue(service: GameService, jobs: RecordingJobs):
    created = service.create_game("river_crossing")
    assert jobs.calls == [(created.game_id, 2, ("GameCreated", "TurnStarted"))]


def test_an_unknown_scenario_name_is_refused(service: GameService):
    with pytest.raises(UnknownScenario):
        service.create_game("no_such_scenario")


def test_a_broken_scenario_lists_every_problem(service: GameService):
    doc = duel()
    doc["width"] = 4
    doc["units"][0]["kind"] = "unicorn"
    doc["units"][1]["hex"] = [99, 0]
    with pytest.raises(ScenarioError) as caught:
        service.create_game(doc)
    assert len(caught.value.problems) >= 2


def test_scripted_dice_are_refused_unless_the_server_allows_them(backend: Backend):
    strict = backend.service()
    with pytest.raises(ScriptedDiceRefused):
        strict.create_game("river_crossing", {"dice": {"script": ["red"]}})
    assert strict.create_game("river_crossing", {"seed": "s"}).version == 2


def test_tokens_are_stored_only_as_hashes(backend: Backend):
    service = backend.service()
    created = service.create_game("river_crossing")
    if backend.client is None:
        stored = repr(backend.tokens.__dict__)
    else:
        stored = repr({k: backend.client.dump(k) for k in backend.client.scan_iter()})
    for seat in created.seats:
        assert seat["token"] not in stored
        assert token_hash(seat["token"]) in stored


def test_the_dice_config_is_kept_apart_from_the_events(service: GameService, backend: Backend):
    created = service.create_game("river_crossing", {"seed": "a-secret-seed"})
    config = backend.dice.load(created.game_id)
    assert config is not None and (config.seed, config.script) == ("a-secret-seed", ())
    stream = repr(backend.events.read(created.game_id))
    assert "a-secret-seed" not in stream


def test_without_a_seed_each_game_gets_its_own_random_one(service: GameService, backend: Backend):
    first = service.create_game("river_crossing").game_id
    second = service.create_game("river_crossing").game_id
    seeds = {backend.dice.load(first).seed, backend.dice.load(second).seed}  # type: ignore[union-attr]
    assert len(seeds) == 2 and all(len(bytes.fromhex(s)) == 32 for s in seeds)  # 256 bits


def test_creates_sent_twice_at_once_with_one_key_make_one_game(backend: Backend):
    # Two API processes, one key, the same body, at the same moment: one game, one reply.
    services = [backend.service(), backend.service()]
    barrier = threading.Barrier(2)

    def create(service: GameService) -> object:
        barrier.wait()
        return service.create_game("river_crossing", idempotency_key="k-1", client="10.0.0.9")

    with ThreadPoolExecutor(2) as pool:
        first, second = pool.map(create, services)
    assert first == second
    assert sorted(backend.events.iter_game_ids()) == [first.game_id]  # type: ignore[attr-defined]


def test_a_seat_token_is_derived_from_the_creations_key_not_kept(backend: Backend):
    service = backend.service()
    created = service.create_game("river_crossing", idempotency_key="k-2", client="a")
    again = service.create_game("river_crossing", idempotency_key="k-2", client="a")
    assert again == created
    config = backend.dice.load(created.game_id)
    assert config is not None and config.token_seed is not None
    for seat in created.seats:
        assert seat_of(service, created.game_id, seat["token"]) == seat["seat"]
        assert seat["token"] not in config.to_json()
