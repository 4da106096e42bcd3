"""One worker process (`python -m workers work`): an RQ worker for the breath, clock and bot
queues with the projection loop beside it, in a thread (workers/projection_loop.py);
`--no-projections` leaves the loop out (the supervisor runs LOREKEEPER_PROJECTION_LOOPS of
them, docs/workers.md). Every process runs the clock loop (workers/clocks.py) in a thread
too: it queues the time-outs of overdue clocks.

The RQ class is chosen by measurement: SimpleWorker runs jobs in its own process, drains
several times as many jobs per second as the forking Worker, and keeps the state cache warm
across jobs, which the projection loop shares, so a projection folds only new events
(docs/workers.md has the numbers). A SIGKILL takes the whole process down; its heartbeat
stops (workers/heartbeat.py), the supervisor restarts it and runs again at once what it left.
"""

from __future__ import annotations

import threading
from typing import Any

from rq import Queue, SimpleWorker, Worker
from rq.serializers import JSONSerializer
from rq.worker import BaseWorker

from workers.clocks import ClockLoop
from workers.context import WorkerContext
from workers.heartbeat import Heartbeat, worker_name
from workers.projection_loop import ProjectionLoop
from workers.webhooks import WebhookLoop


class _Projecting:
    """An RQ worker that also runs the projection loop: in a thread beside RQ's loop, or in
    burst mode in turn with the RQ queues until both are empty."""

    projections: ProjectionLoop | None = None  # None: breath jobs only
    clocks: ClockLoop | None = None
    webhooks: WebhookLoop | None = None

    def work(self, burst: bool = False, *args: Any, **kwargs: Any) -> bool:
        loop, clocks, hooks = self.projections, self.clocks, self.webhooks
        if burst:
            did = False
            while True:
                projected = 0 if loop is None else loop.drain()
                queued = 0 if clocks is None else clocks.tick()[0]
                queued += 0 if hooks is None else hooks.tick()
                ran = super().work(True, *args, **kwargs)  # type: ignore[misc]
                did = did or ran or projected > 0 or queued > 0
                if not ran and queued == 0 and (loop is None or loop.is_empty()):
                    return did
        threads = [threading.Thread(target=part.run, name=name, daemon=True)
                   for part, name in ((loop, "projections"), (clocks, "clocks"),
                                      (hooks, "webhooks"))
                   if part is not None]  # fmt: skip
        for thread in threads:
            thread.start()
        try:
            return bool(super().work(False, *args, **kwargs))  # type: ignore[misc]
        finally:
            for part in (loop, clocks, hooks):
                if part is not None:
                    part.stop()
            for thread in threads:
                thread.join(timeout=5)


class ProjectingSimpleWorker(_Projecting, SimpleWorker):
    pass


class ProjectingForkWorker(_Projecting, Worker):
    pass


def make_worker(
    ctx: WorkerContext, name: str | None = None, *, projections: bool = True, bots: bool = True
) -> BaseWorker:
    """An RQ worker named `name` (default `lk-<host>-<pid>`, which workers/heartbeat.py keeps
    alive); without `bots`, it leaves the bots' moves to other workers."""
    name = name or worker_name()
    # Breath first: a breath phase holds up both seats, a time-out and a bot's move one;
    # webhooks and ratings last (docs/push.md, docs/ratings.md).
    settings = ctx.settings
    names = [settings.breath_queue, settings.clock_queue, settings.bot_queue,
             settings.webhook_queue, settings.rating_queue]  # fmt: skip
    if not bots:
        names.remove(settings.bot_queue)
    queues = [Queue(queue, connection=ctx.client, serializer=JSONSerializer) for queue in names]
    worker_class: type[ProjectingSimpleWorker | ProjectingForkWorker] = (
        ProjectingSimpleWorker if ctx.settings.worker_class == "simple" else ProjectingForkWorker
    )
    worker = worker_class(
        queues, name=name, connection=ctx.client, serializer=JSONSerializer,
        job_monitoring_interval=5,
    )  # fmt: skip
    worker.projections = ProjectionLoop(ctx) if projections else None
    worker.clocks = ClockLoop(ctx)
    worker.webhooks = WebhookLoop(ctx)
    return worker


def run_worker(
    ctx: WorkerContext, *, burst: bool = False, projections: bool = True, bots: bool = True
) -> bool:
    """Work the breath queue and, with `projections`, the projection queue; with `burst`, stop
    when they are empty. The process's heartbeat runs meanwhile."""
    worker = make_worker(ctx, projections=projections, bots=bots)
    heartbeat = Heartbeat(ctx.client, worker.name, ctx.settings.worker_heartbeat_s)
    heartbeat.start()
    try:
        return worker.work(burst=burst, logging_level=ctx.settings.log_level)
    finally:
        heartbeat.stop()
