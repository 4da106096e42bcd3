"""Audits: a game's export (NDJSON, checkable offline) and the server's own verdict on it.

    GET /games/<id>/export   header, every event with its hashes, trailer (docs/audit.md)
    GET /games/<id>/audit    {"verdict", "reason", "first_bad_event"?, "checks", …}
    GET /games/<id>/transparency?since=M   the game's leaves in the log, with proofs
    GET /transparency/tree-head             the log's signed tree head
    GET /transparency/consistency?first=M&second=N   a consistency proof
    GET /transparency/entries?start=A&end=B          leaves A..B-1 (1000 at most), sealed
    GET /.well-known/lorekeeper-keys        the public keys that sign exports and tree heads

No token is needed for a game that is not private, and a seat token changes nothing (a wrong
one is refused as on every read): an unfinished game's export is redacted as for a tokenless
reader and reveals no seed; the audit shows only its verdict. A private game's export and
audit are for its players and its auditor grants (not its spectator grants). A fork's audit
is checked with its parent's export, as `verify --parent` checks it.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response

from api.deps import access, components, service
from api.guards import budgeted
from api.identity import caller
from api.requests import query
from api.responses import etag, jsonify, versioned
from api.schemas import ConsistencyQuery, EntriesQuery, GameProofQuery, NoQuery
from lorekeeper.audit.export import export_file_name, export_records, ndjson_lines
from lorekeeper.audit.forks import verify_fork_lines
from lorekeeper.audit.signatures import export_statement, tree_head_statement
from lorekeeper.audit.transparency import TransparencyLog, TreeHead
from lorekeeper.audit.verify import verify_lines
from lorekeeper.errors import GameNotFound, Refused
from lorekeeper.games.game import require_game_id

blueprint = Blueprint("audit", __name__)
NDJSON = "application/x-ndjson"


@blueprint.get("/games/<game_id>/export")
def export(game_id: str) -> Response:
    access().reader(game_id, caller(), audit=True)  # 401/404 for a token not of this game
    require_game_id(game_id)
    events = service().log.events.read(game_id)  # one read: one consistent snapshot
    records = export_records(game_id, events, log_salt=_salt_of(game_id))
    signer = components().signer
    if signer is not None:  # the head the export ends at, signed (docs/audit.md, section 6)
        trailer = records[-1]
        statement = export_statement(game_id, trailer["events"], trailer["head_hash"],
                                     trailer["finished"])  # fmt: skip
        trailer["signature"] = signer.sign(statement)
    lines = list(ndjson_lines(records))
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
    lines = list(ndjson_lines(export_records(game_id, events, whole=True)))
    parent = _parent_lines(events[0].payload.get("fork") if events else None)
    verdict = verify_lines(lines) if parent is None else verify_fork_lines(lines, parent)
    return versioned(verdict.to_json(), len(events))


def _parent_lines(fork: Any) -> list[str] | None:
    """A fork's parent's export (docs/play/forks.md), for its verdict; None for a game that
    is no fork, or whose parent this server no longer holds."""
    if not isinstance(fork, dict) or not isinstance(fork.get("parent"), str):
        return None
    try:
        events = service().log.events.read(fork["parent"])
    except GameNotFound:
        return None
    return list(ndjson_lines(export_records(fork["parent"], events, whole=True)))


# -- signatures and the transparency log (issue 20) -------------------------------------------


@blueprint.get("/.well-known/lorekeeper-keys")
def keys() -> Response:
    query(NoQuery())
    signer = components().signer
    response = jsonify(signer.published() if signer is not None else {"keys": []})
    response.headers["Cache-Control"] = "public, max-age=300"
    return response


@blueprint.get("/transparency/tree-head")
def tree_head() -> Response:
    query(NoQuery())
    return _no_store(jsonify(_signed_head(_log().tree_head())))


@blueprint.get("/transparency/consistency")
def consistency() -> Response:
    args = query(ConsistencyQuery())
    log = _log()
    second = args.get("second", log.tree_size())
    proof = log.consistency(args["first"], second)
    return jsonify({"first": args["first"], "second": second, "proof": proof})


@blueprint.get("/transparency/entries")
def entries() -> Response:
    args = query(EntriesQuery())
    log = _log()
    end = min(args.get("end", log.tree_size()), log.tree_size())
    start = args["start"]
    leaves = log.leaves(start, end) if start < end else []  # past the end: none
    return jsonify({"start": start, "leaves": leaves, "tree_size": log.tree_size()})


@blueprint.get("/games/<game_id>/transparency")
def game_proof(game_id: str) -> Response:
    """The game's leaves, each with its opening and its inclusion proof in the tree head given
    with them, the game's salt, and (with `since`) the consistency proof from the tree of that
    many leaves to it."""
    access().reader(game_id, caller(), audit=True)
    require_game_id(game_id)
    args = query(GameProofQuery())
    events = service().log.events.read(game_id)
    if not events:
        raise GameNotFound(game_id)
    proof = _log().game_proof(game_id, events, args.get("since"))
    body: dict[str, Any] = {
        "game_id": game_id,
        "salt": proof.salt,
        "tree_head": _signed_head(proof.head),
        "entries": [e.to_json() for e in proof.entries],
    }
    if proof.since is not None:
        body["consistency"] = {"first": proof.since, "proof": proof.consistency}
    return _no_store(jsonify(body))


def _salt_of(game_id: str) -> str | None:
    """The game's salt in the log, for a reader of the game (none on a server without one)."""
    found = components().transparency
    return None if found is None else found.salt_of(game_id)


def _log() -> TransparencyLog:
    found = components().transparency
    if found is None:
        raise Refused("no_transparency_log", "this server keeps no transparency log")
    return found


def _signed_head(head: TreeHead) -> dict[str, Any]:
    body = head.to_json()
    signer = components().signer
    if signer is not None:
        statement = tree_head_statement(head.tree_size, head.root_hash, head.timestamp_ms)
        body["signature"] = signer.sign(statement)
    return body


def _no_store(response: Response) -> Response:
    response.headers["Cache-Control"] = "no-store"
    return response
