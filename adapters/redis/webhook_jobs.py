"""Webhook jobs on RQ (the webhook queue, LOREKEEPER_WEBHOOK_QUEUE): a delivery of an
endpoint's pending notes, and a redelivery of one note. The functions are named, not
imported (the adapters never import `workers`); the jobs take plain ids, by RQ's JSON
serializer. A delivery's job id is `hook-<player>-<endpoint>-<claim ms>`: one per claim of
the due endpoint (its lock keeps two from delivering at once)."""

from __future__ import annotations

import uuid

import redis
from rq import Queue
from rq.serializers import JSONSerializer

DELIVER_FUNC = "workers.webhooks.deliver"
REDELIVER_FUNC = "workers.webhooks.redeliver"


class RQWebhookQueue:
    def __init__(self, connection: redis.Redis, name: str, *, job_timeout_s: int = 60) -> None:
        self._queue = Queue(name, connection=connection, serializer=JSONSerializer)
        self._timeout = job_timeout_s

    def deliver(self, player_id: str, endpoint_id: str, claim_ms: int) -> None:
        job_id = f"hook-{player_id}-{endpoint_id}-{claim_ms}"
        self._queue.enqueue(DELIVER_FUNC, player_id, endpoint_id, job_id=job_id, **self._kept())

    def redeliver(self, player_id: str, endpoint_id: str, position: str) -> None:
        job_id = f"rehook-{player_id}-{endpoint_id}-{uuid.uuid4().hex}"
        self._queue.enqueue(REDELIVER_FUNC, player_id, endpoint_id, position, job_id=job_id,
                            **self._kept())  # fmt: skip

    def _kept(self) -> dict[str, int]:
        return {"job_timeout": self._timeout, "result_ttl": 60, "failure_ttl": 86400}
