"""Push wired together (docs/push.md): the notification logs, the webhooks and the stream
tickets of one backend, as both composition roots build them (api/composition.py,
workers/context.py)."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from lorekeeper.errors import Refused
from lorekeeper.push.ports import PushStores, TicketStore, WebhookSender
from lorekeeper.push.webhooks import WebhookPolicy, WebhookService
from lorekeeper.settings import Settings

TICKET_PREFIX = "lkt_"


def policy_of(settings: Settings) -> WebhookPolicy:
    return WebhookPolicy(
        per_player=settings.webhooks_per_player,
        backoff_s=settings.webhook_backoff_s,
        max_backoff_s=settings.webhook_max_backoff_s,
        max_failures=settings.webhook_max_failures,
        lease_s=settings.webhook_lease_s,
        log_size=settings.webhook_log_size,
    )


class Tickets:
    """Single-use stream tickets for browsers (EventSource sends no Authorization header):
    `lkt_` and 32 random bytes, kept as their SHA-256 for `ttl_s`, good for one stream."""

    def __init__(self, store: TicketStore, ttl_s: int) -> None:
        self._store = store
        self.ttl_s = ttl_s

    def issue(self, player_id: str) -> str:
        ticket = TICKET_PREFIX + secrets.token_urlsafe(32)
        self._store.issue(_digest(ticket), player_id, self.ttl_s)
        return ticket

    def redeem(self, ticket: str) -> str:
        """The ticket's player; 401 `ticket_rejected` for one unknown, used or expired."""
        player_id = (
            self._store.redeem(_digest(ticket)) if ticket.startswith(TICKET_PREFIX) else None
        )
        if player_id is None:
            raise Refused("ticket_rejected", "this stream ticket is unknown, used or expired; "
                          "POST /players/me/stream-tickets for a new one")  # fmt: skip
        return player_id


def _digest(ticket: str) -> str:
    return hashlib.sha256(ticket.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class Push:
    stores: PushStores
    webhooks: WebhookService
    tickets: Tickets


def push_of(
    settings: Settings,
    stores: PushStores,
    sender: WebhookSender,
    redeliver: Callable[[str, str, str], None] | None,
) -> Push:
    webhooks = WebhookService(stores.webhooks, stores.notes, sender, policy_of(settings),
                              redeliver=redeliver)  # fmt: skip
    return Push(stores, webhooks, Tickets(stores.tickets, settings.stream_ticket_ttl_s))
