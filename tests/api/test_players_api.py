"""Players over HTTP: keys, seats, invitations, joining, leaving, caps, rematches, bots
(issue 15). On both backends; breath phases and bots run inline (tests/workers has RQ)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain.notation import scenario_from_text
from lorekeeper.bots import choose_action
from lorekeeper.settings import Settings
from tests.api.conftest import make_app, with_settings
from tests.api.helpers import bearer, create_as, problem, sign_up
from tests.service.games import BATTLE_RF1, END_MOVEMENT, ORDER_BF0, WINNING_DICE, duel

INVITE_ME = {"seats": [{"kind": "me"}, {"kind": "invite"}]}


def trio() -> dict[str, Any]:
    """Three seats, one unit each."""
    players = [{"home_edge": e} for e in ("south", "north", "east")]
    return scenario_from_text(". bf0 .\n . rf1 gf2", players=players, name="trio")


def _play(client: FlaskClient, game_id: str, key: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/games/{game_id}/commands", json=body, headers=bearer(key))
    assert response.status_code == 200, response.get_json()
    reply: dict[str, Any] = response.get_json()
    return reply


def test_two_players_create_invite_join_and_finish_a_game(client: FlaskClient) -> None:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    created = create_as(client, ann["key"], duel(), options={"dice": {"script": WINNING_DICE}},
                        **INVITE_ME)  # fmt: skip
    game_id = created["game_id"]
    assert created["status"] == "open" and created["version"] == 1  # waiting for seat 1
    assert [s["seat"] for s in created["seats"]] == [0]  # Ann's own seat token only
    invitation = created["invitations"][0]
    problem(_command(client, game_id, ann["key"], ORDER_BF0), 409, "not_started")  # R-TRN-1

    joined = client.post(f"/games/{game_id}/join", json={"invitation": invitation["token"]},
                         headers=bearer(bob["key"]))  # fmt: skip
    assert joined.status_code == 200, joined.get_json()
    assert joined.get_json()["seat"] == 1 and joined.get_json()["table"]["status"] == "started"
    again = client.post(f"/games/{game_id}/join", json={"invitation": invitation["token"]},
                        headers=bearer(sign_up(client, "Cat")["key"]))  # fmt: skip
    problem(again, 409, "game_started")

    _play(client, game_id, ann["key"], ORDER_BF0)
    _play(client, game_id, ann["key"], END_MOVEMENT)
    won = _play(client, game_id, ann["key"], BATTLE_RF1)
    assert [e["type"] for e in won["events"]][-2:] == ["GameEnded", "SecretsRevealed"]
    view = client.get(f"/games/{game_id}", headers=bearer(bob["key"])).get_json()
    assert (view["phase"], view["winner"]) == ("over", 0)
    mine = client.get("/players/me/games?status=over", headers=bearer(bob["key"])).get_json()
    assert [g["game_id"] for g in mine["games"]] == [game_id]


def test_neither_player_ever_sees_the_other_ones_key(client: FlaskClient) -> None:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    seen: dict[str, list[str]] = {"ann": [], "bob": []}

    def as_(who: str, key: str, method: str, path: str, body: Any = None) -> dict[str, Any]:
        response = client.open(path, method=method, json=body, headers=bearer(key))
        seen[who].append(response.get_data(as_text=True))
        assert response.status_code < 400, response.get_json()
        reply: dict[str, Any] = response.get_json()
        return reply

    body = {"scenario": duel(), "options": {"auto_decisions": True}, **INVITE_ME}
    created = as_("ann", ann["key"], "POST", "/games", body)
    game_id = created["game_id"]
    joined = as_("bob", bob["key"], "POST", f"/games/{game_id}/join",
                 {"invitation": created["invitations"][0]["token"]})  # fmt: skip
    keys = {"ann": ann["key"], "bob": bob["key"]}
    tokens = {"ann": created["seats"][0]["token"], "bob": joined["token"]}
    for _ in range(200):
        view = as_("ann", ann["key"], "GET", f"/games/{game_id}")
        if view["phase"] == "over":
            break
        who = ("ann", "bob")[
            view["active_seat"] if view["pending"] is None else view["pending"]["seat"]
        ]
        legal = as_(who, keys[who], "GET", f"/games/{game_id}/legal-actions")
        as_(who, keys[who], "POST", f"/games/{game_id}/commands",
            choose_action(as_(who, keys[who], "GET", f"/games/{game_id}"), legal["actions"],
                          legal["seat"]))  # fmt: skip
    assert view["phase"] == "over"
    for me, other in (("ann", "bob"), ("bob", "ann")):
        everything = "".join(seen[me])
        assert keys[other] not in everything and tokens[other] not in everything


def _command(client: FlaskClient, game_id: str, key: str, body: Any) -> Any:
    return client.post(f"/games/{game_id}/commands", json=body, headers=bearer(key))


def test_a_player_key_acts_for_its_seat_and_seat_tokens_keep_working(client: FlaskClient):
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    created = create_as(client, ann["key"], duel(), **INVITE_ME)
    game_id = created["game_id"]
    invitation = {"invitation": created["invitations"][0]["token"]}
    joined = client.post(f"/games/{game_id}/join", json=invitation,
                         headers=bearer(bob["key"])).get_json()  # fmt: skip
    assert _command(client, game_id, ann["key"], {"type": "end_turn"}).status_code == 200
    problem(_command(client, game_id, ann["key"], {"type": "end_turn"}), 409, "not_your_turn")
    assert _command(client, game_id, joined["token"], {"type": "end_turn"}).status_code == 200
    seat0 = created["seats"][0]["token"]
    assert _command(client, game_id, seat0, {"type": "end_turn"}).status_code == 200
    legal = client.get(f"/games/{game_id}/legal-actions", headers=bearer(bob["key"]))
    assert legal.get_json()["seat"] == 1
    outsider = sign_up(client, "Cat")
    problem(_command(client, game_id, outsider["key"], {"type": "end_turn"}), 403, "not_seated")


def test_rotated_and_revoked_keys_are_refused_at_once(client: FlaskClient) -> None:
    ann = sign_up(client)
    first = ann["key"]
    assert first.startswith("lkp_") and len(first) == 47
    rotated = client.post("/players/me/keys/rotate", headers=bearer(first))
    assert rotated.status_code == 201
    second = rotated.get_json()["key"]
    problem(client.get("/players/me", headers=bearer(first)), 401, "token_rejected")
    me = client.get("/players/me", headers=bearer(second)).get_json()
    assert [k["id"] for k in me["keys"]] == [rotated.get_json()["key_id"]] == [me["key_id"]]

    third = client.post("/players/me/keys", headers=bearer(second)).get_json()
    assert client.get("/players/me", headers=bearer(third["key"])).status_code == 200
    gone = client.delete(f"/players/me/keys/{me['key_id']}", headers=bearer(third["key"]))
    assert gone.status_code == 204
    problem(client.get("/players/me", headers=bearer(second)), 401, "token_rejected")
    problem(client.post("/games", json={"scenario": duel()}, headers=bearer(second)),
            401, "token_rejected")  # fmt: skip
    problem(client.delete("/players/me/keys/000000000000", headers=bearer(third["key"])), 404,
            "key_not_found")  # fmt: skip
    assert client.get("/players/me", headers=bearer(third["key"])).status_code == 200


def test_a_key_revoked_on_one_process_is_refused_by_another(redis_client) -> None:
    one = make_app("redis", with_settings(), redis_client).test_client()
    other = make_app("redis", with_settings(), redis_client).test_client()
    key = sign_up(one)["key"]
    assert other.get("/players/me", headers=bearer(key)).status_code == 200
    key_id = one.get("/players/me", headers=bearer(key)).get_json()["key_id"]
    spare = one.post("/players/me/keys", headers=bearer(key)).get_json()["key"]
    assert one.delete(f"/players/me/keys/{key_id}", headers=bearer(spare)).status_code == 204
    problem(other.get("/players/me", headers=bearer(key)), 401, "token_rejected")
    assert other.get("/players/me", headers=bearer(spare)).status_code == 200


def test_keys_are_stored_only_as_hashes(redis_client) -> None:
    client = make_app("redis", with_settings(), redis_client).test_client()
    key = sign_up(client)["key"]
    for name in redis_client.keys("*"):
        kind = redis_client.type(name).decode()
        dump = {"string": lambda n: redis_client.get(n), "hash": lambda n: redis_client.hgetall(n)}
        stored = repr(dump[kind](name)) if kind in dump else ""
        assert key not in stored and key not in name.decode()


def test_a_player_has_at_most_so_many_keys(client: FlaskClient) -> None:
    key = sign_up(client)["key"]
    for _ in range(4):
        assert client.post("/players/me/keys", headers=bearer(key)).status_code == 201
    problem(client.post("/players/me/keys", headers=bearer(key)), 409, "too_many_keys")


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "a\u0000b", "tab\u200bx"])
def test_a_name_must_be_printable_and_short(client: FlaskClient, name: str) -> None:
    response = client.post("/players", json={"name": name})
    problem(response, 422, "invalid_body")


def test_joining_an_open_seat_leaving_and_joining_again(client: FlaskClient) -> None:
    ann, bob, cat = sign_up(client, "Ann"), sign_up(client, "Bob"), sign_up(client, "Cat")
    created = create_as(client, ann["key"], duel())  # default: me, then open seats
    game_id = created["game_id"]
    listed = client.get("/games?status=open").get_json()["games"]
    assert [g["game_id"] for g in listed] == [game_id]
    assert [s["kind"] for s in listed[0]["seating"]] == ["player", "open"]
    joined = client.post(f"/games/{game_id}/join", headers=bearer(bob["key"]))
    assert joined.status_code == 200 and joined.get_json()["seat"] == 1
    problem(client.post(f"/games/{game_id}/join", headers=bearer(cat["key"])), 409, "game_started")
    problem(client.post(f"/games/{game_id}/leave", headers=bearer(bob["key"])), 409, "game_started")

    second = create_as(client, ann["key"], duel())["game_id"]
    token = client.post(f"/games/{second}/join", headers=bearer(bob["key"])).get_json()
    assert token["table"]["status"] == "started"  # two seats: full at once
    third = create_as(client, ann["key"], duel(),
                      seats=[{"kind": "me"}, {"kind": "open"}])["game_id"]  # fmt: skip
    bobs = client.post(f"/games/{third}/join", headers=bearer(bob["key"])).get_json()
    assert bobs["table"]["status"] == "started"


def test_leaving_a_game_that_has_not_started_frees_the_seat(client: FlaskClient) -> None:
    ann, bob, cat = sign_up(client, "Ann"), sign_up(client, "Bob"), sign_up(client, "Cat")
    three = trio()
    game_id = create_as(client, ann["key"], three)["game_id"]
    bob_seat = client.post(f"/games/{game_id}/join", headers=bearer(bob["key"])).get_json()
    assert (
        client.get("/players/me/games?status=open", headers=bearer(bob["key"])).get_json()["games"][
            0
        ]["game_id"]
        == game_id
    )
    left = client.post(f"/games/{game_id}/leave", headers=bearer(bob["key"]))
    assert left.status_code == 200
    assert left.get_json()["table"]["seats"][1]["kind"] == "open"
    problem(_command(client, game_id, bob_seat["token"], {"type": "end_turn"}), 401,
            "token_rejected")  # fmt: skip
    assert client.get("/players/me/games", headers=bearer(bob["key"])).get_json()["games"] == []
    for who in (cat, bob):
        assert client.post(f"/games/{game_id}/join", headers=bearer(who["key"])).status_code == 200
    view = client.get(f"/games/{game_id}").get_json()
    assert view["turn"] == 1 and view["active_seat"] == 0  # started once the third sat down


def test_a_named_seat_waits_for_its_player(client: FlaskClient) -> None:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    seats = [{"kind": "me"}, {"kind": "player", "player_id": bob["id"]}]
    game_id = create_as(client, ann["key"], duel(), seats=seats)["game_id"]
    invited = client.get("/players/me/games?status=invited", headers=bearer(bob["key"]))
    assert [g["game_id"] for g in invited.get_json()["games"]] == [game_id]
    cat = sign_up(client, "Cat")
    problem(client.post(f"/games/{game_id}/join", headers=bearer(cat["key"])), 409, "seat_taken")
    assert client.post(f"/games/{game_id}/join", headers=bearer(bob["key"])).status_code == 200
    mine = client.get("/players/me/games?turn=mine", headers=bearer(ann["key"])).get_json()
    assert [g["game_id"] for g in mine["games"]] == [game_id]
    assert (
        client.get("/players/me/games?turn=mine", headers=bearer(bob["key"])).get_json()["games"]
        == []
    )


def test_seats_that_do_not_fit_are_refused(client: FlaskClient) -> None:
    ann = sign_up(client)
    headers = bearer(ann["key"])
    for seats, code in (
        ([{"kind": "me"}], "invalid_body"),  # duel has two seats
        ([{"kind": "me"}, {"kind": "me"}], "invalid_body"),
        ([{"kind": "me"}, {"kind": "player", "player_id": "p_" + "0" * 16}], "player_not_found"),
        ([{"kind": "me"}, {"kind": "bot", "bot": "nobody"}], "invalid_body"),
        ([{"kind": "me"}, {"kind": "open", "bot": "battler"}], "invalid_body"),
    ):
        response = client.post("/games", json={"scenario": duel(), "seats": seats}, headers=headers)
        status = 404 if code == "player_not_found" else 422
        problem(response, status, code)
    response = client.post("/games", json={"scenario": duel(), "seats": [{"kind": "me"}] * 2})
    problem(response, 401, "token_missing")  # `me` without a key


def test_anonymous_games_are_off_unless_the_operator_allows_them() -> None:
    settings = Settings(jobs="inline", rate_per_s=0)
    client = make_app("in_memory", settings).test_client()
    problem(client.post("/games", json={"scenario": duel()}), 401, "token_missing")
    key = sign_up(client)["key"]
    assert client.post("/games", json={"scenario": duel()}, headers=bearer(key)).status_code == 201


def test_caps_on_open_and_unfinished_games(settings: Settings) -> None:
    capped = with_settings(max_open_games_per_player=2, max_games_per_player=3)
    client = make_app("in_memory", capped).test_client()
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    games = [create_as(client, ann["key"], duel())["game_id"] for _ in range(2)]
    problem(client.post("/games", json={"scenario": duel()}, headers=bearer(ann["key"])), 403,
            "game_limit_reached")  # fmt: skip
    client.post(f"/games/{games[0]}/join", headers=bearer(bob["key"]))  # starts: one open left
    create_as(client, ann["key"], duel())  # 2 open + 1 active = 3 not over
    response = client.post("/games", json={"scenario": duel()}, headers=bearer(ann["key"]))
    body = problem(response, 403, "game_limit_reached")
    assert "not over" in body["detail"] or "waiting" in body["detail"]
    client.post(f"/games/{games[0]}/commands", json={"type": "resign"}, headers=bearer(bob["key"]))
    problem(
        client.post("/games", json={"scenario": duel()}, headers=bearer(ann["key"])),
        403,
        "game_limit_reached",
    )  # still 2 open
    assert client.post(f"/games/{games[1]}/join", headers=bearer(bob["key"])).status_code == 200
    assert (
        client.post("/games", json={"scenario": duel()}, headers=bearer(ann["key"])).status_code
        == 201
    )


def test_a_rematch_rotates_the_seats_and_waits_for_the_players(client: FlaskClient) -> None:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    seats = [{"kind": "me"}, {"kind": "player", "player_id": bob["id"]}]
    game_id = create_as(client, ann["key"], duel(), seats=seats)["game_id"]
    client.post(f"/games/{game_id}/join", headers=bearer(bob["key"]))
    problem(client.post(f"/games/{game_id}/rematch", headers=bearer(ann["key"])), 409,
            "game_not_over")  # fmt: skip
    _play(client, game_id, ann["key"], {"type": "resign"})
    made = client.post(f"/games/{game_id}/rematch", headers=bearer(bob["key"]))
    assert made.status_code == 201, made.get_json()
    rematch = made.get_json()
    seating = [(s["kind"], s["player"]["name"]) for s in rematch["table"]["seats"]]
    assert seating == [("player", "Bob"), ("reserved", "Ann")]  # one seat on
    assert rematch["table"]["rematch_of"] == game_id and rematch["status"] == "open"
    again = client.post(f"/games/{game_id}/rematch", headers=bearer(ann["key"]))
    assert again.status_code == 200 and again.get_json()["game_id"] == rematch["game_id"]
    assert client.get(f"/games/{game_id}/table").get_json()["rematch"] == rematch["game_id"]
    joined = client.post(f"/games/{rematch['game_id']}/join", headers=bearer(ann["key"]))
    assert joined.get_json()["seat"] == 1 and joined.get_json()["table"]["status"] == "started"


def test_a_player_plays_a_bot_to_the_end_and_the_game_audits(client: FlaskClient) -> None:
    ann = sign_up(client)
    body = {"seats": [{"kind": "me"}, {"kind": "bot", "bot": "battler"}],
            "options": {"auto_decisions": True}}  # fmt: skip
    created = create_as(client, ann["key"], duel(), **body)
    game_id = created["game_id"]
    assert created["status"] == "active"  # no seat waits for anyone
    _play(client, game_id, ann["key"], {"type": "end_turn"})
    view = client.get(f"/games/{game_id}").get_json()
    events = client.get(f"/games/{game_id}/events").get_json()["events"]
    bots = [e for e in events if e["seat"] == 1 and e["command"] is not None]
    assert bots and all(e["command_id"].startswith("bot@") for e in bots)  # recorded as seat 1's
    # The bot played its whole turn inline: seat 0 acts again in turn 3, or, the dice being
    # the server's (committed, so the game audits), its battle won at once (about one game in
    # 300: bf0 destroyed).
    if view["phase"] == "over":
        assert view["winner"] == 1 and bots[-1]["command"]["type"] == "battle"
    else:
        assert view["active_seat"] == 0 and view["turn"] == 3
        assert bots[-1]["command"] == {"type": "end_turn"}
    for _ in range(60):
        view = client.get(f"/games/{game_id}").get_json()
        if view["phase"] == "over":
            break
        legal = client.get(f"/games/{game_id}/legal-actions", headers=bearer(ann["key"])).get_json()
        _play(client, game_id, ann["key"], choose_action(view, legal["actions"], 0))
    assert view["phase"] == "over"
    verdict = client.get(f"/games/{game_id}/audit").get_json()
    assert verdict["verdict"] == "verified", verdict


def test_an_unstarted_then_started_game_audits(client: FlaskClient) -> None:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    game_id = create_as(client, ann["key"], duel(), options={"dice": {"script": WINNING_DICE}})[
        "game_id"
    ]
    client.post(f"/games/{game_id}/join", headers=bearer(bob["key"]))
    for body in (ORDER_BF0, END_MOVEMENT, BATTLE_RF1):
        _play(client, game_id, ann["key"], body)
    export = client.get(f"/games/{game_id}/export").get_data(as_text=True).splitlines()
    commands = [json.loads(line).get("command") for line in export[1:-1]]
    assert commands[:2] == [{"type": "create_game"}, {"type": "start_game"}]
    audit = client.get(f"/games/{game_id}/audit").get_json()
    assert audit["checks"]["rules"] == "5 appends re-decided", audit  # scripted dice: no more


def test_invitations_expire(app: Flask) -> None:
    client = app.test_client()
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    seats = [{"kind": "me"}, {"kind": "invite", "expires_in_s": 60}]
    created = create_as(client, ann["key"], duel(), seats=seats)
    seating = app.extensions["lorekeeper"].seating
    seating._clock = lambda: created["invitations"][0]["expires_ms"] + 1  # a minute later
    response = client.post(f"/games/{created['game_id']}/join",
                           json={"invitation": created["invitations"][0]["token"]},
                           headers=bearer(bob["key"]))  # fmt: skip
    problem(response, 403, "invitation_rejected")
    fresh = client.post(f"/games/{created['game_id']}/invitations", headers=bearer(ann["key"]))
    assert fresh.status_code == 201
    joined = client.post(
        f"/games/{created['game_id']}/join",
        json={"invitation": fresh.get_json()["token"]},
        headers=bearer(bob["key"]),
    )
    assert joined.status_code == 200


def test_open_games_nobody_joins_expire(app: Flask) -> None:
    client = app.test_client()
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    created = create_as(client, ann["key"], duel())
    seating = app.extensions["lorekeeper"].seating
    assert seating.expire_due() == []
    seating._clock = lambda: created["table"]["expires_ms"] + 1
    assert seating.expire_due() == [created["game_id"]]
    problem(client.post(f"/games/{created['game_id']}/join", headers=bearer(bob["key"])), 409,
            "game_closed")  # fmt: skip
    assert client.get("/games?status=open").get_json()["games"] == []
    expired = client.get("/players/me/games?status=expired", headers=bearer(ann["key"]))
    assert [g["game_id"] for g in expired.get_json()["games"]] == [created["game_id"]]
    assert seating.expire_due() == []  # off the expiring set


def test_an_invitation_is_used_once(client: FlaskClient) -> None:
    ann, bob, cat = sign_up(client, "Ann"), sign_up(client, "Bob"), sign_up(client, "Cat")
    three = trio()
    seats = [{"kind": "me"}, {"kind": "invite"}, {"kind": "invite"}]
    created = create_as(client, ann["key"], three, seats=seats, visibility="private")
    first = created["invitations"][0]["token"]
    url = f"/games/{created['game_id']}/join"
    assert (
        client.post(url, json={"invitation": first}, headers=bearer(bob["key"])).status_code == 200
    )
    # A used invitation opens nothing: the private game is hidden as from anyone else.
    problem(client.post(url, json={"invitation": first}, headers=bearer(cat["key"])), 404,
            "game_not_found")  # fmt: skip
    problem(client.post(url, headers=bearer(cat["key"])), 404, "game_not_found")
    public = create_as(client, ann["key"], three, seats=seats)
    url = f"/games/{public['game_id']}/join"
    used = {"invitation": public["invitations"][0]["token"]}
    assert client.post(url, json=used, headers=bearer(bob["key"])).status_code == 200
    problem(client.post(url, json=used, headers=bearer(cat["key"])), 403, "invitation_rejected")


def test_a_left_seat_s_token_is_refused_by_every_process_after_the_start(redis_client) -> None:
    # Each process keeps a game's seat-token hashes only once the game has started: before,
    # a seat may change hands (docs/players.md).
    one = make_app("redis", with_settings(), redis_client).test_client()
    other = make_app("redis", with_settings(), redis_client).test_client()
    ann, bob, cat = sign_up(one, "Ann"), sign_up(one, "Bob"), sign_up(one, "Cat")
    game_id = create_as(one, ann["key"], trio())["game_id"]
    bobs = one.post(f"/games/{game_id}/join", headers=bearer(bob["key"])).get_json()["token"]
    assert other.get(f"/games/{game_id}", headers=bearer(bobs)).status_code == 200  # read once
    assert one.post(f"/games/{game_id}/leave", headers=bearer(bob["key"])).status_code == 200
    for who in (cat, sign_up(one, "Dan")):
        assert one.post(f"/games/{game_id}/join", headers=bearer(who["key"])).status_code == 200
    for client in (one, other):
        problem(client.get(f"/games/{game_id}", headers=bearer(bobs)), 401, "token_rejected")
        problem(_command(client, game_id, bobs, {"type": "end_turn"}), 401, "token_rejected")
