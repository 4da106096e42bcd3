"""One RQ worker process (`python -m workers work`): the class chosen by measurement.

SimpleWorker runs jobs in its own process. On this machine it drains several times as many
jobs per second as the forking Worker, and it keeps the state cache warm across jobs, so a
projection job folds only new events (docs/workers.md has the numbers). A SIGKILL takes the
whole worker down; the supervisor restarts it and the reconciler finishes what it left.
"""

from __future__ import annotations

from rq import Queue, SimpleWorker, Worker
from rq.serializers import JSONSerializer
from rq.worker import BaseWorker

from workers.context import WorkerContext


def make_worker(ctx: WorkerContext, name: str | None = None) -> BaseWorker:
    queues = [
        Queue(name_, connection=ctx.client, serializer=JSONSerializer)
        for name_ in ctx.settings.queue_names
    ]
    worker_class: type[BaseWorker] = (
        SimpleWorker if ctx.settings.worker_class == "simple" else Worker
    )
    return worker_class(
        queues, name=name, connection=ctx.client, serializer=JSONSerializer,
        job_monitoring_interval=5,
    )  # fmt: skip


def run_worker(ctx: WorkerContext, *, burst: bool = False) -> bool:
    """Work the queues (breath first); with `burst`, stop when they are empty."""
    return make_worker(ctx).work(burst=burst, logging_level=ctx.settings.log_level)
