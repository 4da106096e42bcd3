"""Webhooks (docs/push.md): a player's endpoints, and the delivery of its notifications to
each, signed as the Standard Webhooks convention says, in order, at least once.

Each endpoint has a **cursor** in its player's notification log: the position of the last
note it delivered (or skipped: a type it did not ask for). Delivering (`deliver_pending`, an
RQ job: workers/webhooks.py) takes the endpoint's lock, sends the notes after the cursor one
by one, and moves the cursor past each once its endpoint answered 2xx. So the order is the
log's (each game's order, and more), a note is sent again until it is acknowledged, and a
delivery cut short (a worker SIGKILLed mid-send) only leaves the cursor where it was: the
endpoint stays due, its claim lapses after LOREKEEPER_WEBHOOK_LEASE_S, and the note goes again
with the same `webhook-id`, by which the receiver de-duplicates.

A failure (no 2xx, a time-out, a refused address) stops the endpoint there: it is due again
after `backoff_s × 2^(failures − 1)` (at most `max_backoff_s`), and after `max_failures` in a
row it is disabled, with the reason; `enable` starts it again from its cursor.
"""

from __future__ import annotations

import base64
import json
import secrets
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from standardwebhooks import Webhook

from lorekeeper.clocks.reading import now_ms
from lorekeeper.errors import Refused
from lorekeeper.push.notifications import TYPES
from lorekeeper.push.ports import Attempt, Endpoint, NotificationLog, WebhookSender, WebhookStore

SECRET_PREFIX = "whsec_"
ENDPOINT_PREFIX = "wh_"
MAX_URL = 2048
READ_BATCH = 20
USER_AGENT = "Lorekeeper-Webhooks/1"


def new_secret() -> str:
    """A Standard Webhooks secret: `whsec_` and 32 random bytes, base64."""
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(32)).decode()


def new_endpoint_id() -> str:
    return ENDPOINT_PREFIX + secrets.token_hex(8)


@dataclass(frozen=True)
class WebhookPolicy:
    per_player: int = 5
    backoff_s: float = 1.0
    max_backoff_s: float = 3600.0
    max_failures: int = 12
    lease_s: float = 60.0
    log_size: int = 100

    def backoff_ms(self, failures: int) -> int:
        """How long after its `failures`-th failure in a row an endpoint is tried again."""
        return int(min(self.max_backoff_s, self.backoff_s * 2 ** max(0, failures - 1)) * 1000)


def payload(note: dict[str, Any], at: datetime) -> bytes:
    """The delivery's body: the convention's `type`, `timestamp` and `data` (the note)."""
    body = {"type": note["type"], "timestamp": at.isoformat().replace("+00:00", "Z"),
            "data": note}  # fmt: skip
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode()


def signed_headers(secret: str, msg_id: str, at: datetime, body: bytes) -> dict[str, str]:
    """`webhook-id`, `webhook-timestamp`, `webhook-signature` (v1: HMAC-SHA256 of
    `<id>.<timestamp>.<body>` with the secret's bytes, base64)."""
    signature = Webhook(secret).sign(msg_id, at, body.decode())
    return {
        "webhook-id": msg_id,
        "webhook-timestamp": str(int(at.timestamp())),
        "webhook-signature": signature,
        "content-type": "application/json",
        "user-agent": USER_AGENT,
    }


class WebhookService:
    def __init__(
        self,
        store: WebhookStore,
        notes: NotificationLog,
        sender: WebhookSender,
        policy: WebhookPolicy,
        *,
        redeliver: Callable[[str, str, str], None] | None = None,
        clock: Callable[[], int] = now_ms,
    ) -> None:
        self.store = store
        self._notes = notes
        self._sender = sender
        self.policy = policy
        self._redeliver = redeliver  # queues a redelivery (an RQ job); None: none possible
        self._clock = clock

    # -- a player's endpoints (the API) ----------------------------------------------------

    def register(self, player_id: str, url: str, types: Sequence[str] | None) -> Endpoint:
        """A new endpoint, which gets the notes that come from now on; its secret is in the
        answer, and never again."""
        if len(url) > MAX_URL:
            raise Refused("invalid_body", f"url: at most {MAX_URL} characters",
                          errors={"url": [f"at most {MAX_URL} characters"]})  # fmt: skip
        chosen = tuple(dict.fromkeys(types)) if types else TYPES
        unknown = [t for t in chosen if t not in TYPES]
        if unknown:
            raise Refused("invalid_body", f"types: unknown {', '.join(unknown)}",
                          errors={"types": [f"each one of {', '.join(TYPES)}"]})  # fmt: skip
        self._sender.check(url)
        endpoint = Endpoint(new_endpoint_id(), player_id, url, chosen, new_secret(),
                            self._clock(), cursor=self._notes.head(player_id))  # fmt: skip
        if not self.store.add(endpoint, self.policy.per_player):
            raise Refused("too_many_webhooks", f"a player has at most {self.policy.per_player} "
                          "webhook endpoints; delete one first")  # fmt: skip
        return endpoint

    def endpoint(self, player_id: str, endpoint_id: str) -> Endpoint:
        found = self.store.load(player_id, endpoint_id)
        if found is None:
            raise Refused("webhook_not_found", f"no webhook endpoint {endpoint_id!r}")
        return found

    def endpoints(self, player_id: str) -> list[Endpoint]:
        return self.store.endpoints(player_id)

    def delete(self, player_id: str, endpoint_id: str) -> None:
        if not self.store.delete(player_id, endpoint_id):
            raise Refused("webhook_not_found", f"no webhook endpoint {endpoint_id!r}")

    def enable(self, player_id: str, endpoint_id: str) -> Endpoint:
        """Start a disabled endpoint again, from where it stopped."""
        endpoint = replace(self.endpoint(player_id, endpoint_id), enabled=True,
                           disabled_reason=None, failures=0)  # fmt: skip
        self.store.update(endpoint)
        self.store.schedule(player_id, endpoint_id, self._clock())
        return endpoint

    def deliveries(self, player_id: str, endpoint_id: str) -> list[dict[str, Any]]:
        self.endpoint(player_id, endpoint_id)
        return self.store.deliveries(player_id, endpoint_id)

    def redeliver(self, player_id: str, endpoint_id: str, delivery_id: str) -> dict[str, Any]:
        """Queue the note of a logged delivery to be sent once more (same `webhook-id`)."""
        self.endpoint(player_id, endpoint_id)
        logged = [a for a in self.store.deliveries(player_id, endpoint_id)
                  if a.get("delivery_id") == delivery_id]  # fmt: skip
        if not logged:
            raise Refused("delivery_not_found", f"no delivery {delivery_id!r} in the log")
        if self._redeliver is None:
            raise Refused("webhooks_unavailable", "this server runs no webhook workers")
        self._redeliver(player_id, endpoint_id, logged[0]["position"])
        return {"delivery_id": delivery_id, "queued": True}

    # -- delivering (the workers) ----------------------------------------------------------

    def now(self) -> int:
        return self._clock()

    def claim_due(self, limit: int = 64) -> list[tuple[str, str]]:
        return self.store.claim_due(self._clock(), int(self.policy.lease_s * 1000), limit)

    def deliver_pending(self, player_id: str, endpoint_id: str) -> dict[str, Any]:
        """Send the endpoint's notes after its cursor, in order, until its log's head or a
        failure. At most one delivery per endpoint runs (its lock)."""
        token, lease_ms = uuid.uuid4().hex, int(self.policy.lease_s * 1000)
        if not self.store.lock(player_id, endpoint_id, token, lease_ms):
            return {"delivered": 0, "busy": True}
        delivered = 0
        try:
            while True:
                endpoint = self.store.load(player_id, endpoint_id)
                if endpoint is None or not endpoint.enabled:
                    return {"delivered": delivered, "enabled": False}
                entries = self._notes.read(f"player:{player_id}", endpoint.cursor, READ_BATCH)
                if not entries:
                    if self.store.settle(player_id, endpoint_id, endpoint.cursor, "0-0"):
                        return {"delivered": delivered, "settled": True}
                    continue  # a note came meanwhile
                for entry in entries:
                    if entry.item["type"] not in endpoint.types:
                        endpoint = replace(endpoint, cursor=entry.position)
                        continue
                    attempt = self._send(endpoint, entry.position, entry.item, redelivery=False)
                    if not attempt.ok:
                        self._failed(endpoint, attempt)
                        return {"delivered": delivered, "failed": True}
                    endpoint = replace(endpoint, cursor=entry.position, failures=0)
                    self.store.update(endpoint)
                    delivered += 1
                    self.store.lock(player_id, endpoint_id, token, lease_ms)  # extend
                self.store.update(endpoint)
        finally:
            self.store.unlock(player_id, endpoint_id, token)

    def redeliver_now(self, player_id: str, endpoint_id: str, position: str) -> dict[str, Any]:
        """The redelivery job: the note at `position` once more (no retries: a failure is
        logged; the endpoint's cursor and failures do not change)."""
        endpoint = self.store.load(player_id, endpoint_id)
        if endpoint is None:
            return {"redelivered": False}
        before = _before(position)
        found = [e for e in self._notes.read(f"player:{player_id}", before, 1)
                 if e.position == position]  # fmt: skip
        if not found:
            return {"redelivered": False, "gone": True}
        attempt = self._send(endpoint, position, found[0].item, redelivery=True)
        return {"redelivered": attempt.ok, "status": attempt.status}

    def _send(
        self, endpoint: Endpoint, position: str, note: dict[str, Any], *, redelivery: bool
    ) -> Attempt:
        started_ms = self._clock()
        at = datetime.fromtimestamp(started_ms / 1000, tz=UTC).replace(microsecond=0)
        body = payload(note, at)
        headers = signed_headers(endpoint.secret, note["id"], at, body)
        attempt = self._sender.send(endpoint.url, headers, body)
        self.store.log(endpoint.player_id, endpoint.id, {
            "delivery_id": note["id"], "position": position, "type": note["type"],
            "game_id": note.get("game_id"), "at_ms": started_ms, "ok": attempt.ok,
            "status": attempt.status, "error": attempt.error,
            "duration_ms": attempt.duration_ms, "attempt": endpoint.failures + 1,
            "redelivery": redelivery,
        }, self.policy.log_size)  # fmt: skip
        return attempt

    def _failed(self, endpoint: Endpoint, attempt: Attempt) -> None:
        failures = endpoint.failures + 1
        why = attempt.error or f"HTTP {attempt.status}"
        if failures >= self.policy.max_failures:
            reason = f"{failures} deliveries in a row failed; the last: {why}"
            self.store.update(replace(endpoint, failures=failures, enabled=False,
                                      disabled_reason=reason))  # fmt: skip
            return
        self.store.update(replace(endpoint, failures=failures))
        at = self._clock() + self.policy.backoff_ms(failures)
        self.store.schedule(endpoint.player_id, endpoint.id, at)


def _before(position: str) -> str:
    """The position just before `position` (to read it with an exclusive lower bound)."""
    ms, _, seq = position.partition("-")
    if int(seq or 0) > 0:
        return f"{ms}-{int(seq) - 1}"
    return f"{int(ms) - 1}-18446744073709551615" if int(ms) > 0 else "0-0"
