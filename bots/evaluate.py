"""How good a position looks for each seat: 1 a win, 0 a loss, between them a guess.

An ended game scores its result (a draw ½ to each seat that did not lose). Otherwise each
seat's strength is counted (banners most, then units kept, riders on their way, lore) and
each seat's value is its share against the strongest other seat, squashed into (0, 1).
"""

from __future__ import annotations

import math

from domain.state import GameState

_BANNER = 3.0
_RIDER = {"none": 0.0, "carried": 0.8, "passed": 1.6}
_DRAGON = 2.0
_LORE = 0.05
_SCALE = 1.5


def evaluate(state: GameState) -> tuple[float, ...]:
    """One value in [0, 1] per seat."""
    seats = range(len(state.players))
    if state.is_over:
        if state.winner is not None:
            return tuple(1.0 if s == state.winner else 0.0 for s in seats)
        return tuple(0.0 if state.players[s].eliminated else 0.5 for s in seats)
    strength = [_strength(state, s) for s in seats]
    values = []
    for s in seats:
        rival = max(strength[o] for o in seats if o != s)
        values.append(1.0 / (1.0 + math.exp(-(strength[s] - rival) / _SCALE)))
    return tuple(values)


def _strength(state: GameState, seat: int) -> float:
    player = state.players[seat]
    if player.eliminated:
        return -100.0
    total = _BANNER * player.banners + _LORE * player.lore
    for unit in state.units.values():
        if unit.owner != seat:
            continue
        if unit.is_dragon:
            total += _DRAGON + _RIDER[unit.rider] - 0.3 * unit.tokens.total
        else:
            total += 0.5 + unit.figures / unit.spec.figures - 0.2 * unit.tokens.total
    return total
