"""Clocks through the service (docs/client/clocks.md), on both backends, with an injected
clock: nothing here sleeps. The store and the service read the same test clock, so the times
recorded on the events are the times the test set."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import redis

from adapters.memory.clocks import InMemoryDeadlineIndex
from adapters.memory.event_store import InMemoryEventStore
from adapters.memory.game_secrets import InMemoryDiceStore, InMemorySeatTokenStore
from adapters.memory.jobs import InMemoryJobQueue
from adapters.memory.projections import InMemoryProjectionStore
from adapters.redis.clocks import RedisDeadlineIndex
from adapters.redis.event_store import RedisStreamEventStore
from adapters.redis.game_secrets import RedisDiceStore, RedisSeatTokenStore
from domain.notation import scenario_from_text
from lorekeeper.audit.export import export_records, ndjson_lines
from lorekeeper.audit.verify import verify_lines
from lorekeeper.clocks.ports import DeadlineIndex
from lorekeeper.clocks.timekeeper import Timekeeper, TimeRunningOut
from lorekeeper.errors import InvalidClock, TimeRanOut
from lorekeeper.games.log import GameLog
from lorekeeper.games.ports import EventStore
from lorekeeper.games.reads import GameReader
from lorekeeper.games.service import GameService
from tests.service.conftest import RecordingJobs
from tests.service.games import ICE_FLIGHT, ice

T0 = 1_767_225_600_000  # 2026-01-01, ms
# Seat 0's foot next to seat 1's supported foot: a flag makes it retreat (seat 1 decides),
# and it may battle back (R-BAT-5).
RETREAT_BOARD = """
. .   .   .   .
 . .  .   .   .
. bf0 rf1 .   .
 . .  .   .   .
. .   .   .   .
"""
PER_TURN = {"kind": "per_turn", "turn_s": 60, "decision_s": 20}


@dataclass
class FakeClock:
    now: int = T0

    def __call__(self) -> int:
        return self.now

    def at(self, ms: int) -> None:
        self.now = ms


@dataclass
class Clocked:
    """A service and its timekeeper on one backend, all reading one test clock."""

    service: GameService
    timekeeper: Timekeeper
    reader: GameReader
    clock: FakeClock
    events: EventStore
    index: DeadlineIndex
    warnings: list[TimeRunningOut] = field(default_factory=list)

    def create(self, clock: dict[str, Any] | None, board: str = RETREAT_BOARD, **options: Any):
        doc = scenario_from_text(board)
        created = self.service.create_game(doc, {**options, "clock": clock})
        return created.game_id

    def send(self, game_id: str, seat: int, body: dict[str, Any], **kw: Any):
        return self.service.handle_command(game_id, seat, body, **kw)

    def game(self, game_id: str):
        return self.service.log.load(game_id)

    def types(self, game_id: str, since: int = 1) -> list[str]:
        return [e.type for e in self.events.read(game_id, since)]


@pytest.fixture(params=["in_memory", "redis"])
def clocked(request: pytest.FixtureRequest) -> Iterator[Clocked]:
    clock = FakeClock()
    if request.param == "in_memory":
        events: EventStore = InMemoryEventStore(clock=clock)
        dice, seats, index = InMemoryDiceStore(), InMemorySeatTokenStore(), InMemoryDeadlineIndex()
    else:
        client: redis.Redis = request.getfixturevalue("redis_client")
        events = RedisStreamEventStore(client, clock=clock)
        dice, seats, index = (
            RedisDiceStore(client),
            RedisSeatTokenStore(client),
            RedisDeadlineIndex(client),
        )  # type: ignore[assignment]  # noqa: E501
    log = GameLog(events, dice, RecordingJobs())
    service = GameService(log, seats, allow_scripted_dice=True, clock=clock)
    timekeeper = Timekeeper(service, index)
    reader = GameReader(log, InMemoryProjectionStore(), seats, clock=clock)
    made = Clocked(service, timekeeper, reader, clock, events, index)
    timekeeper.on_running_out(made.warnings.append)
    yield made


def verdict(c: Clocked, game_id: str):
    lines = list(ndjson_lines(export_records(game_id, c.events.read(game_id), whole=True)))
    return verify_lines(lines)


# -- time controls ---------------------------------------------------------------------------


def test_the_time_control_is_recorded_in_game_created(clocked: Clocked):  # CLK-1
    game_id = clocked.create(PER_TURN)
    created = clocked.events.read(game_id, 1, 1)[0]
    assert created.payload["clock"] == {"kind": "per_turn", "turn_s": 60, "decision_s": 20,
                                        "policy": "auto"}  # fmt: skip


def test_a_game_without_a_clock_records_none_and_never_times_out(clocked: Clocked):  # CLK-1
    game_id = clocked.create(None)
    assert "clock" not in clocked.events.read(game_id, 1, 1)[0].payload
    clocked.clock.at(T0 + 10**9)
    assert clocked.service.time_out(game_id) is None
    assert clocked.game(game_id).clock is None


@pytest.mark.parametrize(
    "bad",
    [
        {"kind": "blitz"},
        {"kind": "per_turn"},
        {"kind": "per_turn", "turn_s": 0},
        {"kind": "per_turn", "turn_s": 60, "days": 1},
        {"kind": "fischer", "bank_s": 60},
        {"kind": "correspondence", "days": 31},
        {"kind": "per_turn", "turn_s": 60, "policy": "pause"},
        {"kind": "per_turn", "turn_s": True},
    ],
)
def test_a_time_control_no_game_can_have_is_refused(clocked: Clocked, bad: dict[str, Any]):
    with pytest.raises(InvalidClock):  # CLK-1
        clocked.create(bad)


# -- turns -------------------------------------------------------------------------------------


def test_a_turn_times_out_at_its_deadline_and_the_auto_order_ends_it(clocked: Clocked):
    # CLK-3, CLK-4 (auto), R-TRN-8
    game_id = clocked.create(PER_TURN)
    clocked.clock.at(T0 + 20_000)
    clocked.send(game_id, 0, {"type": "order", "units": ["bf0"]})  # the turn's clock goes on
    clocked.clock.at(T0 + 59_999)
    assert clocked.service.time_out(game_id) is None  # one ms to go
    clocked.clock.at(T0 + 60_250)
    committed = clocked.service.time_out(game_id)
    assert committed is not None
    assert [e.type for e in committed.events] == ["TimedOut", "LoreGained", "TurnEnded",
                                                  "TurnStarted"]  # fmt: skip
    timed_out = committed.events[0]
    assert timed_out.payload == {"seat": 0, "period": "turn", "policy": "auto",
                                 "deadline_ms": T0 + 60_000}  # fmt: skip
    assert timed_out.seat is None and timed_out.command == {"type": "time_out"}
    assert timed_out.command_id == f"timeout@{committed.version - 4}"
    assert timed_out.time_ms == T0 + 60_250
    clock = clocked.game(game_id).clock
    assert clock is not None and clock.running is not None
    assert (clock.running.seat, clock.running.deadline_ms) == (1, T0 + 60_250 + 60_000)
    assert clock.timeouts == (1, 0)
    assert clocked.service.time_out(game_id) is None  # applied once
    assert verdict(clocked, game_id).checks["clock"].startswith("per_turn clock: 1 time-outs")


def test_a_turn_deadline_stands_while_the_turn_goes_on(clocked: Clocked):  # CLK-3
    game_id = clocked.create(PER_TURN)
    for at, body in ((T0 + 10_000, {"type": "order", "units": ["bf0"]}),
                     (T0 + 30_000, {"type": "end_movement"})):  # fmt: skip
        clocked.clock.at(at)
        clocked.send(game_id, 0, body)
        running = clocked.game(game_id).clock.running
        assert running.deadline_ms == T0 + 60_000


def test_the_time_is_applied_exactly_once_by_two_processes_at_once(clocked: Clocked):  # CLK-4
    game_id = clocked.create(PER_TURN)
    other = GameService(GameLog(clocked.events, clocked.service.log._dice, RecordingJobs()),
                        InMemorySeatTokenStore(), clock=clocked.clock)  # fmt: skip
    clocked.clock.at(T0 + 61_000)
    before = clocked.game(game_id)  # both decided on the same version
    assert clocked.service.time_out(game_id) is not None
    assert other.time_out(game_id) is None
    assert clocked.types(game_id, before.version + 1).count("TimedOut") == 1


def test_a_fischer_bank_carries_over_and_gains_its_increment(clocked: Clocked):  # CLK-3
    game_id = clocked.create({"kind": "fischer", "bank_s": 100, "increment_s": 5})
    clocked.clock.at(T0 + 30_000)
    clocked.send(game_id, 0, {"type": "end_turn"})  # 30 s spent, 5 s gained
    clock = clocked.game(game_id).clock
    assert clock.left_ms == (75_000, 100_000)
    clocked.clock.at(T0 + 40_000)
    clocked.send(game_id, 1, {"type": "end_turn"})
    clock = clocked.game(game_id).clock
    assert clock.left_ms == (75_000, 95_000)
    assert clock.running.deadline_ms == T0 + 40_000 + 75_000


def test_a_correspondence_turn_lasts_its_days(clocked: Clocked):  # CLK-3
    game_id = clocked.create({"kind": "correspondence", "days": 2})
    running = clocked.game(game_id).clock.running
    assert running.deadline_ms == T0 + 2 * 86_400_000
    clocked.clock.at(T0 + 2 * 86_400_000 - 1)
    assert clocked.service.time_out(game_id) is None


def test_the_breath_phase_runs_nobodys_clock(clocked: Clocked):  # CLK-2, R-TRN-6
    created = clocked.service.create_game(
        ice(), {"clock": PER_TURN, "dice": {"script": ["green"] * 9}}
    )
    game_id = created.game_id
    clocked.clock.at(T0 + 10_000)
    clocked.send(game_id, 0, {"type": "order", "units": ["id0"], "breath": ["id0"]})
    clocked.send(game_id, 0, {"type": "fly", "unit": "id0", "path": ICE_FLIGHT})
    clocked.send(game_id, 0, {"type": "end_movement"})
    assert clocked.game(game_id).clock.running is None
    clocked.clock.at(T0 + 500_000)  # the server took its time
    assert clocked.service.time_out(game_id) is None
    clocked.service.resolve_breath(game_id)
    game = clocked.game(game_id)
    # 50 s of the turn were left when the breath phase opened: the turn resumes with them
    assert game.clock.running.deadline_ms == game.head_time_ms + 50_000


# -- decisions ---------------------------------------------------------------------------------


def retreat_decision(c: Clocked, clock: dict[str, Any]) -> str:
    """Seat 0 battles at T0+10 s; a flag makes seat 1 choose its retreat (R-TRN-9)."""
    game_id = c.create(clock, dice={"script": ["flag", "green", "green"]})
    c.clock.at(T0 + 10_000)
    c.send(game_id, 0, {"type": "order", "units": ["bf0"]})
    c.send(game_id, 0, {"type": "end_movement"})
    c.send(game_id, 0, {"type": "battle", "unit": "bf0", "target": "rf1"})
    assert c.game(game_id).state.pending.kind == "retreat"
    return game_id


def test_a_decision_has_its_own_limit_charged_to_its_seat(clocked: Clocked):  # CLK-2, CLK-4
    game_id = retreat_decision(clocked, PER_TURN)
    running = clocked.game(game_id).clock.running
    assert (running.seat, running.period, running.deadline_ms) == (1, "decision", T0 + 30_000)
    clocked.clock.at(T0 + 35_000)
    committed = clocked.service.time_out(game_id)
    assert [e.type for e in committed.events][:2] == ["TimedOut", "UnitRetreated"]
    assert committed.events[0].payload["period"] == "decision"
    clock = clocked.game(game_id).clock
    # seat 0's turn stood still for the 25 s of seat 1's decision: 50 s of it are left
    assert (clock.running.seat, clock.running.deadline_ms) == (0, T0 + 35_000 + 50_000)
    assert clock.timeouts == (0, 1)
    assert verdict(clocked, game_id).checks["rules"].endswith("appends re-decided")


def test_forfeit_ends_the_game_with_the_other_seat_the_winner(clocked: Clocked):
    # CLK-4 (forfeit), R-WIN-4
    game_id = retreat_decision(clocked, {**PER_TURN, "policy": "forfeit"})
    clocked.clock.at(T0 + 30_000)
    committed = clocked.service.time_out(game_id)
    assert [e.type for e in committed.events][:3] == ["TimedOut", "PlayerResigned",
                                                      "PlayerEliminated"]  # fmt: skip
    state = clocked.game(game_id).state
    assert state.is_over and state.winner == 0
    assert clocked.game(game_id).clock.running is None


def test_forfeit_reveals_the_games_secrets_and_the_audit_verifies(clocked: Clocked):
    game_id = clocked.create({**PER_TURN, "policy": "forfeit"})
    clocked.clock.at(T0 + 60_000)
    committed = clocked.service.time_out(game_id)
    assert [e.type for e in committed.events][-2:] == ["GameEnded", "SecretsRevealed"]
    result = verdict(clocked, game_id)
    assert result.verdict == "verified", result.report()
    assert "1 time-outs" in result.checks["clock"]


# -- late commands -----------------------------------------------------------------------------


def test_a_late_command_is_refused_and_the_time_out_applied_first(clocked: Clocked):  # CLK-5
    game_id = clocked.create(PER_TURN)
    version = clocked.game(game_id).version
    clocked.clock.at(T0 + 60_000)  # the deadline is the first late ms
    with pytest.raises(TimeRanOut) as refused:
        clocked.send(game_id, 0, {"type": "order", "units": ["bf0"]})
    assert refused.value.code == "time_out" and refused.value.extra["rule"] == "CLK-5"
    assert refused.value.extra["timed_out"] == {
        "seat": 0, "period": "turn", "deadline_ms": T0 + 60_000, "policy": "auto"
    }  # fmt: skip
    game = clocked.game(game_id)
    assert refused.value.extra["current_version"] == game.version
    assert clocked.types(game_id, version + 1) == ["TimedOut", "LoreGained", "TurnEnded",
                                                   "TurnStarted"]  # fmt: skip
    assert game.state.active == 1  # the refusal and the state agree
    assert verdict(clocked, game_id).checks["clock"].startswith("per_turn clock: 1 time-outs")


def test_a_command_of_another_seat_goes_through_after_the_time_out(clocked: Clocked):  # CLK-5
    game_id = clocked.create(PER_TURN)
    clocked.clock.at(T0 + 61_000)
    result = clocked.send(game_id, 1, {"type": "end_turn"})  # seat 1's turn once 0's ran out
    assert result.events[0].type == "LoreGained"
    assert "TimedOut" in clocked.types(game_id)


def test_a_command_just_in_time_is_accepted_and_recorded_with_its_time(clocked: Clocked):
    game_id = clocked.create(PER_TURN)  # CLK-5
    clocked.clock.at(T0 + 59_999)
    result = clocked.send(game_id, 0, {"type": "end_turn"})
    assert result.events[0].time_ms == T0 + 59_999
    assert (
        verdict(clocked, game_id)
        .checks["clock"]
        .endswith("1 commands of the seat on the clock, each before its deadline")
    )


def test_a_retry_of_a_command_accepted_in_time_gets_its_first_result(clocked: Clocked):
    game_id = clocked.create(PER_TURN)  # CLK-5, idempotency
    clocked.clock.at(T0 + 10_000)
    first = clocked.send(game_id, 0, {"type": "order", "units": ["bf0"]}, idempotency_key="k1")
    clocked.clock.at(T0 + 70_000)
    again = clocked.send(game_id, 0, {"type": "order", "units": ["bf0"]}, idempotency_key="k1")
    assert again.duplicate and again.version == first.version
    assert "TimedOut" in clocked.types(game_id)  # due all the same: applied


def test_a_command_that_loses_its_append_to_its_own_time_out_is_refused(clocked: Clocked):
    game_id = clocked.create(PER_TURN)  # CLK-5
    clocked.clock.at(T0 + 59_000)
    service, clock = clocked.service, clocked.clock
    inner = service.log.events

    class TimeOutFirst:
        """The worker's time-out lands between this command's decision and its append."""

        def append(self, *args: Any, **kwargs: Any) -> Any:
            service.log.events = inner
            clock.at(T0 + 60_500)
            assert service.time_out(game_id) is not None
            return inner.append(*args, **kwargs)

        def __getattr__(self, name: str) -> Any:
            return getattr(inner, name)

    service.log.events = TimeOutFirst()  # type: ignore[assignment]
    with pytest.raises(TimeRanOut):
        clocked.send(game_id, 0, {"type": "end_turn"})
    assert clocked.types(game_id).count("TimedOut") == 1


# -- what readers see --------------------------------------------------------------------------


def test_the_view_shows_each_seats_time_now_and_a_past_state_as_it_was(clocked: Clocked):
    game_id = clocked.create(PER_TURN)  # CLK-6
    clocked.clock.at(T0 + 15_000)
    clocked.send(game_id, 0, {"type": "end_turn"})  # version 4 at T0+15 s
    clocked.clock.at(T0 + 25_000)
    view = clocked.reader.view(game_id, None)
    assert view["clock"]["running"] == {
        "seat": 1, "period": "turn", "since_ms": T0 + 15_000, "deadline_ms": T0 + 75_000,
        "remaining_ms": 50_000,
    }  # fmt: skip
    assert [s["remaining_ms"] for s in view["clock"]["seats"]] == [60_000, 50_000]
    past = clocked.reader.state_view(game_id, None, 2)  # the first turn's start, at T0
    assert past["clock"]["at_ms"] == T0
    assert past["clock"]["running"]["seat"] == 0
    assert past["clock"]["running"]["remaining_ms"] == 60_000
    unclocked = clocked.create(None)
    assert clocked.reader.view(unclocked, None)["clock"] is None


def test_the_timekeeper_warns_once_when_a_tenth_is_left_and_queues_the_time_out(
    clocked: Clocked,
):  # CLK-6, CLK-4
    game_id = clocked.create(PER_TURN)
    queue = InMemoryJobQueue(eager=False)
    clocked.timekeeper.attach(queue)
    clocked.timekeeper.schedule([clocked.game(game_id)])
    clocked.clock.at(T0 + 53_999)
    assert clocked.timekeeper.tick() == (0, 0)
    clocked.clock.at(T0 + 54_000)  # 6 s of 60 left
    assert clocked.timekeeper.tick() == (0, 1)
    assert clocked.warnings[0].to_json() == {
        "type": "time_running_out", "game_id": game_id, "version": 2, "seat": 0,
        "period": "turn", "deadline_ms": T0 + 60_000, "remaining_ms": 6_000,
    }  # fmt: skip
    clocked.timekeeper.schedule([clocked.game(game_id)])  # scheduled again: no second notice
    clocked.clock.at(T0 + 60_000)
    assert clocked.timekeeper.tick() == (1, 0)
    assert clocked.timekeeper.tick() == (0, 0)  # one job per deadline
    queue.attach(None, None, None, clocked.timekeeper.time_out)
    assert queue.drain() == 1
    assert "TimedOut" in clocked.types(game_id)
    assert clocked.timekeeper.due() == []  # the next turn's deadline replaced it
    assert len(clocked.warnings) == 1
