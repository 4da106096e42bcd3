"""The ceiling of this design: a Flask handler that validates a small JSON body with
marshmallow and does one XADD, nothing else. Served by gunicorn with Lorekeeper's settings:

    gunicorn 'bench.ceiling:create_app()'

It takes the same requests as `POST /games/{id}/commands` (headers ignored) and appends the
body to `bench:{<game_id>}:events` in the same Redis (AOF, appendfsync always).
"""

from __future__ import annotations

import json
import os

import redis
from flask import Flask, jsonify, request
from flask.typing import ResponseReturnValue
from marshmallow import Schema, ValidationError, fields, validate


class CommandBody(Schema):
    """The shapes the benchmark's games send (unknown fields refused, as in api/schemas.py)."""

    type = fields.String(required=True, validate=validate.Length(min=1, max=32))
    unit = fields.String(validate=validate.Length(min=1, max=64))
    target = fields.String(validate=validate.Length(min=1, max=64))
    units = fields.List(fields.String(), validate=validate.Length(max=64))
    breath = fields.List(fields.String(), validate=validate.Length(max=64))
    roost = fields.List(fields.String(), validate=validate.Length(max=64))
    path = fields.List(fields.List(fields.Integer(strict=True)), validate=validate.Length(max=16))
    remove_tokens = fields.Dict(keys=fields.String(), values=fields.Dict())
    breath_targets = fields.List(fields.String(), allow_none=True, validate=validate.Length(max=64))
    glory = fields.String(allow_none=True, validate=validate.Length(max=16))
    blood = fields.Integer(strict=True)
    currency = fields.String(data_key="for")
    accept = fields.Boolean()


def create_app() -> Flask:
    app = Flask(__name__)
    client = redis.Redis.from_url(os.environ["REDIS_URL"])  # connects on first use
    schema = CommandBody()

    @app.post("/games/<game_id>/commands")
    def command(game_id: str) -> ResponseReturnValue:
        try:
            body = schema.load(request.get_json())
        except ValidationError as exc:
            return jsonify({"errors": exc.messages}), 422
        entry = client.xadd(f"bench:{{{game_id}}}:events", {"payload": json.dumps(body)})
        return jsonify(
            {"game_id": game_id, "id": entry.decode() if isinstance(entry, bytes) else entry}
        )

    @app.get("/healthz")
    def healthz() -> ResponseReturnValue:
        return jsonify({"ok": True})

    return app
