"""The workers' settings, from environment variables (defaults in brackets; docs/workers.md).

REDIS_URL                            [redis://127.0.0.1:6379/0]
LOREKEEPER_WORKER_PROCESSES          [2]    worker processes `python -m workers` runs
LOREKEEPER_WORKER_CLASS              [simple]  simple (RQ SimpleWorker) | fork (RQ Worker)
LOREKEEPER_BREATH_QUEUE              [breath]       listened to first
LOREKEEPER_PROJECTION_QUEUE          [projections]  the projection queue: list lk:{<name>}:due
LOREKEEPER_RECONCILE_INTERVAL_S      [5]    how often the supervisor reconciles
LOREKEEPER_JOB_STALE_S               [10]   a job or pending flag older than this is lost
LOREKEEPER_PROJECTION_PENDING_TTL_S  [30]   life of a game's "projection pending" flag
LOREKEEPER_PROJECTION_ROUND_MS       [60]   the longest a busy projection round gathers
LOREKEEPER_PROJECTION_LOOPS          [1]    how many of the worker processes project
LOREKEEPER_JOB_TIMEOUT_S             [60]   RQ job timeout
LOREKEEPER_STATE_CACHE_GAMES         [256]  replayed game states kept per process
LOREKEEPER_LOG_LEVEL                 [INFO]
LOREKEEPER_FAULT_APPEND_DELAY_MS     [0]    tests only: sleep before and after each append
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import redis

from adapters.jobs import RQJobQueue
from lorekeeper.config import values_from_env

WORKER_CLASSES = ("simple", "fork")


@dataclass(frozen=True)
class WorkerSettings:
    redis_url: str = "redis://127.0.0.1:6379/0"
    worker_processes: int = 2
    worker_class: str = "simple"
    breath_queue: str = "breath"
    projection_queue: str = "projections"
    reconcile_interval_s: float = 5.0
    job_stale_s: float = 10.0
    projection_pending_ttl_s: int = 30
    projection_round_ms: int = 60
    projection_loops: int = 1
    job_timeout_s: int = 60
    state_cache_games: int = 256
    log_level: str = "INFO"
    fault_append_delay_ms: int = 0

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> WorkerSettings:
        settings = cls(**values_from_env(cls, environ))
        if settings.worker_class not in WORKER_CLASSES:
            raise ValueError(f"LOREKEEPER_WORKER_CLASS must be one of {WORKER_CLASSES}")
        if settings.worker_processes < 0:
            raise ValueError("LOREKEEPER_WORKER_PROCESSES must be >= 0")
        if settings.projection_loops < 1:
            raise ValueError("LOREKEEPER_PROJECTION_LOOPS must be >= 1")
        if not 0 <= settings.projection_round_ms <= 1000:
            raise ValueError("LOREKEEPER_PROJECTION_ROUND_MS must be 0 to 1000")
        return settings

    @property
    def queue_names(self) -> list[str]:
        """The breath queue (RQ) and the projection queue (a list the projection loop pops)."""
        return [self.breath_queue, self.projection_queue]

    def job_queue(self, client: redis.Redis) -> RQJobQueue:
        """The RQJobQueue these settings describe (the API should build it the same way)."""
        return RQJobQueue(
            client,
            breath_queue=self.breath_queue,
            projection_queue=self.projection_queue,
            pending_ttl_s=self.projection_pending_ttl_s,
            job_timeout_s=self.job_timeout_s,
        )
