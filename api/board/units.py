"""The pieces of the board picture: what a player sees on the table.

A dragon is a disc with the dragon seen from above in its own colour (red Fire Dragon, blue
Ice Drake, green Wood Wyvern; the wyvern has no forelegs) and the emblem of its breath; a foot
or mounted unit is a square counter with a soldier or a horse's head in its banner colour over
a strip of that colour with one pip per figure of the kind's full strength, hollow for each
one missing. The rim and face are the owner's colours.
Around a piece: this turn's orders (a white ring), breath targets (a ring in the breath's
colour, solid until rolled), effect tokens (flame, crystal and drop chips with their count),
glory, roost and rider marks.

Each piece is one `<g class="unit">` carrying its facts as `data-*` attributes (the e2e tests
compare them, and the drawn position, with the replayed state).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

from api.board.svg_kit import (
    BANNERS,
    EFFECT_EMBLEMS,
    EFFECTS,
    INK,
    R,
    attrs,
    circle,
    emblem,
    esc,
    hex_center,
    hex_key,
    num,
    owner_colours,
    snowflake,
    text,
)
from domain.catalogue import UNIT_KINDS

LONE_SIZE = 15.0  # half the width of a piece alone in its hex; pieces sharing a site: smaller
SHARED_SIZE = 10.0
UNIT_DY = -0.1 * R  # pieces stand a little high, leaving the hex's foot to its name
PIP = "#fff"  # figure pips, on the counter's banner strip
DRAGON_BREATH = {"wood_wyvern": "poison", "ice_drake": "frost", "fire_dragon": "fire"}
# Where the units of one hex stand, as fractions of R from its centre (sites hold up to 3).
SLOTS = {
    1: ((0.0, 0.0),),
    2: ((-0.36, 0.0), (0.36, 0.0)),
    3: ((-0.36, -0.2), (0.36, -0.2), (0.0, 0.34)),
}
# The dragon seen from above, in a 2×2 box: wings, body, neck and head, tail, legs.
WING = (
    "M.1,-.28C.38,-.58.72,-.74.98,-.66L.84,-.38Q.74,-.24.63,-.27Q.6,-.09.45,-.06"
    "Q.38,.1.22,.1L.1,.12Z"
)
BODY = (
    "M-.1,-.32L-.08,-.56Q-.17,-.7-.09,-.84L0,-.98L.09,-.84Q.17,-.7.08,-.56L.1,-.32"
    "Q.2,0 .12,.32Q0,.46-.12,.32Q-.2,0-.1,-.32Z"
)
TAIL = "M0,.36C0,.7.28,.74.42,.92"
FORELEGS = "M-.1,-.2L-.3,-.1M.1,-.2L.3,-.1"
HINDLEGS = "M-.1,.22L-.3,.36M.1,.22L.3,.36"
HORSE = (
    "M-.62,.95L.7,.95Q.72,.3.5,-.2Q.44,-.62.22,-.8L.18,-1L.02,-.8Q-.3,-.62-.62,-.2"
    "Q-.78,.02-.66,.16Q-.5,.28-.28,.12Q-.1,.04-.02,.12Q-.34,.5-.62,.95Z"
)
SOLDIER = "M-.42,-.2Q0,-.34.42,-.2L.34,.82H-.34Z"


def draw_units(
    view: Mapping[str, Any],
    ordered: frozenset[str] = frozenset(),
    faded: frozenset[int] = frozenset(),
) -> list[str]:
    """Every unit of `view`; `ordered` units get the order ring, seats in `faded` (resigned)
    are drawn pale with a white flag."""
    by_hex: dict[tuple[int, int], list[Mapping[str, Any]]] = {}
    for unit in sorted(view.get("units", []), key=lambda u: str(u["id"])):
        by_hex.setdefault((int(unit["hex"][0]), int(unit["hex"][1])), []).append(unit)
    breaths = {str(u["id"]): DRAGON_BREATH.get(str(u["kind"])) for u in view.get("units", [])}
    pending = _pending_breath(view)
    out = []
    for (col, row), units in sorted(by_hex.items(), key=lambda item: (item[0][1], item[0][0])):
        x, y = hex_center(col, row)
        slots = SLOTS.get(len(units)) or _ring(len(units))
        size = LONE_SIZE if len(units) == 1 else SHARED_SIZE
        for unit, (dx, dy) in zip(units, slots, strict=True):
            where = (x + dx * R, y + UNIT_DY + dy * R)
            marks = Marks(
                ordered=str(unit["id"]) in ordered,
                pending=str(unit["id"]) in pending,
                resigned=int(unit["owner"]) in faded,
                breath=breaths.get(str(unit.get("breath_by"))) or "fire",
            )
            out.append(_unit(unit, where, size, marks))
    return out


class Marks:
    """What is drawn around a piece besides the piece itself."""

    def __init__(self, ordered: bool, pending: bool, resigned: bool, breath: str) -> None:
        self.ordered, self.pending, self.resigned, self.breath = ordered, pending, resigned, breath


def _ring(n: int) -> tuple[tuple[float, float], ...]:
    return tuple(
        (0.42 * math.cos(2 * math.pi * i / n), 0.42 * math.sin(2 * math.pi * i / n))
        for i in range(n)
    )


def _pending_breath(view: Mapping[str, Any]) -> set[str]:
    pending = view.get("pending") or {}
    return set(pending.get("targets", [])) if pending.get("kind") == "breath" else set()


def _unit(unit: Mapping[str, Any], at: tuple[float, float], size: float, marks: Marks) -> str:
    tokens = {name: int((unit.get("tokens") or {}).get(name, 0)) for name in EFFECTS}
    targeted = bool(unit.get("breath_target"))
    pending = marks.pending and targeted  # a target the breath phase has not rolled for yet
    dragon = unit.get("figures") is None
    group = attrs(
        class_="unit dragon" if dragon else "unit ground",
        data_unit=unit["id"],
        data_hex=hex_key(unit["hex"]),
        data_owner=int(unit["owner"]),
        data_kind=unit["kind"],
        data_banner=unit.get("banner"),
        data_figures=unit.get("figures"),
        data_poison=tokens["poison"],
        data_frost=tokens["frost"],
        data_fire=tokens["fire"],
        data_breath_target="true" if targeted else "false",
        data_breath_by=unit.get("breath_by"),
        data_breath_pending="true" if pending else "false",
        data_glory=int(unit.get("glory") or 0),
        data_roosted="true" if unit.get("roosted") else "false",
        data_rider=unit.get("rider", "none"),
        data_ordered="true" if marks.ordered else "false",
        data_resigned="true" if marks.resigned else None,
        opacity="0.55" if marks.resigned else None,
        transform=f"translate({num(at[0])},{num(at[1])})",
    )
    parts = [f"<title>{esc(_title(unit, tokens, marks))}</title>"]
    if marks.ordered:
        parts.append(outline(dragon, size + 4, "order-ring", "#fff", 3, halo=True))
    if targeted:
        parts.append(breath_ring(size + (8 if marks.ordered else 5), marks.breath, pending))
    parts.append(draw_dragon(unit, size) if dragon else draw_counter(unit, size))
    parts.extend(_tokens(tokens, size, alone=size >= LONE_SIZE))
    parts.extend(_marks(unit, size))
    if marks.resigned:
        parts.append(white_flag(size))
    return f"<g {group}>" + "".join(parts) + "</g>"


def _title(unit: Mapping[str, Any], tokens: Mapping[str, int], marks: Marks) -> str:
    kind = str(unit["kind"]).replace("_", " ")
    bits = [f"{unit['id']}: {kind} of seat {unit['owner']}, at {hex_key(unit['hex'])}"]
    if unit.get("figures") is not None:
        bits.append(f"{unit['figures']} figures")
    bits += [f"{n} {name}" for name, n in tokens.items() if n]
    if unit.get("breath_target"):
        bits.append(f"breath target of {unit.get('breath_by')}")
    bits += ["ordered this turn"] if marks.ordered else []
    bits += ["glory token"] if unit.get("glory") else []
    bits += ["roosted"] if unit.get("roosted") else []
    bits += [f"rider {unit['rider']}"] if unit.get("rider", "none") != "none" else []
    bits += ["resigned"] if marks.resigned else []
    return ", ".join(bits)


def outline(dragon: bool, r: float, cls: str, colour: str, width: float, halo: bool) -> str:
    """A ring around a piece, the shape of the piece (a disc or a rounded square)."""

    def shape(**more: object) -> str:
        if dragon:
            return circle(0, 0, r, **more)
        box = attrs(x=num(-r), y=num(-r), width=num(2 * r), height=num(2 * r), rx=num(r * 0.3))
        return f"<rect {box} {attrs(**more)}/>"

    under = shape(fill="none", stroke=INK, stroke_width=num(width + 2.4)) if halo else ""
    return (
        f'<g class="{cls}">{under}{shape(fill="none", stroke=colour, stroke_width=num(width))}</g>'
    )


def breath_ring(r: float, breath: str, pending: bool) -> str:
    colour = EFFECTS.get(breath, EFFECTS["fire"])
    dash = None if pending else "3 2.5"
    ring = circle(0, 0, r, fill="none", stroke=colour, stroke_width=3, stroke_dasharray=dash)
    ticks = "".join(
        f"M{num(math.cos(a) * (r - 3))},{num(math.sin(a) * (r - 3))}"
        f"L{num(math.cos(a) * (r + 3.5))},{num(math.sin(a) * (r + 3.5))}"
        for a in (math.radians(d) for d in (45, 135, 225, 315))
    )
    tick = f'<path d="{ticks}" stroke="{colour}" stroke-width="2.2" stroke-linecap="round"/>'
    return f'<g class="breath-mark" data-effect="{esc(breath)}">{ring}{tick}</g>'


def draw_dragon(unit: Mapping[str, Any], size: float) -> str:
    rim, face, _ = owner_colours(int(unit["owner"]))
    colour = BANNERS.get(str(unit.get("banner")), "#777")
    r = size * 1.02
    s = r * 0.88
    place = f"scale({num(s)})"
    legs = HINDLEGS if unit["kind"] == "wood_wyvern" else HINDLEGS + FORELEGS
    width = num(1.1 / s)
    body = (
        f'<g class="figure" transform="{place}" fill="{colour}" stroke="{INK}" '
        f'stroke-width="{width}" stroke-linejoin="round">'
        f'<path d="{WING}"/><path d="{WING}" transform="scale(-1,1)"/>'
        f'<path d="{legs}" fill="none" stroke="{colour}" stroke-width="{num(2.2 / s)}" '
        'stroke-linecap="round"/>'
        f'<path d="{TAIL}" fill="none" stroke="{colour}" stroke-width="{num(2.4 / s)}" '
        'stroke-linecap="round"/>'
        f'<path d="{BODY}"/></g>'
    )
    disc = circle(0, 0, r, class_="body", fill=face, stroke=rim, stroke_width=num(size * 0.27))
    breath = DRAGON_BREATH.get(str(unit["kind"]), "fire")
    badge = effect_chip(breath, r * 0.62, r * 0.62, r * 0.36, None)
    return disc + body + badge


def draw_counter(unit: Mapping[str, Any], size: float) -> str:
    rim, face, _ = owner_colours(int(unit["owner"]))
    colour = BANNERS.get(str(unit.get("banner")), "#777")
    s = size * 0.95
    box = attrs(x=num(-s), y=num(-s), width=num(2 * s), height=num(2 * s), rx=num(s * 0.22))
    face_rect = f'<rect class="body" {box} fill="{face}"/>'
    rr, top = s * 0.22, s * 0.42
    strip = (
        f'<path class="banner" d="M{num(-s)},{num(top)}H{num(s)}V{num(s - rr)}'
        f"Q{num(s)},{num(s)} {num(s - rr)},{num(s)}H{num(-s + rr)}"
        f'Q{num(-s)},{num(s)} {num(-s)},{num(s - rr)}Z" fill="{colour}"/>'
    )
    rim_rect = f'<rect {box} fill="none" stroke="{rim}" stroke-width="{num(size * 0.24)}"/>'
    mounted = "mounted" in str(unit["kind"])
    figure = _horse(colour, s) if mounted else _soldier(colour, s)
    return face_rect + strip + figure + rim_rect + _pips(unit, s)


def _soldier(colour: str, s: float) -> str:
    k = s * 0.5
    place = f"translate(0,{num(-s * 0.3)}) scale({num(k)})"
    spear = f'<path d="M.72,-1.05V.82" stroke="{INK}" stroke-width="{num(1.3 / k)}"/>'
    tip = '<path d="M.72,-1.25L.86,-.95H.58Z"/>'
    shield = '<path d="M-.95,-.2H-.25V.3Q-.25,.7-.6,.82Q-.95,.7-.95,.3Z"/>'
    return (
        f'<g class="figure" transform="{place}" fill="{colour}" stroke="{INK}" '
        f'stroke-width="{num(0.9 / k)}" stroke-linejoin="round">'
        f'{spear}{tip}<path d="{SOLDIER}"/>'
        f"{circle(0, -0.52, 0.27)}{shield}</g>"
    )


def _horse(colour: str, s: float) -> str:
    k = s * 0.54
    place = f"translate(0,{num(-s * 0.3)}) scale({num(k)})"
    eye = circle(-0.05, -0.32, 0.08, fill=INK, stroke="none")
    return (
        f'<g class="figure" transform="{place}" fill="{colour}" stroke="{INK}" '
        f'stroke-width="{num(0.9 / k)}" stroke-linejoin="round"><path d="{HORSE}"/>{eye}</g>'
    )


def _pips(unit: Mapping[str, Any], s: float) -> str:
    """One pip per figure of the kind's full strength, hollow for each one missing."""
    left = int(unit.get("figures") or 0)
    kind = UNIT_KINDS.get(str(unit["kind"]))
    full = max(left, kind.figures if kind else left)
    r, gap = s * 0.13, s * 0.36
    y = s * 0.68
    out = [f'<g class="pips" data-left="{left}" data-full="{full}">']
    for i in range(full):
        x = (i - (full - 1) / 2) * gap
        fill = PIP if i < left else "none"
        out.append(circle(x, y, r, fill=fill, stroke=PIP, stroke_width=num(max(0.6, r * 0.5))))
    out.append("</g>")
    return "".join(out)


def effect_chip(name: str, x: float, y: float, r: float, count: int | None) -> str:
    """A token or breath badge: the effect's emblem as a chip, its count written on it."""
    colour = EFFECTS[name]
    shape = EFFECT_EMBLEMS[name]
    chip = emblem(shape, x, y, r, fill=colour, stroke=INK, stroke_width=num(0.9 / r))
    mark = snowflake(x, y, r * 0.6, "#fff") if name == "frost" and count is None else ""
    label = ""
    if count is not None:
        dy = r * 0.18 if shape != "crystal" else 0
        label = text(
            x, y + dy, count, class_="count", font_size=num(r * 1.25), fill="#fff",
            stroke=INK, stroke_width=num(r * 0.28), paint_order="stroke",
        )  # fmt: skip
    return chip + mark + label


def _tokens(tokens: Mapping[str, int], size: float, alone: bool) -> Iterator[str]:
    """One chip per effect the unit carries, its count on it: down the right side of a unit
    alone in its hex, in a row under a unit that shares a site."""
    r = max(5.5, size * 0.5)
    present = [name for name in EFFECTS if tokens[name]]
    for i, name in enumerate(present):
        offset = (i - (len(present) - 1) / 2) * 2.05 * r
        x, y = (size + r * 0.55, offset) if alone else (offset, size + r * 0.8)
        chip = effect_chip(name, x, y, r, tokens[name])
        yield f'<g class="token {name}" data-count="{tokens[name]}">{chip}</g>'


def _marks(unit: Mapping[str, Any], size: float) -> Iterator[str]:
    """Glory star (top right), roost `z` (top left), rider (bottom left, gold once past the
    portal)."""
    small, corner = max(4.5, size * 0.36), size * 0.9
    if unit.get("glory"):
        r = small * 1.3
        star = emblem(
            "star", corner, -corner, r, fill="#ffd700", stroke="#7a5c00", stroke_width=num(1 / r)
        )
        yield f'<g class="glory">{star}</g>'
    if unit.get("roosted"):
        yield badge("roost", -corner, -corner, small, "z", "#2c3e50", "#fff")
    rider = str(unit.get("rider", "none"))
    if rider != "none":
        fill = "#ffd700" if rider == "passed" else "#fff"
        yield badge(f"rider {rider}", -corner, corner, small, "R", fill, "#111")


def badge(cls: str, x: float, y: float, r: float, label: str, fill: str, ink: str) -> str:
    disc = circle(x, y, r, fill=fill, stroke=INK, stroke_width=0.8)
    mark = text(x, y, label, font_size=num(r * 1.4), fill=ink, font_weight="bold")
    return f'<g class="{esc(cls)}">{disc}{mark}</g>'


def white_flag(size: float) -> str:
    x, y = size * 0.35, -size * 1.25
    pole = f"M{num(x)},{num(y)}V{num(y + size * 1.1)}"
    flag = f"M{num(x)},{num(y)}h{num(size * 0.75)}l-{num(size * 0.18)},{num(size * 0.25)}"
    flag += f"l{num(size * 0.18)},{num(size * 0.25)}h-{num(size * 0.75)}Z"
    return (
        f'<g class="white-flag"><path d="{pole}" stroke="{INK}" stroke-width="1.4"/>'
        f'<path d="{flag}" fill="#fff" stroke="{INK}" stroke-width="0.9"/></g>'
    )
