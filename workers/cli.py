"""`python -m workers [worker | work [--burst] | rebuild [GAME_ID] | reindex | reconcile | failed
| lag | archive [GAME_ID] [--older-than-days D]]`

worker     (default) the supervisor: N RQ worker processes and the reconciler
work       one RQ worker process (what the supervisor runs); --burst: stop when idle
rebuild    rebuild the projections of one game, or of every game, from the streams
reindex    rebuild the index of every game (lk:games) from the games' streams and archives;
           then `rebuild` restores the lobby and the views
reconcile  one reconciler pass; prints what it did
failed     failed breath jobs and failed projections, one JSON object a line
lag        projection lag, as GET /healthz reports it
archive    archive the finished games whose last event is older than
           LOREKEEPER_ARCHIVE_AFTER_DAYS (or D) days, or that one game (lorekeeper/games/archive.py)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from rq.job import Job
from rq.registry import FailedJobRegistry
from rq.serializers import JSONSerializer

from adapters.redis.projections import projection_lag
from adapters.redis.reindex import reindex
from lorekeeper.errors import GameNotFound
from lorekeeper.games.archive import Archiver, archive_counts
from lorekeeper.settings import Settings, warn_unknown_variables
from workers.context import WorkerContext, build_context, install
from workers.logs import setup_logging
from workers.projection_loop import failed_projections
from workers.reconcile import reconcile
from workers.supervisor import Supervisor
from workers.worker import run_worker


def main(argv: Sequence[str]) -> int:
    args = _parser().parse_args(argv)
    settings = Settings.from_env()
    setup_logging(settings.log_level)
    warn_unknown_variables()
    ctx = build_context(settings)
    install(ctx)
    match args.command:
        case "worker" | None:
            return Supervisor(ctx).run()
        case "work":
            run_worker(ctx, burst=args.burst, projections=not args.no_projections,
                       bots=not args.no_bots)  # fmt: skip
            return 0
        case "rebuild":
            return _rebuild(ctx, args.game_id)
        case "reindex":
            _print(asdict(reindex(ctx.games, ctx.client)))
            return 0
        case "reconcile":
            _print(asdict(reconcile(ctx)))
            return 0
        case "failed":
            for entry in failed_jobs(ctx):
                _print(entry)
            return 0
        case "lag":
            _print(projection_lag(ctx.games, ctx.client))
            return 0
        case "archive":
            return _archive(ctx, args.game_id, args.older_than_days)
    return 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m workers",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command")
    commands.add_parser("worker")
    work = commands.add_parser("work")
    work.add_argument("--burst", action="store_true")
    work.add_argument("--no-projections", action="store_true", help="breath jobs only")
    work.add_argument("--no-bots", action="store_true", help="leave the bots' moves to others")
    rebuild = commands.add_parser("rebuild")
    rebuild.add_argument("game_id", nargs="?")
    for name in ("reindex", "reconcile", "failed", "lag"):
        commands.add_parser(name)
    archive = commands.add_parser("archive")
    archive.add_argument("game_id", nargs="?")
    archive.add_argument("--older-than-days", type=float, default=None)
    return parser


def _archive(ctx: WorkerContext, game_id: str | None, days: float | None) -> int:
    """Archive one game or sweep them all; one JSON line of what happened."""
    archives = ctx.stores.archives
    if archives is None or (days is None and ctx.settings.archive_after_days == 0):
        _print({"archived": 0, "disabled": True})  # LOREKEEPER_ARCHIVE_AFTER_DAYS=0
        return 0
    if days is not None and days < 0:
        sys.stderr.write("--older-than-days: 0 or more\n")
        return 2
    archiver = Archiver(ctx.log, ctx.stores.events, archives,
                        after_days=ctx.settings.archive_after_days)  # fmt: skip
    if game_id is None:
        _print(archive_counts(archiver.sweep(after_days=days)))
        return 0
    outcome = archiver.archive(game_id, after_days=days)
    _print({"game_id": game_id, "outcome": outcome})
    return 1 if outcome == "not_found" else 0


def _rebuild(ctx: WorkerContext, game_id: str | None) -> int:
    """One game's projection, or every listed game's: an id the index names without a game (a
    creation that failed after it was listed) is passed over in the pass over all games."""
    game_ids = [game_id] if game_id else ctx.log.events.iter_game_ids()
    for one in game_ids:
        try:
            outcome = ctx.projector.rebuild(one)
        except GameNotFound:
            if game_id is None:
                continue
            sys.stderr.write(f"no game {one!r}\n")
            return 1
        _print({"game_id": one, "version": outcome.version, "written": outcome.written})
    return 0


def failed_jobs(ctx: WorkerContext) -> list[dict[str, Any]]:
    """RQ's failed breath and bot jobs, then the last failed projection of each game."""
    out = []
    for queue in (ctx.jobs.breath_queue, ctx.jobs.bot_queue):
        registry = FailedJobRegistry(queue=queue)
        jobs = Job.fetch_many(registry.get_job_ids(), connection=ctx.client,
                              serializer=JSONSerializer)  # fmt: skip
        for job in jobs:
            if job is None:
                continue
            result = job.latest_result()
            error = (result.exc_string or "").strip().splitlines() if result else []
            out.append({"queue": queue.name, "job_id": job.id, "func": job.func_name,
                        "args": list(job.args), "ended_at": str(job.ended_at),
                        "error": error[-1] if error else None})  # fmt: skip
    for entry in failed_projections(ctx.client):
        out.append({"queue": ctx.jobs.projection_queue.name, **entry})
    return out


def _print(value: Any) -> None:
    sys.stdout.write(json.dumps(value, sort_keys=True, default=str) + "\n")
