"""The in-memory twin of RQJobQueue (tests, single-process runs): the same scheduling rules,
the jobs run in this process."""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable, Sequence
from typing import NamedTuple

from adapters.redis.jobs import bot_job_id, breath_job_id, breath_opened_version, time_out_job_id

log = logging.getLogger(__name__)

Project = Callable[[Sequence[str]], object]
ResolveBreath = Callable[[str], object]
PlayBot = Callable[[str, int, int], object]
TimeOut = Callable[[str], object]


class _Job(NamedTuple):
    kind: str  # "breath" | "project" | "bot" | "time_out"
    game_id: str
    id: str  # the breath or bot job's id; the game id for a projection
    version: int = 0  # a bot's move: the version it plays at, and its seat
    seat: int = 0


class InMemoryJobQueue:
    """The twin of RQJobQueue: the same scheduling rules, the jobs run in this process.

    What runs the jobs is attached once the application that they call exists (`attach`),
    as a worker attaches to a queue. With `eager` (the default) the jobs run inside
    `after_append`, one after another (a job that appends schedules more; they run in the
    same loop, not nested); otherwise `drain()` runs them. A queue with nothing attached
    keeps its jobs (LOREKEEPER_JOBS=none).
    """

    def __init__(self, *, eager: bool = True) -> None:
        self._project: Project | None = None
        self._resolve_breath: ResolveBreath | None = None
        self._play_bot: PlayBot | None = None
        self._time_out: TimeOut | None = None
        self._eager = eager
        self._jobs: deque[_Job] = deque()
        self._seen: set[str] = set()
        self._pending: set[str] = set()
        self._lock = threading.RLock()
        self._draining = False
        self.failed: list[tuple[str, Exception]] = []

    def attach(
        self,
        project: Project | None,
        resolve_breath: ResolveBreath | None,
        play_bot: PlayBot | None = None,
        time_out: TimeOut | None = None,
    ) -> None:
        """What runs the projections (of some games), resolves a game's breath phase, plays
        a bot's move, and applies a game's overdue time-out."""
        self._project, self._resolve_breath = project, resolve_breath
        self._play_bot, self._time_out = play_bot, time_out

    def enqueue_time_out(self, game_id: str, version: int) -> bool:
        """The twin of RQJobQueue.enqueue_time_out (run before the jobs already queued, as
        the workers listen to the clock queue before the bots')."""
        job_id = time_out_job_id(game_id, version)
        with self._lock:
            if job_id in self._seen:
                return False
            self._seen.add(job_id)
            self._jobs.appendleft(_Job("time_out", game_id, job_id, version))
        if self._eager:
            self.drain()
        return True

    def enqueue_bot_turn(self, game_id: str, version: int, seat: int) -> bool:
        """The twin of RQJobQueue.enqueue_bot_turn (run after the jobs already queued)."""
        job_id = bot_job_id(game_id, version, seat)
        with self._lock:
            if job_id in self._seen:
                return False
            self._seen.add(job_id)
            self._jobs.append(_Job("bot", game_id, job_id, version, seat))
        if self._eager:
            self.drain()
        return True

    def after_append(self, game_id: str, version: int, event_types: Sequence[str]) -> None:
        with self._lock:
            opened = breath_opened_version(version, event_types)
            if opened is not None and breath_job_id(game_id, opened) not in self._seen:
                self._push(_Job("breath", game_id, breath_job_id(game_id, opened)))
            if game_id not in self._pending:
                self._pending.add(game_id)
                self._push(_Job("project", game_id, game_id))
        if self._eager:
            self.drain()

    def queued(self) -> list[str]:
        """The breath jobs' ids and the game ids due a projection, waiting now."""
        with self._lock:
            return [job.id for job in self._jobs]

    def drain(self) -> int:
        """Run queued jobs until none is left; the number run (none while nothing is attached)."""
        with self._lock:
            attached = (self._project, self._resolve_breath, self._play_bot, self._time_out)
            if self._draining or all(run is None for run in attached):
                return 0
            self._draining = True
        ran = 0
        try:
            while (job := self._pop()) is not None:
                self._run(job)
                ran += 1
        finally:
            with self._lock:
                self._draining = False
        return ran

    def _push(self, job: _Job) -> None:
        self._seen.add(job.id)
        # Breath jobs first, as the RQ workers listen to the breath queue first.
        if job.kind == "breath":
            self._jobs.appendleft(job)
        else:
            self._jobs.append(job)

    def _pop(self) -> _Job | None:
        with self._lock:
            if not self._jobs:
                return None
            job = self._jobs.popleft()
            if job.kind == "project":
                self._pending.discard(job.game_id)  # like clear_pending, before the job reads
            return job

    def _run(self, job: _Job) -> None:
        # Like an RQ worker: a failing job is recorded (RQ: the failed registry), not raised.
        try:
            if job.kind == "breath":
                if self._resolve_breath is not None:
                    self._resolve_breath(job.game_id)
            elif job.kind == "bot":
                if self._play_bot is not None:
                    self._play_bot(job.game_id, job.version, job.seat)
            elif job.kind == "time_out":
                if self._time_out is not None:
                    self._time_out(job.game_id)
            elif self._project is not None:
                self._project([job.game_id])
        except Exception as exc:
            log.exception("jobs.failed", extra={"game_id": job.game_id, "job_id": job.id})
            with self._lock:
                self.failed.append((job.id, exc))
