"""`record_json`: an event's payload written as canonical JSON straight from its record must be,
byte for byte, what `canonical_json(to_json(record))` writes (every stored hash covers it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from bench.games import random_game
from domain import events as ev
from domain.codec import to_json
from domain.hexes import Hex
from domain.scenarios import scenario_names
from lorekeeper.audit.canonical import NotCanonical, canonical_json, record_json
from lorekeeper.games.log import new_events, payload_json


@pytest.mark.parametrize("scenario", scenario_names())
def test_every_event_of_played_games_is_written_as_the_canonical_form_of_its_values(
    scenario: str,
):
    seen: set[str] = set()
    for seed in ("record-1", "record-2"):
        for event in random_game(scenario, f"{scenario}-{seed}").events:
            assert payload_json(event) == canonical_json(event.payload()), event
            if type(event).payload is ev.Event.payload:
                assert record_json(event) == canonical_json(to_json(event)), event
            seen.add(event.type)
    assert len(seen) >= 8  # the games went through movement, battles and turns


def test_new_events_carry_the_text_and_its_values():
    events = [ev.TurnEnded(seat=0, turn=3), ev.UnitMoved(unit="bf0", path=(Hex(1, 2), Hex(2, 2)))]
    made = new_events(events, {"type": "x"}, '{"type":"x"}')
    assert [e.payload_json for e in made] == [canonical_json(e.payload()) for e in events]
    assert [e.payload for e in made] == [e.payload() for e in events]
    assert made[0].command_json == '{"type":"x"}'
    assert made[1].command is None and made[1].command_json is None


@dataclass(frozen=True)
class _Inner:
    b: int
    a: str


@dataclass(frozen=True)
class _Empty:
    pass


@dataclass(frozen=True)
class _Odd:
    """What no event holds today, written the way `to_json` and the writer would."""

    zeta: tuple[Any, ...] = ()
    émoji: str = "ü €"
    nested: _Inner = _Inner(1, "x")
    mapping: dict[Any, Any] = field(default_factory=lambda: {2: "two", "é": [Hex(0, -1)]})
    members: frozenset[str] = frozenset({"b", "a"})
    flag: bool | None = None
    hexes: list[Hex] = field(default_factory=lambda: [Hex(3, 4)])
    ints: tuple[int, ...] = (0, -(2**53 - 1), 2**53 - 1, True)


def test_values_outside_the_events_are_written_as_the_generic_path_writes_them():
    odd = _Odd(zeta=(_Inner(2, "y"), None, [1, [2]], _Empty()), nested=_Inner(2**53 - 1, "ü"))
    for value in (_Odd(), odd, Hex(5, 6), [_Inner(3, "")], _Empty(), _Inner(-(2**53 - 1), "")):
        assert record_json(value) == canonical_json(to_json(value))


@pytest.mark.parametrize(
    ("value", "where"),
    [
        (_Odd(zeta=(1.5,)), r"^\$\.zeta\[0\]: 1\.5 is a float"),
        (_Odd(ints=(2**53,)), r"^\$\.ints\[0\]: integer"),
        (_Odd(nested=_Inner(-(2**53), "x")), r"^\$\.nested\.b: integer"),
        (_Odd(nested=_Inner(1, "\ud800")), r"^\$\.nested\.a: strings must be valid Unicode"),
        (_Odd(mapping={"k": object()}), r"^\$\.mapping\.k: object is not JSON"),
    ],
)
def test_a_refusal_is_canonical_jsons_own_naming_the_place(value: Any, where: str):
    with pytest.raises((NotCanonical, TypeError), match=where):
        record_json(value)
    with pytest.raises((NotCanonical, TypeError), match=where):
        canonical_json(to_json(value))
