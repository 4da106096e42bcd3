"""The projection loop: pops due games and brings their projections up to date, outside RQ.

`after_append` pushes the game id onto the projection queue (a Redis list) when it takes the
game's pending flag; each worker process pops from it in a thread beside RQ's loop, or in
turn with the RQ queues in burst mode (workers/worker.py). An RQ job would cost several
times the projection it runs (BENCHMARKS.md), and every command asks for one.

A projection that fails is logged and recorded in the hash `lk:projections:failed` (game id ->
its last failure), which `python -m workers failed` lists beside RQ's failed breath jobs. The
game's flag is clear by then, so its next append or the reconciler tries again.
"""

from __future__ import annotations

import gc
import json
import logging
import threading
import time
import traceback
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import redis

from adapters.redis.keys import FAILED_PROJECTIONS_KEY
from lorekeeper.projections.projector import Outcome
from workers.breath import resolve_open_phase
from workers.context import WorkerContext

log = logging.getLogger(__name__)

_WAIT_S = 1.0  # a blocking pop returns this often, so the loop notices when it is stopped
_RETRY_S = 0.5  # after Redis did not answer
BATCH = 32  # game ids popped at once: under load, one round trip per step for many games
# After a busy round the next one gathers this long per game the round projected, up to the
# round interval (LOREKEEPER_PROJECTION_ROUND_MS): the busier, the more commands each game's
# projection takes in at once (BENCHMARKS.md: a projection's cost is mostly per game).
GATHER_S_PER_GAME = 0.003
LOOP = "projection_loop"  # who resolved a breath phase, in its log line


class ProjectionLoop:
    def __init__(self, ctx: WorkerContext, round_s: float | None = None) -> None:
        self._ctx = ctx
        self._stop = threading.Event()
        if round_s is None:
            round_s = ctx.settings.projection_round_ms / 1000
        self._round_s = round_s

    def run(self) -> None:
        """Project due games as they come, until `stop()`: a round takes every game due (up to
        BATCH). After a round of n games (1 < n < BATCH) the next starts no sooner than
        n × GATHER_S_PER_GAME, at most the round interval, after its start: what comes due in
        between waits in the queue, where a game's pending flag keeps it once, so under load
        a round projects many games, each with all its new commands, while a lone game is
        projected at once and a full batch goes on at once."""
        tune_collector()
        queue = self._ctx.jobs.projection_queue
        while not self._stop.is_set():
            try:
                game_ids = queue.pop(BATCH, timeout_s=_WAIT_S)
            except redis.RedisError as exc:
                log.warning("projection.queue_unreachable", extra={"error": repr(exc)})
                self._stop.wait(_RETRY_S)
                continue
            if game_ids:
                started = time.monotonic()
                outcomes = self.project(game_ids)
                if self._ctx.settings.projection_resolves_breath:
                    self.resolve_breath([g for g, o in outcomes.items()
                                         if isinstance(o, Outcome)])  # fmt: skip
                gather_s = gathering_s(len(game_ids), self._round_s)
                self._stop.wait(gather_s - (time.monotonic() - started))

    def stop(self) -> None:
        self._stop.set()

    def resolve_breath(self, game_ids: Sequence[str]) -> list[str]:
        """Resolve the breath phase of each of these games the round left open, at once
        (R-TRN-6; the games whose phase was resolved). The phase's RQ job, queued by the
        append that opened it, stays the backstop and finds it closed: exactly once comes
        from the store (workers/breath.py). Under load that job waited 80-320 ms at the
        median, each of RQ's round trips behind the disk's flush (BENCHMARKS.md); here it
        takes the fold the round already made and two round trips, within the gathering
        the loop would wait anyway. A failure is logged and left to the job. `run` calls
        it unless LOREKEEPER_PROJECTION_RESOLVES_BREATH is false."""
        resolved = []
        for game_id in game_ids:
            game = self._ctx.log.cached(game_id)
            if game is None or game.state.phase != "breath":
                continue
            try:
                outcome = resolve_open_phase(self._ctx, game_id, game.version, by=LOOP)
            except Exception:
                log.exception("breath.not_resolved", extra={"game_id": game_id, "by": LOOP})
                continue
            if outcome["resolved"]:
                resolved.append(game_id)
        return resolved

    def drain(self) -> int:
        """Project every due game, without waiting for more; how many were popped."""
        done = 0
        while game_ids := self._ctx.jobs.projection_queue.pop(BATCH, timeout_s=None):
            self.project(game_ids)
            done += len(game_ids)
        return done

    def is_empty(self) -> bool:
        return not self._ctx.jobs.projection_queue.due()

    def project(self, game_ids: Sequence[str]) -> dict[str, Outcome | Exception]:
        """Project the games together. Their pending flags are cleared *before* their
        streams are read (in the reads' round trip, ahead of them), so an append after that
        schedules a new projection."""
        try:
            outcomes = self._ctx.projector.project(game_ids, clear_pending=True)
        except Exception as exc:  # the round's reads or saves: every game of it failed
            outcomes = dict.fromkeys(game_ids, exc)
        caught_up = {g: o.version for g, o in outcomes.items() if isinstance(o, Outcome)}
        if caught_up:
            log.debug("projection.caught_up", extra={"games": caught_up})
        for game_id, outcome in outcomes.items():
            if isinstance(outcome, Exception):
                log.error(
                    "projection.failed",
                    extra={"game_id": game_id},
                    exc_info=(type(outcome), outcome, outcome.__traceback__),
                )
                self._record_failure(game_id, outcome)
        return outcomes

    def _record_failure(self, game_id: str, exc: Exception) -> None:
        lines = "".join(traceback.format_exception_only(exc)).strip().splitlines()
        entry = {"game_id": game_id, "ended_at": str(datetime.now(UTC)),
                 "error": lines[-1] if lines else None}  # fmt: skip
        try:
            self._ctx.client.hset(FAILED_PROJECTIONS_KEY, game_id, json.dumps(entry))
        except redis.RedisError:
            log.warning("projection.failure_not_recorded", extra={"game_id": game_id})


def gathering_s(games: int, round_s: float) -> float:
    """How long after the start of a round of `games` the next one starts: at once after a
    lone game (nothing else is going on) or a full batch (more are already due); else the
    longer the busier it was, so that under load each game's projection takes in several
    commands."""
    if games <= 1 or games >= BATCH:
        return 0.0
    return min(round_s, GATHER_S_PER_GAME * games)


_tuned = threading.Event()
# Net allocations of container objects between collections of the youngest generation
# (Python's default: 700). A round makes and drops tens of thousands of them (states,
# views, replies), nearly all freed by their reference counts; at 700 the collector walked
# the young survivors (this round's states and replies, still in use) hundreds of times a
# second for next to nothing.
YOUNG_COLLECTION = 7000


def tune_collector() -> None:
    """Tune the garbage collector for the projection loop, once per process: leave the
    objects built so far (modules, classes, clients, the worker itself) out of its full
    passes, and collect the youngest generation less often. Each round caches every game's
    new state and drops the one before: the states live long enough to reach the oldest
    generation, so full passes came every few rounds, and each walked the whole heap: with
    the young collections, about a fifth of the loop's CPU. Frozen objects are still freed
    when their last reference goes; only a cycle among them would stay."""
    if not _tuned.is_set():
        _tuned.set()
        gc.freeze()
        gc.set_threshold(YOUNG_COLLECTION, *gc.get_threshold()[1:])


def failed_projections(client: redis.Redis) -> list[dict[str, Any]]:
    """The last failure of each game whose projection failed, oldest first."""
    entries = [json.loads(v) for v in client.hgetall(FAILED_PROJECTIONS_KEY).values()]
    return sorted(entries, key=lambda e: (e["ended_at"], e["game_id"]))
