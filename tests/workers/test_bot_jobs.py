"""Bot seats with real RQ workers: the bot's moves are RQ jobs with one id per game, version
and seat, played through GameService.handle_command; the reconciler queues a lost one again
and plays one whose job ran without moving the game."""

from __future__ import annotations

import pytest
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from adapters.redis.jobs import bot_job_id
from domain.hexes import Hex
from lorekeeper.players.access import Caller
from lorekeeper.players.accounts import PlayerCaller
from lorekeeper.players.ports import Player
from lorekeeper.players.seating import SeatSpec
from lorekeeper.settings import Settings
from tests.service.games import duel
from tests.workers.games import drain
from workers.context import WorkerContext
from workers.reconcile import reconcile
from workers.supervisor import work_command
from workers.worker import make_worker

BOT_FIRST = [SeatSpec("bot", bot="battler"), SeatSpec("me")]


def _player(ctx: WorkerContext, player_id: str = "p_" + "a" * 16) -> Caller:
    ctx.stores.players.create(Player(player_id, "Ann", 1))
    return Caller(player=PlayerCaller(player_id, "k"))


def _bot_game(ctx: WorkerContext) -> str:
    made = ctx.seating.create(_player(ctx), duel(), {"auto_decisions": True, "seed": "bots"},
                              seats=BOT_FIRST)  # fmt: skip
    return made.game_id


def test_a_bot_seat_plays_its_turn_through_rq(ctx: WorkerContext) -> None:
    game_id = _bot_game(ctx)
    assert ctx.jobs.bot_queue.get_job_ids() == [bot_job_id(game_id, 2, 0)]
    drain(ctx)
    events = ctx.events.read(game_id)
    by_bot = [e for e in events if e.seat == 0 and e.command is not None]
    assert by_bot and all(e.command_id == f"bot@{e.version - 1}" for e in by_bot)
    state = ctx.log.load(game_id).state
    assert state.is_over or state.active == 1  # the bot's turn ended (or it won)
    assert ctx.jobs.bot_queue.get_job_ids() == []


def test_a_search_bot_seat_plays_its_turn_within_its_budget(ctx: WorkerContext) -> None:
    seats = [SeatSpec("bot", bot="search-easy"), SeatSpec("me")]
    made = ctx.seating.create(_player(ctx), duel(), {"auto_decisions": True, "seed": "bots"},
                              seats=seats)  # fmt: skip
    drain(ctx)
    events = ctx.events.read(made.game_id)
    assert any(e.seat == 0 and e.command is not None for e in events)
    state = ctx.log.load(made.game_id).state
    assert state.is_over or state.active == 1


def test_a_bot_move_played_twice_is_appended_once(ctx: WorkerContext) -> None:
    game_id = _bot_game(ctx)
    first = ctx.bots.play(game_id, 2, 0)
    assert first["played"] is True
    version = ctx.events.version(game_id)
    assert ctx.bots.play(game_id, 2, 0) == {"played": False, "reason": "the game moved on"}
    assert ctx.events.version(game_id) == version
    assert not ctx.jobs.enqueue_bot_turn(game_id, 2, 0)  # that job exists already
    assert ctx.bots.play(game_id, version, 1)["played"] is False  # seat 1 is no bot


def test_the_reconciler_queues_a_lost_bot_move_again(ctx: WorkerContext) -> None:
    game_id = _bot_game(ctx)
    job_id = bot_job_id(game_id, 2, 0)
    ctx.jobs.bot_queue.remove(job_id)
    Job.fetch(job_id, connection=ctx.client, serializer=JSONSerializer).delete()
    assert ctx.jobs.bot_queue.get_job_ids() == []

    report = reconcile(ctx)

    assert report.bots_queued == [game_id]
    drain(ctx)
    assert any(e.seat == 0 and e.command is not None for e in ctx.events.read(game_id))


def test_the_reconciler_plays_a_move_whose_job_ran_and_left_the_game_waiting(
    ctx: WorkerContext,
) -> None:
    game_id = _bot_game(ctx)
    job = Job.fetch(bot_job_id(game_id, 2, 0), connection=ctx.client, serializer=JSONSerializer)
    ctx.jobs.bot_queue.remove(job)
    job.set_status(JobStatus.FINISHED)

    report = reconcile(ctx)

    assert report.bots_played == [game_id]
    assert ctx.events.version(game_id) > 2


def test_the_reconciler_starts_a_game_left_between_its_table_and_its_first_turn(
    ctx: WorkerContext,
) -> None:
    ann = _player(ctx)
    made = ctx.seating.create(ann, duel(), {}, seats=[SeatSpec("me"), SeatSpec("open")])
    bob_id = "p_" + "b" * 16
    bob = _player(ctx, bob_id)
    original = ctx.service.start_game

    def crash(game_id: str) -> None:
        raise ConnectionError("the process died here")

    ctx.service.start_game = crash  # type: ignore[assignment,method-assign]
    try:
        with pytest.raises(ConnectionError):
            ctx.seating.join(bob, made.game_id)
    finally:
        ctx.service.start_game = original  # type: ignore[method-assign]
    ctx.projector.project([made.game_id])  # the projector lists it: seats taken, no turn
    assert ctx.log.load(made.game_id).state.turn == 0

    report = reconcile(ctx)

    assert report.games_started == [made.game_id]
    assert ctx.log.load(made.game_id).state.turn == 1
    assert reconcile(ctx).games_started == []  # listed again: off the shelf


def test_the_reconciler_expires_open_games(ctx: WorkerContext) -> None:
    ann = _player(ctx)
    made = ctx.seating.create(ann, duel(), {})
    ctx.seating._clock = lambda: (made.table.expires_ms or 0) + 1
    assert reconcile(ctx).games_expired == [made.game_id]
    assert ctx.stores.tables.load(made.game_id).status == "expired"  # type: ignore[union-attr]


def test_a_player_plays_a_bot_through_the_api_and_the_workers(ctx: WorkerContext) -> None:
    from tests.api.conftest import make_app, with_settings
    from tests.api.helpers import bearer, sign_up

    api = make_app("redis", with_settings(jobs="rq"), ctx.clients).test_client()
    key = sign_up(api)["key"]
    body = {"scenario": duel(), "options": {"auto_decisions": True},
            "seats": [{"kind": "me"}, {"kind": "bot", "bot": "battler"}]}  # fmt: skip
    game_id = api.post("/games", json=body, headers=bearer(key)).get_json()["game_id"]
    sent = api.post(f"/games/{game_id}/commands", json={"type": "end_turn"}, headers=bearer(key))
    assert sent.status_code == 200
    assert ctx.jobs.bot_queue.get_job_ids() == [bot_job_id(game_id, sent.get_json()["version"], 1)]
    drain(ctx)  # the bot's whole turn, one job a move
    view = api.get(f"/games/{game_id}?min_version=1").get_json()
    assert view["phase"] == "over" or (view["active_seat"], view["turn"]) == (0, 3)
    mine = api.get("/players/me/games?turn=mine", headers=bearer(key)).get_json()["games"]
    assert [g["game_id"] for g in mine] == ([] if view["phase"] == "over" else [game_id])


def test_a_worker_without_bots_leaves_their_moves_to_the_others(ctx: WorkerContext) -> None:
    assert ctx.settings.bot_queue in make_worker(ctx).queue_names()
    assert ctx.settings.bot_queue not in make_worker(ctx, bots=False).queue_names()


def test_the_projecting_worker_plays_no_bots_when_another_worker_can() -> None:
    two = Settings(worker_processes=2, projection_loops=1)
    assert work_command(0, two)[-1] == "--no-bots"
    assert work_command(1, two)[-1] == "--no-projections"
    alone = Settings(worker_processes=1, projection_loops=1)
    assert work_command(0, alone)[-2:] == ["workers", "work"]


def test_a_bot_seat_accepts_a_takeback_request(ctx: WorkerContext) -> None:  # TKB-3, TKB-4
    seats = [SeatSpec("me"), SeatSpec("bot", bot="battler")]
    options = {"auto_decisions": True, "seed": "bots", "takebacks": True}
    game_id = ctx.seating.create(_player(ctx), duel(), options, seats=seats).game_id
    drain(ctx)
    ctx.service.handle_command(game_id, 0, {"type": "order", "units": ["bf0"]})
    ctx.service.handle_command(game_id, 0, {"type": "move", "unit": "bf0", "path": [[0, 1]]})
    asked = ctx.service.handle_command(game_id, 0, {"type": "request_takeback"})
    assert ctx.jobs.bot_queue.get_job_ids() == [bot_job_id(game_id, asked.version, 1)]
    drain(ctx)
    last = ctx.events.read(game_id)[-1]
    assert last.type == "TakenBack" and last.seat == 1
    assert last.command_id == f"bot@{asked.version}"
    state = ctx.log.load(game_id).state
    assert state.units["bf0"].hex == Hex(0, 0)
