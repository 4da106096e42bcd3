"""Ratings and bot accounts (docs/ratings.md): a player's public page, the leaderboard, and
the ratings log an auditor reads.

GET /players/{player_id}           a player's name, bot flag, rating and record (public)
GET /ratings/leaderboard           rated players, highest first, paged by cursor
GET /ratings/log                   the ratings log, in order, from a position (`after`)
GET /ratings/games/{game_id}       one rated game's entry: the game, its last event's hash,
                                   each seat's rating before and after
"""

from __future__ import annotations

import re
from typing import Any

from flask import Blueprint, Response, url_for

from api.deps import components, players
from api.player_schemas import LeaderboardQuery, RatingLogQuery
from api.requests import query
from api.responses import jsonify
from api.schemas import NoQuery
from lorekeeper.errors import Refused
from lorekeeper.games.ports import is_game_id
from lorekeeper.players.ports import Player
from lorekeeper.ratings.model import MODEL
from lorekeeper.ratings.ports import LoggedEntry, PlayerRating
from lorekeeper.ratings.service import RatingService, shown

blueprint = Blueprint("ratings", __name__)
_PLAYER_ID = re.compile(r"p_[0-9a-f]{16}")


@blueprint.get("/players/<string(length=18):player_id>")
def player_page(player_id: str) -> Response:
    query(NoQuery())
    if not _PLAYER_ID.fullmatch(player_id):
        raise Refused("player_not_found", f"no player {player_id!r}")
    player = players().player(player_id)
    body = public_player(player, _ratings().rating_of(player_id))
    return _cached(jsonify(body))


@blueprint.get("/ratings/leaderboard")
def leaderboard() -> Response:
    args = query(LeaderboardQuery())
    page = _ratings().leaderboard(args.get("cursor"), args["limit"])
    people = players()
    rows = [public_player(people.player(r.player_id), r) for r in page.ratings]
    response = jsonify({"players": rows, "next": page.next_cursor})
    if page.next_cursor is not None:
        link = url_for("ratings.leaderboard", cursor=page.next_cursor, limit=args["limit"])
        response.headers["Link"] = f'<{link}>; rel="next"'
    return _cached(response)


@blueprint.get("/ratings/log")
def rating_log() -> Response:
    args = query(RatingLogQuery())
    entries = _ratings().entries(args.get("after", -1), args["limit"])
    last = entries[-1].position if len(entries) == args["limit"] else None
    body = {"model": MODEL, "entries": [entry_json(e) for e in entries], "next": last}
    return _cached(jsonify(body))


@blueprint.get("/ratings/games/<game_id>")
def game_rating(game_id: str) -> Response:
    query(NoQuery())
    if not is_game_id(game_id):
        raise Refused("rating_not_found", "the ratings log has no entry for this game")
    found = _ratings().entry_of(game_id)
    return _cached(jsonify({"model": MODEL, **entry_json(found)}))


def public_player(player: Player, rating: PlayerRating) -> dict[str, Any]:
    """What anyone may read of a player: no keys, no games (a private game stays unseen)."""
    return {
        "id": player.id,
        "name": player.name,
        "bot": player.bot,
        "created_ms": player.created_ms,
        "rating": {
            "rating": shown(rating.skill.mu),
            "mu": rating.skill.mu,
            "sigma": rating.skill.sigma,
        },
        "record": {
            "games": rating.games,
            "wins": rating.wins,
            "losses": rating.losses,
            "draws": rating.draws,
        },  # fmt: skip
    }


def entry_json(logged: LoggedEntry) -> dict[str, Any]:
    return {"position": logged.position, **logged.entry.to_json()}


def _ratings() -> RatingService:
    found = components().ratings
    if found is None:
        raise Refused("rating_not_found", "this server keeps no ratings")
    return found


def _cached(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-cache"
    return response
