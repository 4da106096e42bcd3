"""The deferred breath phase (R-TRN-6, R-BRE-3): one resolution per phase, whoever runs it.

The breath job and the reconciler both end in `resolve_open_phase`, which calls
`GameService.resolve_breath`. Exactly once per phase comes from the store, not from RQ: the
append expects the version the phase was read at and carries the command id
`breath@<version>`, so a second run (a duplicate job, a job whose worker was SIGKILLed after
the append, the reconciler racing a slow job) gets a duplicate or finds the phase closed.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from adapters.redis_jobs import breath_job_id
from lorekeeper.errors import GameNotFound
from workers.context import WorkerContext

log = logging.getLogger(__name__)

_WAITING = {JobStatus.QUEUED, JobStatus.DEFERRED, JobStatus.SCHEDULED, JobStatus.STARTED}


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


def is_breath_job_live(ctx: WorkerContext, game_id: str, opened_version: int) -> bool:
    """Whether the phase's job is waiting or running, and was heard of within the stale time.

    A SIGKILLed SimpleWorker leaves its job "started" until RQ notices (a minute or more), so
    a started job whose last sign of life is older than LOREKEEPER_JOB_STALE_S counts as
    dead. Being wrong costs nothing but a no-op: resolution is exactly-once anyway.
    """
    try:
        job = Job.fetch(
            breath_job_id(game_id, opened_version), connection=ctx.client,
            serializer=JSONSerializer,
        )  # fmt: skip
    except NoSuchJobError:
        return False
    if job.get_status() not in _WAITING:
        return False
    seen = [t for t in (job.enqueued_at, job.started_at, job.last_heartbeat) if t is not None]
    if not seen:
        return False
    age_s = (datetime.now(UTC) - max(seen)).total_seconds()
    return age_s < ctx.settings.job_stale_s
