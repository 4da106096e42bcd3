"""Forks of finished games (docs/play/forks.md).

POST   /games/{id}/forks                     a practice game from the game's position at a version
"""

from __future__ import annotations

from flask import Blueprint, Response

from api.deps import seating
from api.identity import caller
from api.player_schemas import ForkSchema, loaded
from api.requests import json_body
from api.seats import created_response
from lorekeeper.players.forking import ForkRequest

blueprint = Blueprint("forks", __name__)


@blueprint.post("/games/<game_id>/forks")
def fork(game_id: str) -> Response:
    request = ForkRequest.from_json(loaded(ForkSchema, json_body()))
    return created_response(seating().fork(caller(), game_id, request), 201)
