"""Webhook deliveries checked with the SDK (Standard Webhooks, docs/client/streams.md "A webhook"):
signed as the server signs them (lorekeeper/push/webhooks.py), a delivery verifies; a body, a
signature or a secret that differs, or an old timestamp, is refused."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from lorekeeper_sdk import WebhookVerificationError, verify_webhook

from lorekeeper.push.webhooks import signed_headers

SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
OTHER = "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD"
NOTE = {"id": "n_3f1c0a9e5b7d2c4a6e8f0b1d", "type": "your_turn", "game_id": "g1", "seat": 1}


def delivery(at: datetime | None = None) -> tuple[bytes, dict[str, str]]:
    at = at or datetime.now(UTC)
    body = json.dumps({"type": "your_turn", "timestamp": at.isoformat(), "data": NOTE}).encode()
    return body, signed_headers(SECRET, NOTE["id"], at, body)


def test_a_delivery_the_server_signed_verifies() -> None:
    body, headers = delivery()
    shouted = {name.upper(): value for name, value in headers.items()}  # any case
    assert verify_webhook(SECRET, body, shouted)["data"] == NOTE


@pytest.mark.parametrize(
    "change",
    ["body", "signature", "secret", "old", "no_headers"],
)
def test_a_delivery_that_does_not_hold_is_refused(change: str) -> None:
    body, headers = delivery(datetime.now(UTC) - timedelta(minutes=10) if change == "old" else None)
    secret = OTHER if change == "secret" else SECRET
    if change == "body":
        body = body.replace(b'"seat": 1', b'"seat": 0')
    if change == "signature":
        headers["webhook-signature"] = "v1,AAAA" + headers["webhook-signature"][7:]
    if change == "no_headers":
        headers = {}
    with pytest.raises(WebhookVerificationError):
        verify_webhook(secret, body, headers)
