"""Board predicates shared by movement, flight, retreat and battle (R-BRD, R-FLY-2)."""

from __future__ import annotations

from domain.hexes import Hex, on_board
from domain.state import GameState, Unit


def units_in(state: GameState, h: Hex, besides: str | None = None) -> list[Unit]:
    return [u for u in state.units.values() if u.hex == h and u.id != besides]


def blocker(state: GameState, unit: Unit, h: Hex) -> str | None:
    """Why `unit` may not stand on `h` (R-BRD-2, R-BRD-3, R-MOV-1), or None if it may."""
    if not on_board(h, state.width, state.height):
        return f"{h} is off the board"
    site = state.sites.get(h)
    others = units_in(state, h, besides=unit.id)
    if site is not None:
        if not unit.is_dragon:
            return f"{h} is a {site.kind}: only dragons may enter sites"
        if len(others) >= site.capacity:
            return f"{h} is a full {site.kind} ({site.capacity} dragons)"
        return None
    if others:
        return f"the hex holds unit {others[0].id}"
    if state.terrain_at(h).impassable:
        return f"{h} is {state.terrain_at(h).name}: impassable"
    return None


def landing_blocker(state: GameState, unit: Unit, h: Hex) -> str | None:
    """Why a flying `unit` may not land on `h` (R-FLY-2), or None."""
    if not on_board(h, state.width, state.height):
        return f"{h} is off the board"
    if h in state.sites:
        return blocker(state, unit, h)
    others = units_in(state, h, besides=unit.id)
    if others:
        return f"{h} holds unit {others[0].id}"
    if h in state.terrain:
        return f"{h} holds a {state.terrain[h]} tile"
    return None


def in_village(state: GameState, h: Hex) -> bool:
    site = state.sites.get(h)
    return site is not None and site.kind == "village"


def in_portal(state: GameState, h: Hex) -> bool:
    site = state.sites.get(h)
    return site is not None and site.kind == "portal"


def crosses_red_border(state: GameState, a: Hex, b: Hex) -> bool:
    """Every village hex is walled on all six sides (R-BRD-4, R-ZOC-3)."""
    return a != b and (in_village(state, a) or in_village(state, b))
