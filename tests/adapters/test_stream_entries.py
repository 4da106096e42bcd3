"""Stream entries read as bytes (the workers' client) or as text, from XRANGE or from a
script's flat reply, make the same StoredEvents; an entry of one event and an entry of a
whole append both read back as what was written."""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

import pytest

from adapters.event_records import encode_events, stored_event
from adapters.redis.stream_entries import entry_events, entry_pairs, events_from, stored_all
from lorekeeper.audit.chain import GENESIS, chain_hashes
from lorekeeper.games.ports import NewEvent, StoredEvent

FULL = {"type": "BattleRolled", "schema": "1", "payload": '{"roll":3,"faces":["lore","é"]}',
        "seat": "1", "cmd": "c-1", "t": "1733100000000", "prev": "ab" * 32, "hash": "cd" * 32,
        "command": '{"type":"battle","unit":"rf1"}'}  # fmt: skip
# Written by the server (no seat, no command id, no command) and before the chain existed.
BARE = {"type": "TurnEnded", "schema": "1", "payload": '{"seat":0}', "seat": "", "cmd": "",
        "t": "5"}  # fmt: skip
# An append of three events (versions 10 to 12), as one entry.
MULTI = {"seat": "0", "cmd": "c-2", "t": "1733100000001", "command": '{"type":"end_turn"}',
         "prev": "ab" * 32, "hash": "03" * 32,
         "events": '[["TurnEnded",1,{"seat":0},"' + "01" * 32 + '"],'
                   '["Flew",2,{"to":"é","path":[1,2]},"' + "02" * 32 + '"],'
                   '["TurnStarted",1,{"seat":1},"' + "03" * 32 + '"]]'}  # fmt: skip


def written(
    events: list[NewEvent], first: int = 1, prev: str = GENESIS, *, seat: int | None = 0,
    command_id: str | None = "c", time_ms: int = 5,
) -> tuple[bytes, dict[bytes, bytes], list[str]]:  # fmt: skip
    """The entry an append of `events` from version `first`, after the event whose hash is
    `prev`, writes (its ID and fields, as XRANGE gives them), and the events' hashes."""
    encoded = encode_events(events)
    hashes = chain_hashes(prev, first, encoded, seat=seat, command_id=command_id,
                          time_ms=time_ms)  # fmt: skip
    pairs = entry_pairs(encoded, hashes, seat=seat, command_id=command_id, time_ms=time_ms,
                        prev=prev)  # fmt: skip
    fields = dict(zip(pairs[::2], pairs[1::2], strict=True))
    return f"{first + len(events) - 1}-0".encode(), as_bytes(fields), hashes


def as_bytes(fields: dict[Any, Any]) -> dict[bytes, bytes]:
    return {str(k).encode(): str(v).encode() for k, v in fields.items()}


def flat(fields: dict[Any, Any]) -> list[Any]:
    return [x for pair in fields.items() for x in pair]


@pytest.mark.parametrize("fields", [FULL, BARE, MULTI], ids=["full", "bare", "multi"])
def test_bytes_and_text_entries_make_the_same_stored_events(fields: dict[str, str]) -> None:
    from_text = entry_events("12-0", fields)

    assert entry_events(b"12-0", as_bytes(fields)) == from_text
    assert entry_events(b"12-0", flat(as_bytes(fields))) == from_text
    assert entry_events("12-0", flat(fields)) == from_text
    assert stored_all([(b"12-0", as_bytes(fields))]) == tuple(from_text)


def test_a_full_entry_keeps_every_field() -> None:
    [stored] = entry_events(b"12-0", as_bytes(FULL))

    assert (stored.version, stored.type, stored.schema, stored.seat) == (12, "BattleRolled", 1, 1)
    assert stored.payload == {"roll": 3, "faces": ["lore", "é"]}
    assert (stored.command_id, stored.time_ms) == ("c-1", 1733100000000)
    assert (stored.prev_hash, stored.hash) == ("ab" * 32, "cd" * 32)
    assert stored.command == {"type": "battle", "unit": "rf1"}


def test_a_bare_entry_has_no_seat_command_or_hashes() -> None:
    [stored] = entry_events(b"3-0", as_bytes(BARE))

    assert (stored.seat, stored.command_id, stored.command) == (None, None, None)
    assert (stored.prev_hash, stored.hash) == ("", "")


def test_an_entry_of_an_append_holds_its_events_up_to_its_id() -> None:
    events = entry_events(b"12-0", as_bytes(MULTI))

    assert [(e.version, e.type, e.schema) for e in events] == [
        (10, "TurnEnded", 1), (11, "Flew", 2), (12, "TurnStarted", 1)]  # fmt: skip
    assert events[1].payload == {"to": "é", "path": [1, 2]}
    assert [e.prev_hash for e in events] == ["ab" * 32, "01" * 32, "02" * 32]
    assert [e.hash for e in events] == ["01" * 32, "02" * 32, "03" * 32]
    assert [e.command for e in events] == [{"type": "end_turn"}, None, None]
    assert {(e.seat, e.command_id, e.time_ms) for e in events} == {(0, "c-2", 1733100000001)}


@pytest.mark.parametrize("count", [1, 3])
def test_what_an_append_writes_reads_back_as_what_it_stored(count: int) -> None:
    new = [NewEvent("A", {"n": i, "é": [i]}, schema=2, command={"type": "x"} if i == 0 else None)
           for i in range(count)]  # fmt: skip
    entry_id, fields, hashes = written(new, 5, seat=1, command_id="c", time_ms=7)

    read = entry_events(entry_id, fields)

    links = enumerate(zip(encode_events(new), [GENESIS, *hashes[:-1]], hashes, strict=True))
    assert read == [stored_event(5 + i, e, seat=1, command_id="c", time_ms=7, prev_hash=p,
                                 hash=h) for i, (e, p, h) in links]  # fmt: skip
    assert fields[b"hash"] == hashes[-1].encode() and fields[b"prev"] == GENESIS.encode()
    assert (b"events" in fields) == (count > 1)


def test_a_read_drops_what_comes_before_its_version_and_past_its_limit() -> None:
    entries = [(b"9-0", as_bytes(FULL)), (b"12-0", as_bytes(MULTI)), (b"13-0", as_bytes(BARE))]

    assert [e.version for e in events_from(entries[1:], 11)] == [11, 12, 13]
    assert [e.version for e in events_from(entries, 10, limit=2)] == [10, 11]
    assert [e.version for e in events_from(entries, 12, limit=5)] == [12, 13]
    assert events_from(entries, 14) == []


def test_a_stored_events_own_init_takes_its_fields_in_order_with_their_defaults() -> None:
    # StoredEvent writes its __init__ out (lorekeeper/games/ports.py: the dataclass's is slower)
    params = list(inspect.signature(StoredEvent.__init__).parameters.values())[1:]
    fields = dataclasses.fields(StoredEvent)
    assert [(p.name, p.default) for p in params] == [
        (f.name, inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default)
        for f in fields
    ]
    event = StoredEvent(3, "UnitMoved", 1, {"a": 1}, 0, "c", 5)
    assert dataclasses.asdict(event)["prev_hash"] == fields[7].default
    assert dataclasses.replace(event, version=4).version == 4
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.version = 5  # type: ignore[misc]
