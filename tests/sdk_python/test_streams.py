"""The stream iterators resume after a drop with nothing missed and nothing doubled
(docs/client/streams.md, "Live"; docs/push.md, "The player stream"). A fake transport plays the
server: its answers break mid-stream, time out, end at the server's time limit, and resend what the
client had."""

from __future__ import annotations

import httpx
import pytest
from lorekeeper_sdk import NotificationsDropped, StreamGap, TransportError

from tests.sdk_python.fakes import Fake, event, note, sse

END = {"end": "game_over"}


def query(fake: Fake, name: str) -> list[str | None]:
    return [r.url.params.get(name) for r in fake.requests]


def test_a_game_stream_resumes_after_each_kind_of_drop_missing_and_doubling_nothing() -> None:
    fake = Fake(
        sse([event(1), "", event(2)], then=httpx.ReadError("connection reset")),
        sse([event(2), event(3), {"end": "time_limit"}]),  # 2 again: the server's overlap
        sse([event(4)], then=httpx.ReadTimeout("silent for too long")),
        sse([event(5), END]),
    )
    with fake.client() as client:
        versions = [e.version for e in client.events("g1")]
    assert versions == [1, 2, 3, 4, 5]
    assert query(fake, "from") == ["1", "3", "4", "5"]
    assert all(r.headers["Accept"] == "text/event-stream" for r in fake.requests)
    assert len(fake.waits) == 2  # a back-off after each drop, none after the time limit


def test_a_game_stream_starts_where_asked() -> None:
    fake = Fake(sse([event(7), END]))
    with fake.client() as client:
        assert [e.version for e in client.events("g1", from_version=7)] == [7]
    assert query(fake, "from") == ["7"]


def test_a_stream_that_skips_a_version_is_refused_not_passed_on() -> None:
    fake = Fake(sse([event(1), event(3)]))
    with fake.client() as client, pytest.raises(StreamGap):
        list(client.events("g1"))


def test_drops_in_a_row_without_progress_are_bounded() -> None:
    fake = Fake(*(sse([], then=httpx.ReadError("reset")) for _ in range(3)))
    with fake.client(attempts=2) as client, pytest.raises(TransportError):
        list(client.events("g1"))
    assert len(fake.requests) == 3


def test_a_connection_closed_without_its_end_line_is_a_drop() -> None:
    fake = Fake(sse([event(1)]), sse([event(2), END]))
    with fake.client() as client:
        assert [e.version for e in client.events("g1")] == [1, 2]
    assert query(fake, "from") == ["1", "2"]


def test_the_player_stream_resumes_after_its_last_position() -> None:
    fake = Fake(
        sse([note("5-0"), "", note("7-1", "game_over")], then=httpx.RemoteProtocolError("cut")),
        sse([note("7-1", "game_over"), note("9-0", "game_started"), {"end": "time_limit"}]),
        sse([note("12-0")], then=httpx.ReadError("reset")),
    )
    with fake.client() as client:
        notes = client.notifications()
        got = [next(notes) for _ in range(4)]
    assert [n.position for n in got] == ["5-0", "7-1", "9-0", "12-0"]
    assert [n.type_ for n in got][1] == "game_over"
    assert query(fake, "after") == [None, "7-1", "9-0"]
    assert notes.position == "12-0"


def test_the_player_stream_goes_on_from_a_position_given_before() -> None:
    fake = Fake(sse([note("8-0")]))
    with fake.client() as client:
        assert next(client.notifications(after="7-3")).position == "8-0"
    assert query(fake, "after") == ["7-3"]


def test_a_with_block_connects_at_once_so_nothing_after_it_is_missed() -> None:
    fake = Fake(sse([note("1-0")]))
    with fake.client() as client, client.notifications() as notes:
        assert len(fake.requests) == 1  # connected before the first next()
        assert next(notes).position == "1-0"


def test_dropped_notes_are_said_once_then_the_stream_goes_on() -> None:
    fake = Fake(sse([{"reset": "notes_dropped"}, note("30-0")]))
    with fake.client() as client:
        notes = client.notifications(after="1-0")
        with pytest.raises(NotificationsDropped):
            next(notes)
        assert next(notes).position == "30-0"


def test_a_notification_of_a_type_this_sdk_does_not_know_comes_through() -> None:
    fake = Fake(sse([note("1-0", "tournament_started"), note("2-0")]))
    with fake.client() as client:
        notes = client.notifications()
        assert next(notes).type_ == "tournament_started"
        assert next(notes).position == notes.position == "2-0"
