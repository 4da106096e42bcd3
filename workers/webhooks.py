"""Webhooks in the workers (docs/push.md): the delivery jobs and the loop that queues them.

Every worker process runs a webhook loop beside its RQ loop (workers/worker.py): every
LOREKEEPER_WEBHOOK_POLL_MS it claims the endpoints that are due (one script on the due set
pushes each claimed one LOREKEEPER_WEBHOOK_LEASE_S on) and queues one `deliver` job for each
on the webhook queue. The job sends the endpoint's pending notes in order and settles it: no
longer due when it reached its player's newest note, due again after a back-off when a
delivery failed (lorekeeper/push/webhooks.py). A job lost with its worker (SIGKILL) settles
nothing: its claim lapses, the loop claims the endpoint again, and the notes go again with
their ids. Retries are not RQ's own (`Retry`): those need RQ's scheduler, which these
workers do not run (docs/workers.md), and an endpoint's later notes must wait for the one
that failed, which per-job retries would not keep.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

import redis

from workers import context
from workers.context import WorkerContext

log = logging.getLogger(__name__)
_RETRY_S = 0.5


def deliver(player_id: str, endpoint_id: str) -> dict[str, Any]:
    """The job: deliver the endpoint's pending notes."""
    webhooks = context.current().webhooks
    assert webhooks is not None
    result = webhooks.deliver_pending(player_id, endpoint_id)
    log.info("webhook.delivered", extra={"player_id": player_id, "endpoint_id": endpoint_id,
                                         **result})  # fmt: skip
    return result


def redeliver(player_id: str, endpoint_id: str, position: str) -> dict[str, Any]:
    """The job: send one logged note again (asked for with the API)."""
    webhooks = context.current().webhooks
    assert webhooks is not None
    return webhooks.redeliver_now(player_id, endpoint_id, position)


class WebhookLoop:
    """Claims due endpoints and queues their deliveries until `stop()` (a thread of each
    worker process)."""

    def __init__(self, ctx: WorkerContext, interval_s: float | None = None) -> None:
        self._ctx = ctx
        self._stop = threading.Event()
        self._interval_s = ctx.settings.webhook_poll_ms / 1000 if interval_s is None else interval_s

    def run(self) -> None:
        while not self._stop.is_set():
            self.tick()
            self._stop.wait(self._interval_s)

    def tick(self) -> int:
        """One claim of the due endpoints: how many deliveries were queued."""
        webhooks, queue = self._ctx.webhooks, self._ctx.webhook_jobs
        if webhooks is None or queue is None:
            return 0
        try:
            claimed = webhooks.claim_due()
            now = webhooks.now()
            for player_id, endpoint_id in claimed:
                queue.deliver(player_id, endpoint_id, now)
            return len(claimed)
        except redis.RedisError as exc:
            log.warning("webhook.due_unreachable", extra={"error": repr(exc)})
            self._stop.wait(_RETRY_S)
        except Exception:  # the loop must outlive one bad endpoint
            log.exception("webhook.tick_failed")
        return 0

    def stop(self) -> None:
        self._stop.set()
