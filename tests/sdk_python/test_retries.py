"""Retries (clients/python/README.md, "Retries"): what is sent again, with which key, after
how long, and when the SDK gives up. A fake transport plays the server; waits are recorded,
never slept."""

from __future__ import annotations

import httpx
import pytest
from lorekeeper_sdk import Client, RateLimited, Retry, TransportError, Unavailable

from tests.sdk_python.fakes import Fake, command_reply, problem

END_TURN = {"type": "end_turn"}


def keys(fake: Fake) -> list[str | None]:
    return [r.headers.get("Idempotency-Key") for r in fake.requests]


def test_a_command_whose_answer_was_lost_is_sent_again_with_the_same_key() -> None:
    fake = Fake(httpx.ReadError("connection reset"),
                httpx.Response(200, json=command_reply(duplicate=True)))  # fmt: skip
    with fake.client() as client:
        reply = client.send("g1", END_TURN)
    assert reply.version == 3 and reply.duplicate  # the server's first result
    assert len(fake.requests) == 2
    first, again = keys(fake)
    assert first is not None and first == again
    assert fake.requests[0].content == fake.requests[1].content


def test_each_command_has_a_key_of_its_own_unless_one_is_given() -> None:
    fake = Fake(*(httpx.Response(200, json=command_reply()) for _ in range(3)))
    with fake.client() as client:
        client.send("g1", END_TURN)
        client.send("g1", END_TURN)
        client.send("g1", END_TURN, idempotency_key="turn-7-end")
    first, second, third = keys(fake)
    assert first and second and first != second
    assert third == "turn-7-end"


def test_a_503_is_retried_after_its_retry_after() -> None:
    fake = Fake(problem(503, "store_unavailable", {"Retry-After": "2"}),
                httpx.Response(200, json=command_reply()))  # fmt: skip
    with fake.client() as client:
        client.send("g1", END_TURN)
    assert fake.waits == [2.0]
    assert len(set(keys(fake))) == 1


def test_a_rate_limited_request_waits_what_retry_after_says() -> None:
    fake = Fake(problem(429, "rate_limited", {"Retry-After": "3"}),
                problem(429, "rate_limited", {"Retry-After": "1"}),
                httpx.Response(200, json={"keys": []}))  # fmt: skip
    with fake.client() as client:
        assert client.signing_keys().keys == []
    assert fake.waits == [3.0, 1.0]


def test_a_503_without_retry_after_backs_off_doubling_with_jitter() -> None:
    fake = Fake(*(problem(503, "store_unavailable") for _ in range(3)),
                httpx.Response(200, json={"keys": []}))  # fmt: skip
    with fake.client(backoff_s=1.0, max_backoff_s=3.0) as client:
        client.signing_keys()
    first, second, third = fake.waits
    assert 0.5 <= first <= 1.0 and 1.0 <= second <= 2.0 and 1.5 <= third <= 3.0


def test_a_wait_longer_than_the_bound_is_not_made_the_error_says_how_long() -> None:
    fake = Fake(problem(503, "store_full", {"Retry-After": "120"}))
    with fake.client(max_wait_s=30) as client, pytest.raises(Unavailable) as raised:
        client.send("g1", END_TURN)
    assert raised.value.code == "store_full" and raised.value.retry_after == 120.0
    assert fake.waits == [] and len(fake.requests) == 1


def test_retries_are_bounded_then_the_last_answer_is_raised() -> None:
    fake = Fake(*(problem(503, "store_unavailable", {"Retry-After": "1"}) for _ in range(3)))
    with fake.client(attempts=2) as client, pytest.raises(Unavailable):
        client.send("g1", END_TURN)
    assert len(fake.requests) == 3 and fake.waits == [1.0, 1.0]


def test_a_broken_connection_is_retried_a_bounded_number_of_times() -> None:
    fake = Fake(*(httpx.ReadError("reset") for _ in range(3)))
    with fake.client(attempts=2) as client, pytest.raises(TransportError):
        client.game("g1")
    assert len(fake.requests) == 3


def test_a_request_without_a_key_is_not_sent_twice_once_it_may_have_arrived() -> None:
    # A sign-up whose answer was lost may have made the player: sending it again would make
    # a second one. Only a connection never made is retried.
    fake = Fake(httpx.ConnectError("refused"), httpx.ReadError("reset"))
    with pytest.raises(TransportError):
        sign_up(fake)
    assert [r.url.path for r in fake.requests] == ["/v1/players", "/v1/players"]
    assert len(fake.waits) == 1


def test_a_503_is_not_retried_for_a_request_without_a_key() -> None:
    fake = Fake(problem(503, "store_unavailable", {"Retry-After": "1"}))
    with pytest.raises(Unavailable):
        sign_up(fake)
    assert len(fake.requests) == 1


def test_a_429_without_retry_after_is_raised_at_once() -> None:
    fake = Fake(problem(429, "too_many_streams"))
    with fake.client() as client, pytest.raises(RateLimited) as raised:
        client.game("g1")
    assert raised.value.code == "too_many_streams" and raised.value.retry_after is None
    assert len(fake.requests) == 1


def test_a_retry_after_given_as_a_date_is_honoured() -> None:
    fake = Fake(problem(503, "store_unavailable", {"Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"}),
                httpx.Response(200, json={"keys": []}))  # fmt: skip
    with fake.client() as client:
        client.signing_keys()
    assert fake.waits == [0.0]  # a date in the past: at once


def test_the_backoff_stays_within_its_bounds() -> None:
    retry = Retry(backoff_s=0.5, max_backoff_s=4.0)
    for n, ceiling in [(1, 0.5), (2, 1.0), (3, 2.0), (4, 4.0), (9, 4.0)]:
        assert all(ceiling / 2 <= retry.backoff(n) <= ceiling for _ in range(50))


def sign_up(fake: Fake) -> None:
    Client.sign_up("http://lorekeeper.test", "Ann", retry=Retry(sleep=fake.waits.append),
                   transport=httpx.MockTransport(fake))  # fmt: skip
