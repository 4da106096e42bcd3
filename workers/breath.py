"""The deferred breath phase (R-TRN-6, R-BRE-3): one resolution per phase, whoever runs it.

The breath job, the supervisor (for a job whose worker died: `orphaned_breath_jobs`) and the
reconciler all end in `resolve_open_phase`, which calls
`GameService.resolve_breath`. Exactly once per phase comes from the store, not from RQ: the
append expects the version the phase was read at and carries the command id
`breath@<version>`, so a second run (a duplicate job, a job whose worker was SIGKILLed after
the append, the reconciler racing a slow job) gets a duplicate or finds the phase closed.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from rq.job import Job, JobStatus
from rq.registry import StartedJobRegistry
from rq.serializers import JSONSerializer

from adapters.redis.jobs import breath_job_id
from lorekeeper.errors import GameNotFound
from workers import heartbeat
from workers.context import WorkerContext

log = logging.getLogger(__name__)


def resolve_open_phase(
    ctx: WorkerContext, game_id: str, opened_version: int, *, by: str
) -> dict[str, Any]:
    ids = {"game_id": game_id, "opened_version": opened_version, "by": by}
    try:
        result = ctx.service.resolve_breath(game_id)
    except GameNotFound:
        log.warning("breath.no_game", extra=ids)
        return {"resolved": False}
    if result is None:
        log.info("breath.nothing_to_do", extra=ids)
        return {"resolved": False}
    rolled = [e.payload for e in result.events if e.type == "BreathRolled"]
    log.info("breath.resolved", extra={**ids, "version": result.version, "rolls": len(rolled)})
    return {"resolved": True, "version": result.version}


def is_breath_job_live(
    ctx: WorkerContext, game_id: str, opened_version: int, stale_s: float, taken_s: float
) -> bool:
    """Whether the phase's job is waiting or running (heartbeat.job_is_live says how long each
    kind of job counts as live). Being wrong costs nothing but a no-op: resolution is exactly
    once anyway."""
    job_id = breath_job_id(game_id, opened_version)
    return heartbeat.job_is_live(ctx.client, job_id, stale_s, taken_s)


@dataclass(frozen=True)
class Orphan:
    """A started breath job whose worker died."""

    job_id: str
    worker: str
    game_id: str
    opened_version: int


def orphaned_breath_jobs(ctx: WorkerContext) -> list[Orphan]:
    """The breath queue's started jobs whose worker's heartbeat has stopped: a few Redis
    calls (the started jobs are the running ones), cheap enough for every supervisor tick."""
    registry = StartedJobRegistry(ctx.settings.breath_queue, connection=ctx.client,
                                  serializer=JSONSerializer)  # fmt: skip
    job_ids = registry.get_job_ids(cleanup=False)
    if not job_ids:
        return []
    jobs = [j for j in Job.fetch_many(job_ids, connection=ctx.client, serializer=JSONSerializer)
            if j is not None and heartbeat.beats(j.worker_name)]  # fmt: skip
    living = heartbeat.alive(ctx.client, [str(j.worker_name) for j in jobs])
    orphans = []
    for job, is_alive in zip(jobs, living, strict=True):
        if not is_alive and job.get_status(refresh=False) == JobStatus.STARTED:
            game_id, opened = job.args
            orphans.append(Orphan(job.id, str(job.worker_name), str(game_id), int(opened)))
    return orphans
