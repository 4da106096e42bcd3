"""Lobby pages (issue 15): newest first, paged by cursor, stable while games are created and
finished at the same time: a game on the shelf for the whole paging is listed exactly once,
and no game twice."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.api.helpers import Game, bearer, create, problem, sign_up
from tests.service.games import duel


def _page_through(
    client: FlaskClient, url: str, limit: int, between: Callable[[], None] = lambda: None
) -> list[str]:
    """Every game id on the shelf, page by page; `between` runs after each page."""
    seen: list[str] = []
    cursor = None
    while True:
        query = f"limit={limit}" + (f"&cursor={cursor}" if cursor else "")
        page = client.get(f"{url}{'&' if '?' in url else '?'}{query}")
        assert page.status_code == 200, page.get_json()
        body: dict[str, Any] = page.get_json()
        seen += [g["game_id"] for g in body["games"]]
        cursor = body["next"]
        if cursor is None:
            return seen
        assert page.headers["Link"].endswith('; rel="next"')
        between()


def test_pages_go_newest_first_and_end(client: FlaskClient) -> None:
    games = [create(client, duel()).id for _ in range(7)]
    assert _page_through(client, "/games", 3) == games[::-1]
    assert _page_through(client, "/games?status=active&scenario=duel", 2) == games[::-1]
    assert _page_through(client, "/games?scenario=other", 2) == []
    assert client.get("/games?limit=100").get_json()["next"] is None


def test_a_cursor_the_server_did_not_give_is_refused(client: FlaskClient) -> None:
    for cursor in ("nonsense", "AAAA", "x" * 300):
        problem(client.get(f"/games?cursor={cursor}"), 400, "invalid_query")
    problem(client.get("/games?limit=0"), 400, "invalid_query")
    problem(client.get("/games?limit=101"), 400, "invalid_query")


def test_pages_stay_stable_while_games_are_created_and_finished(app: Flask) -> None:
    client = app.test_client()
    before = [create(client, duel()) for _ in range(40)]
    to_finish = before[::3]
    stop = threading.Event()
    created: list[str] = []
    errors: list[BaseException] = []

    def finish(mine: FlaskClient, game: Game) -> None:
        reply = mine.post(f"{game.url}/commands", json={"type": "resign"},
                          headers=bearer(game.tokens[0]))  # fmt: skip
        assert reply.status_code == 200, reply.get_json()

    def creating() -> None:  # in another thread, all the while
        mine = app.test_client()
        try:
            while not stop.is_set():
                created.append(create(mine, duel()).id)
        except BaseException as exc:  # reported below
            errors.append(exc)

    half = len(to_finish) // 2
    left = list(to_finish[:half])

    def between_pages() -> None:  # for sure between every two pages, too
        created.append(create(client, duel()).id)
        if left:
            finish(client, left.pop())

    thread = threading.Thread(target=creating)
    thread.start()
    try:
        every = _page_through(client, "/games", 3, between_pages)
        left[:] = to_finish[half:]  # finish the other half while paging again
        active = _page_through(client, "/games?status=active", 2, between_pages)
    finally:
        stop.set()
        thread.join()
    assert not errors, errors
    assert len(created) > 20  # the shelves changed under the pages
    ids = [g.id for g in before]
    assert len(every) == len(set(every)) and len(active) == len(set(active))
    # On `all` every game made before the paging stays in its place, finished or not: each is
    # listed once, in order. Games created meanwhile sort before the cursor, so only those
    # created before the first page was read may show (on it).
    assert [g for g in every if g in set(ids)] == ids[::-1]
    assert set(every) - set(ids) <= set(created)
    # On `active`, each game never finished is listed once, in order; finished ones may be.
    finished = {g.id for g in to_finish}
    kept = [g for g in ids if g not in finished]
    assert [g for g in active if g in set(kept)] == kept[::-1]
    assert set(active) <= set(ids) | set(created)


def test_my_games_and_the_games_waiting_on_me(client: FlaskClient) -> None:
    ann, bob = sign_up(client, "Ann"), sign_up(client, "Bob")
    ids = []
    for _ in range(5):
        made = client.post("/games", json={"scenario": duel()}, headers=bearer(ann["key"]))
        game_id = made.get_json()["game_id"]
        client.post(f"/games/{game_id}/join", headers=bearer(bob["key"]))
        ids.append(game_id)
    mine = _page_through_as(client, "/players/me/games", ann["key"], 2)
    assert mine == ids[::-1]
    assert _page_through_as(client, "/players/me/games?turn=mine", ann["key"], 2) == ids[::-1]
    assert _page_through_as(client, "/players/me/games?turn=mine", bob["key"], 2) == []
    client.post(f"/games/{ids[1]}/commands", json={"type": "end_turn"}, headers=bearer(ann["key"]))
    assert _page_through_as(client, "/players/me/games?turn=mine", bob["key"], 2) == [ids[1]]
    waiting = [g for g in ids if g != ids[1]][::-1]
    assert _page_through_as(client, "/players/me/games?turn=mine", ann["key"], 2) == waiting
    problem(client.get("/players/me/games?turn=mine&status=open", headers=bearer(ann["key"])),
            400, "invalid_query")  # fmt: skip
    problem(client.get("/players/me/games"), 401, "token_missing")


def _page_through_as(client: FlaskClient, url: str, key: str, limit: int) -> list[str]:
    seen: list[str] = []
    cursor = None
    while True:
        query = f"limit={limit}" + (f"&cursor={cursor}" if cursor else "")
        page = client.get(f"{url}{'&' if '?' in url else '?'}{query}", headers=bearer(key))
        assert page.status_code == 200, page.get_json()
        seen += [g["game_id"] for g in page.get_json()["games"]]
        cursor = page.get_json()["next"]
        if cursor is None:
            return seen
