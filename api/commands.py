"""`POST /games/{id}/commands`: the one way a seat changes a game (with its seat token, or the
player key of the player holding it)."""

from __future__ import annotations

from flask import Blueprint, Response

from api.command_schemas import validate_command
from api.deps import access, service
from api.identity import caller
from api.requests import idempotency_key, if_match_version, json_body
from api.responses import etag, jsonify
from lorekeeper.games.reads import public_event

blueprint = Blueprint("commands", __name__)


@blueprint.post("/games/<game_id>/commands")
def send_command(game_id: str) -> Response:
    seat = access().actor(game_id, caller())  # 401/403/404 before the body is looked at
    key, expected = idempotency_key(), if_match_version()
    body = validate_command(json_body())
    result = service().handle_command(game_id, seat, body, expected, key)
    response = jsonify(
        {
            "game_id": game_id,
            "seat": seat,
            "version": result.version,
            "head_hash": result.head_hash,
            "duplicate": result.duplicate,
            "events": [public_event(e, seat) for e in result.events],
        }
    )
    response.headers["ETag"] = etag(result.version)
    if result.duplicate:
        response.headers["Idempotent-Replayed"] = "true"
    return response
