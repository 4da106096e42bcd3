"""The seed step's deadline in the workers (SEED-2): a game full at its creation waits in a
seed step; the reconciler's expiry pass (the lobby's expiring set) begins it once its
deadline has passed, and not before; the `starting` shelf does not begin it early."""

from __future__ import annotations

from lorekeeper.access import Caller
from lorekeeper.players import PlayerCaller
from lorekeeper.ports import Player
from lorekeeper.seating import SeatSpec
from tests.service.games import duel
from workers.context import WorkerContext
from workers.reconcile import reconcile


def _player(ctx: WorkerContext, player_id: str = "p_" + "a" * 16) -> Caller:
    ctx.stores.players.create(Player(player_id, "Ann", 1))
    return Caller(player=PlayerCaller(player_id, "k"))


def test_the_reconciler_begins_a_seed_step_at_its_deadline(ctx: WorkerContext) -> None:
    seats = [SeatSpec("me"), SeatSpec("bot", bot="battler")]
    made = ctx.seating.create(_player(ctx), duel(), {"seed_step": True}, seats=seats)
    deadline = made.dice["seed_step"]["deadline_ms"]
    ctx.projector.project([made.game_id])  # listed as the projector lists it

    early = reconcile(ctx)
    assert made.game_id not in early.games_started + early.games_expired
    assert ctx.log.load(made.game_id).state.turn == 0

    ctx.seating._clock = lambda: deadline + 1
    ctx.service.now_ms = lambda: deadline + 1
    reconcile(ctx)
    state = ctx.log.load(made.game_id).state
    assert state.turn == 1 and state.client_seeds == (None, None)
    assert ctx.stores.tables.load(made.game_id).status == "started"  # type: ignore[union-attr]
    stored = ctx.log.events.read(made.game_id)
    assert [e.type for e in stored[:3]] == ["GameCreated", "ClientSeedsSealed", "TurnStarted"]
    assert stored[1].command_id == "start_game" and stored[1].time_ms == deadline + 1
