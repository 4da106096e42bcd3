"""The RQ job functions: top level, plain ids in, JSON-serialisable results out, safe to run twice.

`resolve_breath` is enqueued by adapters/redis/jobs.py by name (BREATH_FUNC). Projections are
not RQ jobs: the projection loop runs them (workers/projection_loop.py).
"""

from __future__ import annotations

from typing import Any

from rq import get_current_job

from workers import context
from workers.breath import resolve_open_phase


def resolve_breath(game_id: str, opened_version: int) -> dict[str, Any]:
    """Resolve the breath phase opened at `opened_version` (R-TRN-6, R-BRE-3)."""
    job = get_current_job()
    by = "job" if job is None else job.id
    return resolve_open_phase(context.current(), game_id, opened_version, by=by)
