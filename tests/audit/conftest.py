"""A finished game and its export, shared by the audit tests (the same game every run; the
bytes differ only by the times stored, which the hashes cover)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from lorekeeper.audit.export import export_records, ndjson_lines
from lorekeeper.games.ports import StoredEvent
from tests.audit.games import memory_service, play, skirmish

SKIRMISH_SEED = 1  # about 200 events: battles, critical hits, retreats, breath, cards played


@dataclass(frozen=True)
class Finished:
    game_id: str
    events: list[StoredEvent]
    lines: list[str]

    @property
    def data(self) -> bytes:
        return "".join(self.lines).encode()

    def versions_of(self, type_: str) -> list[int]:
        return [e.version for e in self.events if e.type == type_]


@pytest.fixture(scope="session")
def finished() -> Finished:
    service = memory_service(dice_seed=SKIRMISH_SEED)
    game_id = play(service, skirmish(), SKIRMISH_SEED)
    events = service.log.events.read(game_id)
    return Finished(game_id, events, list(ndjson_lines(export_records(game_id, events))))
