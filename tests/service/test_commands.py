"""Commands through the service: the seat from the token, rules, versions, idempotency."""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace

import pytest

from domain import CommandError, RuleViolation, replay
from lorekeeper.audit.chain import event_hash
from lorekeeper.errors import (
    CommandIdConflict,
    GameNotFound,
    IdempotencyMismatch,
    PreconditionFailed,
    TokenMissing,
    TokenRejected,
    VersionConflict,
)
from lorekeeper.games.idempotency import command_hash
from lorekeeper.games.service import GameService
from tests.service.conftest import Backend, RecordingJobs, domain_events, send
from tests.service.games import BATTLE_RF1, END_MOVEMENT, ORDER_BF0, WINNING_DICE, duel

RESIGN = {"type": "resign"}


def new_duel(service: GameService) -> tuple[str, str, str]:
    created = service.create_game(duel(), {"dice": {"script": WINNING_DICE}})
    return created.game_id, created.seats[0]["token"], created.seats[1]["token"]


def test_a_command_appends_its_events_as_the_tokens_seat(service: GameService):
    game_id, seat0, _ = new_duel(service)
    result = send(service, game_id, seat0, ORDER_BF0)
    assert (result.seat, result.version, result.duplicate) == (0, 3, False)
    assert [e.type for e in result.events] == ["UnitsOrdered"]
    stored = service.log.events.read(game_id, 3)
    assert stored[0].seat == 0 and stored[0].command_id is not None and stored[0].time_ms > 0


def test_the_acting_seat_comes_only_from_the_token(service: GameService):  # R-TRN-1
    game_id, _, seat1 = new_duel(service)
    with pytest.raises(RuleViolation) as caught:
        send(service, game_id, seat1, ORDER_BF0)
    assert caught.value.rule == "R-TRN-1" and caught.value.code == "not_your_turn"
    with pytest.raises(CommandError, match="seat: unknown field"):  # RULES.md §17: refused
        send(service, game_id, seat1, {**ORDER_BF0, "seat": 0})


def test_a_game_played_to_its_end_through_the_service(service: GameService):  # R-WIN-2
    game_id, seat0, _ = new_duel(service)
    for body in (ORDER_BF0, END_MOVEMENT, BATTLE_RF1):
        send(service, game_id, seat0, body)
    state = service.log.load(game_id).state
    assert state.is_over and state.winner == 0
    with pytest.raises(RuleViolation) as caught:
        send(service, game_id, seat0, {"type": "end_turn"})
    assert caught.value.code == "game_over"


def test_tokens_are_checked(service: GameService):
    game_id, seat0, _ = new_duel(service)
    other_game, other_token, _ = new_duel(service)
    with pytest.raises(TokenMissing):
        send(service, game_id, None, ORDER_BF0)
    for bad in ("lks_" + "x" * 43, "short", other_token):
        with pytest.raises(TokenRejected):
            send(service, game_id, bad, ORDER_BF0)
    with pytest.raises(GameNotFound):
        send(service, "no-such-game", seat0, ORDER_BF0)
    with pytest.raises(GameNotFound):
        send(service, "bad id {}", seat0, ORDER_BF0)


def test_if_match_on_a_stale_version_is_refused(service: GameService):
    game_id, seat0, _ = new_duel(service)
    send(service, game_id, seat0, ORDER_BF0, if_match=2)
    with pytest.raises(PreconditionFailed) as caught:
        send(service, game_id, seat0, END_MOVEMENT, if_match=2)
    assert caught.value.current_version == 3
    assert send(service, game_id, seat0, END_MOVEMENT, if_match=3).version == 4


def test_a_retry_returns_the_first_result_and_appends_nothing(service: GameService):
    game_id, seat0, _ = new_duel(service)
    first = send(service, game_id, seat0, ORDER_BF0, idempotency_key="k-1")
    again = send(service, game_id, seat0, ORDER_BF0, idempotency_key="k-1")
    assert again.duplicate and again.version == first.version
    assert again.events == first.events
    assert service.log.events.version(game_id) == 3


def test_a_retry_after_the_game_moved_on_still_gets_its_first_result(service: GameService):
    game_id, seat0, _ = new_duel(service)
    first = send(service, game_id, seat0, {**ORDER_BF0, "command_id": "c-1"})
    send(service, game_id, seat0, END_MOVEMENT)
    # Ordering now breaks R-TRN-4 (wrong phase) and If-Match is stale: still the first result.
    again = send(service, game_id, seat0, {**ORDER_BF0, "command_id": "c-1"}, if_match=2)
    assert again.duplicate and again.events == first.events
    assert service.log.events.version(game_id) == 4


def test_a_key_reused_with_another_body_is_refused(service: GameService):
    game_id, seat0, seat1 = new_duel(service)
    send(service, game_id, seat0, ORDER_BF0, idempotency_key="k")
    with pytest.raises(IdempotencyMismatch):
        send(service, game_id, seat0, {"type": "order", "units": []}, idempotency_key="k")
    with pytest.raises(IdempotencyMismatch):  # another seat's key is not this seat's to repeat
        send(service, game_id, seat1, ORDER_BF0, idempotency_key="k")


def test_header_and_body_command_ids_must_agree(service: GameService):
    game_id, seat0, _ = new_duel(service)
    with pytest.raises(CommandIdConflict):
        send(service, game_id, seat0, {**ORDER_BF0, "command_id": "a"}, None, "b")
    ok = send(service, game_id, seat0, {**ORDER_BF0, "command_id": "a"}, None, "a")
    assert not ok.duplicate


def test_the_command_hash_ignores_the_command_id_and_key_order():
    assert command_hash({"type": "pass", "command_id": "x"}) == command_hash({"type": "pass"})
    a = {"type": "move", "unit": "u", "path": [[1, 2]]}
    b = {"path": [[1, 2]], "unit": "u", "type": "move"}
    assert command_hash(a) == command_hash(b)


def test_the_recorded_command_is_the_hashed_one_and_its_record_verifies(service: GameService):
    # The command's canonical text is written once, for its hash, and the append's record
    # takes it: the record must still be the body without its id, hashed as a verifier does.
    game_id, seat0, _ = new_duel(service)
    body = {"units": ["bf0"], "type": "order", "command_id": "c-1"}
    assert {k: v for k, v in body.items() if k != "command_id"} == ORDER_BF0
    send(service, game_id, seat0, body, None, "c-1")
    first = service.log.events.read(game_id, 3)[0]
    assert first.command == ORDER_BF0 and first.command_id == "c-1"
    recomputed = event_hash(
        version=first.version, type=first.type, schema=first.schema, payload=first.payload,
        seat=first.seat, command_id=first.command_id, command=first.command,
        time_ms=first.time_ms, prev_hash=first.prev_hash,
    )  # fmt: skip
    assert recomputed == first.hash
    retried = send(service, game_id, seat0, ORDER_BF0, None, "c-1")  # same command: its hash
    assert retried.duplicate


def test_the_job_queue_hears_of_every_append_and_of_retries(
    service: GameService, jobs: RecordingJobs
):
    game_id, seat0, _ = new_duel(service)
    send(service, game_id, seat0, ORDER_BF0, idempotency_key="k")
    send(service, game_id, seat0, ORDER_BF0, idempotency_key="k")
    assert jobs.calls[-2:] == [(game_id, 3, ("UnitsOrdered",))] * 2


def test_racing_commands_on_one_version_let_exactly_one_through(backend: Backend):
    # Each thread has its own service (its own cache), like separate API processes.
    creator = backend.service(allow_scripted_dice=True)
    game_id, seat0, _ = new_duel(creator)
    services = [backend.service() for _ in range(8)]
    for s in services:
        s.log.load(game_id)  # all decide on version 2
    outcomes: list[object] = []
    barrier = threading.Barrier(len(services))

    def race(s: GameService) -> None:
        barrier.wait()
        try:
            outcomes.append(send(s, game_id, seat0, ORDER_BF0))
        except (VersionConflict, RuleViolation) as exc:
            outcomes.append(exc)

    threads = [threading.Thread(target=race, args=(s,)) for s in services]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # The losers either lost the append (VersionConflict) or, reading after the winner,
    # found the order phase over (R-TRN-4 refuses a second order).
    assert sum(not isinstance(o, Exception) for o in outcomes) == 1
    assert len(outcomes) == len(services)
    assert backend.events.version(game_id) == 3


class CountingStore:
    """Counts the calls that reach the store (reads and appends)."""

    def __init__(self, inner: object) -> None:
        self._inner, self.reads, self.appends, self.refused = inner, 0, 0, 0

    def read(self, *args: object, **kwargs: object) -> object:
        self.reads += 1
        return self._inner.read(*args, **kwargs)  # type: ignore[attr-defined]

    def tails(self, *args: object, **kwargs: object) -> object:
        self.reads += 1
        return self._inner.tails(*args, **kwargs)  # type: ignore[attr-defined]

    def append(self, *args: object, **kwargs: object) -> object:
        self.appends += 1
        try:
            return self._inner.append(*args, **kwargs)  # type: ignore[attr-defined]
        except VersionConflict:
            self.refused += 1
            raise

    def __getattr__(self, name: str) -> object:
        return getattr(self._inner, name)


@dataclass
class TwoProcesses:
    """Two services on one store, like two API processes; the second counts its calls and
    has cached the new game at version 2."""

    first: GameService
    second: GameService
    counting: CountingStore
    game_id: str
    seat0: str
    seat1: str


@pytest.fixture
def two(backend: Backend) -> TwoProcesses:
    first = backend.service(allow_scripted_dice=True)
    game_id, seat0, seat1 = new_duel(first)
    second = backend.service()
    second.log.load(game_id)
    counting = CountingStore(second.log.events)
    second.log.events = counting  # type: ignore[assignment]
    return TwoProcesses(first, second, counting, game_id, seat0, seat1)


def calls(two: TwoProcesses) -> tuple[int, int, int]:
    return two.counting.reads, two.counting.appends, two.counting.refused


def test_a_fresh_cache_decides_without_reading_the_store(two: TwoProcesses):
    assert send(two.second, two.game_id, two.seat0, ORDER_BF0).version == 3
    assert calls(two) == (0, 1, 0)


def test_a_stale_cache_catches_up_from_the_refused_append(two: TwoProcesses, backend: Backend):
    send(two.first, two.game_id, two.seat0, ORDER_BF0)  # version 3, unseen by second
    result = send(two.second, two.game_id, two.seat1, RESIGN)  # legal at 2 and at 3
    assert result.events[0].version == 4
    # One refused append (it carried event 3), then the one that went through: no read.
    assert calls(two) == (0, 2, 1)
    replayed = replay(domain_events(backend.events.read(two.game_id)))
    assert two.second.log.load(two.game_id).state == replayed


def test_a_command_legal_only_on_the_stale_cache_is_refused_by_the_current_rules(
    two: TwoProcesses, backend: Backend
):  # R-TRN-4
    send(two.first, two.game_id, two.seat0, ORDER_BF0)
    with pytest.raises(RuleViolation) as caught:  # one order a turn
        send(two.second, two.game_id, two.seat0, ORDER_BF0)
    assert caught.value.code == "wrong_phase"
    assert backend.events.version(two.game_id) == 3


def test_a_stale_cache_is_read_before_a_rule_violation_is_reported(two: TwoProcesses):
    send(two.first, two.game_id, two.seat0, ORDER_BF0)
    # END_MOVEMENT is out of turn order on the cached version 2 (R-TRN-4), legal on the
    # store's version 3: it goes through after one read.
    assert send(two.second, two.game_id, two.seat0, END_MOVEMENT).version == 4
    assert calls(two) == (1, 1, 0)


def test_if_match_newer_than_the_cache_reads_the_store(two: TwoProcesses):
    send(two.first, two.game_id, two.seat0, ORDER_BF0)
    result = send(two.second, two.game_id, two.seat0, END_MOVEMENT, if_match=3)
    assert result.version == 4 and calls(two) == (1, 1, 0)


def test_if_match_equal_to_a_stale_cache_is_refused_with_the_stores_version(two: TwoProcesses):
    send(two.first, two.game_id, two.seat0, ORDER_BF0)
    with pytest.raises(PreconditionFailed) as caught:
        send(two.second, two.game_id, two.seat0, END_MOVEMENT, if_match=2)
    assert caught.value.current_version == 3


def test_a_state_ahead_of_the_store_is_dropped_for_the_stores(service: GameService):
    # A store that lost events (no AOF, restarted) is the truth: a refusal naming a version
    # below the cached state's replaces the cache with a replay of the stream.
    game_id, _, _ = new_duel(service)
    loaded = service.log.load(game_id)
    ahead = replace(loaded, state=replace(loaded.state, version=5))
    conflict = VersionConflict(2, ahead.version)
    assert service.log.caught_up(ahead, conflict).version == 2
    assert service.log.load(game_id).state.version == 2


def test_the_cached_state_is_the_replayed_state(backend: Backend):
    service = backend.service(allow_scripted_dice=True, cache_games=4)
    game_id, seat0, _ = new_duel(service)
    for body in (ORDER_BF0, END_MOVEMENT, BATTLE_RF1):
        send(service, game_id, seat0, body)
    replayed = replay(domain_events(backend.events.read(game_id)))
    assert service.log.load(game_id).state == replayed
    fresh = backend.service()  # no cache: folds the whole stream
    assert fresh.log.load(game_id).state == replayed


def test_a_past_state_is_replayed_up_to_its_version(service: GameService):
    game_id, seat0, _ = new_duel(service)
    send(service, game_id, seat0, ORDER_BF0)
    assert service.log.load(game_id, 2).state.phase == "order"
    assert service.log.load(game_id, 3).state.version == 3
