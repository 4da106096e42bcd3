"""A game's export: one NDJSON file an auditor can check with no server (docs/audit.md).

    {"record": "header", "format": "lorekeeper-export", "format_version": 1, "game_id", …}
    {"record": "event", "version": 1, "type": "GameCreated", …, "prev_hash", "hash"}
    … one line per event …
    {"record": "trailer", "events": N, "head_hash", "finished", "dice_seed", "log_salt"?,
     "signature"?}

Every line is canonical JSON (chain.py), so an export is the same bytes each time.
An unfinished game's export reveals nothing secret: GameCreated's cards are redacted as for
a tokenless reader and no seed is known yet. In a game of record format 2 that redacted line
is the very form its hash covers, so the whole chain checks; in an older game (format 1) the
line says `"redacted": true`, as its payload no longer matches its hash. Once the game is over
the export is whole.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from importlib import metadata
from typing import TYPE_CHECKING, Any

from domain.events import SCHEMA_VERSION
from domain.view import redact_event
from lorekeeper.audit.canonical import canonical_json
from lorekeeper.audit.chain import GENESIS, is_format_1

if TYPE_CHECKING:  # the verifier's side imports no store
    from lorekeeper.games.ports import StoredEvent

FORMAT = "lorekeeper-export"
FORMAT_VERSION = 1
GAME_ENDED = "GameEnded"
DICE_REVEALED = "DiceRevealed"
SECRETS_REVEALED = "SecretsRevealed"
SEEDS_SEALED = "ClientSeedsSealed"  # the seats' client seeds, as the first turn begins (SEED-1)
REVEALS = (DICE_REVEALED, SECRETS_REVEALED)


def engine_version() -> str:
    try:
        return metadata.version("lorekeeper")
    except metadata.PackageNotFoundError:
        return "unknown"


def is_finished(events: Sequence[StoredEvent]) -> bool:
    return any(e.type == GAME_ENDED for e in events)


def export_records(
    game_id: str, events: Sequence[StoredEvent], *, whole: bool = False,
    log_salt: str | None = None,
) -> list[dict[str, Any]]:  # fmt: skip
    """Header, one record per event, trailer: whole once the game is over, else redacted
    (`whole`: never redacted, for the server's own audit, which shows only its verdict).
    `log_salt`: the game's salt in the transparency log, for the trailer, when it has one."""
    finished = is_finished(events)
    redact = not (finished or whole)
    created = events[0].payload if events and events[0].type == "GameCreated" else {}
    scenario = created.get("scenario") or {}
    seed = next((e.payload.get("seed") for e in events if e.type in REVEALS), None)
    head = events[-1].hash if events else GENESIS
    header = {
        "record": "header",
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game_id": game_id,
        "scenario": scenario.get("name", "") if isinstance(scenario, dict) else "",
        "engine": {"name": "lorekeeper", "version": engine_version()},
        "event_schema": SCHEMA_VERSION,
        "dice": created.get("dice"),
        "events": len(events),
        "head_hash": head,
        "finished": finished,
        "redacted": redact,
        **fork_header(created),
    }
    records = [header, *(_event_record(e, redact=redact) for e in events)]
    trailer = {
        "record": "trailer",
        "events": len(events),
        "head_hash": head,
        "finished": finished,
        "dice_seed": seed if finished else None,
    }
    if log_salt is not None:  # opens the game's sealed leaves (docs/audit.md, section 7)
        trailer["log_salt"] = log_salt
    return [*records, trailer]


def fork_header(created: dict[str, Any]) -> dict[str, Any]:
    """A fork's marks for the export's header, from its GameCreated (docs/audit.md, "Forks"):
    its parent and version, `practice` (never rated) and its dice (`chosen` or not)."""
    fork = created.get("fork")
    if not isinstance(fork, dict):
        return {}
    keys = ("parent", "version", "practice", "dice")
    return {"fork": {k: fork.get(k) for k in keys}}


def _event_record(event: StoredEvent, *, redact: bool) -> dict[str, Any]:
    record: dict[str, Any] = {
        "record": "event",
        "version": event.version,
        "type": event.type,
        "schema": event.schema,
        "payload": event.payload,
        "seat": event.seat,
        "command_id": event.command_id,
        "command": event.command,
        "time_ms": event.time_ms,
        "prev_hash": event.prev_hash,
        "hash": event.hash,
    }
    if redact:
        shown = redact_event(event.type, event.payload, None)
        if shown != event.payload:
            record["payload"] = shown
            if is_format_1(event.type, event.payload):  # the hash covers what is hidden
                record["redacted"] = True
    return record


def ndjson_lines(records: Iterable[dict[str, Any]]) -> Iterator[str]:
    for record in records:
        try:
            text = canonical_json(record)
        except (ValueError, TypeError):  # an event stored before the chain (a float, say)
            text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        yield text + "\n"


def export_file_name(game_id: str) -> str:
    return f"lorekeeper-{game_id}.ndjson"
