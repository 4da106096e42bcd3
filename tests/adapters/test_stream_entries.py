"""Stream entries read as bytes (the workers' client) or as text, from XRANGE or from a
script's flat reply, make the same StoredEvents."""

from __future__ import annotations

from typing import Any

import pytest

from adapters.stream_entries import stored_all, stored_entry

FULL = {"type": "BattleRolled", "schema": "1", "payload": '{"roll":3,"faces":["lore","é"]}',
        "seat": "1", "cmd": "c-1", "t": "1733100000000", "prev": "ab" * 32, "hash": "cd" * 32,
        "command": '{"type":"battle","unit":"rf1"}'}  # fmt: skip
# Written by the server (no seat, no command id, no command) and before the chain existed.
BARE = {"type": "TurnEnded", "schema": "1", "payload": '{"seat":0}', "seat": "", "cmd": "",
        "t": "5"}  # fmt: skip


def as_bytes(fields: dict[str, str]) -> dict[bytes, bytes]:
    return {k.encode(): v.encode() for k, v in fields.items()}


def flat(fields: dict[Any, Any]) -> list[Any]:
    return [x for pair in fields.items() for x in pair]


@pytest.mark.parametrize("fields", [FULL, BARE])
def test_bytes_and_text_entries_make_the_same_stored_event(fields: dict[str, str]) -> None:
    from_text = stored_entry("12-0", fields)

    assert stored_entry(b"12-0", as_bytes(fields)) == from_text
    assert stored_entry(b"12-0", flat(as_bytes(fields))) == from_text
    assert stored_entry("12-0", flat(fields)) == from_text
    assert stored_all([(b"12-0", as_bytes(fields))]) == (from_text,)


def test_a_full_entry_keeps_every_field() -> None:
    stored = stored_entry(b"12-0", as_bytes(FULL))

    assert (stored.version, stored.type, stored.schema, stored.seat) == (12, "BattleRolled", 1, 1)
    assert stored.payload == {"roll": 3, "faces": ["lore", "é"]}
    assert (stored.command_id, stored.time_ms) == ("c-1", 1733100000000)
    assert (stored.prev_hash, stored.hash) == ("ab" * 32, "cd" * 32)
    assert stored.command == {"type": "battle", "unit": "rf1"}


def test_a_bare_entry_has_no_seat_command_or_hashes() -> None:
    stored = stored_entry(b"3-0", as_bytes(BARE))

    assert (stored.seat, stored.command_id, stored.command) == (None, None, None)
    assert (stored.prev_hash, stored.hash) == ("", "")
