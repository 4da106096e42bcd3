"""Projections on a real Redis, run by the workers' projection loop (with a SimpleWorker, burst)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from typing import Any

import pytest
import redis

from adapters.redis import projections as redis_projections
from adapters.redis.keys import GAMES_KEY, LISTINGS_KEY, projection_key
from adapters.redis.projections import (
    GameSweep,
    lagging_among,
    lagging_games,
    oldest_unprojected_ms,
    projection_lag,
    queued_lag,
)
from lorekeeper.games.ports import NewEvent
from lorekeeper.players.lobby import SYSTEM, LobbyReader
from lorekeeper.players.ports import Shelf
from lorekeeper.projections.projector import Outcome
from lorekeeper.settings import Settings
from tests.round_trips import count_round_trips
from tests.topologies import Topology
from tests.workers.games import BreathGame, drain, fresh_projection, project
from workers.cli import failed_jobs
from workers.context import WorkerContext, build_context
from workers.projection_loop import BATCH, GATHER_S_PER_GAME, ProjectionLoop, gathering_s
from workers.reconcile import reconcile


def test_a_projection_job_catches_the_view_up_to_the_stream_head(ctx: WorkerContext) -> None:
    game = BreathGame(ctx.service)
    game.command(0, {"type": "order", "units": ["ww0"], "breath": ["ww0"]})
    game.command(0, {"type": "fly", "unit": "ww0", "path": [[2, 1], [3, 1], [4, 1]]})

    drain(ctx)

    assert ctx.projections.load(game.game_id) == fresh_projection(ctx, game.game_id)
    assert ctx.projections.checkpoints([game.game_id])[0] == ctx.events.version(game.game_id)


def test_projecting_again_changes_nothing(ctx: WorkerContext) -> None:
    game = BreathGame(ctx.service)
    game.command(0, {"type": "end_turn"})
    first = project(ctx, game.game_id)
    stored = ctx.projections.load(game.game_id)

    again = project(ctx, game.game_id)

    assert first.written
    assert again == Outcome(first.version, written=False)
    assert ctx.projections.load(game.game_id) == stored


def test_appends_while_a_job_is_pending_enqueue_nothing(ctx: WorkerContext) -> None:
    game = BreathGame(ctx.service)  # creating the game enqueued the first job
    game.command(0, {"type": "end_turn"})
    game.command(1, {"type": "end_turn"})
    game.command(0, {"type": "end_turn"})

    assert ctx.jobs.projection_queue.due() == [game.game_id]
    drain(ctx)
    assert ctx.projections.checkpoints([game.game_id])[0] == ctx.events.version(game.game_id)

    game.command(1, {"type": "end_turn"})
    assert ctx.jobs.projection_queue.due() == [game.game_id]


def test_an_append_after_the_job_cleared_its_flag_schedules_another(
    ctx: WorkerContext,
) -> None:
    game = BreathGame(ctx.service)
    ctx.client.delete(ctx.jobs.projection_queue.key)
    ctx.jobs.clear_pending([game.game_id])  # what a starting round does before it reads

    game.command(0, {"type": "end_turn"})

    assert ctx.jobs.projection_queue.due() == [game.game_id]


def test_a_worker_with_a_cold_cache_writes_the_same_bytes(
    ctx: WorkerContext, settings: Settings, redis_client: redis.Redis
) -> None:
    game = BreathGame(ctx.service)
    game.open_breath()
    drain(ctx)
    game.end_round()
    drain(ctx)
    live = ctx.projections.load(game.game_id)

    cold = build_context(settings, ctx.clients)
    outcome = cold.projector.rebuild(game.game_id)

    assert outcome.written  # rewritten at the same version...
    assert cold.projections.load(game.game_id) == live  # ...with the same bytes


def test_rebuild_equals_the_live_projection_byte_for_byte(
    ctx: WorkerContext, redis_client: redis.Redis, topology: Topology
) -> None:
    games = [BreathGame(ctx.service, seed=f"s{i}") for i in range(3)]
    for game in games:
        for _ in range(3):
            game.open_breath()
            drain(ctx)
            game.end_round()
    drain(ctx)
    live = {g.game_id: ctx.projections.load(g.game_id) for g in games}
    live_lobby = redis_client.hgetall(LISTINGS_KEY)
    ctx.games.delete(*[projection_key(g.game_id) for g in games[1:]])
    redis_client.delete(LISTINGS_KEY)
    ctx.client.sadd(GAMES_KEY, "0listed0unmade0")  # a creation that failed once listed

    env = {**os.environ, **topology.env()}
    done = subprocess.run([sys.executable, "-m", "workers", "rebuild"], env=env,
                          capture_output=True, text=True, timeout=60, check=True)  # fmt: skip

    assert {g.game_id: ctx.projections.load(g.game_id) for g in games} == live
    assert redis_client.hgetall(LISTINGS_KEY) == live_lobby
    assert sorted(json.loads(line)["game_id"] for line in done.stdout.splitlines()) == sorted(live)
    for game in games:
        assert live[game.game_id] == fresh_projection(ctx, game.game_id)


def test_the_lobby_shows_whose_turn_it_is(ctx: WorkerContext) -> None:
    game = BreathGame(ctx.service)
    lobby = LobbyReader(ctx.stores.lobby)
    drain(ctx)
    (entry,) = lobby.public("active", None, None, 10).entries
    assert (entry["game_id"], entry["to_act"]) == (game.game_id, 0)

    game.command(0, {"type": "end_turn"})
    drain(ctx)

    (entry,) = lobby.public("active", None, None, 10).entries
    assert entry["active_seat"] == entry["to_act"] == 1
    assert entry["version"] == ctx.events.version(game.game_id)
    assert entry["last_activity"] == ctx.events.read(game.game_id)[-1].time_ms
    assert entry["created_ms"] == ctx.events.read(game.game_id, 1, 1)[0].time_ms


def test_a_breath_phase_shows_in_the_lobby_with_nobody_to_act(ctx: WorkerContext) -> None:
    game = BreathGame(ctx.service)
    game.open_breath()

    project(ctx, game.game_id)  # the projection only: the breath job stays queued

    (entry,) = LobbyReader(ctx.stores.lobby).public("active", None, None, 10).entries
    assert (entry["phase"], entry["to_act"]) == ("breath", None)  # R-TRN-6
    watched = ctx.stores.lobby.page(Shelf("player", "breath", None, SYSTEM), None, 10).entries
    assert [e["game_id"] for e in watched] == [game.game_id]  # the reconciler's shelf
    stored = ctx.projections.load(game.game_id)
    assert stored is not None and stored.view["phase"] == "breath"


def test_a_lobby_entry_left_behind_is_repaired_by_the_next_job(
    ctx: WorkerContext, redis_client: redis.Redis
) -> None:
    game = BreathGame(ctx.service)
    drain(ctx)
    current = redis_client.hget(LISTINGS_KEY, game.game_id)
    assert current is not None
    record = json.loads(current)
    stale = {**record, "v": 0, "entry": {**record["entry"], "version": 0, "turn": -1}}
    redis_client.hset(LISTINGS_KEY, game.game_id, json.dumps(stale))  # a crash between writes

    project(ctx, game.game_id)

    assert redis_client.hget(LISTINGS_KEY, game.game_id) == current


def test_projection_lag_counts_the_games_behind(ctx: WorkerContext) -> None:
    game = BreathGame(ctx.service)
    game.command(0, {"type": "end_turn"})

    before = projection_lag(ctx.games, ctx.client)
    drain(ctx)
    after = projection_lag(ctx.games, ctx.client)

    assert before["games"] == 1 and before["lagging"] == 1
    assert before["max_events"] == ctx.events.version(game.game_id)
    assert before["max_ms"] >= 0
    assert after == {"games": 1, "lagging": 0, "max_events": 0, "max_ms": 0}


def test_projection_lag_goes_over_the_games_a_page_at_a_time(
    ctx: WorkerContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = [BreathGame(ctx.service, seed=f"p{i}") for i in range(5)]
    drain(ctx)
    for game in games[1:4]:
        game.command(0, {"type": "end_turn"})
    monkeypatch.setattr("adapters.redis.projections.LAGGING_PAGE", 2)
    pages: list[int] = []
    among = redis_projections.lagging_among

    def looked_at(client: Any, page: Sequence[str]) -> list[tuple[str, int, int]]:
        pages.append(len(page))
        return among(client, page)

    monkeypatch.setattr(redis_projections, "lagging_among", looked_at)
    count, behind = lagging_games(ctx.games, ctx.client)

    assert count == 5 and pages == [2, 2, 1]  # the index looked at a page at a time
    assert sorted(g for g, _, _ in behind) == sorted(g.game_id for g in games[1:4])


def test_the_oldest_unprojected_event_is_aged_from_its_entry(ctx: WorkerContext) -> None:
    game = BreathGame(ctx.service)
    drain(ctx)
    game.command(0, {"type": "end_turn"})
    game.command(1, {"type": "end_turn"})
    behind = lagging_among(ctx.games, [game.game_id, "no-such-game"])
    first = ctx.events.read(game.game_id)[ctx.projections.checkpoints([game.game_id])[0]]

    assert [b[0] for b in behind] == [game.game_id]
    assert oldest_unprojected_ms(ctx.games, behind, now_ms=first.time_ms + 250) == 250
    assert oldest_unprojected_ms(ctx.games, [], now_ms=first.time_ms) == 0


def test_a_round_of_many_games_reads_in_one_round_trip_and_writes_in_one(
    ctx: WorkerContext, topology: Topology, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each round trip waits for a disk flush under appendfsync always (BENCHMARKS.md): a
    round of games already cached costs two on one Redis; on a Cluster, one per master for
    the reads, one for the coordination server's writes, one per master for the saves."""
    games = [BreathGame(ctx.service) for _ in range(6)]
    ids = [game.game_id for game in games]
    ctx.projector.project(ids)  # cached, scripts loaded
    for game in games:
        game.command(0, {"type": "end_turn"})
    sent = count_round_trips(monkeypatch)

    outcomes = ctx.projector.project(ids)

    assert all(isinstance(o, Outcome) and o.written for o in outcomes.values()), outcomes
    # On the Cluster: its reads on each master holding one of the games (3 at most) at once,
    # the coordination server's writes, then the saves on those masters at once.
    assert sent == [2] if topology.name == "redis" else 3 <= sent[0] <= 3 + 1 + 3


def test_a_sweep_reads_the_games_a_window_at_a_time_and_each_one_in_every_sweep(
    ctx: WorkerContext,
) -> None:
    ids = {f"swept-{n:04d}" for n in range(600)}  # a hashtable set: SSCAN goes by its COUNT
    ctx.client.sadd(GAMES_KEY, *ids)
    sweep = GameSweep(ctx.client, count=50)
    windows = []
    while sweep.sweeps == 0:
        windows.append(sweep.window())
    assert set().union(*windows) == ids
    assert len(windows) >= 6 and max(len(w) for w in windows) <= 150


def test_the_reconciler_on_the_interval_catches_up_a_game_left_behind_within_one_sweep(
    ctx: WorkerContext,
) -> None:
    game = BreathGame(ctx.service)
    game.command(0, {"type": "end_turn"})
    # Its request lost (say an API process died between the append and the queue's push on
    # a Cluster), among many other games.
    ctx.client.delete(ctx.jobs.projection_queue.key)
    ctx.jobs.clear_pending([game.game_id])
    ctx.client.sadd(GAMES_KEY, *(f"other-{n:04d}" for n in range(400)))
    sweep = GameSweep(ctx.client, count=50)
    requested, read = [], []
    while sweep.sweeps == 0:
        report = reconcile(ctx, sweep=sweep)
        requested += report.projections_requested
        read.append(report.games)

    assert requested == [game.game_id]
    assert max(read) <= 150 and sum(read) >= 401  # a window each pass, every game once
    drain(ctx)
    assert ctx.projections.checkpoints([game.game_id])[0] == ctx.events.version(game.game_id)


def test_the_health_check_counts_the_queue_in_calls_that_do_not_grow_with_the_games(
    ctx: WorkerContext,
) -> None:
    settings = ctx.settings
    game = BreathGame(ctx.service)  # its creation queued its projection
    game.command(0, {"type": "end_turn"})
    queued_at = time.time_ns() // 1_000_000

    later = queued_lag(ctx.games, ctx.client, settings.projection_queue, now_ms=queued_at + 250)
    drain(ctx)
    after = queued_lag(ctx.games, ctx.client, settings.projection_queue)

    assert later["queued"] == 1 and 250 <= later["oldest_ms"] <= 250 + 60_000
    assert after == {"queued": 0, "oldest_ms": 0}


def test_a_failing_projection_is_recorded_and_listed(
    ctx: WorkerContext, topology: Topology
) -> None:
    game = BreathGame(ctx.service)
    drain(ctx)
    version = ctx.events.version(game.game_id)
    ctx.events.append(game.game_id, version, [NewEvent("NoSuchEvent", {})],
                      seat=None, command_id=None, command_hash=None)  # fmt: skip
    ctx.jobs.after_append(game.game_id, version + 1, ["NoSuchEvent"])

    drain(ctx)

    (failed,) = failed_jobs(ctx)
    assert failed["game_id"] == game.game_id and failed["queue"] == "projections"
    assert "unknown event type" in failed["error"]
    env = {**os.environ, **topology.env()}
    listed = subprocess.run([sys.executable, "-m", "workers", "failed"], env=env,
                            capture_output=True, text=True, timeout=60, check=True)  # fmt: skip
    assert [json.loads(line)["game_id"] for line in listed.stdout.splitlines()] == [game.game_id]


def test_rebuild_of_one_game_touches_only_that_game(ctx: WorkerContext, topology: Topology) -> None:
    one, other = BreathGame(ctx.service, seed="one"), BreathGame(ctx.service, seed="other")
    env = {**os.environ, **topology.env()}

    done = subprocess.run([sys.executable, "-m", "workers", "rebuild", one.game_id], env=env,
                          capture_output=True, text=True, timeout=60, check=True)  # fmt: skip
    missing = subprocess.run([sys.executable, "-m", "workers", "rebuild", "nope"], env=env,
                             capture_output=True, text=True, timeout=60)  # fmt: skip

    assert json.loads(done.stdout) == {"game_id": one.game_id, "version": 2, "written": True}
    assert ctx.projections.load(one.game_id) == fresh_projection(ctx, one.game_id)
    assert ctx.projections.load(other.game_id) is None
    assert missing.returncode == 1 and "no game 'nope'" in missing.stderr


def test_a_batch_projects_every_game_even_when_one_fails(ctx: WorkerContext) -> None:
    games = [BreathGame(ctx.service, seed=f"batch-{i}") for i in range(3)]
    broken = games[1].game_id
    version = ctx.events.version(broken)
    ctx.events.append(broken, version, [NewEvent("NoSuchEvent", {})],
                      seat=None, command_id=None, command_hash=None)  # fmt: skip
    ids = [g.game_id for g in games]

    outcomes = ProjectionLoop(ctx).project(ids)

    assert isinstance(outcomes[broken], ValueError)
    for game_id in (ids[0], ids[2]):
        assert ctx.projections.load(game_id) == fresh_projection(ctx, game_id)
    assert ctx.projections.checkpoints([broken])[0] == 0


def test_the_loop_projects_what_comes_due_in_rounds(ctx: WorkerContext) -> None:
    games = [BreathGame(ctx.service, seed=f"round-{i}") for i in range(3)]  # 3 jobs queued
    loop = ProjectionLoop(ctx, round_s=0.05)
    runner = threading.Thread(target=loop.run)
    runner.start()
    try:
        for game in games:
            assert ctx.projections.wait_for(game.game_id, 2, timeout_s=5) is not None
        version = games[0].command(0, {"type": "end_turn"}).version  # during the pause
        assert ctx.projections.wait_for(games[0].game_id, version, timeout_s=5) is not None
    finally:
        loop.stop()
        runner.join(timeout=5)
    assert not runner.is_alive() and loop.is_empty()


def test_the_busier_a_round_the_longer_the_next_one_gathers() -> None:
    round_s = 0.04
    assert gathering_s(1, round_s) == 0.0  # a lone game: nothing else is going on
    assert gathering_s(BATCH, round_s) == 0.0  # a full batch: more are already due
    assert gathering_s(5, round_s) == 5 * GATHER_S_PER_GAME
    assert gathering_s(BATCH - 1, round_s) == round_s  # never longer than the round interval
    assert gathering_s(5, 0.0) == 0.0  # LOREKEEPER_PROJECTION_ROUND_MS=0: no gathering
