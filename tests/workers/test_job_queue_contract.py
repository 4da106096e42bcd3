"""The JobQueue, BotQueue and TimeOutQueue contract: RQJobQueue and InMemoryJobQueue schedule
the same jobs."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry
from rq.job import Job
from rq.serializers import JSONSerializer

from adapters.memory.event_store import InMemoryEventStore
from adapters.memory.game_secrets import InMemoryDiceStore, InMemorySeatTokenStore
from adapters.memory.jobs import InMemoryJobQueue
from adapters.memory.projections import InMemoryProjectionStore
from adapters.redis.event_store import RedisStreamEventStore
from adapters.redis.jobs import RQJobQueue, breath_job_id, breath_opened_version
from adapters.redis.keys import due_key
from lorekeeper.errors import VersionConflict
from lorekeeper.games.log import GameLog
from lorekeeper.games.ports import NewEvent
from lorekeeper.games.service import GameService
from lorekeeper.projections.projector import Projector
from tests.workers.games import BreathGame

AFTER_MOVEMENT = ["MovementEnded", "BreathPhaseOpened"]


@pytest.fixture(params=["in_memory", "rq"])
def jobs(request: pytest.FixtureRequest) -> InMemoryJobQueue | RQJobQueue:
    if request.param == "in_memory":
        return InMemoryJobQueue(eager=False)
    return RQJobQueue(request.getfixturevalue("redis_client"))


def test_an_append_schedules_one_projection_job(jobs: InMemoryJobQueue | RQJobQueue) -> None:
    jobs.after_append("g1", 3, ["UnitMoved"])

    assert jobs.queued() == ["g1"]


def test_no_second_projection_job_while_one_is_pending(
    jobs: InMemoryJobQueue | RQJobQueue,
) -> None:
    jobs.after_append("g1", 3, ["UnitMoved"])
    jobs.after_append("g1", 4, ["UnitMoved"])
    jobs.after_append("g1", 4, ["UnitMoved"])  # a retried command
    jobs.after_append("g2", 1, ["GameCreated"])

    assert jobs.queued() == ["g1", "g2"]


def test_a_bot_turn_and_a_time_out_are_queued_once_each(
    jobs: InMemoryJobQueue | RQJobQueue,
) -> None:
    # BotQueue and TimeOutQueue: one job a move (game, version, seat) and a deadline (game,
    # version), however often it is asked for.
    assert jobs.enqueue_bot_turn("g1", 7, 1)
    assert not jobs.enqueue_bot_turn("g1", 7, 1)
    assert jobs.enqueue_bot_turn("g1", 8, 1)
    assert jobs.enqueue_time_out("g1", 7)
    assert not jobs.enqueue_time_out("g1", 7)
    assert jobs.enqueue_time_out("g2", 7)


def test_an_opened_breath_phase_gets_one_job_named_by_its_version(
    jobs: InMemoryJobQueue | RQJobQueue,
) -> None:
    # R-TRN-6: the server resolves the phase; the job id is per game and opening version.
    jobs.after_append("g1", 9, AFTER_MOVEMENT)
    jobs.after_append("g1", 9, AFTER_MOVEMENT)

    assert jobs.queued() == ["breath-g1-9", "g1"]


def test_breath_job_ids_escape_what_rq_refuses() -> None:
    assert breath_job_id("a_b.c:d-e", 7) == "breath-a__b_dc_cd-e-7"
    assert breath_job_id("a.", 1) != breath_job_id("a_d", 1)


def test_the_opening_version_is_found_among_the_appended_events() -> None:
    assert breath_opened_version(9, AFTER_MOVEMENT) == 9
    assert breath_opened_version(9, ["BreathPhaseOpened", "PlayerResigned"]) == 8
    assert breath_opened_version(9, ["UnitMoved"]) is None


def test_breath_jobs_are_rq_jobs_in_json_and_projections_a_plain_list(
    redis_client: redis.Redis,
) -> None:
    jobs = RQJobQueue(redis_client)
    jobs.after_append("g1", 9, AFTER_MOVEMENT)

    breath = Job.fetch("breath-g1-9", connection=redis_client, serializer=JSONSerializer)

    assert (breath.func_name, breath.args) == ("workers.jobs.resolve_breath", ["g1", 9])
    assert breath.origin == "breath"
    assert redis_client.lrange("lk:{projections}:due", 0, -1) == [b"g1"]
    assert jobs.projection_queue.pop(1, timeout_s=None) == ["g1"]
    assert jobs.projection_queue.pop(1, timeout_s=None) == []


def test_projection_jobs_are_popped_many_at_a_time_in_order(redis_client: redis.Redis) -> None:
    jobs = RQJobQueue(redis_client)
    for game_id in ("g1", "g2", "g3"):
        jobs.after_append(game_id, 4, ["UnitMoved"])

    assert jobs.projection_queue.pop(2, timeout_s=None) == ["g1", "g2"]
    assert jobs.projection_queue.pop(2, timeout_s=0.01) == ["g3"]
    assert jobs.projection_queue.pop(2, timeout_s=None) == []
    assert jobs.projection_queue.pop(2, timeout_s=0.01) == []  # waited, nothing came


def test_clearing_the_pending_flags_of_several_games_lets_them_queue_again(
    redis_client: redis.Redis,
) -> None:
    jobs = RQJobQueue(redis_client)
    for game_id in ("g1", "g2"):
        jobs.after_append(game_id, 4, ["UnitMoved"])
    jobs.projection_queue.pop(2, timeout_s=None)

    jobs.clear_pending(["g1", "g2"])
    for game_id in ("g1", "g2"):
        jobs.after_append(game_id, 5, ["UnitMoved"])

    assert jobs.projection_queue.due() == ["g1", "g2"]


class CountingJobs(RQJobQueue):
    requests = 0

    def request_projection(self, game_id: str) -> bool:
        self.requests += 1
        return super().request_projection(game_id)


def test_the_append_takes_the_projection_request_in_its_own_script(
    redis_client: redis.Redis,
) -> None:
    jobs = CountingJobs(redis_client)
    store = RedisStreamEventStore(redis_client, projections=jobs)
    created = store.create("g1", [NewEvent("A", {})])
    jobs.after_append("g1", created.version, ["A"])  # the create rode too: nothing more sent
    jobs.projection_queue.pop(1, timeout_s=None)
    jobs.clear_pending(["g1"])
    redis_client.script_flush()  # a restarted server has forgotten the write script

    result = store.append("g1", 1, [NewEvent("B", {})], seat=0, command_id=None,
                          command_hash=None)  # fmt: skip
    jobs.after_append("g1", result.version, ["B"])

    assert result.version == 2 and store.version("g1") == 2
    assert jobs.projection_queue.due() == ["g1"]
    assert jobs.requests == 0
    jobs.after_append("g1", 2, ["B"])  # a retry's after_append asks again (idempotent)
    assert jobs.requests == 1 and jobs.projection_queue.due() == ["g1"]


def test_a_refused_append_requests_no_projection(redis_client: redis.Redis) -> None:
    jobs = RQJobQueue(redis_client)
    store = RedisStreamEventStore(redis_client, projections=jobs)
    store.create("g1", [NewEvent("A", {})])
    jobs.projection_queue.pop(1, timeout_s=None)
    jobs.clear_pending(["g1"])

    with pytest.raises(VersionConflict):
        store.append("g1", 5, [NewEvent("B", {})], seat=0, command_id=None, command_hash=None)

    assert store.version("g1") == 1
    assert jobs.projection_queue.due() == [] and jobs.pending_since_ms("g1") is None


def test_a_flag_older_than_it_holds_is_taken_again(redis_client: redis.Redis) -> None:
    """A flag whose projection was lost (a worker died between its pop and its round) lapses:
    the next append queues the game again."""
    jobs = RQJobQueue(redis_client, pending_ttl_s=1)
    store = RedisStreamEventStore(redis_client, projections=jobs)
    store.create("g1", [NewEvent("A", {})])
    jobs.projection_queue.pop(1, timeout_s=None)  # popped, its flag never cleared
    redis_client.hset("lk:{g1}:cmds", " projecting:projections", 1)  # set long ago

    store.append("g1", 1, [NewEvent("B", {})], seat=0, command_id=None, command_hash=None)

    assert jobs.projection_queue.due() == ["g1"]
    assert jobs.pending_since_ms("g1") is not None


def test_the_flag_is_taken_once_while_it_holds(redis_client: redis.Redis) -> None:
    jobs = RQJobQueue(redis_client)
    store = RedisStreamEventStore(redis_client, projections=jobs)
    store.create("g1", [NewEvent("A", {})])
    for version in (1, 2, 3):
        store.append("g1", version, [NewEvent("B", {})], seat=0, command_id=None,
                     command_hash=None)  # fmt: skip

    assert jobs.projection_queue.due() == ["g1"]


def test_a_redis_error_after_the_append_is_logged_not_raised() -> None:
    # Nothing listens on port 1; no retries, so the test takes no time.
    dead = redis.Redis(port=1, socket_connect_timeout=0.1, retry=Retry(NoBackoff(), 0))

    RQJobQueue(dead).after_append("g1", 3, ["UnitMoved"])


def test_the_twin_runs_jobs_breath_first_and_records_failures() -> None:
    ran: list[str] = []

    def fail(game_ids: Sequence[str]) -> None:
        ran.append(f"project {' '.join(game_ids)}")
        raise RuntimeError("boom")

    jobs = InMemoryJobQueue()
    jobs.attach(fail, lambda g: ran.append(f"breath {g}"))
    jobs.after_append("g1", 9, AFTER_MOVEMENT)

    assert ran == ["breath g1", "project g1"]
    assert [id_ for id_, _ in jobs.failed] == ["g1"]
    assert jobs.queued() == []


def test_the_in_memory_twins_project_and_resolve_breath_inline() -> None:
    # R-TRN-6: with no Redis at all the phase is resolved and the view kept current.
    store, projections = InMemoryEventStore(), InMemoryProjectionStore()
    jobs = InMemoryJobQueue()
    log = GameLog(store, InMemoryDiceStore(), jobs)
    service = GameService(log, InMemorySeatTokenStore())
    jobs.attach(Projector(log, projections).project, service.resolve_breath)
    game = BreathGame(service)

    game.open_breath()

    assert game.phase() == "combat"
    found = projections.load(game.game_id)
    assert found is not None and found.version == store.version(game.game_id)
    assert found.view["phase"] == "combat"
    assert jobs.failed == [] and jobs.queued() == []


def test_the_pending_flag_and_the_queue_share_a_cluster_slot() -> None:
    # One script takes the flag and queues the game: its keys must hash to one slot.
    assert due_key("q").startswith("lk:{q}:")
