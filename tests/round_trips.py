"""Counting a process's round trips to Redis: every packed send of every connection (a
single command, a pipeline, a lane's batch) is one."""

from __future__ import annotations

from typing import Any

import pytest
import redis


def count_round_trips(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A one-item list counting the packed sends (round trips) every connection makes."""
    sent = [0]
    original = redis.connection.AbstractConnection.send_packed_command

    def counting(self: Any, command: Any, check_health: bool = True) -> None:
        sent[0] += 1
        original(self, command, check_health)

    monkeypatch.setattr(redis.connection.AbstractConnection, "send_packed_command", counting)
    return sent
