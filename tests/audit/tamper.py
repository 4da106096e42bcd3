"""Ways to tamper with an export: change bytes, or rewrite records as a forger would, who
also recomputes every hash after the change so the chain looks whole again."""

from __future__ import annotations

import copy
import json
from typing import Any

from lorekeeper.audit.canonical import canonical_json
from lorekeeper.audit.chain import GENESIS, record_hash
from lorekeeper.audit.verify import Verdict, verify_lines

Record = dict[str, Any]


def parsed(lines: list[str]) -> list[Record]:
    return [json.loads(line) for line in lines]


def verify_records(records: list[Record]) -> Verdict:
    return verify_lines([canonical_json(r) + "\n" for r in records])


def event_at(records: list[Record], version: int) -> Record:
    found: Record = records[version]  # records[0] is the header
    assert found["version"] == version
    return found


def rechained(records: list[Record]) -> list[Record]:
    """Versions renumbered 1…N, every hash recomputed, header and trailer agreeing: all a
    forger without the players' receipts can do to make a changed history look whole."""
    out = copy.deepcopy(records)
    events = [r for r in out if r["record"] == "event"]
    prev = GENESIS
    for version, record in enumerate(events, 1):
        record["version"], record["prev_hash"] = version, prev
        record["hash"] = prev = record_hash(record)
    for record in (out[0], out[-1]):
        record["events"], record["head_hash"] = len(events), prev
    return out


def flipped(data: bytes, position: int, bit: int = 0) -> bytes:
    """`data` with one bit of one byte changed."""
    return data[:position] + bytes([data[position] ^ (1 << bit)]) + data[position + 1 :]
