"""Provable game histories: the hash chain, the export and its verifier, the server's
signing key and the transparency log of game heads (docs/audit.md).

    lines = ndjson_lines(export_records(game_id, stored_events))   # GET /games/{id}/export
    verdict = verify_lines(lines)                                  # python -m lorekeeper verify

`canonical` (the canonical JSON), `chain` (the hashes), `commitments` (the hands dealt),
`export`, `records`, `rules` and `verify` need no server and no Redis: verifying runs
offline. The submodules are imported by name (`lorekeeper.audit.verify`);
this package imports none of them, so the event stores can use `chain` without loading the
verifier. `signing` (the server's Ed25519 key) and `transparency` (the log, on its
TransparencyStore: `ports`) run in the server.
"""
