"""The canonical JSON of the hash chain (lorekeeper/audit/canonical.py, docs/audit.md)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lorekeeper.audit import canonical, chain
from lorekeeper.audit.canonical import NotCanonical, canonical_json
from lorekeeper.audit.chain import GENESIS, encode_event, event_hash, hashed_payload, link_hash


def test_keys_sort_by_utf16_code_units():  # RFC 8785, section 3.2.3's example
    keys = ["\u20ac", "\r", "\ufb33", "1", "\U0001f600", "\u0080", "\u00f6"]
    text = canonical_json(dict.fromkeys(keys, 0))
    order = [key for key in json.loads(text)]
    assert order == ["\r", "1", "\u0080", "\u00f6", "\u20ac", "\U0001f600", "\ufb33"]


def test_strings_escape_only_what_rfc_8785_escapes():
    text = canonical_json(['"\\/\b\f\n\r\t\x00\x1f\x7f', "é€😀\u2028"])
    assert text == '["\\"\\\\/\\b\\f\\n\\r\\t\\u0000\\u001f\x7f","é€😀\u2028"]'


def test_numbers_are_integers_in_the_safe_range():
    assert canonical_json({"a": [0, -1, 2**53 - 1, -(2**53 - 1), True, None]}) == (
        '{"a":[0,-1,9007199254740991,-9007199254740991,true,null]}'
    )
    for bad in (1.0, 0.5, float("nan"), 2**53, -(2**53)):
        with pytest.raises(NotCanonical):
            canonical_json({"x": bad})
    with pytest.raises(NotCanonical):
        canonical_json({1: "key"})
    with pytest.raises(NotCanonical):
        canonical_json("\ud800")
    with pytest.raises(TypeError):
        canonical_json({"x": object()})


def test_no_whitespace_and_nested_objects_sort_too():
    assert canonical_json({"b": {"d": 1, "c": [1, {"f": 2, "e": 3}]}, "a": ()}) == (
        '{"a":[],"b":{"c":[1,{"e":3,"f":2}],"d":1}}'
    )


def test_the_documented_event_hash_vector():  # also printed in docs/audit.md
    fields: dict[str, Any] = {
        "version": 1,
        "type": "GameCreated",
        "schema": 1,
        "payload": {"scenario": {"name": "duel"}, "auto_decisions": False},
        "seat": None,
        "command_id": None,
        "command": {"type": "create_game"},
        "time_ms": 1767225600000,
        "prev_hash": GENESIS,
    }
    record = canonical_json(fields)
    assert record == (
        '{"command":{"type":"create_game"},"command_id":null,'
        '"payload":{"auto_decisions":false,"scenario":{"name":"duel"}},'
        '"prev_hash":"' + "0" * 64 + '","schema":1,"seat":null,"time_ms":1767225600000,'
        '"type":"GameCreated","version":1}'
    )
    assert event_hash(**fields) == hashlib.sha256(record.encode()).hexdigest() == VECTOR


VECTOR = "a9c77317925e6e3560c2a4774bc176d7a1cdcf24551e05f91e5e0d25e549a1bb"

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**53) + 1, 2**53 - 1) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@given(
    payload=st.dictionaries(st.text(), json_values, max_size=5),
    command=st.none() | st.dictionaries(st.text(), json_values, max_size=3),
    type_=st.text(min_size=1),
    seat=st.none() | st.integers(-1, 9),
    command_id=st.none() | st.text(min_size=1),
    time_ms=st.integers(0, 2**50),
)
def test_the_spliced_record_is_the_canonical_record(
    payload: dict[str, Any],
    command: dict[str, Any] | None,
    type_: str,
    seat: int | None,
    command_id: str | None,
    time_ms: int,
) -> None:
    fields = {
        "version": 7,
        "type": type_,
        "schema": 1,
        "payload": hashed_payload(type_, payload),  # the payload itself, but GameCreated's
        "seat": seat,
        "command_id": command_id,
        "command": command,
        "time_ms": time_ms,
        "prev_hash": "ab" * 32,
    }
    expected = hashlib.sha256(canonical_json(fields).encode()).hexdigest()
    encoded = encode_event(type_, 1, payload, command)
    spliced = link_hash(
        encoded, version=7, seat=seat, command_id=command_id, time_ms=time_ms, prev_hash="ab" * 32
    )
    assert spliced == expected
    assert json.loads(canonical_json(payload)) == payload


def test_a_refusal_names_where_the_value_broke_the_form():
    with pytest.raises(NotCanonical, match=r"^\$\.a\[2\]: 1\.5 is a float"):
        canonical_json({"a": [1, 2, 1.5]})
    with pytest.raises(TypeError, match=r"^\$\.x\.y\[0\]: object is not JSON"):
        canonical_json({"x": {"y": [object()]}})
    with pytest.raises(NotCanonical, match=r"^\$: integer"):
        canonical_json(2**60)


def test_the_quoted_keys_kept_are_bounded_in_count_and_length():
    long_key = "k" * (canonical._KEY_KEPT_CHARS + 1)
    assert canonical_json({long_key: 1}) == f'{{"{long_key}":1}}'
    assert long_key not in canonical._KEYS
    for i in range(canonical._KEYS_KEPT + 10):
        canonical_json({f"key-{i}": i})
    assert len(canonical._KEYS) <= canonical._KEYS_KEPT


def test_an_appends_hashes_link_its_events_as_their_canonical_records():
    # chain_hashes writes the fields the append's events share once: each hash must still
    # be SHA-256 of that event's whole canonical record, linked to the one before it.
    events = [encode_event("UnitMoved", 1, {"unit": "bf0", "path": [[1, 2]]}, {"type": "m"}),
              encode_event("TurnEnded", 2, {"seat": 1, "turn": 3}, None),
              encode_event("TurnStarted", 1, {"seat": 0, "turn": 4}, None)]  # fmt: skip
    for seat, command_id in ((1, "c-é"), (None, None)):
        hashes = chain.chain_hashes("ab" * 32, 41, events, seat=seat, command_id=command_id,
                                    time_ms=1_764_700_000_123)  # fmt: skip
        prev = "ab" * 32
        for offset, (event, hashed) in enumerate(zip(events, hashes, strict=True)):
            record = {"command": None if event.command_json is None
                      else json.loads(event.command_json), "command_id": command_id,
                      "payload": json.loads(event.payload_json), "prev_hash": prev,
                      "schema": event.schema, "seat": seat, "time_ms": 1_764_700_000_123,
                      "type": event.type, "version": 41 + offset}  # fmt: skip
            assert hashed == hashlib.sha256(canonical_json(record).encode()).hexdigest()
            prev = hashed
    with pytest.raises(NotCanonical, match=r"^\$\.time_ms: integer"):
        chain.chain_hashes(GENESIS, 1, events, seat=0, command_id="c", time_ms=2**53)
    with pytest.raises(NotCanonical, match=r"^\$\.command_id: strings must be valid Unicode"):
        chain.chain_hashes(GENESIS, 1, events, seat=0, command_id="\udc00", time_ms=1)
