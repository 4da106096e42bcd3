"""Rating jobs with real RQ workers (docs/ratings.md): a rated game's end queues one job,
`rate-<game>`; the entry is appended exactly once however often the job runs, whether its
worker died before or after the append, or the process that ended the game died before
queuing it; two games of one player rated at once both count."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

import pytest

from adapters.redis.ratings import RQRatingQueue, rate_job_id
from lorekeeper.clocks.reading import now_ms
from lorekeeper.players.access import Caller
from lorekeeper.players.accounts import PlayerCaller
from lorekeeper.players.ports import Player
from lorekeeper.players.seating import SeatSpec
from lorekeeper.ratings.model import INITIAL
from lorekeeper.ratings.ports import Appended, RatingEntry, RatingStore
from lorekeeper.ratings.service import RatingService, recompute
from tests.service.games import duel
from tests.workers.games import drain
from workers.context import WorkerContext
from workers.reconcile import reconcile

PLAYERS = {name: "p_" + str(n) * 16 for n, name in enumerate(("ann", "bob", "cy"), start=1)}


def caller(ctx: WorkerContext, name: str) -> Caller:
    player_id = PLAYERS[name]
    if ctx.stores.players.load(player_id) is None:
        ctx.stores.players.create(Player(player_id, name.title(), 1))
    return Caller(player=PlayerCaller(player_id, "k"))


def started(ctx: WorkerContext, host: str, guest: str) -> str:
    """A rated game between two players, started."""
    made = ctx.seating.create(caller(ctx, host), duel(), {"rated": True},
                              seats=[SeatSpec("me"), SeatSpec("open")])  # fmt: skip
    ctx.seating.join(caller(ctx, guest), made.game_id)
    return made.game_id


def finished(ctx: WorkerContext, host: str, guest: str, loser: str) -> str:
    """A rated game between two players that `loser` resigned."""
    game_id = started(ctx, host, guest)
    ctx.service.handle_command(game_id, 0 if loser == host else 1, {"type": "resign"})
    return game_id


def ratings(ctx: WorkerContext) -> RatingService:
    assert ctx.ratings is not None
    return ctx.ratings


def games_of(ctx: WorkerContext, name: str) -> int:
    return ratings(ctx).rating_of(PLAYERS[name]).games


def test_a_rated_game_s_end_queues_one_job_that_a_worker_runs(ctx: WorkerContext) -> None:
    game_id = finished(ctx, "ann", "bob", "ann")
    queue = RQRatingQueue(ctx.client, ctx.settings.rating_queue)
    assert queue.queue.get_job_ids() == [rate_job_id(game_id)]
    assert queue.enqueue_rating(game_id) is False  # the same id: nothing new
    drain(ctx)
    assert games_of(ctx, "ann") == games_of(ctx, "bob") == 1
    assert ratings(ctx).rating_of(PLAYERS["bob"]).skill.mu > INITIAL.mu


def test_a_job_run_twice_appends_once(ctx: WorkerContext) -> None:
    game_id = finished(ctx, "ann", "bob", "bob")
    first = ratings(ctx).rate_game(game_id)
    assert first == {"rated": True, "position": 0}
    assert ratings(ctx).rate_game(game_id) == {"rated": False, "reason": "rated already",
                                               "position": 0}  # fmt: skip
    drain(ctx)  # the queued job too
    assert len(ratings(ctx).entries(-1, 10)) == 1 and games_of(ctx, "ann") == 1


class Dying:
    """A store whose worker dies just before or just after the append lands."""

    def __init__(self, inner: RatingStore, after: bool) -> None:
        self._inner, self._after = inner, after

    def append(self, entry: RatingEntry, revs: Mapping[str, int]) -> Appended:
        if not self._after:
            raise SystemExit("killed before the append")
        self._inner.append(entry, revs)
        raise SystemExit("killed after the append")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


@pytest.mark.parametrize("after", [False, True], ids=["before", "after"])
def test_a_job_whose_worker_died_at_the_append_is_rated_once_by_the_next(
    ctx: WorkerContext, after: bool
) -> None:
    game_id = finished(ctx, "ann", "bob", "ann")
    service = ratings(ctx)
    store: Any = Dying(service.store, after)
    dying = RatingService(store, ctx.stores.tables, ctx.log)
    with pytest.raises(SystemExit):
        dying.rate_game(game_id)
    assert len(service.entries(-1, 10)) == (1 if after else 0)
    service.rate_game(game_id)  # the job again, in another worker
    assert len(service.entries(-1, 10)) == 1
    assert games_of(ctx, "ann") == games_of(ctx, "bob") == 1


def test_two_games_of_one_player_rated_at_once_both_count(ctx: WorkerContext) -> None:
    first = finished(ctx, "ann", "bob", "bob")
    second = finished(ctx, "ann", "cy", "cy")
    start = threading.Barrier(2)

    def rate(game_id: str) -> None:
        start.wait()
        ratings(ctx).rate_game(game_id)

    threads = [threading.Thread(target=rate, args=(g,)) for g in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert games_of(ctx, "ann") == 2
    log = [e.entry for e in ratings(ctx).entries(-1, 10)]
    again = recompute(log)
    assert again.mismatches == []
    assert again.ratings[PLAYERS["ann"]] == ratings(ctx).rating_of(PLAYERS["ann"]).skill


def test_the_reconciler_rates_a_game_whose_job_was_lost(ctx: WorkerContext) -> None:
    game_id = finished(ctx, "ann", "bob", "ann")
    RQRatingQueue(ctx.client, ctx.settings.rating_queue).queue.empty()  # the job, lost
    service = ratings(ctx)
    assert service.store.due(10**15, 10) == [game_id]
    assert reconcile(ctx).rated == []  # too soon: its job may still be coming
    service._clock = lambda: now_ms() + ctx.settings.job_timeout_s * 1000 + 1
    assert reconcile(ctx).rated == [game_id]
    assert service.store.due(10**15, 10) == [] and games_of(ctx, "bob") == 1
    assert reconcile(ctx).rated == []  # once


def test_a_game_whose_ending_process_died_after_the_append_is_rated_once(
    ctx: WorkerContext, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = started(ctx, "ann", "bob")

    def died(game_id: str, state: object) -> None:
        raise SystemExit("killed after the append, before its commit hooks ran")

    monkeypatch.setattr(ctx.service, "_hooks", [died])
    with pytest.raises(SystemExit):
        ctx.service.handle_command(game_id, 0, {"type": "resign"})
    assert ctx.log.load(game_id).state.is_over  # the final append landed
    queue = RQRatingQueue(ctx.client, ctx.settings.rating_queue)
    assert queue.queue.get_job_ids() == []  # and no job was queued
    service = ratings(ctx)
    assert service.store.due(10**15, 10) == [game_id]  # noted before the append
    assert reconcile(ctx).rated == []  # too soon: a job may still be coming
    service._clock = lambda: now_ms() + ctx.settings.job_timeout_s * 1000 + 1
    assert reconcile(ctx).rated == [game_id]
    assert reconcile(ctx).rated == []  # once
    assert len(service.entries(-1, 10)) == 1
    assert games_of(ctx, "ann") == games_of(ctx, "bob") == 1


def test_a_due_game_that_can_never_be_rated_is_dropped(ctx: WorkerContext) -> None:
    service = ratings(ctx)
    service.store.mark_due("no-such-game", 1)
    assert service.rate_overdue(0) == [] and service.store.due(10**15, 10) == []


class NotedMeanwhile:
    """A store in which, right after the reconciler reads the due games, a command ending
    one of them notes it again (its append comes next)."""

    def __init__(self, inner: RatingStore, clock: Any) -> None:
        self._inner, self._clock = inner, clock

    def due(self, before_ms: int, limit: int) -> list[str]:
        found = self._inner.due(before_ms, limit)
        for game_id in found:
            self._inner.mark_due(game_id, self._clock())
        return found

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def test_a_game_noted_again_while_the_reconciler_looks_stays_due(ctx: WorkerContext) -> None:
    game_id = started(ctx, "ann", "bob")  # not over: an old note of a lost race to end it
    service = ratings(ctx)
    service.store.mark_due(game_id, 1)
    store: Any = NotedMeanwhile(service.store, now_ms)
    assert RatingService(store, ctx.stores.tables, ctx.log).rate_overdue(0) == []
    assert service.store.due(10**15, 10) == [game_id]  # its ending append may land next
    ctx.service.handle_command(game_id, 0, {"type": "resign"})
    drain(ctx)
    assert service.store.due(10**15, 10) == [] and games_of(ctx, "ann") == 1
