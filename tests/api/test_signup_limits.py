"""What one client address may create and send, whichever keys it holds, and the application
keys that give a backend a budget of its own (issue 41, item 3: one address made 259 players
in 10 s, and fresh player keys multiplied its requests; docs/players.md, "Limits on
addresses and application keys"). Through HTTP, in memory and on Redis."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from lorekeeper.app_keys import APP_KEY_HEADER, app_key_entry, new_app_key
from lorekeeper.cli import main
from lorekeeper.settings import ConfigError, Settings
from tests.api.conftest import make_app, with_settings
from tests.api.helpers import bearer, problem
from tests.api.test_rate_limit_headers import parsed

# Buckets no request here empties unless a test makes one small; they refill all but never,
# so no count depends on how long a test takes.
ROOMY = {"rate_per_s": 0.001, "rate_burst": 1000, "address_rate_per_s": 0.001,
         "address_rate_burst": 1000}  # fmt: skip
Client = Callable[..., FlaskClient]


@pytest.fixture(params=["in_memory", "redis"])
def server(request: pytest.FixtureRequest) -> Client:
    """A test client of an app with these settings (on the rest of the tests' settings)."""
    redis_client = request.getfixturevalue("redis_client") if request.param == "redis" else None

    def client(**changes: Any) -> FlaskClient:
        settings = with_settings(**{**ROOMY, **changes})
        return make_app(request.param, settings, redis_client).test_client()

    return client


def sign_up(client: FlaskClient, n: int, **headers: str) -> TestResponse:
    return client.post("/players", json={"name": f"Player {n}"}, headers=headers)


def test_one_address_creates_at_most_its_bound_of_players(server: Client) -> None:
    client = server(players_per_address=3, players_window_s=3600)
    statuses = [sign_up(client, n).status_code for n in range(6)]
    assert statuses == [201, 201, 201, 429, 429, 429]

    refused = sign_up(client, 7)
    problem(refused, 429, "rate_limited")
    assert parsed(refused, "RateLimit-Policy")["players"] == {"q": 3, "w": 3600}
    left = parsed(refused, "RateLimit")["players"]
    retry = int(refused.headers["Retry-After"])
    assert left["r"] == 0 and left["t"] == retry and 1100 <= retry <= 1200  # a player in 20 min


def test_behind_a_trusted_proxy_each_address_has_its_own_bound(server: Client) -> None:
    client = server(players_per_address=2, trusted_proxies=1)

    def statuses(address: str) -> list[int]:
        return [sign_up(client, n, **{"X-Forwarded-For": address}).status_code
                for n in range(3)]  # fmt: skip

    assert statuses("203.0.113.7") == [201, 201, 429]
    assert statuses("198.51.100.2") == [201, 201, 429]  # another client behind the proxy
    # an IPv6 client counts by its /64, which one subscriber holds whole; an IPv4-mapped
    # address is its IPv4 address
    assert statuses("2001:db8:1:2::1")[:2] == [201, 201]
    assert statuses("2001:db8:1:2:aaaa:bbbb:cccc:dddd") == [429, 429, 429]
    assert statuses("::ffff:203.0.113.7") == [429, 429, 429]


def test_fresh_keys_do_not_multiply_an_address_budget(server: Client) -> None:
    """Each key keeps its own bucket (6 here), but everything the address sends shares its
    address's (10): five fresh keys get no more than the address, where each got its own."""
    client = server(rate_burst=6, address_rate_burst=10)
    keys = [sign_up(client, n).get_json()["key"] for n in range(5)]
    answers = [client.get("/players/me", headers=bearer(key)) for _ in range(6) for key in keys]

    served = sum(1 for a in answers if a.status_code == 200)
    assert 5 + served == 10  # the sign-ups, then what the address had left
    refused = next(a for a in answers if a.status_code == 429)
    problem(refused, 429, "rate_limited")
    left = parsed(refused, "RateLimit")
    assert left["address"]["r"] == 0 and left["requests"]["r"] > 0  # the key had some left
    assert parsed(refused, "RateLimit-Policy")["address"]["q"] == 10


def test_requests_without_a_key_count_against_the_address_too(server: Client) -> None:
    client = server(rate_burst=6, address_rate_burst=10)
    key = sign_up(client, 1).get_json()["key"]
    for _ in range(8):  # the key's bucket runs dry (6), the address's does not (1 + 8)
        client.get("/players/me", headers=bearer(key))
    assert client.get("/scenarios").status_code == 200  # the address's tenth
    problem(client.get("/scenarios"), 429, "rate_limited")


@pytest.fixture
def app_key() -> str:
    return new_app_key()


def test_an_app_key_has_its_own_quota(server: Client, app_key: str) -> None:
    client = server(players_per_address=2, players_per_app=4, address_rate_burst=4,
                    app_keys=app_key_entry("mobile", app_key))  # fmt: skip
    assert [sign_up(client, n).status_code for n in range(3)] == [201, 201, 429]

    as_app = {APP_KEY_HEADER: app_key}
    made = [sign_up(client, n, **as_app) for n in range(5)]
    assert [m.status_code for m in made] == [201, 201, 201, 201, 429]
    refused = problem(made[-1], 429, "rate_limited")
    assert "application key" in refused["detail"]
    policy = parsed(made[0], "RateLimit-Policy")
    assert policy["players"]["q"] == 4 and "app" in policy and "address" not in policy

    # the app's requests were not the address's: it has one request left of its four
    assert client.get("/scenarios").status_code == 200
    problem(client.get("/scenarios"), 429, "rate_limited")
    assert client.get("/scenarios", headers=as_app).status_code == 200


def test_an_app_key_lets_its_players_act_past_the_address_budget(
    server: Client, app_key: str
) -> None:
    client = server(address_rate_burst=3, app_keys=app_key_entry("mobile", app_key))
    as_app = {APP_KEY_HEADER: app_key}
    keys = [sign_up(client, n, **as_app).get_json()["key"] for n in range(4)]
    statuses = {client.get("/players/me", headers={**bearer(k), **as_app}).status_code
                for k in keys}  # fmt: skip
    assert statuses == {200}


@pytest.mark.parametrize("sent", ["lka_" + "x" * 43, "lkp_" + "x" * 43, "", "mobile"])
@pytest.mark.parametrize("limited", [True, False], ids=["limited", "unlimited"])
def test_an_unknown_app_key_is_refused(
    server: Client, app_key: str, sent: str, limited: bool
) -> None:
    rates = {} if limited else {"rate_per_s": 0}
    client = server(app_keys=app_key_entry("mobile", app_key), **rates)
    for response in (sign_up(client, 1, **{APP_KEY_HEADER: sent}),
                     client.get("/scenarios", headers={APP_KEY_HEADER: sent})):  # fmt: skip
        problem(response, 401, "app_key_rejected")
        assert not sent or sent not in response.get_data(as_text=True)  # never echoed


def test_an_unknown_app_key_still_counts_against_the_address(server: Client) -> None:
    client = server(address_rate_burst=2)
    wrong = {APP_KEY_HEADER: new_app_key()}
    problem(client.get("/scenarios", headers=wrong), 401, "app_key_rejected")
    problem(client.get("/scenarios", headers=wrong), 401, "app_key_rejected")
    problem(client.get("/scenarios", headers=wrong), 429, "rate_limited")


def test_the_cli_issues_a_key_the_server_keeps_only_the_hash_of(
    server: Client, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["app-key", "mobile"]) == 0
    printed = capsys.readouterr().out.split()
    key = next(word for word in printed if word.startswith("lka_"))
    entry = next(word for word in printed if word.startswith("mobile:"))
    settings = Settings.from_env({"LOREKEEPER_APP_KEYS": entry})
    assert key not in settings.model_dump_json()
    client = server(app_keys=settings.app_keys, players_per_address=1)
    assert sign_up(client, 1).status_code == 201
    assert sign_up(client, 2, **{APP_KEY_HEADER: key}).status_code == 201


def test_the_cli_refuses_a_bad_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["app-key", "no spaces"]) == 2
    assert "lka_" not in capsys.readouterr().out


@pytest.mark.parametrize("entries", ["mobile", "mobile:abc", "a b:" + "0" * 64, "lka_x"])
def test_a_malformed_app_keys_setting_stops_the_start(entries: str) -> None:
    with pytest.raises(ConfigError, match="LOREKEEPER_APP_KEYS"):
        Settings.from_env({"LOREKEEPER_APP_KEYS": entries})
