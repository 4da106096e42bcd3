"""Event reads: JSON pages, NDJSON, and the live stream as server-sent events or NDJSON
(resumable with Last-Event-ID or `?from=`; a player's stream ticket in `?ticket=` stands for
its key). An open stream waits on the process's StreamHub
(lorekeeper/push/streaming.py) and counts against its caller's cap (api/guards.py)."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, request, url_for
from marshmallow import ValidationError, fields, validate

from adapters.greenlets import under_gevent
from api.deps import access, components, reader
from api.guards import open_stream
from api.identity import caller
from api.requests import query
from api.responses import jsonify
from api.schemas import MAX_VERSION, EventsQuery, QueryInteger, StreamQuery
from lorekeeper.errors import Refused
from lorekeeper.players.access import Caller
from lorekeeper.players.accounts import PlayerCaller

blueprint = Blueprint("streams", __name__)
NDJSON = "application/x-ndjson"
DEFAULT_PAGE = 100
SSE_RETRY_MS = 2000
TICKET_KEY_ID = "ticket"  # the key a ticket's caller holds: none, the ticket stood for it


@blueprint.get("/games/<game_id>/events")
def events(game_id: str) -> Response:
    args = query(EventsQuery())
    viewer = access().reader(game_id, caller())
    if wants_ndjson():
        reader().require_game(game_id)
        lines = reader().iter_events(game_id, viewer, args["from_"], args.get("limit"))
        return Response(_ndjson(lines), mimetype=NDJSON)
    limit = args.get("limit", DEFAULT_PAGE)
    page, version, head = reader().event_page(game_id, viewer, args["from_"], limit)
    following = page[-1]["version"] + 1 if page and page[-1]["version"] < version else None
    body = {"game_id": game_id, "version": version, "head_hash": head}
    response = jsonify({**body, "events": page, "next": following})
    if following is not None:
        link = url_for("streams.events", game_id=game_id, limit=limit, **{"from": following})
        response.headers["Link"] = f'<{link}>; rel="next"'
    return response


def wants_ndjson() -> bool:
    best = request.accept_mimetypes.best_match(["application/json", NDJSON])
    return best == NDJSON


def _ndjson(lines: Iterator[dict[str, Any]]) -> Iterator[str]:
    for line in lines:
        yield json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n"


@blueprint.get("/games/<game_id>/stream")
def stream(game_id: str) -> Response:
    args = query(StreamQuery())
    ticket = args.get("ticket")
    viewer = access().reader(game_id, caller() if ticket is None else ticket_holder(ticket))
    start = _resume_from() or args["from_"]
    reader().require_game(game_id)
    settings = components().settings
    ndjson = wants_ndjson()
    release = open_stream()
    try:
        followed = reader().follow(
            game_id,
            viewer,
            start,
            ndjson_line if ndjson else sse_message,
            max_s=settings.sse_max_s,
            keepalive_s=settings.sse_keepalive_s,
        )
        headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
        if ndjson:
            response = Response(_ndjson_stream(followed), mimetype=NDJSON, headers=headers)
        else:
            response = Response(_sse(followed), mimetype="text/event-stream", headers=headers)
        response.call_on_close(release)  # also when the client leaves before the first byte
        end_when_the_client_leaves(response)
    except BaseException:
        release()
        raise
    return response


def ticket_holder(ticket: str) -> Caller:
    """The player a stream ticket was issued to (`POST /players/me/stream-tickets`), used up
    here: a browser's EventSource sends no Authorization. 401 `ticket_rejected` for one
    unknown, used or expired."""
    push = components().push
    if push is None:
        raise Refused("webhooks_unavailable", "this server has no push")
    return Caller(player=PlayerCaller(push.tickets.redeem(ticket), TICKET_KEY_ID))


def end_when_the_client_leaves(response: Response) -> None:
    """Under gevent, end the stream as soon as its client hangs up, not at the next write (a
    keep-alive may be 15 s away): its slot of the caller's cap is free at once. A watcher
    waits for the socket to turn readable; an end of file there ends the stream's greenlet
    (gunicorn's gevent worker expects that: GreenletExit, then it closes the connection)."""
    sock = request.environ.get("gunicorn.socket")
    if sock is None or not under_gevent():
        return
    import gevent
    from gevent.socket import wait_read

    stream = gevent.getcurrent()

    def watch() -> None:
        try:
            wait_read(sock.fileno())
            hung_up = sock.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            hung_up = True
        if hung_up:
            stream.kill(block=False)

    watcher = gevent.spawn(watch)
    response.call_on_close(watcher.kill)  # waits until it has stopped watching


def _resume_from() -> int | None:
    """The version after `Last-Event-ID` (the last one a reconnecting client saw)."""
    seen = last_event_id(LAST_VERSION, "the version of an event")
    return None if seen is None else seen + 1


LAST_VERSION = QueryInteger(validate=validate.Range(0, MAX_VERSION - 1))


def last_event_id(field: fields.Field, meaning: str) -> Any:
    """The `Last-Event-ID` header loaded by `field` (None without it, or empty: a browser's
    EventSource that saw no id); 400 `bad_header` when it does not fit."""
    text = request.headers.get("Last-Event-ID")
    if not text:
        return None
    try:
        return field.deserialize(text)
    except ValidationError:
        raise Refused("bad_header", f"Last-Event-ID is {meaning}") from None


def sse_message(event: dict[str, Any]) -> bytes:
    """One event as a server-sent event: `id` its version, `event` its type."""
    data = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
    return f"id: {event['version']}\nevent: {event['type']}\ndata: {data}\n\n".encode()


def ndjson_line(event: dict[str, Any]) -> bytes:
    return (json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def _sse(followed: Iterator[tuple[str, Any]]) -> Iterator[bytes]:
    yield f"retry: {SSE_RETRY_MS}\n\n".encode()
    for kind, item in followed:
        if kind == "keepalive":
            yield b": keep-alive\n\n"
        elif kind == "event":
            yield item
        else:
            yield f"event: end\ndata: {json.dumps({'reason': item})}\n\n".encode()


NDJSON_OPENING = b"\n"  # as the keep-alive; SSE's opening is its `retry:` line


def _ndjson_stream(followed: Iterator[tuple[str, Any]]) -> Iterator[bytes]:
    """An empty line at once, then one event a line; an empty line to keep the connection
    alive; last `{"end": reason}`. The server sends the status and headers with the first
    bytes: without the opening line a quiet stream would say nothing until its first
    keep-alive, and a client with a shorter timeout would give up."""
    yield NDJSON_OPENING
    for kind, item in followed:
        if kind == "keepalive":
            yield b"\n"
        elif kind == "event":
            yield item
        else:
            yield (json.dumps({"end": item}) + "\n").encode()
