"""Webhook endpoints over HTTP (issue 16, docs/push.md): register (the secret shown once,
never again), list, read, delete, enable, the delivery log, redelivery; refusals in the one
problem format: SSRF targets, http without leave, unknown types, the per-player cap, other
players' endpoints. Deliveries themselves are in tests/workers/test_webhooks.py."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.api.conftest import make_app, with_settings
from tests.api.helpers import bearer, problem, sign_up

LOCAL = "http://127.0.0.1:9/hooks"


def local_app() -> Flask:
    """An app that may send to 127.0.0.1 over http (as the tests' receivers need)."""
    settings = with_settings(webhook_allow_private=True, webhook_allow_http=True,
                             webhooks_per_player=2)  # fmt: skip
    return make_app("in_memory", settings)


def register(client: FlaskClient, key: str, **body: Any) -> Any:
    return client.post("/players/me/webhooks", json={"url": LOCAL, **body}, headers=bearer(key))


def test_an_endpoint_is_registered_listed_and_deleted() -> None:
    with local_app().test_client() as client:
        ann = sign_up(client)
        made = register(client, ann["key"], types=["your_turn", "game_over"])
        assert made.status_code == 201, made.get_json()
        body = made.get_json()
        assert body["secret"].startswith("whsec_") and made.headers["Cache-Control"] == "no-store"
        assert body["types"] == ["your_turn", "game_over"] and body["enabled"] is True
        assert made.headers["Location"] == f"/players/me/webhooks/{body['id']}"
        listed = client.get("/players/me/webhooks", headers=bearer(ann["key"])).get_json()
        assert [w["id"] for w in listed["webhooks"]] == [body["id"]]
        one = client.get(made.headers["Location"], headers=bearer(ann["key"]))
        assert one.status_code == 200
        for shown in (one.get_data(as_text=True), str(listed)):
            assert body["secret"] not in shown  # the secret is shown once
        log = client.get(made.headers["Location"] + "/deliveries", headers=bearer(ann["key"]))
        assert log.status_code == 200 and log.get_json() == {"deliveries": []}
        enabled = client.post(made.headers["Location"] + "/enable", headers=bearer(ann["key"]))
        assert enabled.status_code == 200 and enabled.get_json()["enabled"] is True
        redo = client.post(made.headers["Location"] + "/deliveries/n_x/redeliver",
                           headers=bearer(ann["key"]))  # fmt: skip
        problem(redo, 404, "delivery_not_found")
        gone = client.delete(made.headers["Location"], headers=bearer(ann["key"]))
        assert gone.status_code == 204
        problem(client.get(made.headers["Location"], headers=bearer(ann["key"])), 404,
                "webhook_not_found")  # fmt: skip


def test_a_player_holds_a_few_endpoints_and_sees_only_its_own() -> None:
    with local_app().test_client() as client:
        ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
        first = register(client, ann["key"]).get_json()
        register(client, ann["key"])
        problem(register(client, ann["key"]), 409, "too_many_webhooks")
        url = f"/players/me/webhooks/{first['id']}"
        problem(client.get(url, headers=bearer(bob["key"])), 404, "webhook_not_found")
        problem(client.delete(url, headers=bearer(bob["key"])), 404, "webhook_not_found")
        problem(client.get("/players/me/webhooks"), 401, "token_missing")


def test_bad_endpoints_are_refused(client: FlaskClient) -> None:
    # The default settings: https only, public addresses only.
    ann = sign_up(client)
    refused = problem(register(client, ann["key"]), 422, "webhook_target_refused")
    assert "https" in refused["detail"]
    for url in ("https://127.0.0.1/in", "https://[::1]/in", "https://169.254.169.254/latest",
                "https://10.0.0.7/in", "https://localhost/in"):  # fmt: skip
        made = register(client, ann["key"], url=url)
        problem(made, 422, "webhook_target_refused")
    problem(register(client, ann["key"], url="https://a.example/", types=["everything"]), 422,
            "invalid_body")  # fmt: skip
    problem(register(client, ann["key"], url="https://a.example/", types=[]), 422,
            "invalid_body")  # fmt: skip
    problem(register(client, ann["key"], url="x" * 3000), 422, "invalid_body")
    extra = client.post("/players/me/webhooks", json={"url": LOCAL, "secret": "mine"},
                        headers=bearer(ann["key"]))  # fmt: skip
    problem(extra, 422, "invalid_body")


# IPv6 addresses that reach an IPv4 host: NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry the
# IPv4 address inside; 64:ff9b:1::/48 is a network's own NAT64; ::/96 the old IPv4-compatible
# form; 2001::/32 Teredo.
@pytest.mark.parametrize(
    "address",
    ["64:ff9b::a00:7", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", "64:ff9b:1::a00:7",
     "2002:a00:7::1", "2002:7f00:1::", "2002:a9fe:a9fe::1", "2002:c0a8:101::1", "::a00:7",
     "::ffff:a00:7", "2001:0:4136:e378:8000:63bf:f5ff:fffe", "64:ff9b::e000:1"],
)  # fmt: skip
def test_an_ipv6_address_carrying_a_private_ipv4_one_is_refused(address: str) -> None:
    client = make_app("in_memory", with_settings()).test_client()  # as shipped: public only
    ann = sign_up(client)
    made = register(client, ann["key"], url=f"https://[{address}]/in")
    assert address in problem(made, 422, "webhook_target_refused")["errors"]["url"][0]


@pytest.mark.parametrize("address", ["64:ff9b::5db8:d70e", "2002:5db8:d70e::1"])
def test_an_ipv6_address_carrying_a_public_ipv4_one_is_taken(address: str) -> None:
    client = make_app("in_memory", with_settings()).test_client()
    ann = sign_up(client)
    made = register(client, ann["key"], url=f"https://[{address}]/in")  # 93.184.215.14
    assert made.status_code == 201, made.get_json()
