"""Each worker process's sign of life: a Redis key with a short TTL, set again and again.

A worker process (`python -m workers work`) takes the RQ name `lk-<host>-<pid>` and, from a
thread of its own, sets `lk:worker:<name>:alive` with a TTL of LOREKEEPER_WORKER_HEARTBEAT_S
(1.5 s) four times per TTL. A SIGKILLed process stops setting it, so within one TTL its key is
gone: a breath job it had started is known dead (workers/breath.py) and run again at once
by the supervisor, instead of waiting LOREKEEPER_JOB_STALE_S. The supervisor deletes the key
of a child it saw die, so its own children's deaths are seen within one of its ticks; its
`Watch` sees any worker's key go (another host's too) and runs a reconciler pass at once.

RQ's own worker keys live for minutes (its worker TTL) and a SimpleWorker sends no heartbeat
while a job runs in it, so neither tells a dead worker from a busy one quickly enough.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import threading
from collections.abc import Sequence
from datetime import UTC, datetime

import redis
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus
from rq.queue import Queue
from rq.serializers import JSONSerializer
from rq.worker import BaseWorker
from rq.worker_registration import get_keys

from adapters.redis.keys import worker_heartbeat_key

_WAITING = {JobStatus.QUEUED, JobStatus.DEFERRED, JobStatus.SCHEDULED, JobStatus.STARTED}

log = logging.getLogger(__name__)
PREFIX = "lk-"
BEATS_PER_TTL = 4


def worker_name(pid: int | None = None) -> str:
    """The RQ name of this process (or of the worker process `pid` on this host)."""
    return f"{PREFIX}{socket.gethostname()}-{os.getpid() if pid is None else pid}"


def beats(name: str | None) -> bool:
    """Whether the worker named `name` keeps a heartbeat (one of ours, not a bare `rq worker`)."""
    return bool(name) and str(name).startswith(PREFIX)


def alive(client: redis.Redis, names: Sequence[str]) -> list[bool]:
    """Whether each worker's heartbeat is current."""
    if not names:
        return []
    pipe = client.pipeline(transaction=False)
    for name in names:
        pipe.exists(worker_heartbeat_key(name))
    return [bool(found) for found in pipe.execute()]


def job_is_live(client: redis.Redis, job_id: str, stale_s: float, taken_s: float) -> bool:
    """Whether the job waits or runs (the breath and time-out jobs' check: workers/breath.py,
    workers/clocks.py):

    - started by a worker that beats: while its heartbeat is current, however long it runs;
    - taken from its queue but not marked started (RQ pops a job, then marks it started a few
      calls later; a worker killed in between leaves it so, with no worker named): until
      `taken_s` after it was queued (0: at once);
    - waiting in its queue, or started by a worker without a heartbeat (a bare `rq worker`):
      until its last sign of life is `stale_s` old (0: at once).

    Right after a worker died the reconciler passes 0 for both: what no live worker runs is
    done again, and a job that was only slow finds it done (resolution is exactly once)."""
    try:
        job = Job.fetch(job_id, connection=client, serializer=JSONSerializer)
    except NoSuchJobError:
        return False
    status = job.get_status()
    if status not in _WAITING:
        return False
    if status == JobStatus.STARTED and beats(job.worker_name):
        return alive(client, [str(job.worker_name)])[0]
    within_s = taken_s if status == JobStatus.QUEUED and _taken(client, job) else stale_s
    seen = [t for t in (job.enqueued_at, job.started_at, job.last_heartbeat) if t is not None]
    if not seen:
        return False
    return (datetime.now(UTC) - max(seen)).total_seconds() < within_s


def _taken(client: redis.Redis, job: Job) -> bool:
    """Whether a queued job is out of its queue's list: a worker popped it."""
    return Queue(job.origin, connection=client).get_job_position(job.id) is None


def forget(client: redis.Redis, name: str) -> None:
    """Declare a worker dead now (the supervisor saw its process end)."""
    client.delete(worker_heartbeat_key(name))


class Heartbeat:
    def __init__(self, client: redis.Redis, name: str, ttl_s: float) -> None:
        self._client = client
        self._key = worker_heartbeat_key(name)
        self._ttl_ms = max(1, int(ttl_s * 1000))
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        self.beat()  # alive before the first job is taken
        self._thread = threading.Thread(target=self._run, name="heartbeat", daemon=True)
        self._thread.start()

    def beat(self) -> None:
        self._client.set(self._key, os.getpid(), px=self._ttl_ms)

    def _run(self) -> None:
        while not self._stop.wait(self._ttl_ms / 1000 / BEATS_PER_TTL):
            try:
                self.beat()
            except redis.RedisError as exc:  # Redis is away: the key lapses, as it should
                log.warning("worker.heartbeat_failed", extra={"error": repr(exc)})

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        with contextlib.suppress(redis.RedisError):  # else it lapses by itself
            self._client.delete(self._key)


class Watch:
    """Tells when a worker that kept a heartbeat dies, on this host or another. Each call
    reads the names RQ has registered (`rq:workers`) and which of ours beat: two calls,
    whatever the jobs. A worker that stops cleanly leaves RQ's registry before its key goes
    (workers/worker.py), so only one that died is still registered without a heartbeat."""

    def __init__(self, client: redis.Redis) -> None:
        self._client = client
        self._beating: set[str] = set()

    def died(self) -> bool:
        """Whether a worker seen beating at the last call is still registered and beats no
        more."""
        try:
            names = sorted(n for n in map(_name, get_keys(connection=self._client)) if beats(n))
            now = {n for n, ok in zip(names, alive(self._client, names), strict=True) if ok}
        except redis.RedisError as exc:  # Redis is away: the next call looks again
            log.warning("worker.watch_failed", extra={"error": repr(exc)})
            return False
        dead = (self._beating & set(names)) - now
        self._beating = now
        if dead:
            log.warning("worker.heartbeat_stopped", extra={"workers": sorted(dead)})
        return bool(dead)


def _name(worker_key: str) -> str:
    return worker_key.removeprefix(BaseWorker.redis_worker_namespace_prefix)
