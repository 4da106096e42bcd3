"""Snapshots (lorekeeper/games/snapshots.py): a game loaded from one equals the game folded from its
first event, at every version; a snapshot that cannot be trusted is passed over; the
projector and `rebuild` keep them. On each backend (tests/service/conftest.py)."""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence
from typing import Any

import pytest

from adapters.memory.jobs import InMemoryJobQueue
from adapters.memory.projections import InMemoryProjectionStore
from adapters.memory.snapshots import InMemorySnapshotStore
from adapters.redis.snapshots import RedisSnapshotStore
from domain import legal_actions
from domain.commands import OrderUnits
from domain.view import ALL_SEATS, board_view
from lorekeeper.errors import VersionNotFound
from lorekeeper.games.game import Game
from lorekeeper.games.log import GameLog
from lorekeeper.games.ports import EventStore, SnapshotStore, StoredEvent, Tail
from lorekeeper.games.service import GameService
from lorekeeper.games.snapshots import Snapshot, decode, encode
from lorekeeper.projections.projector import Projector
from tests.audit.games import memory_service, play, skirmish
from tests.service.conftest import Backend

EVERY = 16
CLOCK = {"kind": "per_turn", "turn_s": 600, "decision_s": 300}


class CountingEvents:
    """The event store, counting the events its reads return."""

    def __init__(self, inner: EventStore) -> None:
        self.inner = inner
        self.read_count = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def read(
        self, game_id: str, from_version: int = 1, limit: int | None = None
    ) -> list[StoredEvent]:
        found = self.inner.read(game_id, from_version, limit)
        self.read_count += len(found)
        return found

    def tails(self, reads: Sequence[tuple[str, int]]) -> list[Tail]:
        found = self.inner.tails(reads)
        self.read_count += sum(len(t.events) for t in found)
        return found


def snapshot_store(backend: Backend) -> SnapshotStore:
    return InMemorySnapshotStore() if backend.client is None else RedisSnapshotStore(backend.client)


def log_of(
    backend: Backend, snapshots: SnapshotStore | None, events: EventStore | None = None
) -> GameLog:
    return GameLog(events or backend.events, backend.dice, InMemoryJobQueue(),
                   snapshots=snapshots, snapshot_every=EVERY)  # fmt: skip


@pytest.fixture
def played(backend: Backend) -> tuple[str, SnapshotStore]:
    """A clocked skirmish played to its end with random legal commands; its snapshots kept by
    a replay (as `python -m workers rebuild` keeps them)."""
    snapshots = snapshot_store(backend)
    log = log_of(backend, snapshots)
    service = GameService(log, backend.tokens, allow_scripted_dice=True)
    game_id = play(service, skirmish(turns=10), seed=5, options={"clock": CLOCK})
    log.replay(game_id, keep_snapshots=True)
    return game_id, snapshots


def folded_from_the_start(backend: Backend, game_id: str, version: int) -> Game:
    return log_of(backend, None).load(game_id, version)


def same(a: Game, b: Game) -> None:
    assert (a.version, a.head_hash, a.head_time_ms) == (b.version, b.head_hash, b.head_time_ms)
    assert a.state == b.state
    assert a.clock == b.clock
    # Same order of units, sites and hexes: what readers see is the same bytes.
    assert json.dumps(board_view(a.state, ALL_SEATS)) == json.dumps(board_view(b.state, ALL_SEATS))


def test_state_at_every_version_from_a_snapshot_is_the_full_replay(
    backend: Backend, played: tuple[str, SnapshotStore]
) -> None:
    game_id, snapshots = played
    last = backend.events.version(game_id)
    assert last > 3 * EVERY, "the game is long enough to have several snapshots"
    assert snapshots.versions(game_id) == list(range(EVERY, last + 1, EVERY))
    for version in range(1, last + 1):
        counted = CountingEvents(backend.events)
        loaded = log_of(backend, snapshots, counted).load(game_id, version)
        same(loaded, folded_from_the_start(backend, game_id, version))
        # From the snapshot at or before it: its event (to check it) and those after it.
        assert counted.read_count <= (version % EVERY if version >= EVERY else version) + 1


def test_a_cold_load_starts_from_the_newest_snapshot(
    backend: Backend, played: tuple[str, SnapshotStore]
) -> None:
    game_id, snapshots = played
    counted = CountingEvents(backend.events)
    loaded = log_of(backend, snapshots, counted).load(game_id)
    same(loaded, log_of(backend, None).replay(game_id))
    assert counted.read_count <= EVERY


@pytest.mark.parametrize(
    "spoiled",
    [
        pytest.param(lambda blob: blob[:-3], id="corrupt"),
        pytest.param(lambda blob: b"not zlib at all", id="garbage"),
        pytest.param(lambda blob: _rewritten(blob, format=0), id="old format"),
        pytest.param(lambda blob: _rewritten(blob, head_hash="0" * 64), id="another stream"),
        pytest.param(lambda blob: _rewritten(blob, version=1), id="version mismatch"),
    ],
)
def test_a_snapshot_that_cannot_be_trusted_is_passed_over(
    backend: Backend, played: tuple[str, SnapshotStore], spoiled: Any
) -> None:
    game_id, snapshots = played
    for version in snapshots.versions(game_id):
        found = snapshots.latest([(game_id, version)])[0]
        assert found is not None
        snapshots.save(game_id, version, spoiled(found[1]))
    last = backend.events.version(game_id)
    for version in (EVERY, 2 * EVERY + 3, last):
        same(log_of(backend, snapshots).load(game_id, version),
             folded_from_the_start(backend, game_id, version))  # fmt: skip
    same(log_of(backend, snapshots).load(game_id), log_of(backend, None).replay(game_id))


def test_a_failing_snapshot_store_costs_only_time(
    backend: Backend, played: tuple[str, SnapshotStore]
) -> None:
    game_id, _ = played

    class Broken(InMemorySnapshotStore):
        def latest(self, reads: Sequence[tuple[str, int | None]]) -> list[tuple[int, bytes] | None]:
            raise ConnectionError("the snapshots' Redis is down")

    same(log_of(backend, Broken()).load(game_id, 2 * EVERY + 1),
         folded_from_the_start(backend, game_id, 2 * EVERY + 1))  # fmt: skip
    same(log_of(backend, Broken()).load(game_id), log_of(backend, None).replay(game_id))


def test_the_projector_keeps_a_snapshot_each_time_a_game_passes_a_multiple(
    backend: Backend,
) -> None:
    snapshots = snapshot_store(backend)
    log = log_of(backend, snapshots)
    projector = Projector(log, InMemoryProjectionStore())
    service = GameService(log, backend.tokens, allow_scripted_dice=True)
    service.watch_commits(lambda game_id, state: projector.project([game_id]))
    game_id = play(service, skirmish(turns=6), seed=7)
    last = backend.events.version(game_id)
    kept = snapshots.versions(game_id)
    # One per multiple passed, at the version projected then (an append may pass it by a few).
    assert [k // EVERY for k in kept] == list(range(1, last // EVERY + 1))
    for version in kept:
        blob = snapshots.latest([(game_id, version)])[0]
        assert blob is not None
        restored = decode(blob[1])
        assert restored is not None
        full = folded_from_the_start(backend, game_id, version)
        assert (restored.state, restored.head_hash, restored.clock) == (
            full.state,
            full.head_hash,
            full.clock,
        )


def test_snapshots_hold_none_of_the_games_secrets(
    backend: Backend, played: tuple[str, SnapshotStore]
) -> None:
    game_id, snapshots = played
    secrets = log_of(backend, None).secrets(game_id)
    assert secrets is not None and secrets.revealable_seed and secrets.hand_salts
    hidden = [secrets.revealable_seed, *secrets.hand_salts]
    if secrets.token_seed:
        hidden.append(secrets.token_seed)
    for version in snapshots.versions(game_id):
        found = snapshots.latest([(game_id, version)])[0]
        assert found is not None
        text = zlib.decompress(found[1]).decode()
        assert not [s for s in hidden if s in text]


def _rewritten(blob: bytes, **changes: Any) -> bytes:
    body = json.loads(zlib.decompress(blob))
    body.update(changes)
    return zlib.compress(json.dumps(body).encode())


def test_a_snapshot_round_trips() -> None:
    # Encoding is exact (the fold tests above compare whole games).
    snapshots = InMemorySnapshotStore()
    service = memory_service()
    game_id = play(service, skirmish(turns=2), seed=1, options={"clock": CLOCK})
    game = service.log.load(game_id)
    snapshot = Snapshot(game.version, game.state, game.head_hash, game.head_time_ms, game.clock)
    snapshots.save(game_id, game.version, encode(snapshot))
    assert decode(encode(snapshot)) == snapshot


def test_a_version_past_the_end_is_refused_without_a_full_read(
    backend: Backend, played: tuple[str, SnapshotStore]
) -> None:
    game_id, snapshots = played
    last = backend.events.version(game_id)
    counted = CountingEvents(backend.events)
    with pytest.raises(VersionNotFound) as refused:
        log_of(backend, snapshots, counted).load(game_id, last + 5)
    assert refused.value.current_version == last
    assert counted.read_count <= EVERY + 1


def test_a_snapshot_in_a_takeback_stretch_round_trips() -> None:  # TKB-4
    service = memory_service()
    game_id = service.create_game(skirmish(turns=2), {"takebacks": True}).game_id
    listed = legal_actions(service.log.load(game_id).state, 0)
    order = next(c for c in listed if isinstance(c, OrderUnits) and c.breath)  # lore paid
    service.handle_command(game_id, 0, order.to_json())
    game = service.log.load(game_id)
    assert game.state.takebacks is not None and game.state.takebacks.checkpoint is not None
    snapshot = Snapshot(game.version, game.state, game.head_hash, game.head_time_ms, game.clock)
    assert decode(encode(snapshot)) == snapshot
