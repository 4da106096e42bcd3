"""Flights to list (R-FLY-1, R-FLY-2, R-BRE-2, R-SIT-3, R-CRT-4): one per landing hex, and the
few others whose path matters, found breadth-first rather than path by path.

R-FLY-1 asks only that each hex of a flight be next to the last, so a flight is any walk of
2–4 hexes (5 with a glory token, revision 2) over the board, and where it may land decides
its legality (R-FLY-2). The hexes flown over matter for breath targets (R-BRE-2), a portal
(R-SIT-3) and where a Hold/Web card may fell the dragon (R-FLY-4): a client picks those by
sending its own path; the listing gives one path per landing hex, one per enemy a breath
may mark, and one per landing hex through a portal for a dragon carrying a rider. A walk of
exactly k steps from `start` to any hex of `layers[k]` is read back from the layers.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from domain.board import in_portal, may_land, occupants
from domain.flight import MAX_FLIGHT, MIN_FLIGHT
from domain.hexes import Hex, neighbors, on_board
from domain.state import GameState, Unit

Layers = list[dict[Hex, Hex | None]]  # layers[k]: hex → the hex before it, k steps out


@dataclass(frozen=True, slots=True)
class Flight:
    path: tuple[Hex, ...]
    glory: bool = False  # it needs a glory token's extra hex (R-CRT-4)
    target: str | None = None  # the one enemy it marks (R-BRE-2): `breath_targets: [target]`


def walk_layers(state: GameState, start: Hex, steps: int) -> Layers:
    return _walk_layers(start, steps, state.width, state.height)


@lru_cache(maxsize=8192)
def _walk_layers(start: Hex, steps: int, width: int, height: int) -> Layers:
    """The board's geometry alone decides them, so they are kept (callers only read them)."""
    layers: Layers = [{start: None}]
    for _ in range(steps):
        layer: dict[Hex, Hex | None] = {}
        for h in layers[-1]:
            for n in neighbors(h):
                if n not in layer and on_board(n, width, height):
                    layer[n] = h
        layers.append(layer)
    return layers


def walk_to(layers: Layers, steps: int, end: Hex) -> tuple[Hex, ...]:
    path: list[Hex] = []
    here: Hex | None = end
    for k in range(steps, 0, -1):
        assert here is not None
        path.append(here)
        here = layers[k][here]
    return tuple(reversed(path))


class FlightPlanner:
    """The flights of one dragon; `longest` is 4, or 5 when it may spend a glory token."""

    def __init__(self, state: GameState, dragon: Unit, longest: int) -> None:
        self.state, self.dragon, self.longest = state, dragon, longest
        self.layers = walk_layers(state, dragon.hex, longest)
        self._landable: dict[Hex, bool] = {}

    def can_land(self, h: Hex) -> bool:
        found = self._landable.get(h)
        if found is None:
            found = self._landable[h] = may_land(self.state, self.dragon, h)
        return found

    def landings(self) -> dict[Hex, int]:
        """Each hex it may land on, with the fewest hexes a flight there enters."""
        out: dict[Hex, int] = {}
        for k in range(MIN_FLIGHT, self.longest + 1):
            for h in self.layers[k]:
                if h not in out and self.can_land(h):
                    out[h] = k
        return out

    def iter_flights(self, breath: bool) -> Iterator[Flight]:
        for h, k in self.landings().items():
            yield Flight(walk_to(self.layers, k, h), glory=k > MAX_FLIGHT)
        if breath:
            yield from self._one_target_flights()
        if self.dragon.rider == "carried":
            yield from self._portal_flights()

    def _via(self, via: Hex, i: int, land_elsewhere: bool) -> Iterator[tuple[Hex, ...]]:
        """Flights entering `via` as their i-th hex, one per landing hex (not `via` itself
        when `land_elsewhere`), each as short as it may be."""
        head = walk_to(self.layers, i, via)
        tail = walk_layers(self.state, via, self.longest - i)
        seen: set[Hex] = set()
        for j in range(max(1 if land_elsewhere else 0, MIN_FLIGHT - i), len(tail)):
            for h in tail[j]:
                if h in seen or (land_elsewhere and h == via) or not self.can_land(h):
                    continue
                seen.add(h)
                yield head + walk_to(tail, j, h)

    def _one_target_flights(self) -> Iterator[Flight]:
        """For each enemy a breath may mark (R-BRE-2), a flight over it marking it alone."""
        marked = {t for t, _ in self.state.turn_state.breath_marks}
        for h, i in self._first_steps(self.longest - 1).items():
            if in_portal(self.state, h):
                continue
            for unit in occupants(self.state).get(h, ()):
                if unit.owner == self.dragon.owner or unit.id in marked:
                    continue
                path = next(self._via(h, i, land_elsewhere=True), None)
                if path is not None:
                    yield Flight(path, glory=len(path) > MAX_FLIGHT, target=unit.id)

    def _portal_flights(self) -> Iterator[Flight]:
        """R-SIT-3: for a rider's dragon, a flight over a portal to each hex it may reach."""
        seen: set[Hex] = set()
        for h, i in self._first_steps(self.longest).items():
            if not in_portal(self.state, h):
                continue
            for path in self._via(h, i, land_elsewhere=False):
                if path[-1] not in seen:
                    seen.add(path[-1])
                    yield Flight(path, glory=len(path) > MAX_FLIGHT)

    def _first_steps(self, most: int) -> dict[Hex, int]:
        out: dict[Hex, int] = {}
        for i in range(1, most + 1):
            for h in self.layers[i]:
                out.setdefault(h, i)
        return out
