"""The player stream against a started server (gunicorn, gevent workers; docs/push.md): a
browser's way in (a ticket, server-sent events) gets a notification as it happens, the
ticket opens one stream only, and resuming with Last-Event-ID misses nothing."""

from __future__ import annotations

import http.client
from typing import Any

import pytest

from tests.service.games import duel
from tests.streams.conftest import Api


def sign_up(api: Api, name: str) -> dict[str, Any]:
    status, _, body = api.request("POST", "/players", {"name": name})
    assert status == 201, body
    return dict(body)


def ticket(api: Api, key: str) -> str:
    status, _, body = api.request("POST", "/players/me/stream-tickets", None,
                                  {"Authorization": f"Bearer {key}"})  # fmt: skip
    assert status == 201, body
    return str(body["ticket"])


class Events:
    """Server-sent events read as they come, from one open stream."""

    def __init__(self, api: Api, path: str, headers: dict[str, str] | None = None) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", api.port, timeout=15)
        self.conn.request("GET", path, headers={"Accept": "text/event-stream", **(headers or {})})
        self.response = self.conn.getresponse()

    def next(self) -> dict[str, str]:
        """The next event's fields (comments and the retry line skipped)."""
        fields: dict[str, str] = {}
        while True:
            line = self.response.readline().decode().rstrip("\n")
            if line == "" and fields:
                return fields
            if line and not line.startswith((":", "retry:")):
                name, _, value = line.partition(": ")
                fields[name] = value

    def close(self) -> None:
        self.conn.close()


@pytest.mark.timeout(120)
def test_a_browser_hears_of_its_invitation_as_it_happens_and_resumes(start_api) -> None:
    api = start_api(LOREKEEPER_RATE_PER_S="0", LOREKEEPER_SSE_KEEPALIVE_S="1")
    ann, bob = sign_up(api, "Ann"), sign_up(api, "Bob")
    once = ticket(api, bob["key"])
    stream = Events(api, f"/players/me/stream?ticket={once}")
    try:
        assert stream.response.status == 200
        seats = [{"kind": "me"}, {"kind": "player", "player_id": bob["id"]}]
        status, _, made = api.request("POST", "/games", {"scenario": duel(), "seats": seats},
                                      {"Authorization": f"Bearer {ann['key']}"})  # fmt: skip
        assert status == 201, made
        event = stream.next()
        assert event.get("event") == "invitation_received", event
        assert f'"game_id":"{made["game_id"]}"' in event["data"]
    finally:
        stream.close()
    again = api.request("GET", f"/players/me/stream?ticket={once}")
    assert again[0] == 401 and again[2] is not None and again[2]["code"] == "ticket_rejected"

    status, _, _ = api.request("POST", f"/games/{made['game_id']}/join", None,
                               {"Authorization": f"Bearer {bob['key']}"})  # fmt: skip
    assert status == 200
    resumed = Events(api, f"/players/me/stream?ticket={ticket(api, bob['key'])}",
                     {"Last-Event-ID": event["id"]})  # fmt: skip
    try:
        assert resumed.next()["event"] == "game_started"  # missed while away, not lost
    finally:
        resumed.close()
