"""Board predicates shared by movement, flight, retreat and battle (R-BRD, R-FLY-2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from domain.hexes import Hex, on_board
from domain.state import GameState, Unit

_Index = dict[Hex, list[Unit]]
_INDEXES: dict[int, tuple[Mapping[str, Unit], _Index]] = {}
_KEPT = 8


def occupants(state: GameState) -> Mapping[Hex, Sequence[Unit]]:
    """The units on each hex, in the order of `state.units`.

    Worked out once per units mapping and kept for the last few: `evolve` replaces the
    mapping whenever a unit changes and never changes one in place, so a mapping's index
    stays true. Without it, every "who stands there" was a scan of every unit, and listing
    legal actions with 150 units a side asked it thousands of times."""
    units = state.units
    kept = _INDEXES.get(id(units))
    if kept is not None and kept[0] is units:
        return kept[1]
    index: _Index = {}
    for unit in units.values():
        index.setdefault(unit.hex, []).append(unit)
    if len(_INDEXES) >= _KEPT:
        _INDEXES.clear()
    _INDEXES[id(units)] = (units, index)
    return index


def units_in(state: GameState, h: Hex, besides: str | None = None) -> list[Unit]:
    return [u for u in occupants(state).get(h, ()) if u.id != besides]


def _others(state: GameState, h: Hex, unit_id: str) -> int:
    return sum(1 for u in occupants(state).get(h, ()) if u.id != unit_id)


def may_stand(state: GameState, unit: Unit, h: Hex) -> bool:
    """Whether `unit` may stand on `h` (R-BRD-2, R-BRD-3, R-MOV-1); `blocker` says why not."""
    if not on_board(h, state.width, state.height):
        return False
    site = state.sites.get(h)
    if site is not None:
        return unit.is_dragon and _others(state, h, unit.id) < site.capacity
    return _others(state, h, unit.id) == 0 and not state.terrain_at(h).impassable


def may_land(state: GameState, unit: Unit, h: Hex) -> bool:
    """Whether a flying `unit` may land on `h` (R-FLY-2); `landing_blocker` says why not."""
    if h in state.sites:
        return may_stand(state, unit, h)
    return (
        on_board(h, state.width, state.height)
        and _others(state, h, unit.id) == 0
        and h not in state.terrain
    )


def blocker(state: GameState, unit: Unit, h: Hex) -> str | None:
    """Why `unit` may not stand on `h`, or None if it may (`may_stand`)."""
    if may_stand(state, unit, h):
        return None
    if not on_board(h, state.width, state.height):
        return f"{h} is off the board"
    site = state.sites.get(h)
    others = units_in(state, h, besides=unit.id)
    if site is not None:
        if not unit.is_dragon:
            return f"{h} is a {site.kind}: only dragons may enter sites"
        return f"{h} is a full {site.kind} ({site.capacity} dragons)"
    if others:
        return f"the hex holds unit {others[0].id}"
    return f"{h} is {state.terrain_at(h).name}: impassable"


def landing_blocker(state: GameState, unit: Unit, h: Hex) -> str | None:
    """Why a flying `unit` may not land on `h`, or None if it may (`may_land`)."""
    if may_land(state, unit, h):
        return None
    if not on_board(h, state.width, state.height):
        return f"{h} is off the board"
    if h in state.sites:
        return blocker(state, unit, h)
    others = units_in(state, h, besides=unit.id)
    if others:
        return f"{h} holds unit {others[0].id}"
    return f"{h} holds a {state.terrain[h]} tile"


def in_village(state: GameState, h: Hex) -> bool:
    site = state.sites.get(h)
    return site is not None and site.kind == "village"


def in_portal(state: GameState, h: Hex) -> bool:
    site = state.sites.get(h)
    return site is not None and site.kind == "portal"


def has_red_border(state: GameState, h: Hex) -> bool:
    """R-BRD-4: every village hex, and any site the scenario marks `red_border`."""
    site = state.sites.get(h)
    return site is not None and site.has_red_border


def crosses_red_border(state: GameState, a: Hex, b: Hex) -> bool:
    """A red-bordered hex is walled on all six sides (R-BRD-4, R-ZOC-3)."""
    return a != b and (has_red_border(state, a) or has_red_border(state, b))
