"""Naming commands: idempotency keys and the hash that tells a retry from a different command.

A command id (the `Idempotency-Key` header or the body's `command_id`) names a command for the
game's whole life; its hash, SHA-256 of the body's canonical JSON without `command_id`, says
what the command was. The event store keeps both and answers a repeat with the first result.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Mapping
from typing import Any

from lorekeeper.audit.canonical import canonical_json
from lorekeeper.errors import CommandIdConflict

# The `command` recorded with the server's own steps (an append's first event carries the
# command that caused it, ports.py); clients' commands are their bodies.
CREATE_COMMAND = {"type": "create_game"}
BREATH_COMMAND = {"type": "resolve_breath"}
# The first turn of a game created unstarted, once its seats are taken (docs/players.md).
START_COMMAND = {"type": "start_game"}
START_COMMAND_ID = "start_game"
# The end of a seed step's commit phase at its deadline (SEED-3): once a game, by the server.
CLOSE_COMMITS_COMMAND = {"type": "close_seed_commits"}
CLOSE_COMMITS_COMMAND_ID = "close_seed_commits"
# The opening of a seed step promised to a game that fills up by joins, as its last seat is
# taken (SEED-2): once a game, by the server.
OPEN_STEP_COMMAND = {"type": "open_seed_step"}
OPEN_STEP_COMMAND_ID = "open_seed_step"


def command_body(body: Mapping[str, Any]) -> dict[str, Any]:
    """What a command says: its body without `command_id` (which only names it)."""
    return {k: v for k, v in body.items() if k != "command_id"}


def command_hash(body: Mapping[str, Any]) -> str:
    """SHA-256 of the body's canonical JSON, `command_id` left out (it names, not says)."""
    return said_hash(canonical_json(command_body(body)))


def said_hash(said_json: str) -> str:
    """The command hash of a command body's canonical JSON (`command_id` already left out):
    for a caller that keeps the text too (the append's record holds it)."""
    return hashlib.sha256(said_json.encode("utf-8")).hexdigest()


def client_command_id(body: Mapping[str, Any], idempotency_key: str | None) -> str | None:
    """The id the client gave the command, if any; the header and the body must agree."""
    in_body = body.get("command_id")
    if idempotency_key is not None and in_body is not None and in_body != idempotency_key:
        raise CommandIdConflict("the Idempotency-Key header and the body's command_id differ")
    return idempotency_key if idempotency_key is not None else in_body


def server_command_id() -> str:
    """For a command sent without an id: every stored event still names its command."""
    return f"srv-{uuid.uuid4().hex}"


# The server's time-out step (docs/client/clocks.md): recorded like the breath step.
TIMEOUT_COMMAND = {"type": "time_out"}


def timeout_command(version: int) -> tuple[str, str]:
    """Id and hash of the time-out decided on the game at `version`: whoever applies it (a
    worker, the reconciler, a late command's request), it is appended once."""
    command_id = f"timeout@{version}"
    return command_id, hashlib.sha256(command_id.encode()).hexdigest()


def breath_command(version: int) -> tuple[str, str]:
    """Id and hash of the server's breath step for the phase read at `version` (R-TRN-6)."""
    command_id = f"breath@{version}"
    return command_id, hashlib.sha256(command_id.encode()).hexdigest()
