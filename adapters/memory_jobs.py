"""The in-memory twin of RQJobQueue (tests, demos): the same scheduling rules, jobs run in
this process."""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable, Sequence

from adapters.jobs import breath_job_id, breath_opened_version, job_id

log = logging.getLogger(__name__)

ProjectFn = Callable[[str], object]
ResolveBreathFn = Callable[[str, int], object]


class InMemoryJobQueue:
    """The twin of RQJobQueue: the same scheduling rules, jobs run in this process.

    With `eager` (the default) jobs run inside `after_append`, one after another (a job that
    appends schedules more; they run in the same loop, not nested). Otherwise `drain()` runs
    them. The job functions are given with `connect`, after the service that uses this queue
    exists (the breath job calls that service).
    """

    def __init__(
        self,
        project: ProjectFn | None = None,
        resolve_breath: ResolveBreathFn | None = None,
        *,
        eager: bool = True,
    ) -> None:
        self._project, self._resolve_breath = project, resolve_breath
        self._eager = eager
        self._jobs: deque[tuple[str, str, int]] = deque()  # (job id, game id, version)
        self._seen: set[str] = set()
        self._pending: set[str] = set()
        self._lock = threading.RLock()
        self._draining = False
        self.failed: list[tuple[str, Exception]] = []

    def connect(self, project: ProjectFn | None, resolve_breath: ResolveBreathFn | None) -> None:
        self._project, self._resolve_breath = project, resolve_breath

    def after_append(self, game_id: str, version: int, event_types: Sequence[str]) -> None:
        with self._lock:
            opened = breath_opened_version(version, event_types)
            if opened is not None and breath_job_id(game_id, opened) not in self._seen:
                self._push(breath_job_id(game_id, opened), game_id, opened)
            if game_id not in self._pending:
                self._pending.add(game_id)
                self._push(job_id("project", game_id, version), game_id, version)
        if self._eager:
            self.drain()

    def queued_job_ids(self) -> list[str]:
        with self._lock:
            return [id_ for id_, _, _ in self._jobs]

    def is_pending(self, game_id: str) -> bool:
        with self._lock:
            return game_id in self._pending

    def drain(self) -> int:
        """Run queued jobs until none is left; the number run."""
        with self._lock:
            if self._draining:
                return 0
            self._draining = True
        ran = 0
        try:
            while (job := self._pop()) is not None:
                self._run(*job)
                ran += 1
        finally:
            with self._lock:
                self._draining = False
        return ran

    def _push(self, id_: str, game_id: str, version: int) -> None:
        self._seen.add(id_)
        # Breath jobs first, as the RQ workers listen to the breath queue first.
        if id_.startswith("breath-"):
            self._jobs.appendleft((id_, game_id, version))
        else:
            self._jobs.append((id_, game_id, version))

    def _pop(self) -> tuple[str, str, int] | None:
        with self._lock:
            if not self._jobs:
                return None
            id_, game_id, version = self._jobs.popleft()
            if id_.startswith("project-"):
                self._pending.discard(game_id)  # like clear_pending, before the job reads
            return id_, game_id, version

    def _run(self, id_: str, game_id: str, version: int) -> None:
        # Like an RQ worker: a failing job is recorded (RQ: the failed registry), not raised.
        try:
            if id_.startswith("breath-"):
                if self._resolve_breath is not None:
                    self._resolve_breath(game_id, version)
            elif self._project is not None:
                self._project(game_id)
        except Exception as exc:
            log.exception("jobs.failed", extra={"game_id": game_id, "job_id": id_})
            with self._lock:
                self.failed.append((id_, exc))
