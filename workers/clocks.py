"""Clocks in the workers: the clock loop, the time-out job, and the reconciler's pass.

Every worker process runs a clock loop beside its RQ loop (workers/worker.py): every
LOREKEEPER_CLOCK_POLL_MS it reads the overdue deadlines from the deadline index (one sorted
set, lorekeeper/clocks/timekeeper.py) and queues each one's time-out on the clock queue, job id
`timeout-<game>-<version>`, and it tells the seats whose time runs out. Every process polls,
so no single one holds up the clocks when it dies (RQ's own scheduler runs in one process per
queue behind a lock: docs/workers.md says why it is not used).

The job (`apply_time_out`) is top level, takes plain ids and is safe to run twice: the
time-out is appended with the command id `timeout@<version>`, so a job run twice, a job whose
worker was SIGKILLed after the append, the reconciler, and a late command's request applying
the same time-out append it once.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

import redis
from rq import get_current_job

from adapters.redis.jobs import time_out_job_id
from lorekeeper.players.lobby import SYSTEM, shelf_entries
from lorekeeper.players.ports import Shelf
from workers import context, heartbeat
from workers.context import WorkerContext

log = logging.getLogger(__name__)

_RETRY_S = 0.5  # after Redis did not answer
RECONCILE_BATCH = 200


def apply_time_out(game_id: str, version: int) -> dict[str, Any]:
    """The time-out of `game_id`'s deadline scheduled at `version`, if it is still due."""
    job = get_current_job()
    return time_out_now(context.current(), game_id, version, by="job" if job is None else job.id)


def time_out_now(ctx: WorkerContext, game_id: str, version: int, *, by: str) -> dict[str, Any]:
    ids = {"game_id": game_id, "scheduled_version": version, "by": by}
    committed = ctx.timekeeper.time_out(game_id)
    if committed is None:
        log.info("clock.nothing_to_do", extra=ids)
        return {"timed_out": False}
    log.info("clock.applied", extra={**ids, "version": committed.version})
    return {"timed_out": True, "version": committed.version}


class ClockLoop:
    """Ticks the timekeeper until `stop()` (a thread of each worker process)."""

    def __init__(self, ctx: WorkerContext, interval_s: float | None = None) -> None:
        self._ctx = ctx
        self._stop = threading.Event()
        self._interval_s = ctx.settings.clock_poll_ms / 1000 if interval_s is None else interval_s

    def run(self) -> None:
        while not self._stop.is_set():
            self.tick()
            self._stop.wait(self._interval_s)

    def tick(self) -> tuple[int, int]:
        """One look at the deadlines: (time-outs queued, seats warned)."""
        try:
            return self._ctx.timekeeper.tick()
        except redis.RedisError as exc:
            log.warning("clock.index_unreachable", extra={"error": repr(exc)})
            self._stop.wait(_RETRY_S)
        except Exception:  # the loop must outlive one bad game
            log.exception("clock.tick_failed")
        return 0, 0

    def stop(self) -> None:
        self._stop.set()


# -- the reconciler's pass ----------------------------------------------------------------------


def reconcile_clocks(ctx: WorkerContext, stale_s: float, taken_s: float) -> list[str]:
    """Apply every overdue clock whose job is not live (`stale_s`, `taken_s`: as long as a
    job waiting, or taken and not started, counts as live), directly: those the index holds,
    and those whose lobby entry shows a deadline passed (a deadline the index never got).
    The ids of the games timed out."""
    now = ctx.service.now_ms()
    overdue = {d.game_id: d.version for d in ctx.timekeeper.due(RECONCILE_BATCH)}
    for entry in shelf_entries(ctx.stores.lobby, Shelf("player", "clocked", None, SYSTEM)):
        running = (entry.get("clock") or {}).get("running")
        if running is not None and running["deadline_ms"] <= now:
            overdue.setdefault(entry["game_id"], entry["version"])
    done = []
    for game_id, version in sorted(overdue.items()):
        if is_time_out_job_live(ctx, game_id, version, stale_s, taken_s):
            continue
        try:
            if time_out_now(ctx, game_id, version, by="reconciler")["timed_out"]:
                done.append(game_id)
        except Exception:  # one broken game must not stop the others
            log.exception("reconcile.time_out_failed", extra={"game_id": game_id})
    return done


def is_time_out_job_live(
    ctx: WorkerContext, game_id: str, version: int, stale_s: float, taken_s: float
) -> bool:
    """Whether the time-out's job waits or runs, as for breath jobs (workers/breath.py)."""
    job_id = time_out_job_id(game_id, version)
    return heartbeat.job_is_live(ctx.client, job_id, stale_s, taken_s)
