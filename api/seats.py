"""A game's seats and readers: join, leave, invite, rematch, read-only grants, its table.

GET    /games/{id}/table                     who holds each seat, visibility, status
POST   /games/{id}/join                      take a seat (player key); its seat token back
POST   /games/{id}/leave                     free your seat of a game not started
POST   /games/{id}/decline                   turn down an invitation or a reserved seat
POST   /games/{id}/invitations               a new single-use invitation for a free seat
POST   /games/{id}/rematch                   the same scenario, same players, seats rotated
POST   /games/{id}/grants                    a read-only token: spectator or auditor
GET    /games/{id}/grants                    the game's grants (ids, never the tokens)
DELETE /games/{id}/grants/{grant_id}         revoke one
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, request, url_for

from api.deps import seating
from api.identity import caller
from api.player_schemas import DeclineSchema, GrantSchema, InviteSchema, JoinSchema, loaded
from api.requests import idempotency_key, json_body
from api.responses import etag, jsonify
from lorekeeper.players.join_keys import JoinKey
from lorekeeper.players.seating import CreatedTable, Invitation
from lorekeeper.players.tables import Table

blueprint = Blueprint("seats", __name__)


@blueprint.get("/games/<game_id>/table")
def table(game_id: str) -> Response:
    return jsonify(table_json(seating().table(game_id, caller())))


@blueprint.post("/games/<game_id>/join")
def join(game_id: str) -> Response:
    """Idempotent with an `Idempotency-Key`, scoped to the player and the game: a resend gets
    the first seat and token (lorekeeper/players/join_keys.py)."""
    document = _optional_body()
    body = loaded(JoinSchema, document)
    who, key = caller(), idempotency_key()
    keyed = None
    if key is not None and who.player_id is not None:
        keyed = JoinKey.of(who.player_id, game_id, key, document)
    joined = seating().join(who, game_id, body.get("seat"), body.get("invitation"),
                            client_seed=body.get("client_seed"), keyed=keyed)  # fmt: skip
    response = jsonify({"game_id": game_id, "seat": joined.seat, "token": joined.token,
                        "version": joined.version, "table": table_json(joined.table),
                        "client_seed_recorded": joined.client_seed_recorded})  # fmt: skip
    response.headers["ETag"] = etag(joined.version)
    response.headers["Cache-Control"] = "no-store"
    if joined.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


@blueprint.post("/games/<game_id>/leave")
def leave(game_id: str) -> Response:
    _optional_body()
    return jsonify({"game_id": game_id, "table": table_json(seating().leave(caller(), game_id))})


@blueprint.post("/games/<game_id>/decline")
def decline(game_id: str) -> Response:
    body = loaded(DeclineSchema, _optional_body())
    seat, table = seating().decline(caller(), game_id, body.get("invitation"))
    return jsonify({"game_id": game_id, "seat": seat, "table": table_json(table)})


@blueprint.post("/games/<game_id>/invitations")
def invite(game_id: str) -> Response:
    body = loaded(InviteSchema, _optional_body())
    made = seating().invite(caller(), game_id, body.get("seat"), body.get("expires_in_s"))
    response = jsonify(invitation_json(game_id, made))
    response.status_code = 201
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.post("/games/<game_id>/rematch")
def rematch(game_id: str) -> Response:
    _optional_body()
    made = seating().rematch(caller(), game_id)
    return created_response(made, 201 if made.created else 200)


@blueprint.post("/games/<game_id>/grants")
def grant(game_id: str) -> Response:
    body = loaded(GrantSchema, json_body())
    made, token = seating().grant(caller(), game_id, body["role"])
    response = jsonify({**made.public(), "token": token})
    response.status_code = 201
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.get("/games/<game_id>/grants")
def grants(game_id: str) -> Response:
    return jsonify({"grants": [g.public() for g in seating().grants(caller(), game_id)]})


@blueprint.delete("/games/<game_id>/grants/<grant_id>")
def revoke_grant(game_id: str, grant_id: str) -> Response:
    seating().revoke_grant(caller(), game_id, grant_id)
    return Response(status=204)


def _optional_body() -> Any:
    """The JSON body, or {} when the request has none (these routes need no body)."""
    if not request.get_data(cache=True):
        return {}
    return json_body()


def table_json(table: Table) -> dict[str, Any]:
    return {
        "game_id": table.game_id,
        "visibility": table.visibility,
        "status": table.status,
        "scenario": table.scenario,
        "owner": table.owner,
        "created_ms": table.created_ms,
        "expires_ms": table.expires_ms,
        "seats": [seat.public(n) for n, seat in enumerate(table.seats)],
        "rematch": table.rematch,
        "rematch_of": table.rematch_of,
        **({"fork": table.options["fork"]} if "fork" in table.options else {}),
    }


def invitation_json(game_id: str, invitation: Invitation) -> dict[str, Any]:
    return {
        "seat": invitation.seat,
        "token": invitation.token,
        "expires_ms": invitation.expires_ms,
        "join_url": url_for("seats.join", game_id=game_id),
    }


def _created_status(made: CreatedTable) -> str:
    """`open` while the game waits, for seats or, full at its creation, for its seats' seeds
    (a seed step, SEED-2: its table is started, its first turn not), as the lobby lists it."""
    if made.table.status != "started":
        return made.table.status
    return "open" if made.dice.get("seed_step") else "active"


def created_response(made: CreatedTable, status: int) -> Response:
    """A new game (POST /games, a rematch): its id, the seat tokens the caller holds, its
    invitations (each shown once), its table."""
    body = {
        "game_id": made.game_id,
        "version": made.version,
        "head_hash": made.head_hash,
        "dice": made.dice,
        "status": _created_status(made),
        "visibility": made.table.visibility,
        "seats": [{"seat": seat, "token": token} for seat, token in sorted(made.tokens.items())],
        "invitations": [invitation_json(made.game_id, i) for i in made.invitations],
        "table": table_json(made.table),
    }
    response = jsonify(body)
    response.status_code = status
    response.headers["Location"] = url_for("games.view", game_id=made.game_id)
    response.headers["ETag"] = etag(made.version)
    response.headers["Cache-Control"] = "no-store"
    return response
