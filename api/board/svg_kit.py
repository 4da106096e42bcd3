"""Small pieces shared by the board picture's modules: geometry, colours, emblems, escaped SVG.

Every emblem is a path in a 2×2 box around the origin (x and y from -1 to 1), placed with
`emblem(name, x, y, r)`; the same flame, snowflake and drop mark a dragon's kind, its breath
and the tokens that breath leaves.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

R = 34.0  # hex circumradius
W = math.sqrt(3) * R  # hex width, pointy-top
MARGIN = 16.0
INK = "#2b2620"
PAPER = "#faf8f0"
# Each seat's pieces: (colour of their rim, tint of their face, text on the colour).
OWNERS = (
    ("#d29b00", "#fcefc4", "#222"),  # seat 0: gold
    ("#7b3fa0", "#ecdcf5", "#fff"),  # seat 1: purple
    ("#1f8a7e", "#d5efeb", "#fff"),  # seat 2: teal
    ("#4a4a4a", "#e4e4e4", "#fff"),  # seat 3: slate
    ("#d35400", "#fbe1cd", "#222"),  # seat 4: orange
    ("#c2457a", "#f8dbe8", "#fff"),  # seat 5: rose
)
BANNERS = {"green": "#2e8b57", "blue": "#1f5fbf", "red": "#c0392b"}
# The three effects: their colour and emblem (R-PSN, R-FRS, R-FIR); a dragon's breath is one.
EFFECTS = {"poison": "#5fae2e", "frost": "#5ab4e0", "fire": "#f07b12"}
EFFECT_EMBLEMS = {"poison": "drop", "frost": "crystal", "fire": "flame"}
VILLAGE_BORDER = "#d62828"
EMBLEMS = {
    "flame": "M0,-1C.42,-.5.78,-.08.64,.42C.52,.82.22,1,0,1C-.24,1-.56,.8-.64,.4"
    "C-.72,0-.46,-.24-.32,-.46C-.22,-.14-.06,-.02,0,-.2C.1,-.44.06,-.72,0,-1Z",
    "drop": "M0,-1C.36,-.46.72,-.04.72,.3A.72,.72 0 0 1-.72,.3C-.72,-.04-.36,-.46,0,-1Z",
    "crystal": "M0,-1L.87,-.5V.5L0,1L-.87,.5V-.5Z",
    "star": "M0,-1L.24,-.33L.95,-.31L.38,.12L.59,.81L0,.4L-.59,.81L-.38,.12L-.95,-.31L-.24,-.33Z",
}


def owner_colours(seat: int) -> tuple[str, str, str]:
    """The rim colour, the face tint and the ink (text on the rim colour) of a seat's pieces."""
    return OWNERS[seat % len(OWNERS)]


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


def half_width_at(dy: float) -> float:
    """Half the width of a pointy-top hex at `dy` from its centre (for fitting text)."""
    dy = abs(dy)
    return W / 2 if dy <= R / 2 else max(0.0, W / 2 * (R - dy) / (R / 2))


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


def emblem(name: str, x: float, y: float, r: float, **more: object) -> str:
    """The emblem `name` (EMBLEMS) scaled to radius r around (x, y)."""
    place = f"translate({num(x)},{num(y)}) scale({num(r)})"
    return f"<path {attrs(d=EMBLEMS[name], transform=place, **more)}/>"


def snowflake(x: float, y: float, r: float, colour: str) -> str:
    """Three crossed strokes with barbs: frost (drawn with lines, not a filled emblem)."""
    strokes = []
    for i in range(3):
        a = math.radians(90 + 60 * i)
        dx, dy = math.cos(a) * r, math.sin(a) * r
        strokes.append(f"M{num(x - dx)},{num(y - dy)}L{num(x + dx)},{num(y + dy)}")
        for end in (1, -1):
            tip_x, tip_y = x + dx * 0.62 * end, y + dy * 0.62 * end
            for side in (1, -1):
                b = a + side * math.radians(40) + (math.pi if end < 0 else 0)
                bx, by = tip_x + math.cos(b) * r * 0.38, tip_y + math.sin(b) * r * 0.38
                strokes.append(f"M{num(tip_x)},{num(tip_y)}L{num(bx)},{num(by)}")
    width = num(max(0.8, r * 0.2))
    return (
        f'<path d="{"".join(strokes)}" stroke="{colour}" stroke-width="{width}" '
        'stroke-linecap="round" fill="none"/>'
    )
