"""A player's notification stream over HTTP (issue 16, docs/push.md): what is derived, in
which order, once; NDJSON and SSE; resuming with Last-Event-ID and ?after= without missing or
repeating anything; single-use tickets for browsers; CORS. On every backend (projections
inline)."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.api.conftest import make_app, with_settings
from tests.api.helpers import bearer, create_as, problem, sign_up
from tests.service.games import BATTLE_RF1, END_MOVEMENT, ORDER_BF0, WINNING_DICE, duel

NDJSON = {"Accept": "application/x-ndjson"}


def notes(client: FlaskClient, key: str | None, query: str = "?after=0-0",
          **headers: str) -> list[dict[str, Any]]:  # fmt: skip
    """Every note the stream gives before it ends (the tests' streams end after 0.4 s)."""
    auth = bearer(key) if key else {}
    response = client.get(f"/players/me/stream{query}", headers={**NDJSON, **auth, **headers})
    assert response.status_code == 200, response.get_data(as_text=True)
    lines = [json.loads(line) for line in response.get_data(as_text=True).splitlines() if line]
    assert lines[-1] == {"end": "time_limit"}
    return [line for line in lines[:-1] if "type" in line]


def play(client: FlaskClient, game_id: str, key: str, body: dict[str, Any]) -> None:
    response = client.post(f"/games/{game_id}/commands", json=body, headers=bearer(key))
    assert response.status_code == 200, response.get_json()


def started_duel(client: FlaskClient) -> tuple[dict[str, Any], dict[str, Any], str]:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    seats = [{"kind": "me"}, {"kind": "player", "player_id": bob["id"]}]
    created = create_as(client, ann["key"], duel(), seats=seats,
                        options={"dice": {"script": WINNING_DICE}})  # fmt: skip
    return ann, bob, created["game_id"]


def test_a_game_tells_each_player_what_concerns_it_once_and_in_order(
    client: FlaskClient,
) -> None:
    ann, bob, game_id = started_duel(client)
    assert [n["type"] for n in notes(client, bob["key"])] == ["invitation_received"]
    joined = client.post(f"/games/{game_id}/join", headers=bearer(bob["key"]))
    assert joined.status_code == 200, joined.get_json()
    assert [n["type"] for n in notes(client, ann["key"])] == ["game_started", "your_turn"]
    play(client, game_id, ann["key"], ORDER_BF0)  # the same turn: nothing new for anyone
    play(client, game_id, ann["key"], END_MOVEMENT)
    play(client, game_id, ann["key"], BATTLE_RF1)  # Ann wins
    ann_notes, bob_notes = notes(client, ann["key"]), notes(client, bob["key"])
    assert [n["type"] for n in ann_notes] == ["game_started", "your_turn", "game_over"]
    assert [n["type"] for n in bob_notes] == ["invitation_received", "game_started", "game_over"]
    assert {n["game_id"] for n in ann_notes + bob_notes} == {game_id}
    assert ann_notes[-1]["winner"] == 0 and bob_notes[-1]["seat"] == 1
    ids = [n["id"] for n in ann_notes + bob_notes]
    assert len(set(ids)) == len(ids)  # a note per player and fact: no two alike
    positions = [n["position"] for n in ann_notes]
    assert positions == sorted(positions, key=lambda p: tuple(map(int, p.split("-"))))


def test_a_stream_resumes_after_the_last_note_seen(client: FlaskClient) -> None:
    ann, bob, game_id = started_duel(client)
    client.post(f"/games/{game_id}/join", headers=bearer(bob["key"]))
    first = notes(client, ann["key"])
    assert len(first) == 2
    after_one = notes(client, ann["key"], "", **{"Last-Event-ID": first[0]["position"]})
    assert [n["id"] for n in after_one] == [first[1]["id"]]
    query = f"?after={first[1]['position']}"
    assert notes(client, ann["key"], query) == []  # nothing new yet
    play(client, game_id, ann["key"], {"type": "resign"})
    resumed = notes(client, ann["key"], query)
    assert [n["type"] for n in resumed] == ["game_over"]


def test_a_stream_without_a_position_starts_at_the_newest_note(client: FlaskClient) -> None:
    ann, bob, game_id = started_duel(client)
    client.post(f"/games/{game_id}/join", headers=bearer(bob["key"]))
    assert notes(client, ann["key"], "") == []


def test_server_sent_events_carry_the_position_as_their_id(client: FlaskClient) -> None:
    ann, bob, game_id = started_duel(client)
    client.post(f"/games/{game_id}/join", headers=bearer(bob["key"]))
    response = client.get("/players/me/stream?after=0-0", headers={
        "Accept": "text/event-stream", **bearer(ann["key"])})  # fmt: skip
    assert response.status_code == 200 and response.mimetype == "text/event-stream"
    text = response.get_data(as_text=True)
    events = [block for block in text.split("\n\n") if block.startswith("id: ")]
    assert [e.split("\n")[1] for e in events] == ["event: game_started", "event: your_turn"]
    assert 'event: end\ndata: {"reason": "time_limit"}' in text


def test_a_ticket_opens_one_stream_and_only_one(client: FlaskClient) -> None:
    ann, bob, game_id = started_duel(client)
    client.post(f"/games/{game_id}/join", headers=bearer(bob["key"]))
    made = client.post("/players/me/stream-tickets", headers=bearer(ann["key"]))
    assert made.status_code == 201 and made.headers["Cache-Control"] == "no-store"
    ticket = made.get_json()["ticket"]
    assert ticket.startswith("lkt_") and ann["key"] not in made.get_json()["stream"]
    assert len(notes(client, None, f"?after=0-0&ticket={ticket}")) == 2
    used = client.get(f"/players/me/stream?ticket={ticket}", headers=NDJSON)
    problem(used, 401, "ticket_rejected")
    problem(client.get("/players/me/stream?ticket=lkt_madeup", headers=NDJSON), 401,
            "ticket_rejected")  # fmt: skip
    problem(client.post("/players/me/stream-tickets"), 401, "token_missing")


def test_bad_positions_are_refused(client: FlaskClient) -> None:
    ann = sign_up(client)
    for after in ("soon", "1-1%0A", "1-1x", "-1-0"):
        problem(client.get(f"/players/me/stream?after={after}", headers=bearer(ann["key"])),
                400, "invalid_query")  # fmt: skip
    resumed = client.get("/players/me/stream", headers={**bearer(ann["key"]), "Last-Event-ID": "x"})
    problem(resumed, 400, "bad_header")
    problem(client.get("/players/me/stream"), 401, "token_missing")


# Redis stream ids are two unsigned 64-bit numbers; nothing can come after the very last.
LARGEST = 2**64 - 1


def test_positions_beyond_what_redis_can_hold_are_refused(client: FlaskClient) -> None:
    ann = sign_up(client)
    beyond = ("99999999999999999999-0", "0-99999999999999999999", f"{LARGEST + 1}-0",
              f"0-{LARGEST + 1}", f"{LARGEST}-{LARGEST}")  # fmt: skip
    for position in beyond:
        asked = client.get(f"/players/me/stream?after={position}", headers=bearer(ann["key"]))
        assert "after" in problem(asked, 400, "invalid_query")["errors"]
        resumed = client.get("/players/me/stream", headers={**bearer(ann["key"]),
                                                            "Last-Event-ID": position})  # fmt: skip
        problem(resumed, 400, "bad_header")


def test_the_largest_positions_redis_holds_are_followed(client: FlaskClient) -> None:
    ann, bob, game_id = started_duel(client)
    client.post(f"/games/{game_id}/join", headers=bearer(bob["key"]))
    for position in (f"{LARGEST}-0", f"{LARGEST - 1}-{LARGEST}"):  # after every note
        assert notes(client, ann["key"], f"?after={position}") == []
        assert notes(client, ann["key"], "", **{"Last-Event-ID": position}) == []
    assert len(notes(client, ann["key"], f"?after=0-{LARGEST}")) == 2  # before them


def test_cors_answers_only_listed_origins(client: FlaskClient) -> None:
    # The default lists none: no CORS header, whatever the origin.
    asked = client.options("/players/me/stream", headers={
        "Origin": "https://app.example", "Access-Control-Request-Method": "GET"})  # fmt: skip
    assert "Access-Control-Allow-Origin" not in asked.headers


def test_cors_preflight_for_an_allowed_origin() -> None:
    settings = with_settings(cors_origins="https://app.example, https://b.example")
    app: Flask = make_app("in_memory", settings)
    with app.test_client() as client:
        preflight = client.options("/players/me/stream-tickets", headers={
            "Origin": "https://app.example", "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "Authorization"})  # fmt: skip
        assert preflight.status_code == 200
        assert preflight.headers["Access-Control-Allow-Origin"] == "https://app.example"
        assert "authorization" in preflight.headers["Access-Control-Allow-Headers"].lower()
        assert "Access-Control-Allow-Credentials" not in preflight.headers
        other = client.options("/players/me/stream-tickets", headers={
            "Origin": "https://evil.example", "Access-Control-Request-Method": "POST"})  # fmt: skip
        assert "Access-Control-Allow-Origin" not in other.headers
        ann = sign_up(client)
        answered = client.get("/players/me", headers={**bearer(ann["key"]),
                                                      "Origin": "https://b.example"})  # fmt: skip
        assert answered.headers["Access-Control-Allow-Origin"] == "https://b.example"
        assert "RateLimit" in answered.headers["Access-Control-Expose-Headers"]


def _game_stream(client: FlaskClient, game_id: str, query: str = "", **headers: str) -> Any:
    response = client.get(f"/games/{game_id}/stream{query}", headers={**NDJSON, **headers})
    text = response.get_data(as_text=True)
    return response.status_code, [json.loads(line) for line in text.splitlines() if line]


def test_a_ticket_opens_a_game_stream_as_its_player(client: FlaskClient) -> None:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    seats = [{"kind": "me"}, {"kind": "player", "player_id": bob["id"]}]
    made = create_as(client, ann["key"], duel(), visibility="private", seats=seats)
    game_id = made["game_id"]
    assert client.post(f"/games/{game_id}/join", headers=bearer(bob["key"])).status_code == 200
    for player in (ann, bob):
        ticket = client.post("/players/me/stream-tickets", headers=bearer(player["key"]))
        url = ticket.get_json()["ticket"]
        by_key = _game_stream(client, game_id, **bearer(player["key"]))
        assert _game_stream(client, game_id, f"?ticket={url}") == by_key
        assert by_key[0] == 200 and by_key[1][-1] == {"end": "time_limit"}
        again = client.get(f"/games/{game_id}/stream?ticket={url}")
        problem(again, 401, "ticket_rejected")  # one stream per ticket
    eve = sign_up(client, "Eve")
    ticket = client.post("/players/me/stream-tickets", headers=bearer(eve["key"]))
    outsider = client.get(f"/games/{game_id}/stream?ticket={ticket.get_json()['ticket']}")
    problem(outsider, 404, "game_not_found")  # as for a game that does not exist
    problem(client.get(f"/games/{game_id}/stream?ticket=lkt_made_up"), 401, "ticket_rejected")
    problem(client.get(f"/games/{game_id}/stream?ticket="), 400, "invalid_query")
