"""domain.state.replace: dataclasses.replace for the state's records, by copying fields."""

from __future__ import annotations

import dataclasses

import pytest

from domain.state import Tokens, Unit, replace
from tests.domain.harness import Game

DUEL = """
. .   .   . .
 . bf0 rf1 . .
. .   .   . .
"""


def test_replace_gives_what_dataclasses_replace_gives() -> None:
    state = Game(DUEL).state
    unit = state.units["bf0"]

    assert replace(state, version=7, turn=2) == dataclasses.replace(state, version=7, turn=2)
    assert replace(unit, tokens=Tokens(frost=1)) == dataclasses.replace(
        unit, tokens=Tokens(frost=1)
    )
    assert replace(unit) == unit and replace(unit) is not unit
    assert state.version != 7 and unit.tokens == Tokens()  # the originals are untouched


def test_replace_refuses_a_field_the_record_does_not_have() -> None:
    unit = Unit("u", "blue_foot", 0, Game(DUEL).state.units["bf0"].hex)

    with pytest.raises(TypeError, match="no field 'color'"):
        replace(unit, color="red")


def test_replace_refuses_a_record_whose_init_does_more() -> None:
    @dataclasses.dataclass(frozen=True)
    class Checked:
        n: int

        def __post_init__(self) -> None:
            assert self.n >= 0

    with pytest.raises(TypeError, match="use dataclasses.replace"):
        replace(Checked(1), n=2)


def test_replace_copies_a_record_without_slots_too() -> None:
    @dataclasses.dataclass(frozen=True)
    class Plain:
        a: int
        b: str = "b"

    assert replace(Plain(1), b="c") == Plain(1, "c")
