"""The units of the board picture: owner colour, banner ring, figures, tokens and marks.

Each unit is one `<g class="unit">` carrying its facts as `data-*` attributes (the e2e tests
compare them, and the drawn position, with the replayed state).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

from api.svg_kit import (
    BANNERS,
    BREATH_MARK,
    TOKENS,
    R,
    attrs,
    circle,
    esc,
    hex_center,
    hex_key,
    num,
    owner_colours,
    text,
)

LONE_SIZE = 15.0  # a unit alone in its hex; units sharing a site are drawn smaller
DRAGON_LABELS = {"wood_wyvern": "WW", "ice_drake": "ID", "fire_dragon": "FD"}
# Where the units of one hex stand, as fractions of R from its centre (sites hold up to 3).
SLOTS = {
    1: ((0.0, 0.0),),
    2: ((-0.36, 0.0), (0.36, 0.0)),
    3: ((-0.36, -0.2), (0.36, -0.2), (0.0, 0.34)),
}


def draw_units(view: Mapping[str, Any]) -> list[str]:
    by_hex: dict[tuple[int, int], list[Mapping[str, Any]]] = {}
    for unit in sorted(view.get("units", []), key=lambda u: str(u["id"])):
        by_hex.setdefault((int(unit["hex"][0]), int(unit["hex"][1])), []).append(unit)
    pending = _pending_breath(view)
    out = []
    for (col, row), units in sorted(by_hex.items(), key=lambda item: (item[0][1], item[0][0])):
        x, y = hex_center(col, row)
        slots = SLOTS.get(len(units)) or _ring(len(units))
        size = LONE_SIZE if len(units) == 1 else 10.5
        for unit, (dx, dy) in zip(units, slots, strict=True):
            out.append(_unit(unit, x + dx * R, y + dy * R, size, unit["id"] in pending))
    return out


def _ring(n: int) -> tuple[tuple[float, float], ...]:
    return tuple(
        (0.42 * math.cos(2 * math.pi * i / n), 0.42 * math.sin(2 * math.pi * i / n))
        for i in range(n)
    )


def _pending_breath(view: Mapping[str, Any]) -> set[str]:
    pending = view.get("pending") or {}
    return set(pending.get("targets", [])) if pending.get("kind") == "breath" else set()


def _unit(unit: Mapping[str, Any], x: float, y: float, size: float, pending: bool) -> str:
    tokens = {name: int((unit.get("tokens") or {}).get(name, 0)) for name, _ in TOKENS}
    marked = bool(unit.get("breath_target"))
    pending = pending and marked  # a target the breath phase has not rolled for yet
    group = attrs(
        class_="unit dragon" if unit.get("figures") is None else "unit ground",
        data_unit=unit["id"],
        data_hex=hex_key(unit["hex"]),
        data_owner=int(unit["owner"]),
        data_kind=unit["kind"],
        data_banner=unit.get("banner"),
        data_figures=unit.get("figures"),
        data_poison=tokens["poison"],
        data_frost=tokens["frost"],
        data_fire=tokens["fire"],
        data_breath_target="true" if marked else "false",
        data_breath_by=unit.get("breath_by"),
        data_breath_pending="true" if pending else "false",
        data_glory=int(unit.get("glory") or 0),
        data_roosted="true" if unit.get("roosted") else "false",
        data_rider=unit.get("rider", "none"),
        transform=f"translate({num(x)},{num(y)})",
    )
    parts = [f"<title>{esc(_title(unit, tokens))}</title>"]
    if marked:
        dash = "none" if pending else "4 2"
        ring = {"fill": "none", "stroke": BREATH_MARK, "stroke_width": 3, "stroke_dasharray": dash}
        parts.append(circle(0, 0, size + 5, class_="breath-mark", **ring))
    parts.append(_body(unit, size))
    parts.extend(_tokens(tokens, size, alone=size >= LONE_SIZE))
    parts.extend(_marks(unit, size))
    return f"<g {group}>" + "".join(parts) + "</g>"


def _title(unit: Mapping[str, Any], tokens: Mapping[str, int]) -> str:
    bits = [f"{unit['id']}: {str(unit['kind']).replace('_', ' ')} of seat {unit['owner']}"]
    if unit.get("figures") is not None:
        bits.append(f"{unit['figures']} figures")
    bits += [f"{n} {name}" for name, n in tokens.items() if n]
    if unit.get("breath_target"):
        bits.append(f"breath target of {unit.get('breath_by')}")
    bits += ["glory token"] if unit.get("glory") else []
    bits += ["roosted"] if unit.get("roosted") else []
    bits += [f"rider {unit['rider']}"] if unit.get("rider", "none") != "none" else []
    return ", ".join(bits)


def _body(unit: Mapping[str, Any], size: float) -> str:
    fill, ink = owner_colours(int(unit["owner"]))
    ring = BANNERS.get(str(unit.get("banner")), "#777")
    figures = unit.get("figures")
    if figures is None:
        shape = circle(0, 0, size, class_="body", fill=fill, stroke=ring, stroke_width=4)
        label = DRAGON_LABELS.get(str(unit["kind"]), "D")
    else:
        s = size * 0.9
        box = attrs(x=num(-s), y=num(-s), width=num(2 * s), height=num(2 * s), rx=3)
        shape = f'<rect class="body" {box} fill="{fill}" stroke="{ring}" stroke-width="4"/>'
        label = ("M" if "mounted" in str(unit["kind"]) else "F") + str(int(figures))
    return shape + text(0, 0, label, class_="unit-label", fill=ink, font_size=num(size * 0.8))


def _tokens(tokens: Mapping[str, int], size: float, alone: bool) -> Iterator[str]:
    """One small disc per effect type, its count inside: stacked on the right of a unit alone
    in its hex, in a row under a unit that shares a site."""
    small = max(4.5, size * 0.38)
    present = [(name, colour) for name, colour in TOKENS if tokens[name]]
    for i, (name, colour) in enumerate(present):
        offset = (i - (len(present) - 1) / 2) * 2 * small
        x, y = (size + small, offset) if alone else (offset, size + small * 0.6)
        yield (
            f'<g class="token {name}" data-count="{tokens[name]}">'
            + circle(x, y, small, fill=colour, stroke="#222", stroke_width=0.8)
            + text(x, y, tokens[name], font_size=num(small * 1.3), fill="#111")
            + "</g>"
        )


def _marks(unit: Mapping[str, Any], size: float) -> Iterator[str]:
    """Glory star (top right), roost `z` (top left), rider `R` (bottom left, gold if passed)."""
    small, corner = max(4.5, size * 0.38), size * 0.8
    if unit.get("glory"):
        star = _star(corner, -corner, small * 1.2)
        yield f'<polygon class="glory" points="{star}" fill="#ffd700" stroke="#7a5c00"/>'
    if unit.get("roosted"):
        yield _badge("roost", -corner, -corner, small, "z", "#2c3e50", "#fff")
    rider = str(unit.get("rider", "none"))
    if rider != "none":
        fill = "#ffd700" if rider == "passed" else "#fff"
        yield _badge(f"rider {rider}", -corner, corner, small, "R", fill, "#111")


def _badge(cls: str, x: float, y: float, r: float, label: str, fill: str, ink: str) -> str:
    disc = circle(x, y, r, fill=fill, stroke="#222", stroke_width=0.8)
    mark = text(x, y, label, font_size=num(r * 1.4), fill=ink, font_weight="bold")
    return f'<g class="{esc(cls)}">{disc}{mark}</g>'


def _star(x: float, y: float, r: float) -> str:
    points = []
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.45
        angle = math.radians(-90 + 36 * i)
        points.append(f"{num(x + radius * math.cos(angle))},{num(y + radius * math.sin(angle))}")
    return " ".join(points)
