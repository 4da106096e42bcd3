"""The reconciler: repairs what a lost job, a killed worker or a restarted Redis left behind.

Run at supervisor start, every LOREKEEPER_RECONCILE_INTERVAL_S, and at once when a worker
process dies. One pass:

1. every game whose projection trails its stream gets a projection job, unless one is
   pending; when the pending flag is held by no one (the game is not in the projection
   queue, so a projection loop popped it, and the flag is older than `lost_after_s`: that
   loop died before it cleared the flag) or is older than LOREKEEPER_JOB_STALE_S (no loop
   takes the queue), the game is caught up here, directly;
2. among those games and the ones whose lobby entry shows phase `breath`, each whose stream
   ends in an open breath phase (a BreathPhaseOpened with no BreathPhaseClosed after it) and
   has no live job is resolved here, directly (R-TRN-6); the games the lobby shows come
   first, before step 1, as they need no read of the games' index;
3. open games past their expiry are expired; games whose seats were all taken but whose first
   turn was not appended (a crash between the two) are started;
4. each game the lobby shows waiting on a bot gets its bot job again (a repeat is a no-op);
   one whose job ran and left the game waiting is played here, directly;
5. each overdue clock (in the deadline index, or in a lobby entry) without a live time-out
   job is timed out here, directly (workers/clocks.py);
6. each rated game noted as due (before the append that ended it) for longer than a job may
   take is rated here, directly: its job was lost, or the process that ended the game died
   before queuing it (lorekeeper/ratings/service.py).
Steps 3 and 4 read at most RECONCILE_BATCH games each from the lobby's shelves, step 6 at
most 100 due games.

A job is live (workers/heartbeat.py) while the worker that started it beats; taken from its
queue and not yet started, for `lost_after_s` after it was queued; waiting in its queue, for
LOREKEEPER_JOB_STALE_S. Right after a worker died only the first: the dead worker may have
taken any of the others, so their work is done here at once.

Step 1 reads every game ever created at supervisor start, after a worker process died (its
popped games are among them) and from `python -m workers reconcile`; the passes on the
interval read the next window of about SWEEP_WINDOW games (a GameSweep), so a pass costs the
same with a thousand games stored or a million, and a game left behind otherwise (a failed
projection of a game's last command, a projection request lost with an API process on a
Cluster) is caught up within one sweep: games / SWEEP_WINDOW intervals (docs/workers.md).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, cast

from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus
from rq.serializers import JSONSerializer

from adapters.redis.jobs import bot_job_id
from adapters.redis.keys import events_key
from adapters.redis.projections import GameSweep, lagging_among, lagging_games
from adapters.redis.stream_entries import entry_events
from lorekeeper.players.lobby import BOTS, SYSTEM, shelf_entries
from lorekeeper.players.ports import Shelf
from workers.breath import is_breath_job_live, resolve_open_phase
from workers.clocks import reconcile_clocks
from workers.context import WorkerContext

log = logging.getLogger(__name__)

# After BreathPhaseOpened only resignations and auto-pass settings can be appended until the
# phase is resolved, so an open phase is always among a stream's last few events: in its last
# few entries (an entry holds an append's events, one or more).
_TAIL = 16
# A loop clears the flags of the games it pops within milliseconds; a flag without its game
# in the queue this much older than its request was left by a loop that died.
LOST_FLAG_S = 1.0
RECONCILE_BATCH = 200
SWEEP_WINDOW = 1000  # games a pass on the interval reads (step 1)


@dataclass
class ReconcileReport:
    games: int = 0  # games read in step 1
    projections_requested: list[str] = field(default_factory=list)
    projections_caught_up: list[str] = field(default_factory=list)
    breath_live: list[str] = field(default_factory=list)
    breath_resolved: list[str] = field(default_factory=list)
    games_expired: list[str] = field(default_factory=list)
    games_started: list[str] = field(default_factory=list)
    bots_queued: list[str] = field(default_factory=list)
    bots_played: list[str] = field(default_factory=list)
    timed_out: list[str] = field(default_factory=list)
    rated: list[str] = field(default_factory=list)  # finished games whose rating job was lost


def reconcile(
    ctx: WorkerContext, *, lost_after_s: float = LOST_FLAG_S, sweep: GameSweep | None = None
) -> ReconcileReport:
    """One pass; `lost_after_s` 0 right after a worker process died: a pending flag not in the
    queue is its, and so may be any job no live worker runs, so each such job's work is done
    here (a job that was only slow then finds nothing to do). Step 1 on the next window of
    `sweep`, or (None) on every game. The phases the lobby shows open come first: they need
    no read of the games' index."""
    report = ReconcileReport()
    stale_s = ctx.settings.job_stale_s if lost_after_s else 0.0
    breath = shelf_entries(ctx.stores.lobby, Shelf("player", "breath", None, SYSTEM))
    shown = {e["game_id"] for e in breath}
    _resolve_open_phases(ctx, shown, stale_s, lost_after_s, report)
    behind = _catch_up_projections(ctx, lost_after_s, sweep, report)
    _resolve_open_phases(ctx, {g for g, _, _ in behind} - shown, stale_s, lost_after_s, report)
    _reconcile_tables(ctx, report)
    report.timed_out = reconcile_clocks(ctx, stale_s, lost_after_s)
    if ctx.ratings is not None:  # a rated game due longer than a job takes (docs/ratings.md)
        report.rated = ctx.ratings.rate_overdue(int(ctx.settings.job_timeout_s * 1000))
    if (report.projections_requested or report.projections_caught_up or report.breath_resolved
            or report.timed_out or report.rated):  # fmt: skip
        log.info("reconcile.repaired", extra=vars(report))
    return report


def _catch_up_projections(
    ctx: WorkerContext, lost_after_s: float, sweep: GameSweep | None, report: ReconcileReport
) -> list[tuple[str, int, int]]:
    """Step 1: each game behind gets a projection request, or is caught up here when its
    request is held by no one; the games behind."""
    if sweep is None:
        report.games, behind = lagging_games(ctx.games, ctx.client)
    else:
        window = sweep.window()
        report.games, behind = len(window), lagging_among(ctx.games, window)
    now_ms = time.time_ns() // 1_000_000
    due = set(ctx.jobs.projection_queue.due()) if behind else set()
    for game_id, _, _ in behind:
        if ctx.jobs.request_projection(game_id):
            report.projections_requested.append(game_id)
            continue
        since = ctx.jobs.pending_since_ms(game_id)
        age_ms = None if since is None else now_ms - since
        orphaned = game_id not in due and age_ms is not None and age_ms >= lost_after_s * 1000
        if age_ms is not None and (orphaned or age_ms > ctx.settings.job_stale_s * 1000):
            outcome = ctx.projector.project([game_id], clear_pending=True)[game_id]
            if isinstance(outcome, Exception):
                raise outcome
            report.projections_caught_up.append(game_id)
    return behind


def _resolve_open_phases(
    ctx: WorkerContext,
    game_ids: set[str],
    stale_s: float,
    taken_s: float,
    report: ReconcileReport,
) -> None:
    """Step 2: each of these games whose stream ends in an open breath phase with no live job
    (heartbeat.job_is_live, with `stale_s` and `taken_s`) has it resolved here."""
    for game_id, opened in sorted(open_breath_phases(ctx, game_ids).items()):
        if is_breath_job_live(ctx, game_id, opened, stale_s, taken_s):
            report.breath_live.append(game_id)
            continue
        try:
            if resolve_open_phase(ctx, game_id, opened, by="reconciler")["resolved"]:
                report.breath_resolved.append(game_id)
        except Exception:  # one broken game must not stop the others
            log.exception("reconcile.breath_failed", extra={"game_id": game_id})


def _reconcile_tables(ctx: WorkerContext, report: ReconcileReport) -> None:
    """Steps 3 and 4: expiry, starts left undone, bots left waiting."""
    report.games_expired = ctx.seating.expire_due(RECONCILE_BATCH)
    index = ctx.stores.lobby
    for entry in index.page(Shelf("player", "starting", None, SYSTEM), None, RECONCILE_BATCH)[0]:
        try:
            ctx.seating.start(entry["game_id"])
            report.games_started.append(entry["game_id"])
        except Exception:
            log.exception("reconcile.start_failed", extra={"game_id": entry["game_id"]})
    for entry in _shelf(ctx, Shelf("player", "waiting", None, BOTS)):
        game_id, version, seat = entry["game_id"], entry["version"], entry["to_act"]
        if seat is None:
            continue
        if ctx.jobs.enqueue_bot_turn(game_id, version, seat):
            report.bots_queued.append(game_id)
        elif _bot_job_done(ctx, game_id, version, seat):
            try:
                if ctx.bots.play(game_id, version, seat)["played"]:
                    report.bots_played.append(game_id)
            except Exception:
                log.exception("reconcile.bot_failed", extra={"game_id": game_id})


def _shelf(ctx: WorkerContext, shelf: Shelf, pages: int = 10) -> list[dict[str, Any]]:
    """The shelf's first `pages` pages of RECONCILE_BATCH entries."""
    entries: list[dict[str, Any]] = []
    after = None
    for _ in range(pages):
        page = ctx.stores.lobby.page(shelf, after, RECONCILE_BATCH)
        entries += page.entries
        if page.next_cursor is None:
            break
        after = page.next_cursor
    return entries


def _bot_job_done(ctx: WorkerContext, game_id: str, version: int, seat: int) -> bool:
    """Whether the move's job ran (finished or failed), so queuing it again would not."""
    try:
        job = Job.fetch(bot_job_id(game_id, version, seat), connection=ctx.client,
                        serializer=JSONSerializer)  # fmt: skip
    except NoSuchJobError:
        return False
    return job.get_status() in (JobStatus.FINISHED, JobStatus.FAILED, JobStatus.STOPPED,
                                JobStatus.CANCELED)  # fmt: skip


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
        for event in reversed(entry_events(entry_id, fields)):  # an entry holds an append
            if event.type in ("BreathPhaseClosed", "GameEnded"):
                return None
            if event.type == "BreathPhaseOpened":
                return event.version
    return None
