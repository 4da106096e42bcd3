"""The `game` fixture: the rule tests' harness (tests/domain/harness.py), with the dice a test
gives up front and, after them, faces drawn from a fixed seed."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest

from domain import SeededDice
from tests.domain.harness import Game


@pytest.fixture
def game() -> Callable[..., Game]:
    return partial(Game, then=SeededDice("test"))
