"""A thin client for the API tests: create a game, send commands as a seat, read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

PROBLEM_JSON = "application/problem+json"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Game:
    client: FlaskClient
    id: str
    tokens: list[str]

    @property
    def url(self) -> str:
        return f"/games/{self.id}"

    def send(self, seat: int, body: Any, **headers: str) -> TestResponse:
        all_headers = {**bearer(self.tokens[seat]), **headers}
        return self.client.post(f"{self.url}/commands", json=body, headers=all_headers)

    def ok(self, seat: int, body: Any, **headers: str) -> dict[str, Any]:
        response = self.send(seat, body, **headers)
        assert response.status_code == 200, response.get_json()
        data: dict[str, Any] = response.get_json()
        return data

    def get(self, path: str = "", seat: int | None = None, **headers: str) -> TestResponse:
        auth = bearer(self.tokens[seat]) if seat is not None else {}
        return self.client.get(self.url + path, headers={**auth, **headers})


def create(client: FlaskClient, scenario: Any, **options: Any) -> Game:
    response = client.post("/games", json={"scenario": scenario, "options": options})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    return Game(client, body["game_id"], [s["token"] for s in body["seats"]])


def problem(response: TestResponse, status: int, code: str) -> dict[str, Any]:
    """Assert `response` is the problem `code` with `status`; return its body."""
    assert response.status_code == status, (response.status_code, response.get_data(as_text=True))
    assert response.mimetype == PROBLEM_JSON
    body: dict[str, Any] = response.get_json()
    assert body["code"] == code, body
    assert body["status"] == status and body["title"] and body["detail"] and body["type"]
    return body


def sign_up(client: FlaskClient, name: str = "Ann") -> dict[str, Any]:
    """A new player: its id, name and API key (`key`)."""
    response = client.post("/players", json={"name": name})
    assert response.status_code == 201, response.get_json()
    body: dict[str, Any] = response.get_json()
    return body


def create_as(client: FlaskClient, key: str, scenario: Any, **body: Any) -> dict[str, Any]:
    """`POST /games` with a player key; the reply's body."""
    response = client.post("/games", json={"scenario": scenario, **body}, headers=bearer(key))
    assert response.status_code == 201, response.get_json()
    created: dict[str, Any] = response.get_json()
    return created
