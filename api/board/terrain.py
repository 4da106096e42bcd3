"""The ground of the board picture: hexes painted by terrain with a few strokes of what is
there (trees, hills, waves, stepping stones), sites (villages with their red border,
R-BRD-4; caves, pickup spaces, the portal), every name fitted inside its hex, and each hex's
coordinates (in `<g class="coords">`, hidden until asked for) and tooltip."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from api.board.svg_kit import (
    INK,
    VILLAGE_BORDER,
    R,
    W,
    attrs,
    circle,
    corners,
    esc,
    half_width_at,
    hex_center,
    hex_key,
    num,
    text,
)

TERRAIN_FILLS = {
    "forest": "#8fbf7a",
    "hill": "#d8c08a",
    "ford": "#b9dcef",
    "fordable_stream": "#8cc3e6",
    "river": "#4d8fcf",
}
PLAIN_FILL = "#efe9d2"
SITE_FILLS = {"village": "#f3dcb6", "cave": "#b3a696", "pickup": "#f6ecc6", "portal": "#e3d6f5"}
DARK = {"river"}  # fills that need light text
LABEL_DY = R * 0.6  # names sit at the foot of the hex, under the pieces
LABEL_FONT = 7.5
TEXT_WIDTH = 0.64  # DejaVu Sans Bold's mean width of a lower-case letter, in font sizes


def draw_terrain(view: Mapping[str, Any], width: int, height: int) -> tuple[list[str], list[str]]:
    """The hexes, and the names to draw over the pieces (at the hexes' feet, haloed)."""
    terrain = {hex_key(t["hex"]): str(t["kind"]) for t in view.get("terrain", [])}
    sites = {hex_key(s["hex"]): str(s["kind"]) for s in view.get("sites", [])}
    cells, names, coords = [], [], ['<g class="coords">']
    for row in range(height):
        for col in range(width):
            key = f"{col},{row}"
            x, y = hex_center(col, row)
            ground = terrain.get(key, "plain")
            kind = sites.get(key) or ground
            poly = attrs(
                class_=f"hex {kind}",
                data_hex=key,
                data_terrain=ground,
                data_site=sites.get(key),
                points=corners(x, y),
                fill=SITE_FILLS.get(kind) or TERRAIN_FILLS.get(kind, PLAIN_FILL),
                stroke="#b9ae8c",
            )
            name = " · ".join(n.replace("_", " ") for n in (sites.get(key), ground) if n)
            cells.append(f"<polygon {poly}><title>{esc(key)} · {esc(name)}</title></polygon>")
            if key not in sites:
                cells.extend(_strokes(ground, x, y))
                if ground != "plain":
                    ink = "#fff" if ground in DARK else INK
                    names.extend(fitted_label(ground.replace("_", " "), (col, row), ink))
            coords.append(text(x, y - R * 0.7, key, class_="coord"))
    return cells, [*names, *coords, "</g>"]


def fitted_label(label: str, at: tuple[int, int], ink: str, cls: str = "site-label") -> list[str]:
    """`label` at the foot of the hex centred on (x, y), on one line if it fits and on two
    (word by word) if not, each line shrunk until it fits the hex's width where it stands."""
    x, y = hex_center(*at)
    lines = [label]
    if _fits(label, LABEL_FONT, LABEL_DY) < LABEL_FONT and " " in label:
        first, _, second = label.partition(" ")
        lines = [first, second]
    top = LABEL_DY - (len(lines) - 1) * LABEL_FONT * 0.5
    halo = "#1f4f80" if ink == "#fff" else "#fbf8ee"
    out = [f'<g class="name" {attrs(data_label=label, data_hex=hex_key(at))}>']
    for i, line in enumerate(lines):
        dy = top + i * LABEL_FONT
        size = _fits(line, LABEL_FONT, dy)
        out.append(text(x, y + dy, line, class_=cls, fill=ink, stroke=halo, font_size=num(size)))
    return [*out, "</g>"]


def _fits(line: str, font: float, dy: float) -> float:
    room = 2 * half_width_at(abs(dy) + font * 0.3) - 3  # lower-case letters' lower edge
    return min(font, room / max(1, len(line) * TEXT_WIDTH))


def _strokes(kind: str, x: float, y: float) -> list[str]:
    """A few strokes of what the terrain is, around the middle where pieces stand."""
    if kind == "forest":
        trees = ((-0.5, -0.18), (0.5, -0.22), (-0.26, -0.5), (0.28, -0.52), (0.0, 0.28))
        return [_tree(x + dx * R, y + dy * R, R * 0.2) for dx, dy in trees]
    if kind == "hill":
        return [
            _hill(x + dx * R, y + dy * R, R * s)
            for dx, dy, s in ((-0.3, 0.05, 0.42), (0.3, -0.1, 0.5))
        ]
    if kind in ("river", "fordable_stream"):
        colour, width = ("#dcecf8", 2.2) if kind == "river" else ("#eef7fd", 1.6)
        return [_wave(x, y + dy * R, colour, width) for dy in (-0.3, 0.05, 0.38)]
    if kind == "ford":
        stones = ((-0.46, 0.05), (-0.16, -0.1), (0.16, 0.08), (0.46, -0.06))
        waves = [_wave(x, y + dy * R, "#eef7fd", 1.4) for dy in (-0.42, 0.34)]
        return waves + [
            f'<ellipse cx="{num(x + dx * R)}" cy="{num(y + dy * R)}" rx="{num(R * 0.12)}" '
            f'ry="{num(R * 0.08)}" fill="#c9bda2" stroke="#8c7f66"/>'
            for dx, dy in stones
        ]
    return []


def _tree(x: float, y: float, r: float) -> str:
    foot = num(y + r * 0.45)
    crown = f"M{num(x)},{num(y - r)}L{num(x + r * 0.75)},{foot}L{num(x - r * 0.75)},{foot}Z"
    trunk = f"M{num(x)},{num(y + r * 0.45)}V{num(y + r * 0.8)}"
    return (
        f'<g class="tree"><path d="{trunk}" stroke="#6b4f2a" stroke-width="1.6"/>'
        f'<path d="{crown}" fill="#4f8a3c" stroke="#2f5c22" stroke-width="0.8"/></g>'
    )


def _hill(x: float, y: float, r: float) -> str:
    foot = num(y + r * 0.3)
    d = f"M{num(x - r)},{foot}Q{num(x)},{num(y - r * 0.9)} {num(x + r)},{foot}"
    return f'<path class="contour" d="{d}" fill="none" stroke="#9c7f45" stroke-width="1.6"/>'


def _wave(x: float, y: float, colour: str, width: float) -> str:
    half = W * 0.36
    step = half / 2
    d = f"M{num(x - half)},{num(y)}"
    for i in range(4):
        d += f"q{num(step / 2)},{num(-3 if i % 2 == 0 else 3)} {num(step)},0"
    look = f'fill="none" stroke="{colour}" stroke-width="{num(width)}" stroke-linecap="round"'
    return f'<path class="wave" d="{d}" {look}/>'


def draw_sites(view: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """Drawn over every hex so that no neighbour covers a red border (R-BRD-4: villages, and
    any site the scenario marks); returns the drawings and the names (drawn over the pieces)."""
    out, names = [], []
    for site in view.get("sites", []):
        x, y = hex_center(int(site["hex"][0]), int(site["hex"][1]))
        kind, label, ink = str(site["kind"]), str(site["kind"]), INK
        if kind == "village" or site.get("red_border"):
            border = attrs(
                data_hex=hex_key(site["hex"]),
                points=corners(x, y, R - 2.5),
                fill="none",
                stroke=VILLAGE_BORDER,
            )
            out.append(f'<polygon class="village-border" {border} stroke-width="4"/>')
        if kind == "village":
            out.append(_house(x - R * 0.42, y - R * 0.38, R * 0.2))
        elif kind == "portal":
            for r, colour in ((R * 0.62, "#7d4cc2"), (R * 0.42, "#a27ddb")):
                out.append(circle(x, y, r, fill="none", stroke=colour, stroke_width=3))
        elif kind == "pickup":
            label = f"pickup ×{int(site.get('riders', 0))}"  # riders waiting (R-SIT-2)
        elif kind == "cave":
            out.append(f'<path class="cave-mouth" d="{_arch(x, y)}" fill="#4b4037"/>')
        at = (int(site["hex"][0]), int(site["hex"][1]))
        names.extend(fitted_label(label, at, ink, f"site-label {kind}-label"))
    return out, names


def _house(x: float, y: float, r: float) -> str:
    d = (
        f"M{num(x - r)},{num(y + r)}V{num(y)}L{num(x)},{num(y - r)}L{num(x + r)},{num(y)}"
        f"V{num(y + r)}Z"
    )
    return f'<path class="house" d="{d}" fill="#c8553d" stroke="{INK}" stroke-width="0.9"/>'


def _arch(x: float, y: float) -> str:
    left, right, base = num(x - R * 0.4), num(x + R * 0.4), num(y + R * 0.36)
    return f"M{left},{base} A{num(R * 0.4)},{num(R * 0.48)} 0 0 1 {right},{base} Z"
