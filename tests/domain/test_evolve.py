"""`evolve` gives a new state and leaves the one it was given as it was: a fold keeps every
state it passed (a projector's cached copy, a snapshot) unchanged."""

from __future__ import annotations

import dataclasses

import pytest

from domain import evolve
from domain.scenarios import scenario_names
from domain.state import GameState
from tests.domain.test_properties import play, short


@pytest.mark.parametrize("name", scenario_names())
def test_evolve_leaves_every_state_it_was_given_as_it_was(name: str) -> None:
    _, events = play(short(name, 6), 7, auto=True)
    passed: list[tuple[GameState, GameState]] = []  # each state, and a copy made at once
    state: GameState | None = None
    for event in events:
        state = evolve(state, event)
        passed.append((state, dataclasses.replace(state)))

    assert [s.version for s, _ in passed] == list(range(1, len(events) + 1))
    assert all(s == copy for s, copy in passed)
    assert len({id(s) for s, _ in passed}) == len(passed)  # a new state for every event
