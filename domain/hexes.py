"""Hex geometry: pointy-top hexes in odd-r offset coordinates (R-BRD-1)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

EDGES = ("north", "south", "east", "west")

_EVEN_ROW_STEPS = ((1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1))
_ODD_ROW_STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1))


@dataclass(frozen=True, order=True, slots=True)
class Hex:
    col: int
    row: int

    def __repr__(self) -> str:
        return f"[{self.col},{self.row}]"

    def to_json(self) -> list[int]:
        return [self.col, self.row]

    @classmethod
    def from_json(cls, value: Sequence[int]) -> Hex:
        col, row = value
        return cls(int(col), int(row))


def neighbors(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around `h`, in the order of R-BRD-1 (may lie off the board)."""
    return _neighbors(h.col, h.row)


@lru_cache(maxsize=4096)
def _neighbors(col: int, row: int) -> tuple[Hex, ...]:
    steps = _ODD_ROW_STEPS if row & 1 else _EVEN_ROW_STEPS
    return tuple(Hex(col + dc, row + dr) for dc, dr in steps)


def is_adjacent(a: Hex, b: Hex) -> bool:
    return b in _neighbors(a.col, a.row)


def _cube(h: Hex) -> tuple[int, int, int]:
    x = h.col - (h.row - (h.row & 1)) // 2
    z = h.row
    return x, -x - z, z


def distance(a: Hex, b: Hex) -> int:
    ax, ay, az = _cube(a)
    bx, by, bz = _cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def on_board(h: Hex, width: int, height: int) -> bool:
    return 0 <= h.col < width and 0 <= h.row < height


def iter_board(width: int, height: int) -> Iterator[Hex]:
    for row in range(height):
        for col in range(width):
            yield Hex(col, row)


def edge_hexes(edge: str, width: int, height: int) -> tuple[Hex, ...]:
    if edge == "north":
        return tuple(Hex(c, 0) for c in range(width))
    if edge == "south":
        return tuple(Hex(c, height - 1) for c in range(width))
    if edge == "west":
        return tuple(Hex(0, r) for r in range(height))
    return tuple(Hex(width - 1, r) for r in range(height))


@lru_cache(maxsize=64)
def _edge_distances(edge: str, width: int, height: int) -> dict[Hex, int]:
    targets = edge_hexes(edge, width, height)
    return {h: min(distance(h, t) for t in targets) for h in iter_board(width, height)}


def edge_distance(h: Hex, edge: str, width: int, height: int) -> int:
    """Cube distance from `h` to the nearest hex of `edge` (R-RET-1, clarified)."""
    return _edge_distances(edge, width, height)[h]
