"""Checking a webhook delivery: the Standard Webhooks signature, with the `standardwebhooks`
library (docs/client/streams.md, "A webhook")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from standardwebhooks.webhooks import (
    EmptyWebhookSecretError,
    Webhook,
)
from standardwebhooks.webhooks import (
    WebhookVerificationError as LibraryVerificationError,
)

from lorekeeper_sdk.errors import WebhookVerificationError


def verify_webhook(secret: str, body: bytes | str, headers: Mapping[str, str]) -> dict[str, Any]:
    """The delivery (`{"type", "timestamp", "data": <the notification>}`) when its signature
    holds; else `WebhookVerificationError` (answer 400).

    `secret`: the endpoint's `whsec_…`. `body`: the request's raw body, as it came (parse it
    only after). `headers`: the request's headers (any case). A delivery whose timestamp is
    more than 5 minutes from now is refused too (a replay). The same notification may come
    more than once: de-duplicate by `webhook-id` (the notification's `id`)."""
    try:
        delivery = Webhook(secret).verify(body, dict(headers))
    except (LibraryVerificationError, EmptyWebhookSecretError, ValueError) as exc:
        raise WebhookVerificationError(str(exc) or type(exc).__name__) from exc
    if not isinstance(delivery, dict):
        raise WebhookVerificationError("the body is not a JSON object")
    return delivery
