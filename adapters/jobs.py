"""The job queue port: what the command path calls after an append. RQ adapter and its twin.

`after_append` schedules at most what is needed:

- a **projection** job only when none is pending for the game. The pending flag
  `lk:{<game_id>}:projecting` (its value: when it was set, epoch ms) is taken with
  `SET NX EX`; the job clears it *before* it reads the stream, so an append either finds
  the flag clear (and enqueues) or is read by the pending job. Most appends of a busy game
  cost one SET, not an enqueue (docs/workers.md has both measured).
- a **breath** job when `BreathPhaseOpened` is among the appended events (R-TRN-6), with a
  job id per game and version of that event: a repeated call enqueues nothing new.

Job ids are deterministic (`project-<game>-<version>`, `breath-<game>-<version>`; RQ only
accepts `[A-Za-z0-9_-]`, so the game id is escaped: `_`->`__`, `.`->`_d`, `:`->`_c`).
Jobs are top-level functions named by string (the adapters never import `workers`), take
plain ids, and travel with RQ's JSONSerializer.

The command has already been appended when `after_append` runs, so a Redis error here is
logged, not raised: the workers' reconciler finds what was not scheduled.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import redis
from rq import Queue
from rq.exceptions import DuplicateJobError
from rq.serializers import JSONSerializer

BREATH_OPENED = "BreathPhaseOpened"
PROJECT_FUNC = "workers.jobs.project_game"
BREATH_FUNC = "workers.jobs.resolve_breath"
DEFAULT_BREATH_QUEUE = "breath"
DEFAULT_PROJECTION_QUEUE = "projections"

log = logging.getLogger(__name__)


class JobQueue(Protocol):
    def after_append(self, game_id: str, version: int, event_types: Sequence[str]) -> None:
        """`version` is the game's version after the append; `event_types` the appended
        events' types, in order."""
        ...


def pending_key(game_id: str) -> str:
    return f"lk:{{{game_id}}}:projecting"


def job_id(kind: str, game_id: str, version: int) -> str:
    escaped = game_id.replace("_", "__").replace(".", "_d").replace(":", "_c")
    return f"{kind}-{escaped}-{version}"


def breath_opened_version(version: int, event_types: Sequence[str]) -> int | None:
    """The version of the BreathPhaseOpened event among the appended ones, if any."""
    for index in range(len(event_types) - 1, -1, -1):
        if event_types[index] == BREATH_OPENED:
            return version - (len(event_types) - 1 - index)
    return None


class RQJobQueue:
    def __init__(
        self,
        client: redis.Redis,
        *,
        breath_queue: str = DEFAULT_BREATH_QUEUE,
        projection_queue: str = DEFAULT_PROJECTION_QUEUE,
        pending_ttl_s: int = 30,
        job_timeout_s: int = 60,
        breath_result_ttl_s: int = 24 * 3600,
    ) -> None:
        self._client = client
        self.breath_queue = Queue(breath_queue, connection=client, serializer=JSONSerializer)
        self.projection_queue = Queue(
            projection_queue, connection=client, serializer=JSONSerializer
        )
        self._pending_ttl_s = pending_ttl_s
        self._job_timeout_s = job_timeout_s
        self._breath_result_ttl_s = breath_result_ttl_s

    def after_append(self, game_id: str, version: int, event_types: Sequence[str]) -> None:
        try:
            opened = breath_opened_version(version, event_types)
            if opened is not None:
                self.enqueue_breath(game_id, opened)
            self.request_projection(game_id, version)
        except redis.RedisError as exc:
            log.warning(
                "jobs.schedule_failed",
                extra={"game_id": game_id, "version": version, "error": repr(exc)},
            )

    def request_projection(self, game_id: str, version: int) -> bool:
        """Enqueue a projection job unless one is pending; True if one was enqueued."""
        now_ms = time.time_ns() // 1_000_000
        if not self._client.set(pending_key(game_id), now_ms, nx=True, ex=self._pending_ttl_s):
            return False
        try:
            return self._enqueue(
                self.projection_queue,
                PROJECT_FUNC,
                (game_id,),
                job_id("project", game_id, version),
                result_ttl=0,
            )
        except BaseException:
            self._client.delete(pending_key(game_id))  # let the next append try again
            raise

    def clear_pending(self, game_id: str) -> None:
        """Called by the projection job before it reads the stream."""
        self._client.delete(pending_key(game_id))

    def pending_since_ms(self, game_id: str) -> int | None:
        """When the game's pending projection was requested (epoch ms), or None."""
        raw = self._client.get(pending_key(game_id))
        return None if raw is None else int(raw)

    def enqueue_breath(self, game_id: str, opened_version: int) -> bool:
        """Enqueue the breath job of the phase opened at `opened_version`; False if it exists."""
        return self._enqueue(
            self.breath_queue,
            BREATH_FUNC,
            (game_id, opened_version),
            breath_job_id(game_id, opened_version),
            result_ttl=self._breath_result_ttl_s,
        )

    def queued_job_ids(self) -> list[str]:
        return self.breath_queue.get_job_ids() + self.projection_queue.get_job_ids()

    def _enqueue(
        self, queue: Queue, func: str, args: tuple[Any, ...], id_: str, *, result_ttl: int
    ) -> bool:
        try:
            queue.enqueue_call(
                func,
                args=args,
                job_id=id_,
                unique=True,
                result_ttl=result_ttl,
                timeout=self._job_timeout_s,
                description=f"{func}{args!r}",
            )
        except DuplicateJobError:
            return False
        return True


def breath_job_id(game_id: str, opened_version: int) -> str:
    return job_id("breath", game_id, opened_version)


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
