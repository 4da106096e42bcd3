"""Games: create one, list them (the lobby), read a game's view, a past state, legal actions.

Every read obeys the game's visibility (docs/players.md): the seating service says whose
view a caller reads, and answers 404 for a private game the caller may not read.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response

from api.deps import access, lobby, reader, seating
from api.guards import budgeted, waiting_slot
from api.identity import caller, client_address
from api.players import paged
from api.requests import idempotency_key, json_body, query
from api.responses import versioned
from api.schemas import LobbyQuery, StateQuery, ViewQuery, validate_create_game
from api.seats import created_response
from lorekeeper.players.seating import SeatSpec

blueprint = Blueprint("games", __name__)


@blueprint.post("/games")
def create_game() -> Response:
    """Idempotent with an `Idempotency-Key`, scoped to the caller (its player, else its
    address) and the body (lorekeeper/games/creation.py): a resend gets the first reply."""
    document = json_body()
    body = validate_create_game(document)
    specs = None
    if "seats" in body:
        specs = [SeatSpec(s["kind"], s.get("player_id"), s.get("bot"), s.get("expires_in_s"))
                 for s in body["seats"]]  # fmt: skip
    made = seating().create(caller(), body["scenario"], body["options"],
                            visibility=body["visibility"], seats=specs,
                            idempotency_key=idempotency_key(), address=client_address(),
                            body=document)  # fmt: skip
    response = created_response(made, 201)
    if made.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


@blueprint.get("/games")
def lobby_page() -> Response:
    """Public games, newest first, by status and scenario; paged by cursor."""
    args = query(LobbyQuery())
    rated = (args.get("rating_min"), args.get("rating_max"))
    ratings = None if rated == (None, None) else rated
    page = lobby().public(args.get("status"), args.get("scenario"), args.get("cursor"),
                          args["limit"], ratings=ratings)  # fmt: skip
    names = ("status", "scenario", "rating_min", "rating_max")
    kept: dict[str, Any] = {k: args[k] for k in names if k in args}
    return paged(page, "games.lobby_page", args["limit"], kept)


@blueprint.get("/games/<game_id>")
def view(game_id: str) -> Response:
    args = query(ViewQuery())
    viewer = access().reader(game_id, caller())
    board = reader().view(game_id, viewer, args.get("min_version"), gate=waiting_slot)
    return versioned(board, board["version"])


@blueprint.get("/games/<game_id>/state")
@budgeted
def state(game_id: str) -> Response:
    args = query(StateQuery())
    viewer = access().reader(game_id, caller())
    board = reader().state_view(game_id, viewer, args.get("version"))
    return versioned(board, board["version"])


@blueprint.get("/games/<game_id>/legal-actions")
def legal_actions(game_id: str) -> Response:
    seat = access().actor(game_id, caller())
    actions = reader().legal_actions(game_id, seat)
    return versioned(actions, actions["version"])
