"""A thousand open event streams against a started server (issue 16): commands are still
answered while they are open, and each stream gets every event of its game."""

from __future__ import annotations

from collections import Counter

import pytest

from bench.stream_clients import StreamClients
from bench.streams import far_apart, turn_cycle
from tests.streams.conftest import answers_within

STREAMS = 1000
WATCHED_GAMES = 10
ANSWER_S = 10.0  # "answered at all", on a machine others may keep busy; not a speed target


@pytest.mark.timeout(180)
def test_a_thousand_streams_leave_commands_answered_and_all_get_their_events(start_api):
    api = start_api(LOREKEEPER_STREAMS_PER_CLIENT=str(STREAMS), LOREKEEPER_RATE_PER_S="0")
    watched = [api.create_game(far_apart()) for _ in range(WATCHED_GAMES)]
    played = api.create_game(far_apart())
    paths = [f"/games/{g['game_id']}/stream?from=3" for g in watched]

    with StreamClients(api.port, [paths[i % WATCHED_GAMES] for i in range(STREAMS)]) as streams:
        streams.open(timeout_s=120)
        assert Counter(streams.statuses) == {200: STREAMS}

        # Commands on another game are answered while every stream is open...
        cycle = turn_cycle()
        for _ in range(12):
            seat, body, _ = next(cycle)
            assert api.command(played, seat, body, timeout=ANSWER_S) > 0
        assert answers_within(api, "/readyz", ANSWER_S)

        # ... and a command to a watched game reaches each of its hundred streams.
        seat, body, _ = next(turn_cycle())
        version = api.command(watched[0], seat, body, timeout=ANSWER_S)
        arrived = streams.wait_for(version, STREAMS // WATCHED_GAMES, timeout_s=30)
        assert len(arrived) == STREAMS // WATCHED_GAMES
        health = api.request("GET", "/healthz", timeout=ANSWER_S)[2]["checks"]["streams"]
        assert health["open_streams"] <= STREAMS and health["topics"] <= WATCHED_GAMES
