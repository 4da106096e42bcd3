"""Small pieces shared by the board picture's modules: geometry, colours, escaped SVG text."""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

R = 34.0  # hex circumradius
W = math.sqrt(3) * R  # hex width, pointy-top
MARGIN = 16.0
OWNER_FILLS = ("#f4c542", "#9b59b6", "#f5f5f5", "#3d3d3d", "#e67e22", "#ff8fc7")
OWNER_INKS = ("#222", "#fff", "#222", "#fff", "#222", "#222")
BANNERS = {"green": "#2e8b57", "blue": "#1f5fbf", "red": "#c0392b"}
TOKENS = (("poison", "#7bc043"), ("frost", "#9fd8f2"), ("fire", "#ff7f11"))
VILLAGE_BORDER = "#d62828"
BREATH_MARK = "#e4572e"


def owner_colours(seat: int) -> tuple[str, str]:
    """The fill and the ink (text colour) of a seat's pieces."""
    return OWNER_FILLS[seat % len(OWNER_FILLS)], OWNER_INKS[seat % len(OWNER_INKS)]


def hex_center(col: int, row: int) -> tuple[float, float]:
    """The centre of hex [col, row] in picture units (R-BRD-1: odd rows half a hex east)."""
    x = MARGIN + W / 2 + W * (col + 0.5 * (row & 1))
    y = MARGIN + R + 1.5 * R * row
    return x, y


def board_size(width: int, height: int) -> tuple[float, float]:
    return 2 * MARGIN + W * (width + 0.5), 2 * MARGIN + 2 * R + 1.5 * R * (height - 1)


def corners(x: float, y: float, r: float = R) -> str:
    """The `points` of a pointy-top hexagon of circumradius r centred on (x, y)."""
    points = []
    for i in range(6):
        angle = math.radians(60 * i - 30)
        points.append(f"{num(x + r * math.cos(angle))},{num(y + r * math.sin(angle))}")
    return " ".join(points)


def hex_key(h: Sequence[int]) -> str:
    return f"{int(h[0])},{int(h[1])}"


def num(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros (stable text)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def esc(value: object) -> str:
    return escape(str(value), quote=True)


def attrs(**pairs: object) -> str:
    """`key="value"` pairs, escaped; `class_` → class, `data_x` → data-x; None is left out."""
    parts = []
    for key, value in pairs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(f'{name}="{esc(value)}"')
    return " ".join(parts)


def text(x: float, y: float, content: object, **more: object) -> str:
    return f"<text {attrs(x=num(x), y=num(y), **more)}>{esc(content)}</text>"


def circle(x: float, y: float, r: float, **more: object) -> str:
    return f"<circle {attrs(cx=num(x), cy=num(y), r=num(r), **more)}/>"
