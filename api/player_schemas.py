"""marshmallow schemas of the player and seat routes (api/players.py, api/seats.py), as
strict as the others (api/schemas.py): unknown fields refused, integers JSON integers."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from api.schemas import TTL_S
from lorekeeper.notifications import TYPES as NOTIFICATION_TYPES
from lorekeeper.tables import ROLES

MAX_SEAT = 63


class NewPlayerSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(1, 200))


class JoinSchema(Schema):
    invitation = fields.String(validate=validate.Length(1, 128))
    seat = fields.Integer(strict=True, validate=validate.Range(0, MAX_SEAT))
    # The seat's client seed for the dice (SEED-1, docs/audit.md), given as it sits down.
    client_seed = fields.String(validate=validate.Length(1, 128))


class DeclineSchema(Schema):
    invitation = fields.String(validate=validate.Length(1, 128))


class InviteSchema(Schema):
    seat = fields.Integer(strict=True, validate=validate.Range(0, MAX_SEAT))
    expires_in_s = fields.Integer(strict=True, validate=TTL_S)


class GrantSchema(Schema):
    role = fields.String(required=True, validate=validate.OneOf(ROLES))


class NewWebhookSchema(Schema):
    """POST /players/me/webhooks (api/push.py): the secret is the server's, never sent."""

    url = fields.String(required=True, validate=validate.Length(1, 2048))
    types = fields.List(fields.String(validate=validate.OneOf(NOTIFICATION_TYPES)),
                        validate=validate.Length(1, len(NOTIFICATION_TYPES)))  # fmt: skip


class PlayerStreamQuery(Schema):
    """GET /players/me/stream: after a position (the route also checks it whole), a ticket."""

    after = fields.String(validate=validate.Regexp("^[0-9]{1,20}-[0-9]{1,20}$"))
    ticket = fields.String(validate=validate.Length(1, 128))


def loaded(schema: type[Schema], body: Any) -> dict[str, Any]:
    """`body` loaded by `schema`; ValidationError (a 422 with field errors) if it does not fit."""
    if not isinstance(body, dict):
        raise ValidationError({"_schema": ["expected a JSON object"]})
    result: dict[str, Any] = schema().load(body)
    return result
