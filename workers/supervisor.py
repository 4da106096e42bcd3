"""`python -m workers` (or `worker`): N RQ worker processes and the reconciler.

The supervisor starts LOREKEEPER_WORKER_PROCESSES children (`python -m workers work`; all
but the first LOREKEEPER_PROJECTION_LOOPS with `--no-projections`),
restarts any that dies (a SIGKILLed worker among them), and reconciles at start and every
LOREKEEPER_RECONCILE_INTERVAL_S (a window of the games each time: workers/reconcile.py).
SIGTERM or SIGINT: children get SIGTERM (RQ finishes the job in hand), then SIGKILL after a
grace period.

**Recovery.** Every tick (0.2 s) it looks for started breath jobs whose worker's heartbeat
has stopped (workers/heartbeat.py: a SIGKILLed process, this supervisor's or another's) and
resolves their phases itself, once per job; a child it sees die has its heartbeat deleted
first, so its job is found in the same tick. Any worker's death (a child's, or one whose
heartbeat stopped: `heartbeat.Watch`) runs a reconciler pass at once, which does the work of
every job no live worker has started (one the dead worker took from its queue and had not
yet marked started among them) and catches up the games its projection loop had popped. So
a phase caught by a kill waits at most a heartbeat TTL and two ticks. It is still resolved
exactly once: whoever appends first, its command id `breath@<version>` makes every other
attempt a duplicate (workers/breath.py).
"""

from __future__ import annotations

import logging
import signal
import subprocess
import sys
import threading
import time
from types import FrameType

from adapters.redis.projections import GameSweep
from lorekeeper.settings import Settings
from workers import heartbeat
from workers.breath import orphaned_breath_jobs, resolve_open_phase
from workers.context import WorkerContext
from workers.reconcile import LOST_FLAG_S, SWEEP_WINDOW, reconcile

log = logging.getLogger(__name__)

TICK_S = 0.2
_GRACE_S = 10.0
_HANDLED_KEPT = 1000


class Supervisor:
    def __init__(self, ctx: WorkerContext) -> None:
        self._ctx = ctx
        self._children: list[subprocess.Popen[bytes]] = []
        self._stop = threading.Event()
        self._handled: set[str] = set()  # orphaned breath jobs already run again
        self._sweep = GameSweep(ctx.client, SWEEP_WINDOW)
        self._watch = heartbeat.Watch(ctx.client)
        self._next_reconcile = time.monotonic()

    def run(self) -> int:
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, self._on_signal)
        settings = self._ctx.settings
        log.info("supervisor.start", extra={"processes": settings.worker_processes,
                                            "worker_class": settings.worker_class,
                                            "queues": settings.queue_names})  # fmt: skip
        self._reconcile()
        self._children = [self._spawn(i) for i in range(settings.worker_processes)]
        self._next_reconcile = time.monotonic() + settings.reconcile_interval_s
        while not self._stop.wait(min(TICK_S, settings.reconcile_interval_s)):
            self.tick()
        self._stop_children()
        log.info("supervisor.stop")
        return 0

    def tick(self) -> None:
        """Restart the children that died; resolve the phases of started jobs whose worker
        stopped beating; after any worker's death (a child's, or another whose heartbeat
        stopped) a whole reconciler pass that takes every job no live worker runs for lost,
        else, when it is time, a pass over the next window of the games."""
        died = self._restart_dead()
        died = self._watch.died() or died
        self._recover_breath()
        if died:
            self._reconcile(lost_after_s=0.0)  # its popped games and taken jobs: no one's
        elif time.monotonic() >= self._next_reconcile:
            self._reconcile(sweep=self._sweep)  # a window of the games
        else:
            return
        self._next_reconcile = time.monotonic() + self._ctx.settings.reconcile_interval_s

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        self._stop.set()

    def _spawn(self, index: int) -> subprocess.Popen[bytes]:
        """Worker `index` (work_command)."""
        command = work_command(index, self._ctx.settings)
        projects = "--no-projections" not in command
        child = subprocess.Popen(command)
        log.info("supervisor.worker_started", extra={"pid": child.pid, "projections": projects})
        return child

    def _restart_dead(self) -> bool:
        """Start again each child that died, its heartbeat deleted first; whether one did."""
        died = False
        for i, child in enumerate(self._children):
            code = child.poll()
            if code is not None and not self._stop.is_set():
                log.warning("supervisor.worker_died", extra={"pid": child.pid, "code": code})
                self._forget(child.pid)
                self._children[i] = self._spawn(i)
                died = True
        return died

    def _forget(self, pid: int) -> None:
        try:
            heartbeat.forget(self._ctx.client, heartbeat.worker_name(pid))
        except Exception:  # Redis down: the heartbeat lapses by itself
            log.exception("supervisor.heartbeat_not_deleted")

    def _recover_breath(self) -> None:
        """Resolve the phases of started breath jobs whose worker died (once per job)."""
        try:
            orphans = [o for o in orphaned_breath_jobs(self._ctx) if o.job_id not in self._handled]
            for orphan in orphans:
                log.warning("breath.worker_died", extra={"job_id": orphan.job_id,
                                                          "worker": orphan.worker})  # fmt: skip
                resolve_open_phase(self._ctx, orphan.game_id, orphan.opened_version,
                                   by="supervisor")  # fmt: skip
                if len(self._handled) >= _HANDLED_KEPT:
                    self._handled.clear()
                self._handled.add(orphan.job_id)
        except Exception:  # Redis down, say: the next tick tries again
            log.exception("supervisor.recovery_failed")

    def _reconcile(self, lost_after_s: float = LOST_FLAG_S, sweep: GameSweep | None = None) -> None:
        try:
            reconcile(self._ctx, lost_after_s=lost_after_s, sweep=sweep)
        except Exception:  # Redis down, say: try again next time
            log.exception("reconcile.failed")

    def _stop_children(self) -> None:
        for child in self._children:
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + _GRACE_S
        for child in self._children:
            try:
                child.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()


def work_command(index: int, settings: Settings) -> list[str]:
    """Worker `index`'s command: the first LOREKEEPER_PROJECTION_LOOPS run a projection loop,
    and leave the bots' moves to the others when there are others (a search bot thinking in
    a process holds its GIL, which its projection loop would wait for)."""
    command = [sys.executable, "-m", "workers", "work"]
    if index >= settings.projection_loops:
        command.append("--no-projections")
    elif settings.worker_processes > settings.projection_loops:
        command.append("--no-bots")
    return command
