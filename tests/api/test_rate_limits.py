"""The rate limit counts against verified identities only (issue 21, item 3; issue 15): a
seat token that opens a seat of the game in the URL, a valid player key, a grant of that
game. Any other bearer string, made up or revoked, counts against the client's address, so
a fresh random token no longer buys a fresh bucket."""

from __future__ import annotations

import secrets

import pytest
import redis
from flask.testing import FlaskClient

from tests.api.conftest import make_app, with_settings
from tests.api.helpers import bearer, create, problem, sign_up
from tests.service.games import duel

BURST = 8
LIMITED = with_settings(rate_per_s=0.01, rate_burst=BURST)


@pytest.fixture(params=["in_memory", "redis"])
def limited(request: pytest.FixtureRequest) -> FlaskClient:
    client = request.getfixturevalue("redis_client") if request.param == "redis" else None
    return make_app(request.param, LIMITED, client).test_client()


@pytest.mark.parametrize("prefix", ["lks_", "lkp_", "lkv_", ""])
def test_made_up_tokens_count_against_their_address(limited: FlaskClient, prefix: str) -> None:
    game = create(limited, duel())  # one request from this address
    statuses = [
        limited.get(game.url, headers=bearer(prefix + secrets.token_urlsafe(32))).status_code
        for _ in range(BURST + 2)
    ]
    assert statuses.count(429) >= 2, statuses  # the address's bucket ran dry
    problem(limited.get(game.url), 429, "rate_limited")  # and tokenless requests with it


def test_verified_callers_keep_their_own_buckets(limited: FlaskClient) -> None:
    game = create(limited, duel())
    key = sign_up(limited)["key"]  # from the address's bucket too
    while limited.get(game.url).status_code != 429:
        pass
    assert limited.get(game.url, headers=bearer(game.tokens[0])).status_code == 200
    assert limited.get(game.url, headers=bearer(game.tokens[1])).status_code == 200
    assert limited.get("/players/me", headers=bearer(key)).status_code == 200
    # a seat token of another game is no seat here: the address again
    other = game.tokens[0]
    problem(limited.get("/games/another-game", headers=bearer(other)), 429, "rate_limited")


def test_a_made_up_token_leaves_no_bucket_in_redis(redis_client: redis.Redis) -> None:
    client = make_app("redis", LIMITED, redis_client).test_client()
    game = create(client, duel())
    for _ in range(BURST):
        client.get(game.url, headers=bearer("lks_" + secrets.token_urlsafe(32)))
    buckets = set(redis_client.keys("lk:bucket:*"))
    assert buckets == {b"lk:bucket:addr:127.0.0.1", b"lk:bucket:source:addr:127.0.0.1"}


def test_a_request_looks_its_seat_up_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rate limit's key and the command's actor both need the seat the token opens: one
    lookup serves both (the Caller remembers it for its request)."""
    app = make_app("in_memory", LIMITED, None)
    client = app.test_client()
    game = create(client, duel())
    access = app.extensions["lorekeeper"].seating.access
    looked_up: list[tuple[str, str]] = []
    lookup = access.seat_of_token

    def counted(game_id: str, token: str) -> int | None:
        looked_up.append((game_id, token))
        return lookup(game_id, token)

    monkeypatch.setattr(access, "seat_of_token", counted)
    game.send(0, {"type": "end_turn"})
    assert looked_up == [(game.id, game.tokens[0])]
    game.send(1, {"type": "end_turn"})
    assert looked_up[1:] == [(game.id, game.tokens[1])]


def _dry_then_other(client: FlaskClient, url: str, first: str, others: list[str]) -> list[int]:
    """Empty the bucket of a client that says it is `first`, then ask as each of `others`."""
    said = [client.get(url, headers={"X-Forwarded-For": first}).status_code
            for _ in range(BURST + 2)]  # fmt: skip
    assert said.count(429) >= 2, said
    return [client.get(url, headers={"X-Forwarded-For": xff}).status_code for xff in others]


def test_behind_a_trusted_proxy_each_client_address_has_its_own_bucket() -> None:
    client = make_app("in_memory", with_settings(rate_per_s=0.01, rate_burst=BURST,
                                                 trusted_proxies=1)).test_client()  # fmt: skip
    game = create(client, duel())
    fresh, forged = _dry_then_other(
        client, game.url, "203.0.113.7",
        # another client behind the proxy; one that puts a fresh address before the one the
        # proxy appends (only the proxy's own entry is trusted)
        ["198.51.100.2", "198.51.100.9, 203.0.113.7"],
    )  # fmt: skip
    assert (fresh, forged) == (200, 429)


def test_without_a_trusted_proxy_x_forwarded_for_is_ignored(limited: FlaskClient) -> None:
    game = create(limited, duel())
    assert _dry_then_other(limited, game.url, "203.0.113.7", ["198.51.100.2"]) == [429]
