"""A whole game over HTTP, from creation to a winner, on a real Redis (one server, and a
cluster with one server for the queues) with real RQ workers.

Seat 0's Ice Drake breathes on seat 1's line (a breath phase the workers resolve, R-TRN-6),
then its blue foot destroys a frozen unit for the banner that wins (banners_to_win 1).
Each command sent is first found among the seat's legal actions, so the two agree over HTTP.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from domain.notation import scenario_from_text
from tests.api.conftest import make_app, with_settings
from tests.api.helpers import Game, create
from tests.service.games import ICE_BOARD, ICE_FLIGHT
from tests.topologies import Topology
from workers.context import WorkerContext, build_context, installed
from workers.worker import make_worker

# R-DIE-3: the breath phase draws 3 dice per target in marking order, then the battle's dice.
DICE = ["lore", "lore", "green"] + ["red"] * 6 + ["blue", "blue", "blue"]


def winning_scenario() -> dict[str, Any]:
    return scenario_from_text(
        ICE_BOARD, settings={"banners_to_win": 1}, units={"bf1": {"figures": 2}}, name="ice"
    )


@pytest.fixture
def workers(topology: Topology) -> Iterator[WorkerContext]:
    with installed(build_context(topology.settings(), topology.clients)) as ctx:
        yield ctx


@pytest.fixture
def rq_client(topology: Topology) -> FlaskClient:
    settings = with_settings(jobs="rq", projection_wait_s=2.0)
    return make_app(topology.name, settings, topology.clients).test_client()


def drain(ctx: WorkerContext) -> None:
    """Run every queued job with a real RQ SimpleWorker in burst mode (its pub/sub listener,
    for RQ's remote commands, is left out: stopping it costs a second each time)."""
    worker = make_worker(ctx)
    worker.subscribe = lambda: None  # type: ignore[method-assign]
    worker.work(burst=True, logging_level="WARNING")


def play(game: Game, seat: int, body: dict[str, Any], workers: WorkerContext) -> dict[str, Any]:
    listing = game.get("/legal-actions", seat=seat).get_json()
    assert _offered(body, listing), (body, listing)
    reply = game.ok(seat, body)
    drain(workers)
    return reply


def _offered(sent: dict[str, Any], listing: dict[str, Any]) -> bool:
    """Listed, or (docs/client/commands.md) an order merging listed single-unit ones, or a flight
    with another path to a listed landing hex."""
    legal = listing["actions"]
    if sent["type"] == "order" and len(sent["units"]) > 1:
        alone = [{**sent, "units": [u], "breath": [b for b in sent.get("breath", []) if b == u]}
                 for u in sent["units"]]  # fmt: skip
        within = len(sent["units"]) <= listing["order"]["max_units"]
        return within and all(_offered(body, listing) for body in alone)
    if sent["type"] == "fly":
        legal = [{**a, "path": sent["path"]} for a in legal
                 if a["type"] == "fly" and a["path"][-1] == sent["path"][-1]]  # fmt: skip
    return any(_same(sent, action) for action in legal)


def _same(sent: dict[str, Any], legal: dict[str, Any]) -> bool:
    return all(legal.get(k) == v for k, v in sent.items()) and sent["type"] == legal["type"]


def test_a_game_from_creation_to_a_winner(rq_client: FlaskClient, workers: WorkerContext):
    game = create(rq_client, winning_scenario(), dice={"script": DICE})
    drain(workers)
    assert game.get("?min_version=2").get_json()["phase"] == "order"
    play(game, 0, {"type": "end_turn"}, workers)  # R-TRN-4: ordering nothing is allowed
    play(game, 1, {"type": "end_turn"}, workers)  # R-TRN-1: back to seat 0
    play(game, 0, {"type": "order", "units": ["bf0", "id0"], "breath": ["id0"]}, workers)
    play(game, 0, {"type": "fly", "unit": "id0", "path": ICE_FLIGHT}, workers)
    opened = play(game, 0, {"type": "end_movement"}, workers)
    assert opened["events"][-1]["type"] == "BreathPhaseOpened"  # R-TRN-6
    resolved = opened["version"] + 4  # three BreathRolled and BreathPhaseClosed, by a worker
    view = game.get(f"?min_version={resolved}").get_json()
    assert view["version"] == resolved
    assert view["phase"] == "combat" and view["units"][1]["tokens"]["frost"] == 2  # R-BRE-4
    won = play(game, 0, {"type": "battle", "unit": "bf0", "target": "bf1"}, workers)
    assert [e["type"] for e in won["events"]][-2:] == ["GameEnded", "SecretsRevealed"]  # R-WIN-1
    final = game.get(f"?min_version={won['version']}")
    assert final.headers["ETag"] == f'"{won["version"]}"'
    assert (final.get_json()["phase"], final.get_json()["winner"]) == ("over", 0)
    lobby = rq_client.get("/games?status=over").get_json()["games"]
    assert [g["game_id"] for g in lobby] == [game.id]
    events = game.get("/events?limit=1000").get_json()["events"]
    assert [e["version"] for e in events] == list(range(1, won["version"] + 1))
    assert [e["type"] for e in events].count("BreathPhaseClosed") == 1
    assert all(
        e["seat"] is None for e in events if e["type"] in ("BreathRolled", "BreathPhaseClosed")
    )


def test_the_projection_serves_reads_once_the_workers_caught_up(
    rq_client: FlaskClient, workers: WorkerContext
):
    game = create(rq_client, winning_scenario())
    assert workers.projections.load(game.id) is None
    assert game.get().get_json()["version"] == 2  # no projection yet: the stream answers
    drain(workers)
    assert workers.projections.load(game.id) is not None
    lobby = rq_client.get("/games?status=active").get_json()["games"]
    assert [(g["game_id"], g["to_act"]) for g in lobby] == [(game.id, 0)]  # seat 0 to act
