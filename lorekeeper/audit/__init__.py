"""Provable game histories: the export and its verifier, shared by the server and the CLI.

    lines = ndjson_lines(export_records(game_id, stored_events))   # GET /games/{id}/export
    verdict = verify_lines(lines)                                  # python -m lorekeeper verify

Standard library, `domain` and `adapters.chain` only: verifying needs no server and no Redis.
See docs/audit.md for the formats, byte by byte.
"""

from lorekeeper.audit.export import export_file_name, export_records, is_finished, ndjson_lines
from lorekeeper.audit.verify import (
    FAILED,
    IN_PROGRESS,
    NOT_VERIFIABLE,
    VERIFIED,
    Verdict,
    verify_lines,
)

__all__ = [
    "FAILED",
    "IN_PROGRESS",
    "NOT_VERIFIABLE",
    "VERIFIED",
    "Verdict",
    "export_file_name",
    "export_records",
    "is_finished",
    "ndjson_lines",
    "verify_lines",
]
