"""Push (docs/push.md): a player's notification stream, its tickets, and webhooks.

POST   /players/me/stream-tickets            a single-use ticket for one stream (browsers)
GET    /players/me/stream                    the caller's notifications: SSE or NDJSON,
                                             resumable (Last-Event-ID, ?after=); ?ticket=
POST   /players/me/webhooks                  a new endpoint (its secret shown once)
GET    /players/me/webhooks                  the caller's endpoints
GET    /players/me/webhooks/{id}             one
DELETE /players/me/webhooks/{id}             delete it
POST   /players/me/webhooks/{id}/enable      start a disabled one again, from where it stopped
GET    /players/me/webhooks/{id}/deliveries  its newest delivery attempts
POST   /players/me/webhooks/{id}/deliveries/{delivery_id}/redeliver   send one again
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, url_for

from api.deps import components
from api.guards import open_stream
from api.identity import caller
from api.player_schemas import NewWebhookSchema, PlayerStreamQuery, StreamPosition, loaded
from api.requests import json_body, query
from api.responses import jsonify
from api.streams import (
    NDJSON,
    NDJSON_OPENING,
    SSE_RETRY_MS,
    end_when_the_client_leaves,
    last_event_id,
    wants_ndjson,
)
from lorekeeper.errors import Refused, TokenMissing
from lorekeeper.push.ports import Endpoint
from lorekeeper.push.streaming import START, StreamHub, position_key
from lorekeeper.push.wiring import Push

blueprint = Blueprint("push", __name__)


def _push() -> Push:
    found = components().push
    if found is None:
        raise Refused("webhooks_unavailable", "this server has no push")
    return found


def _player_id() -> str:
    who = caller().player
    if who is None:
        raise TokenMissing("this request needs `Authorization: Bearer <player key>`")
    return who.player_id


# -- the stream ----------------------------------------------------------------------------------


@blueprint.post("/players/me/stream-tickets")
def new_ticket() -> Response:
    """A ticket for `GET /players/me/stream?ticket=…`: one stream, within its seconds."""
    push = _push()
    ticket = push.tickets.issue(_player_id())
    response = jsonify({"ticket": ticket, "expires_in_s": push.tickets.ttl_s,
                        "stream": url_for("push.stream", ticket=ticket)})  # fmt: skip
    response.status_code = 201
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.get("/players/me/stream")
def stream() -> Response:
    args = query(PlayerStreamQuery())
    resumed = last_event_id(StreamPosition(), "the position of a notification (`<n>-<n>`)")
    push = _push()
    ticket = args.get("ticket")
    player_id = push.tickets.redeem(ticket) if ticket is not None else _player_id()
    hub = components().player_hub
    assert hub is not None
    notes = push.stores.notes
    after = resumed or args.get("after") or notes.head(player_id)
    oldest = notes.oldest(player_id)
    gap = after != START and oldest is not None and position_key(after) < position_key(oldest)
    settings = components().settings
    ndjson = wants_ndjson()
    release = open_stream()
    try:
        followed = _follow(hub, player_id, after, gap, settings.sse_max_s,
                           settings.sse_keepalive_s)  # fmt: skip
        headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
        if ndjson:
            body: Iterator[bytes] = _ndjson(followed)
            response = Response(body, mimetype=NDJSON, headers=headers)
        else:
            response = Response(_sse(followed), mimetype="text/event-stream", headers=headers)
        response.call_on_close(release)
        end_when_the_client_leaves(response)
    except BaseException:
        release()
        raise
    return response


def _follow(
    hub: StreamHub, player_id: str, after: str, gap: bool, max_s: float, keepalive_s: float
) -> Iterator[tuple[str, Any]]:
    """("note", (position, note)), ("keepalive", None), ("reset", None) and, last,
    ("end", reason)."""
    if gap:  # the log kept only its newest notes: some after `after` are gone
        yield "reset", None
    ends = time.monotonic() + max_s
    with hub.subscribe(f"player:{player_id}", after=after) as sub:
        while True:
            left = ends - time.monotonic()
            if left <= 0:
                yield "end", "time_limit"
                return
            entries = sub.next(min(keepalive_s, left))
            if not entries:
                yield "keepalive", None
            for entry in entries:
                yield "note", (entry.position, entry.item)


def _sse(followed: Iterator[tuple[str, Any]]) -> Iterator[bytes]:
    yield f"retry: {SSE_RETRY_MS}\n\n".encode()
    for kind, item in followed:
        if kind == "keepalive":
            yield b": keep-alive\n\n"
        elif kind == "note":
            position, note = item
            data = json.dumps(note, ensure_ascii=False, separators=(",", ":"))
            yield f"id: {position}\nevent: {note['type']}\ndata: {data}\n\n".encode()
        elif kind == "reset":
            yield b'event: reset\ndata: {"reason":"notes_dropped"}\n\n'
        else:
            yield f"event: end\ndata: {json.dumps({'reason': item})}\n\n".encode()


def _ndjson(followed: Iterator[tuple[str, Any]]) -> Iterator[bytes]:
    yield NDJSON_OPENING  # at once, as api/streams.py's
    for kind, item in followed:
        if kind == "keepalive":
            yield b"\n"
        elif kind == "note":
            position, note = item
            line = json.dumps({**note, "position": position}, ensure_ascii=False,
                              separators=(",", ":"))  # fmt: skip
            yield (line + "\n").encode()
        elif kind == "reset":
            yield b'{"reset":"notes_dropped"}\n'
        else:
            yield (json.dumps({"end": item}) + "\n").encode()


# -- webhooks ------------------------------------------------------------------------------------


@blueprint.post("/players/me/webhooks")
def new_webhook() -> Response:
    player_id = _player_id()
    body = loaded(NewWebhookSchema, json_body())
    endpoint = _push().webhooks.register(player_id, body["url"], body.get("types"))
    response = jsonify({**endpoint.public(), "secret": endpoint.secret})
    response.status_code = 201
    response.headers["Location"] = url_for("push.webhook", webhook_id=endpoint.id)
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.get("/players/me/webhooks")
def webhooks() -> Response:
    player_id = _player_id()
    return jsonify({"webhooks": [_public(e) for e in _push().webhooks.endpoints(player_id)]})


@blueprint.get("/players/me/webhooks/<string(maxlength=64):webhook_id>")
def webhook(webhook_id: str) -> Response:
    player_id = _player_id()
    return jsonify(_public(_push().webhooks.endpoint(player_id, webhook_id)))


@blueprint.delete("/players/me/webhooks/<string(maxlength=64):webhook_id>")
def delete_webhook(webhook_id: str) -> Response:
    _push().webhooks.delete(_player_id(), webhook_id)
    return Response(status=204)


@blueprint.post("/players/me/webhooks/<string(maxlength=64):webhook_id>/enable")
def enable_webhook(webhook_id: str) -> Response:
    return jsonify(_public(_push().webhooks.enable(_player_id(), webhook_id)))


@blueprint.get("/players/me/webhooks/<string(maxlength=64):webhook_id>/deliveries")
def deliveries(webhook_id: str) -> Response:
    found = _push().webhooks.deliveries(_player_id(), webhook_id)
    response = jsonify({"deliveries": found})
    response.headers["Cache-Control"] = "no-cache"
    return response


@blueprint.post(
    "/players/me/webhooks/<string(maxlength=64):webhook_id>/deliveries/"
    "<string(maxlength=64):delivery_id>/redeliver"
)
def redeliver(webhook_id: str, delivery_id: str) -> Response:
    queued = _push().webhooks.redeliver(_player_id(), webhook_id, delivery_id)
    response = jsonify(queued)
    response.status_code = 202
    return response


def _public(endpoint: Endpoint) -> dict[str, Any]:
    return endpoint.public()
