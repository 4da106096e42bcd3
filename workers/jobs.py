"""Job functions: top level, plain ids in, JSON-serialisable results out, safe to run twice.

`resolve_breath` is an RQ job, enqueued by adapters/jobs.py by name; `project_game` is what
the projection loop (workers/projection_loop.py) runs for each game on the projection queue.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from rq import get_current_job

from workers import context
from workers.breath import resolve_open_phase
from workers.projector import Outcome

log = logging.getLogger(__name__)


def project_game(game_id: str, job_id: str | None = None) -> dict[str, Any]:
    """Bring the game's board view and lobby entry up to its stream's head."""
    return project(context.current(), game_id, job_id)


def project(ctx: context.WorkerContext, game_id: str, job_id: str | None) -> dict[str, Any]:
    """`project_game` with the context given."""
    outcome = project_games(ctx, [game_id], job_id or _job_id())[game_id]
    if isinstance(outcome, Exception):
        raise outcome
    return {"version": outcome.version, "applied": outcome.applied, "written": outcome.written}


def project_games(
    ctx: context.WorkerContext, game_ids: Sequence[str], job_id: str | None = None
) -> dict[str, Outcome | Exception]:
    """Bring several games' projections up to date together (the projection loop's batch):
    their pending flags are cleared in one call *before* their streams are read, so an
    append after that schedules a new projection. A game that fails gives its exception."""
    ctx.jobs.clear_pending_many(game_ids)
    outcomes = dict(zip(game_ids, ctx.projector.catch_up_many(game_ids), strict=True))
    caught_up = {g: o.version for g, o in outcomes.items() if isinstance(o, Outcome)}
    if caught_up:
        log.info("projection.caught_up", extra={"games": caught_up, "job_id": job_id})
    return outcomes


def resolve_breath(game_id: str, opened_version: int) -> dict[str, Any]:
    """Resolve the breath phase opened at `opened_version` (R-TRN-6, R-BRE-3)."""
    return resolve_open_phase(context.current(), game_id, opened_version, by=_job_id() or "job")


def _job_id() -> str | None:
    job = get_current_job()
    return None if job is None else job.id
