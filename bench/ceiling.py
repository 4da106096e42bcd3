"""The ceiling of this design: a Flask handler that validates a small JSON body with
marshmallow and does one XADD, nothing else. Served by gunicorn with Lorekeeper's settings:

    gunicorn 'bench.ceiling:create_app()'

Beside it, two references that say where the rest goes (measure 1): `hello`, a bare WSGI
function that reads the body and answers a fixed JSON (what gunicorn and the HTTP exchange
cost alone: `gunicorn bench.ceiling:hello`), and `xadd_rate`, the XADDs per second one client
gets from the same Redis when it pipelines them (what Redis can take at all).

It takes the same requests as `POST /games/{id}/commands` (headers ignored) and appends the
body to `bench:{<game_id>}:events` in the same Redis (AOF, appendfsync always).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable
from typing import Any

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
    @app.post("/v1/games/<game_id>/commands")  # the path a client made from openapi.yaml sends
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


_HELLO = b'{"ok":true}'


def hello(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    """The bare-gunicorn reference: no framework, no validation, no Redis."""
    stream = environ.get("wsgi.input")
    length = int(environ.get("CONTENT_LENGTH") or 0)
    if stream is not None and length:
        stream.read(length)
    start_response("200 OK", [("Content-Type", "application/json"),
                              ("Content-Length", str(len(_HELLO)))])  # fmt: skip
    return [_HELLO]


def xadd_rate(client: redis.Redis, seconds: float, batch: int = 100) -> float:
    """XADDs per second into one stream, `batch` to a pipeline, for `seconds` (the body of a
    typical event: about 300 bytes); the stream is deleted after."""
    key = "bench:{xadd-rate}:events"
    fields = {"type": "UnitMoved", "payload": "x" * 300, "seat": "0", "t": "0"}
    done = 0
    end = time.perf_counter() + seconds
    started = time.perf_counter()
    while time.perf_counter() < end:
        pipe = client.pipeline(transaction=False)
        for _ in range(batch):
            pipe.xadd(key, fields)  # type: ignore[arg-type]
        pipe.execute()
        done += batch
    elapsed = time.perf_counter() - started
    client.delete(key)
    return done / elapsed
