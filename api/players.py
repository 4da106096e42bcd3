"""Players: sign up, the caller's own record, its API keys, and its games.

POST   /players                     a new player (or bot account) and its first API key (shown
                                    once); so many an address (or an application key) per window
GET    /players/me                  the caller's record: keys (ids only), limits, counts
POST   /players/me/keys             one more key (at most LOREKEEPER_MAX_KEYS_PER_PLAYER)
POST   /players/me/keys/rotate      a new key in place of the one the request used
DELETE /players/me/keys/{key_id}    revoke a key (refused at once, by every process)
GET    /players/me/games            the caller's games, newest first, paged by cursor;
                                    ?status=…, ?turn=mine (the games waiting on the caller)
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, url_for

from api.deps import components, lobby, players
from api.guards import count_new_player
from api.identity import caller
from api.player_schemas import NewPlayerSchema, loaded
from api.requests import json_body, query
from api.responses import jsonify
from api.schemas import MyGamesQuery
from lorekeeper.errors import TokenMissing
from lorekeeper.players.accounts import IssuedKey, PlayerCaller
from lorekeeper.players.ports import ApiKey, ListingPage, Player

blueprint = Blueprint("players", __name__)


@blueprint.post("/players")
def create_player() -> Response:
    body = loaded(NewPlayerSchema, json_body())
    count_new_player()  # an address, or an app, creates only so many (api/guards.py)
    player, issued = players().register(body["name"], bot=body.get("bot", False))
    response = jsonify({**_player_json(player), **_key_json(issued)})
    response.status_code = 201
    response.headers["Location"] = url_for("players.me")
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.get("/players/me")
def me() -> Response:
    who = _player()
    player = players().player(who.player_id)
    settings = components().settings
    body = {
        **_player_json(player),
        "key_id": who.key_id,  # the key this request used
        "keys": [_key_record(k) for k in player.keys],
        "limits": {
            "open_games": settings.max_open_games_per_player,
            "games": settings.max_games_per_player,
            "keys": settings.max_keys_per_player,
        },
        "games": {s: lobby().count(who.player_id, s) for s in ("open", "active", "invited")},
    }
    return jsonify(body)


@blueprint.post("/players/me/keys")
def add_key() -> Response:
    issued = players().add_key(_player().player_id)
    return _issued(issued, 201)


@blueprint.post("/players/me/keys/rotate")
def rotate_key() -> Response:
    who = _player()
    issued = players().rotate(who)
    return _issued(issued, 201, revoked=who.key_id)


@blueprint.delete("/players/me/keys/<string(length=12):key_id>")
def revoke_key(key_id: str) -> Response:
    players().revoke(_player().player_id, key_id)
    return Response(status=204)


@blueprint.get("/players/me/games")
def my_games() -> Response:
    me = _player().player_id  # 401 before the query is looked at
    args = query(MyGamesQuery())
    status = "waiting" if args.get("turn") == "mine" else args.get("status")
    page = lobby().mine(me, status, args.get("cursor"), args["limit"])
    extra: dict[str, Any] = {"turn": "mine"} if args.get("turn") == "mine" else {}
    if args.get("status"):
        extra["status"] = args["status"]
    return paged(page, "players.my_games", args["limit"], extra)


def paged(page: ListingPage, endpoint: str, limit: int, args: dict[str, Any]) -> Response:
    """A page of games, with `next` (the cursor of the following page) and a Link header."""
    response = jsonify({"games": page.entries, "next": page.next_cursor})
    if page.next_cursor is not None:
        link = url_for(endpoint, **{**args, "cursor": page.next_cursor, "limit": limit})
        response.headers["Link"] = f'<{link}>; rel="next"'
    response.headers["Cache-Control"] = "no-cache"
    return response


def _player() -> PlayerCaller:
    who = caller().player
    if who is None:
        raise TokenMissing("this request needs `Authorization: Bearer <player key>`")
    return who


def _player_json(player: Player) -> dict[str, Any]:
    return {"id": player.id, "name": player.name, "created_ms": player.created_ms,
            "bot": player.bot}  # fmt: skip


def _key_record(key: ApiKey) -> dict[str, Any]:
    return {"id": key.id, "created_ms": key.created_ms}


def _key_json(issued: IssuedKey) -> dict[str, Any]:
    return {"key": issued.key, "key_id": issued.record.id}


def _issued(issued: IssuedKey, status: int, **extra: str) -> Response:
    response = jsonify({**_key_json(issued), "created_ms": issued.record.created_ms, **extra})
    response.status_code = status
    response.headers["Cache-Control"] = "no-store"
    return response
