"""Ratings over HTTP, on every backend (docs/ratings.md): a rated game changes both players'
ratings exactly once, even when the request that ended it died right after the append; the
log recomputes to the same numbers; which games may be rated; a player's public page, the
leaderboard and the lobby's rating filter; bot accounts labelled."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from lorekeeper.clocks.reading import now_ms
from lorekeeper.ratings.model import INITIAL
from lorekeeper.ratings.ports import RatingEntry
from lorekeeper.ratings.service import recompute
from tests.api.helpers import bearer, create_as, problem, sign_up
from tests.api.test_visibility import _finished_private_game
from tests.service.games import duel

PAIR = ({"kind": "me"}, {"kind": "open"})


def rated_game(client: FlaskClient, host: dict[str, Any], guest: dict[str, Any]) -> str:
    """A rated game `host` creates and `guest` joins; started."""
    created = create_as(client, host["key"], duel(), options={"rated": True}, seats=list(PAIR))
    game_id: str = created["game_id"]
    joined = client.post(f"/games/{game_id}/join", headers=bearer(guest["key"]))
    assert joined.status_code == 200, joined.get_json()
    return game_id


def resign(client: FlaskClient, game_id: str, player: dict[str, Any]) -> None:
    sent = client.post(f"/games/{game_id}/commands", json={"type": "resign"},
                       headers=bearer(player["key"]))  # fmt: skip
    assert sent.status_code == 200, sent.get_json()


def page(client: FlaskClient, player: dict[str, Any]) -> dict[str, Any]:
    response = client.get(f"/players/{player['id']}")
    assert response.status_code == 200, response.get_json()
    body: dict[str, Any] = response.get_json()
    return body


def test_a_rated_game_changes_both_ratings_exactly_once(app: Flask) -> None:
    client = app.test_client()
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    assert page(client, ann)["rating"]["rating"] == round(INITIAL.mu)
    game_id = rated_game(client, ann, bob)
    resign(client, game_id, ann)  # Bob wins
    won, lost = page(client, bob), page(client, ann)
    assert won["rating"]["mu"] > INITIAL.mu > lost["rating"]["mu"]
    assert won["record"] == {"games": 1, "wins": 1, "losses": 0, "draws": 0}
    assert lost["record"] == {"games": 1, "wins": 0, "losses": 1, "draws": 0}
    ratings = app.extensions["lorekeeper"].ratings
    assert ratings.rate_game(game_id)["rated"] is False  # the job again: nothing appended
    assert (page(client, bob), page(client, ann)) == (won, lost)
    entry = client.get(f"/ratings/games/{game_id}").get_json()
    assert entry["position"] == 0 and entry["game_id"] == game_id
    final = client.get(f"/games/{game_id}/events?from=1&limit=1000").get_json()["events"][-1]
    assert (entry["version"], entry["head_hash"]) == (final["version"], final["hash"])
    seats = {s["player_id"]: s for s in entry["seats"]}
    assert seats[bob["id"]]["after"] == {"mu": won["rating"]["mu"], "sigma": won["rating"]["sigma"]}
    assert seats[ann["id"]]["result"] == "loss" and seats[bob["id"]]["result"] == "win"


def test_a_game_whose_ending_request_died_after_the_append_is_rated_once(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = app.test_client()
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    game_id = rated_game(client, ann, bob)
    lorekeeper = app.extensions["lorekeeper"]

    def died(game_id: str, state: object) -> None:
        raise SystemExit("killed after the append, before its commit hooks ran")

    monkeypatch.setattr(lorekeeper.service, "_hooks", [died])
    with pytest.raises(SystemExit):
        client.post(f"/games/{game_id}/commands", json={"type": "resign"},
                    headers=bearer(ann["key"]))  # fmt: skip
    assert lorekeeper.service.log.load(game_id).state.is_over
    assert page(client, bob)["record"]["games"] == 0  # not rated: its job was never queued
    ratings = lorekeeper.ratings
    assert ratings.rate_overdue(60_000) == []  # too soon: a job may still be coming
    ratings._clock = lambda: now_ms() + 60_001  # the reconciler's pass, a minute on
    assert ratings.rate_overdue(60_000) == [game_id]
    assert ratings.rate_overdue(60_000) == []  # once
    assert page(client, bob)["record"] == {"games": 1, "wins": 1, "losses": 0, "draws": 0}
    assert client.get("/ratings/log").get_json()["next"] is None
    assert len(client.get("/ratings/log").get_json()["entries"]) == 1


def test_recomputing_every_rating_from_the_log_gives_the_same_numbers(app: Flask) -> None:
    client = app.test_client()
    players = [sign_up(client, name) for name in ("Ann", "Bob", "Cy")]
    for host, guest, loser in [(0, 1, 0), (1, 2, 2), (2, 0, 2), (0, 1, 1)]:
        resign(client, rated_game(client, players[host], players[guest]), players[loser])
    log = client.get("/ratings/log?limit=2").get_json()
    rest = client.get(f"/ratings/log?after={log['next']}").get_json()
    entries = [RatingEntry.from_json(e) for e in log["entries"] + rest["entries"]]
    assert [e["position"] for e in log["entries"] + rest["entries"]] == [0, 1, 2, 3]
    assert rest["next"] is None
    again = recompute(entries)
    assert again.mismatches == []
    for player in players:
        shown = page(client, player)
        skill = again.ratings[player["id"]]
        assert (shown["rating"]["mu"], shown["rating"]["sigma"]) == (skill.mu, skill.sigma)
        assert shown["record"]["wins"] == again.records[player["id"]]["win"]


def test_the_leaderboard_pages_highest_first(client: FlaskClient) -> None:
    ann, bob, cy = (sign_up(client, n) for n in ("Ann", "Bob", "Cy"))
    resign(client, rated_game(client, ann, bob), bob)
    resign(client, rated_game(client, cy, bob), bob)
    first = client.get("/ratings/leaderboard?limit=2")
    assert first.status_code == 200
    body = first.get_json()
    assert len(body["players"]) == 2 and body["next"] and "Link" in first.headers
    rest = client.get(f"/ratings/leaderboard?limit=2&cursor={body['next']}").get_json()
    board = body["players"] + rest["players"]
    assert [p["id"] for p in board][-1] == bob["id"] and rest["next"] is None
    mus = [p["rating"]["mu"] for p in board]
    assert mus == sorted(mus, reverse=True)
    problem(client.get("/ratings/leaderboard?cursor=nope"), 400, "invalid_query")


def test_only_a_game_a_rating_means_something_in_may_be_rated(client: FlaskClient) -> None:
    ann = sign_up(client, "Ann")

    def refused(**body: Any) -> None:
        options = {"rated": True, **body.pop("options", {})}
        response = client.post("/games", json={"scenario": duel(), "options": options, **body},
                               headers=bearer(ann["key"]))  # fmt: skip
        problem(response, 422, "cannot_be_rated")

    refused(seats=[{"kind": "me"}, {"kind": "bot", "bot": "battler"}])
    refused(seats=list(PAIR), visibility="private")
    refused(seats=list(PAIR), visibility="unlisted")
    refused(seats=list(PAIR), options={"seed": 7})
    anonymous = client.post("/games", json={"scenario": duel(), "options": {"rated": True}})
    problem(anonymous, 422, "cannot_be_rated")
    bad = client.post("/games", json={"scenario": duel(), "options": {"rated": "yes"}},
                      headers=bearer(ann["key"]))  # fmt: skip
    problem(bad, 422, "invalid_body")


def test_a_casual_game_changes_no_rating(client: FlaskClient) -> None:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    game_id = create_as(client, ann["key"], duel(), seats=list(PAIR))["game_id"]
    assert client.post(f"/games/{game_id}/join", headers=bearer(bob["key"])).status_code == 200
    resign(client, game_id, ann)
    assert page(client, bob)["record"]["games"] == 0
    problem(client.get(f"/ratings/games/{game_id}"), 404, "rating_not_found")


def test_a_player_page_is_public_and_an_unknown_one_is_404(client: FlaskClient) -> None:
    ann = sign_up(client, "Ann")
    shown = page(client, ann)
    assert set(shown) == {"id", "name", "bot", "created_ms", "rating", "record"}
    assert "keys" not in shown and shown["bot"] is False
    problem(client.get("/players/p_0123456789abcdef"), 404, "player_not_found")
    problem(client.get("/players/p_NOTAPLAYER12345x"), 404, "player_not_found")


def test_a_bot_account_is_labelled_in_the_table_and_the_lobby(client: FlaskClient) -> None:
    ann = sign_up(client, "Ann")
    made = client.post("/players", json={"name": "Robo", "bot": True})
    robo = made.get_json()
    assert made.status_code == 201 and robo["bot"] is True and page(client, robo)["bot"] is True
    seats = [{"kind": "me"}, {"kind": "player", "player_id": robo["id"]}]  # a challenge
    game_id = create_as(client, ann["key"], duel(), options={"rated": True}, seats=seats)["game_id"]
    assert client.post(f"/games/{game_id}/join", headers=bearer(robo["key"])).status_code == 200
    table = client.get(f"/games/{game_id}/table").get_json()
    assert [s["player"]["bot"] for s in table["seats"]] == [False, True]
    listed = client.get("/games?status=active").get_json()["games"][0]
    assert [s["player"]["bot"] for s in listed["seating"]] == [False, True]


def test_the_lobby_filters_open_games_by_rating(client: FlaskClient) -> None:
    ann, bob, cy = (sign_up(client, n) for n in ("Ann", "Bob", "Cy"))
    resign(client, rated_game(client, ann, bob), bob)  # Ann above 1500, Bob below
    high = create_as(client, ann["key"], duel(), options={"rated": True}, seats=list(PAIR))
    low = create_as(client, bob["key"], duel(), options={"rated": True}, seats=list(PAIR))
    new = create_as(client, cy["key"], duel(), seats=list(PAIR))  # Cy: 1500, unrated yet

    def ids(query: str) -> list[str]:
        response = client.get(f"/games?status=open&{query}")
        assert response.status_code == 200, response.get_json()
        return [g["game_id"] for g in response.get_json()["games"]]

    assert ids("rating_min=1501") == [high["game_id"]]
    assert ids("rating_max=1499") == [low["game_id"]]
    assert ids("rating_min=1500&rating_max=1500") == [new["game_id"]]
    assert len(ids("rating_min=0&limit=1")) == 1
    assert ids("rating_min=1600&rating_max=1400") == []
    problem(client.get("/games?rating_min=-1"), 400, "invalid_query")


def test_the_docs_recipe_checks_an_entry_with_the_library_alone(client: FlaskClient) -> None:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    for loser in (ann, bob):  # the second entry starts from the first one's `after`
        game_id = rated_game(client, ann, bob)
        resign(client, game_id, loser)
    entry = client.get(f"/ratings/games/{game_id}").get_json()
    page = (Path(__file__).parents[2] / "docs" / "ratings.md").read_text()
    recipe = page.split("```python\n")[1].split("```")[0]
    exec(recipe, {"entry": entry})  # its asserts hold
    entry["seats"][0]["after"]["mu"] += 1e-9
    with pytest.raises(AssertionError):
        exec(recipe, {"entry": entry})


def test_a_private_game_s_rating_route_answers_everyone_as_for_a_missing_game(
    client: FlaskClient,
) -> None:
    game_id, readers = _finished_private_game(client)
    nowhere = client.get("/ratings/games/no-such-game").get_json()
    for token in readers.values():
        there = client.get(f"/ratings/games/{game_id}", headers=bearer(token) if token else {})
        assert there.status_code == 404 and there.get_json()["code"] == nowhere["code"]
        echoed = there.get_data(as_text=True).replace(f"'{game_id}'", "")  # the id asked for
        assert game_id not in echoed
