"""The seed step's deadline in the workers (SEED-2): a game full at its creation waits in a
seed step; the reconciler's expiry pass (the lobby's expiring set) begins it once its
deadline has passed, and not before; the `starting` shelf does not begin it early. A game
that fills up by joins, promised a step, has it opened at its last join, or by the reconciler
if the process died before."""

from __future__ import annotations

import pytest

from lorekeeper.players.access import Caller
from lorekeeper.players.accounts import PlayerCaller
from lorekeeper.players.ports import Player
from lorekeeper.players.seating import SeatSpec
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

    _begins_only_at(ctx, made.game_id, deadline)
    assert ctx.stores.tables.load(made.game_id).status == "started"  # type: ignore[union-attr]
    stored = ctx.log.events.read(made.game_id)
    assert [e.type for e in stored[:3]] == ["GameCreated", "ClientSeedsSealed", "TurnStarted"]
    assert stored[1].command_id == "start_game" and stored[1].time_ms == deadline + 1


def _begins_only_at(ctx: WorkerContext, game_id: str, deadline: int) -> None:
    """The reconciler leaves the step alone before its deadline and begins the first turn
    past it, the silent seats recorded as none (SEED-2)."""
    early = reconcile(ctx)
    assert game_id not in early.games_started + early.games_expired
    assert ctx.log.load(game_id).state.turn == 0

    ctx.seating._clock = lambda: deadline + 1
    ctx.service.now_ms = lambda: deadline + 1
    reconcile(ctx)
    state = ctx.log.load(game_id).state
    assert state.turn == 1 and state.client_seeds == (None, None)


def _join(ctx: WorkerContext, game_id: str, player_id: str = "p_" + "b" * 16) -> None:
    ctx.seating.join(_player(ctx, player_id), game_id, 1)


def test_a_filled_game_promised_a_step_is_opened_not_started(ctx: WorkerContext) -> None:
    """SEED-2: a join game created with a seed step opens it at its last join; the `starting`
    shelf does not hold it, and the expiry pass begins it at the step's deadline."""
    made = ctx.seating.create(_player(ctx), duel(), {"seed_step": True})
    _join(ctx, made.game_id)
    ctx.projector.project([made.game_id])
    stored = ctx.log.events.read(made.game_id)
    assert [e.type for e in stored] == ["GameCreated", "SeedStepOpened"]
    deadline = stored[1].payload["deadline_ms"]

    _begins_only_at(ctx, made.game_id, deadline)


def test_the_reconciler_opens_the_step_a_crash_left_unopened(
    ctx: WorkerContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SEED-2: a process that died between the table filling up and SeedStepOpened left the
    game on the `starting` shelf; the reconciler opens its step there, and does not begin it."""
    made = ctx.seating.create(_player(ctx), duel(), {"seed_step": True})

    def crash(game_id: str, seats: tuple[int, ...]) -> None:
        raise RuntimeError("the process died here")

    with monkeypatch.context() as patched:
        patched.setattr(ctx.service, "open_seed_step", crash)
        with pytest.raises(RuntimeError):
            _join(ctx, made.game_id)
    assert ctx.stores.tables.load(made.game_id).status == "started"  # type: ignore[union-attr]
    ctx.projector.project([made.game_id])

    repaired = reconcile(ctx)
    assert made.game_id in repaired.games_started  # its start repaired: the step opened
    stored = ctx.log.events.read(made.game_id)
    assert [e.type for e in stored] == ["GameCreated", "SeedStepOpened"]
    assert stored[1].command_id == "open_seed_step" and stored[1].payload["seats"] == [0, 1]
    assert ctx.log.load(made.game_id).state.turn == 0  # it waits for the seats' seeds
    table = ctx.stores.tables.load(made.game_id)
    assert table is not None and table.expires_ms == stored[1].payload["deadline_ms"]
    again = reconcile(ctx)
    assert made.game_id not in again.games_started  # off the `starting` shelf
