"""marshmallow schemas of the player and seat routes (api/players.py, api/seats.py), as
strict as the others (api/schemas.py): unknown fields refused, integers JSON integers."""

from __future__ import annotations

import re
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from api.schemas import TTL_S, QueryInteger, StrictBoolean, _Query
from lorekeeper.players.forking import BOT, FRIEND, HOT_SEAT
from lorekeeper.players.tables import ROLES
from lorekeeper.push.notifications import TYPES as NOTIFICATION_TYPES

MAX_SEAT = 63


class NewPlayerSchema(Schema):
    name = fields.String(required=True, validate=validate.Length(1, 200))
    bot = StrictBoolean()  # a bot account (docs/ratings.md)


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


class ForkSchema(Schema):
    """`POST /games/{id}/forks` (docs/play/forks.md)."""

    version = fields.Integer(required=True, strict=True, validate=validate.Range(min=1))
    seats = fields.String(validate=validate.OneOf([HOT_SEAT, BOT, FRIEND]))
    seat = fields.Integer(strict=True, validate=validate.Range(min=0, max=15))
    bot = fields.String(validate=validate.Length(min=1, max=32))
    friend = fields.String(validate=validate.Length(min=1, max=64))
    dice = fields.String(validate=validate.OneOf(["committed", "chosen"]))
    rated = StrictBoolean()


class NewWebhookSchema(Schema):
    """POST /players/me/webhooks (api/push.py): the secret is the server's, never sent."""

    url = fields.String(required=True, validate=validate.Length(1, 2048))
    types = fields.List(fields.String(validate=validate.OneOf(NOTIFICATION_TYPES)),
                        validate=validate.Length(1, len(NOTIFICATION_TYPES)))  # fmt: skip


REDIS_ID_PART_MAX = 2**64 - 1  # each part of a Redis stream id is an unsigned 64-bit number
_POSITION = re.compile(r"[0-9]{1,20}-[0-9]{1,20}")


class StreamPosition(fields.String):
    """A position in a player's notification log: a Redis stream id, `<ms>-<seq>`, each part
    at most 2^64 - 1, as Redis reads it. The very last id of all is refused too: nothing can
    come after it, and Redis refuses to read after it. Loaded as Redis writes it (no leading
    zeros)."""

    default_error_messages = {"position": "not a position: `<n>-<n>`, each n below 2^64"}

    def __init__(self, **kwargs: Any) -> None:  # the pattern also tells the spec (openapi.yaml)
        super().__init__(validate=validate.Regexp(f"^{_POSITION.pattern}$"), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        if not _POSITION.fullmatch(text):
            raise self.make_error("position")
        ms, seq = map(int, text.split("-"))
        if max(ms, seq) > REDIS_ID_PART_MAX or ms == seq == REDIS_ID_PART_MAX:
            raise self.make_error("position")
        return f"{ms}-{seq}"


class PlayerStreamQuery(Schema):
    """GET /players/me/stream: after a position, a ticket."""

    after = StreamPosition()
    ticket = fields.String(validate=validate.Length(1, 128))


# -- ratings (api/ratings.py, docs/ratings.md) --------------------------------------------------

BOARD_CURSOR = validate.Regexp(r"^[0-9]{12}:p_[0-9a-f]{16}$", error="not a cursor this server gave")
MAX_LOG = 10**12


class LeaderboardQuery(_Query):
    cursor = fields.String(validate=BOARD_CURSOR)
    limit = QueryInteger(load_default=20, validate=validate.Range(1, 100))


class RatingLogQuery(_Query):
    after = QueryInteger(validate=validate.Range(0, MAX_LOG))  # a position: from the next one
    limit = QueryInteger(load_default=100, validate=validate.Range(1, 100))


def loaded(schema: type[Schema], body: Any) -> dict[str, Any]:
    """`body` loaded by `schema`; ValidationError (a 422 with field errors) if it does not fit."""
    if not isinstance(body, dict):
        raise ValidationError({"_schema": ["expected a JSON object"]})
    result: dict[str, Any] = schema().load(body)
    return result
