"""Joining a seat with an Idempotency-Key, over HTTP (docs/players.md): a resend gets the
first seat and token, another body under the key is refused, and the key is the player's and
the game's only. On every backend."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.helpers import bearer, create_as, problem, sign_up
from tests.api.test_players_api import trio


def _join(client: FlaskClient, game_id: str, key: str, idem: str, body: Any = None) -> Any:
    headers = {**bearer(key), "Idempotency-Key": idem}
    return client.post(f"/games/{game_id}/join", headers=headers, json=body)


def test_a_join_resent_with_its_key_gets_the_first_seat_and_token(client: FlaskClient) -> None:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    game_id = create_as(client, ann["key"], trio())["game_id"]
    first = _join(client, game_id, bob["key"], "join-1", {"seat": 2})
    assert first.status_code == 200 and "Idempotent-Replayed" not in first.headers
    again = _join(client, game_id, bob["key"], "join-1", {"seat": 2})
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
    kept = ("game_id", "seat", "token", "client_seed_recorded")
    assert {k: again.get_json()[k] for k in kept} == {k: first.get_json()[k] for k in kept}
    token = again.get_json()["token"]
    legal = client.get(f"/games/{game_id}/legal-actions", headers=bearer(token))
    assert legal.status_code == 200 and legal.get_json()["seat"] == 2
    table = client.get(f"/games/{game_id}/table", headers=bearer(ann["key"])).get_json()
    assert [s["kind"] for s in table["seats"]] == ["player", "open", "player"]  # one seat
    assert "join_stamp" not in str(table)


def test_a_join_key_resent_with_another_body_is_refused(client: FlaskClient) -> None:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    game_id = create_as(client, ann["key"], trio())["game_id"]
    assert _join(client, game_id, bob["key"], "join-1", {"seat": 2}).status_code == 200
    problem(_join(client, game_id, bob["key"], "join-1", {"seat": 1}), 422,
            "idempotency_key_reused")  # fmt: skip
    problem(_join(client, game_id, bob["key"], "join-1"), 422, "idempotency_key_reused")
    problem(_join(client, game_id, bob["key"], "join-2", {"seat": 2}), 409, "already_seated")
    problem(client.post(f"/games/{game_id}/join", headers=bearer(bob["key"]), json={"seat": 2}),
            409, "already_seated")  # fmt: skip


def test_a_join_key_is_the_player_s_and_the_game_s_only(client: FlaskClient) -> None:
    ann, bob, cat = (sign_up(client, n) for n in ("Ann", "Bob", "Cat"))
    one, two = (create_as(client, ann["key"], trio())["game_id"] for _ in range(2))
    tokens = {
        _join(client, game_id, who["key"], "same-key").get_json()["token"]
        for game_id in (one, two)
        for who in (bob, cat)
    }
    assert len(tokens) == 4  # four seats, four tokens
    late = _join(client, one, sign_up(client, "Dan")["key"], "same-key")
    problem(late, 409, "game_started")
    resent = _join(client, one, bob["key"], "same-key")  # after the game began
    assert resent.status_code == 200 and resent.get_json()["token"] in tokens


def test_a_join_by_invitation_to_a_private_game_is_resent_alike(client: FlaskClient) -> None:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    made = create_as(client, ann["key"], trio(), visibility="private",
                     seats=[{"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}])  # fmt: skip
    body = {"invitation": made["invitations"][0]["token"]}
    first = _join(client, made["game_id"], bob["key"], "k", body)
    again = _join(client, made["game_id"], bob["key"], "k", body)
    assert first.status_code == again.status_code == 200
    assert again.get_json()["token"] == first.get_json()["token"]
