"""Audits: a game's export (NDJSON, checkable offline) and the server's own verdict on it.

    GET /games/<id>/export   header, every event with its hashes, trailer (docs/audit.md)
    GET /games/<id>/audit    {"verdict", "reason", "first_bad_event"?, "checks", …}

No token is needed for a game that is not private, and a seat token changes nothing (a wrong
one is refused as on every read): an unfinished game's export is redacted as for a tokenless
reader and reveals no seed; the audit shows only its verdict. A private game's export and
audit are for its players and its auditor grants (not its spectator grants).
"""

from __future__ import annotations

from flask import Blueprint, Response

from api.deps import access, service
from api.guards import budgeted
from api.identity import caller
from api.responses import etag, versioned
from lorekeeper.audit.export import export_file_name, export_records, ndjson_lines
from lorekeeper.audit.verify import verify_lines
from lorekeeper.gamelog import require_game_id

blueprint = Blueprint("audit", __name__)
NDJSON = "application/x-ndjson"


@blueprint.get("/games/<game_id>/export")
def export(game_id: str) -> Response:
    access().reader(game_id, caller(), audit=True)  # 401/404 for a token not of this game
    require_game_id(game_id)
    events = service().log.events.read(game_id)  # one read: one consistent snapshot
    lines = list(ndjson_lines(export_records(game_id, events)))
    response = Response(lines, mimetype=NDJSON)
    response.headers["Content-Disposition"] = f'attachment; filename="{export_file_name(game_id)}"'
    response.headers["ETag"] = etag(len(events))
    return response


@blueprint.get("/games/<game_id>/audit")
@budgeted
def audit(game_id: str) -> Response:
    access().reader(game_id, caller(), audit=True)
    require_game_id(game_id)
    events = service().log.events.read(game_id)
    verdict = verify_lines(ndjson_lines(export_records(game_id, events, whole=True)))
    return versioned(verdict.to_json(), len(events))
