""" "Your turn" when a turn resumes without the other seat's command, over HTTP
(docs/push.md): after the server's breath phase, after a join completes the table, after a
clock's time-out. Each is told exactly once, on the stream and to webhooks alike. On every
backend (the breath phase resolved inline)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.helpers import bearer, create_as, sign_up
from tests.api.test_push_stream import notes, play
from tests.service.games import ice

ORDER_BREATH = {"type": "order", "units": ["id0"], "breath": ["id0"]}
FLY = {"type": "fly", "unit": "id0", "path": [[1, 1], [2, 1], [3, 1], [4, 1]]}
BREATH_DICE = ["lore", "lore", "green", "red", "red", "red", "lore", "red", "red"]


def _ice_game(client: FlaskClient) -> tuple[dict[str, Any], dict[str, Any], str]:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    seats = [{"kind": "me"}, {"kind": "player", "player_id": bob["id"]}]
    made = create_as(client, ann["key"], ice(), seats=seats,
                     options={"dice": {"script": BREATH_DICE}})  # fmt: skip
    joined = client.post(f"/games/{made['game_id']}/join", headers=bearer(bob["key"]))
    assert joined.status_code == 200, joined.get_json()
    return ann, bob, made["game_id"]


def _told(client: FlaskClient, key: str) -> list[tuple[str, int, str]]:
    return [(n["type"], n["turn"], n["id"]) for n in notes(client, key)]


def test_the_active_seat_is_told_once_its_turn_resumes_after_the_breath_phase(
    client: FlaskClient,
) -> None:
    ann, bob, game_id = _ice_game(client)  # R-TRN-6
    assert [t for t, _, _ in _told(client, ann["key"])] == ["game_started", "your_turn"]
    play(client, game_id, ann["key"], ORDER_BREATH)
    play(client, game_id, ann["key"], FLY)  # her own commands: nothing new
    assert [t for t, _, _ in _told(client, ann["key"])] == ["game_started", "your_turn"]
    play(client, game_id, ann["key"], {"type": "end_movement"})  # the server breathes
    view = client.get(f"/games/{game_id}", headers=bearer(ann["key"])).get_json()
    assert view["phase"] == "combat" and view["active_seat"] == 0
    told = _told(client, ann["key"])
    assert [(t, turn) for t, turn, _ in told] == [
        ("game_started", 1), ("your_turn", 1), ("your_turn", 1)]  # fmt: skip
    assert len({i for _, _, i in told}) == 3  # a new fact: its own id
    assert _told(client, ann["key"]) == told  # and only once, however often it is read
    bobs = ["invitation_received", "game_started"]
    assert [t for t, _, _ in _told(client, bob["key"])] == bobs
    play(client, game_id, ann["key"], {"type": "end_turn"})
    assert [(t, turn) for t, turn, _ in _told(client, bob["key"])][1:] == [
        ("game_started", 1), ("your_turn", 2)]  # fmt: skip
    assert len(_told(client, ann["key"])) == 3


def test_the_first_seat_is_told_once_the_last_join_starts_the_game(client: FlaskClient) -> None:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    made = create_as(client, ann["key"], ice(), seats=[{"kind": "me"}, {"kind": "open"}])
    assert [n["type"] for n in notes(client, ann["key"])] == []
    joined = client.post(f"/games/{made['game_id']}/join", headers=bearer(bob["key"]))
    assert joined.status_code == 200
    assert [n["type"] for n in notes(client, ann["key"])] == ["game_started", "your_turn"]
    assert [n["type"] for n in notes(client, bob["key"])] == ["game_started"]
