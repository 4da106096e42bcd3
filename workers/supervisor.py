"""`python -m workers` (or `worker`): N RQ worker processes and the reconciler.

The supervisor starts LOREKEEPER_WORKER_PROCESSES children (`python -m workers work`; all
but the first LOREKEEPER_PROJECTION_LOOPS with `--no-projections`),
restarts any that dies (a SIGKILLed worker among them), and reconciles at start and every
LOREKEEPER_RECONCILE_INTERVAL_S. SIGTERM or SIGINT: children get SIGTERM (RQ finishes the
job in hand), then SIGKILL after a grace period.
"""

from __future__ import annotations

import logging
import signal
import subprocess
import sys
import threading
import time
from types import FrameType

from workers.context import WorkerContext
from workers.reconcile import reconcile

log = logging.getLogger(__name__)

_TICK_S = 0.2
_GRACE_S = 10.0


class Supervisor:
    def __init__(self, ctx: WorkerContext) -> None:
        self._ctx = ctx
        self._children: list[subprocess.Popen[bytes]] = []
        self._stop = threading.Event()

    def run(self) -> int:
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, self._on_signal)
        settings = self._ctx.settings
        log.info("supervisor.start", extra={"processes": settings.worker_processes,
                                            "worker_class": settings.worker_class,
                                            "queues": settings.queue_names})  # fmt: skip
        self._reconcile()
        self._children = [self._spawn(i) for i in range(settings.worker_processes)]
        next_reconcile = time.monotonic() + settings.reconcile_interval_s
        while not self._stop.wait(min(_TICK_S, settings.reconcile_interval_s)):
            self._restart_dead()
            if time.monotonic() >= next_reconcile:
                self._reconcile()
                next_reconcile = time.monotonic() + settings.reconcile_interval_s
        self._stop_children()
        log.info("supervisor.stop")
        return 0

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        self._stop.set()

    def _spawn(self, index: int) -> subprocess.Popen[bytes]:
        """Worker `index`; the first LOREKEEPER_PROJECTION_LOOPS of them run a projection loop."""
        command = [sys.executable, "-m", "workers", "work"]
        projects = index < self._ctx.settings.projection_loops
        if not projects:
            command.append("--no-projections")
        child = subprocess.Popen(command)
        log.info("supervisor.worker_started", extra={"pid": child.pid, "projections": projects})
        return child

    def _restart_dead(self) -> None:
        for i, child in enumerate(self._children):
            code = child.poll()
            if code is not None and not self._stop.is_set():
                log.warning("supervisor.worker_died", extra={"pid": child.pid, "code": code})
                self._children[i] = self._spawn(i)

    def _reconcile(self) -> None:
        try:
            reconcile(self._ctx)
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
