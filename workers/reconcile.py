"""The reconciler: repairs what a lost job, a killed worker or a restarted Redis left behind.

Run at supervisor start and every LOREKEEPER_RECONCILE_INTERVAL_S. One pass:

1. every game whose projection trails its stream gets a projection job, unless one is
   pending; when the pending flag is older than LOREKEEPER_JOB_STALE_S (its job was lost,
   or its worker killed before it started), the game is caught up here, directly;
2. among those games and the ones whose lobby entry shows phase `breath`, each whose stream
   ends in an open breath phase (a BreathPhaseOpened with no BreathPhaseClosed after it) and
   has no live job is resolved here, directly (R-TRN-6).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, cast

from adapters.redis_keys import events_key
from adapters.redis_projections import lagging_games
from workers.breath import is_breath_job_live, resolve_open_phase
from workers.context import WorkerContext

log = logging.getLogger(__name__)

# After BreathPhaseOpened only resignations and auto-pass settings can be appended until the
# phase is resolved, so an open phase is always among a stream's last few events.
_TAIL = 16


@dataclass
class ReconcileReport:
    games: int = 0
    projections_requested: list[str] = field(default_factory=list)
    projections_caught_up: list[str] = field(default_factory=list)
    breath_live: list[str] = field(default_factory=list)
    breath_resolved: list[str] = field(default_factory=list)


def reconcile(ctx: WorkerContext) -> ReconcileReport:
    report = ReconcileReport()
    report.games, behind = lagging_games(ctx.games, ctx.client)
    now_ms = time.time_ns() // 1_000_000
    for game_id, _, _ in behind:
        if ctx.jobs.request_projection(game_id):
            report.projections_requested.append(game_id)
            continue
        since = ctx.jobs.pending_since_ms(game_id)
        if since is not None and now_ms - since > ctx.settings.job_stale_s * 1000:
            ctx.jobs.clear_pending([game_id])
            outcome = ctx.projector.project([game_id])[game_id]
            if isinstance(outcome, Exception):
                raise outcome
            report.projections_caught_up.append(game_id)
    candidates = {game_id for game_id, _, _ in behind}
    active = ctx.stores.projections.lobby("active")
    candidates |= {e["game_id"] for e in active if e["phase"] == "breath"}
    for game_id, opened in sorted(open_breath_phases(ctx, candidates).items()):
        if is_breath_job_live(ctx, game_id, opened):
            report.breath_live.append(game_id)
            continue
        try:
            if resolve_open_phase(ctx, game_id, opened, by="reconciler")["resolved"]:
                report.breath_resolved.append(game_id)
        except Exception:  # one broken game must not stop the others
            log.exception("reconcile.breath_failed", extra={"game_id": game_id})
    if report.projections_requested or report.projections_caught_up or report.breath_resolved:
        log.info("reconcile.repaired", extra=vars(report))
    return report


def open_breath_phases(ctx: WorkerContext, game_ids: set[str]) -> dict[str, int]:
    """Game id -> version of its open BreathPhaseOpened, for the games whose stream has one."""
    ordered = sorted(game_ids)
    pipe = ctx.games.pipeline(transaction=False)
    for game_id in ordered:
        pipe.xrevrange(events_key(game_id), "+", "-", count=_TAIL)
    found: dict[str, int] = {}
    for game_id, entries in zip(ordered, pipe.execute(), strict=True):
        opened = _open_phase(cast(list[Any], entries))
        if opened is not None:
            found[game_id] = opened
    return found


def _open_phase(newest_first: list[Any]) -> int | None:
    for entry_id, fields in newest_first:
        kind = _text(fields.get(b"type", fields.get("type", b"")))
        if kind in ("BreathPhaseClosed", "GameEnded"):
            return None
        if kind == "BreathPhaseOpened":
            return int(_text(entry_id).split("-", 1)[0])
    return None


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
