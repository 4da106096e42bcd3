"""Event reads: JSON pages, NDJSON, and server-sent events (resumable with Last-Event-ID)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for

from api.deps import access, components, reader
from api.identity import caller
from api.requests import query
from api.schemas import MAX_VERSION, EventsQuery, StreamQuery
from lorekeeper.errors import Refused

blueprint = Blueprint("streams", __name__)
NDJSON = "application/x-ndjson"
DEFAULT_PAGE = 100
SSE_RETRY_MS = 2000


@blueprint.get("/games/<game_id>/events")
def events(game_id: str) -> Response:
    args = query(EventsQuery())
    viewer = access().reader(game_id, caller())
    if _wants_ndjson():
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


def _wants_ndjson() -> bool:
    best = request.accept_mimetypes.best_match(["application/json", NDJSON])
    return best == NDJSON


def _ndjson(lines: Iterator[dict[str, Any]]) -> Iterator[str]:
    for line in lines:
        yield json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n"


@blueprint.get("/games/<game_id>/stream")
def stream(game_id: str) -> Response:
    args = query(StreamQuery())
    viewer = access().reader(game_id, caller())
    start = _resume_from() or args["from_"]
    reader().require_game(game_id)
    settings = components().settings
    followed = reader().follow(
        game_id,
        viewer,
        start,
        max_s=settings.sse_max_s,
        poll_s=settings.sse_poll_s,
        keepalive_s=settings.sse_keepalive_s,
    )
    headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
    return Response(_sse(followed), mimetype="text/event-stream", headers=headers)


def _resume_from() -> int | None:
    """The version after `Last-Event-ID` (the last one a reconnecting client saw)."""
    text = request.headers.get("Last-Event-ID")
    if text is None:
        return None
    if not (text.isascii() and text.isdigit() and len(text) <= 12) or int(text) >= MAX_VERSION:
        raise Refused("bad_header", "Last-Event-ID is the version of an event: 12")
    return int(text) + 1


def _sse(followed: Iterator[tuple[str, Any]]) -> Iterator[str]:
    yield f"retry: {SSE_RETRY_MS}\n\n"
    for kind, item in followed:
        if kind == "keepalive":
            yield ": keep-alive\n\n"
        elif kind == "event":
            data = json.dumps(item, ensure_ascii=False, separators=(",", ":"))
            yield f"id: {item['version']}\nevent: {item['type']}\ndata: {data}\n\n"
        else:
            yield f"event: end\ndata: {json.dumps({'reason': item})}\n\n"
