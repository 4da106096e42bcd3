"""Games: create one, list them (the lobby), read a game's view, a past state, legal actions."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, url_for

from api.deps import reader, service
from api.guards import waiting_slot
from api.requests import bearer_token, json_body, query
from api.responses import etag, versioned
from api.schemas import LobbyQuery, StateQuery, ViewQuery, validate_create_game

blueprint = Blueprint("games", __name__)


@blueprint.post("/games")
def create_game() -> Response:
    body = validate_create_game(json_body())
    created = service().create_game(body["scenario"], body["options"])
    response = jsonify(created._asdict())
    response.status_code = 201
    response.headers["Location"] = url_for("games.view", game_id=created.game_id)
    response.headers["ETag"] = etag(created.version)
    return response


@blueprint.get("/games")
def lobby() -> Response:
    """Games by status; with a seat token, only the games where that seat is to act."""
    args = query(LobbyQuery())
    games = reader().lobby(args.get("status"), bearer_token())
    return jsonify({"games": games})


@blueprint.get("/games/<game_id>")
def view(game_id: str) -> Response:
    args = query(ViewQuery())
    viewer = service().viewer_for(game_id, bearer_token())
    board = reader().view(game_id, viewer, args.get("min_version"), gate=waiting_slot)
    return versioned(board, board["version"])


@blueprint.get("/games/<game_id>/state")
def state(game_id: str) -> Response:
    args = query(StateQuery())
    viewer = service().viewer_for(game_id, bearer_token())
    board = reader().state_view(game_id, viewer, args.get("version"))
    return versioned(board, board["version"])


@blueprint.get("/games/<game_id>/legal-actions")
def legal_actions(game_id: str) -> Response:
    seat = service().seat_for(game_id, bearer_token())
    actions = reader().legal_actions(game_id, seat)
    return versioned(actions, actions["version"])
