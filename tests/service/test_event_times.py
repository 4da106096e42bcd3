"""An event's `time` in responses: RFC 3339 in UTC, to the millisecond (games/reads.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lorekeeper.games.reads import _rfc3339

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    ("time_ms", "text"),
    [
        (0, "1970-01-01T00:00:00.000Z"),
        (1767225600999, "2026-01-01T00:00:00.999Z"),
        (1767225601000, "2026-01-01T00:00:01.000Z"),
        (253402300799999, "9999-12-31T23:59:59.999Z"),  # exact: no float on the way
    ],
)
def test_the_time_of_an_event_is_its_millisecond_in_utc(time_ms: int, text: str) -> None:
    assert _rfc3339(time_ms) == text


@given(time_ms=st.integers(0, 253402300799999))
def test_any_millisecond_reads_back_as_itself(time_ms: int) -> None:
    text = _rfc3339(time_ms)
    moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    assert (moment - EPOCH) // timedelta(milliseconds=1) == time_ms
