"""The key to the board picture: a small sample of each piece and mark, with its name.

The picture on its own shows it under the status; the history viewer lifts each sample
(`<g class="key" data-label="…"><g class="sample">…</g>…</g>`) into an HTML list.
"""

from __future__ import annotations

from api.board.svg_kit import INK, emblem, esc, num, text
from api.board.units import (
    badge,
    breath_ring,
    draw_counter,
    draw_dragon,
    effect_chip,
    outline,
    white_flag,
)

LEGEND_ROW = 34.0
LEGEND_CELL = 210.0
LEGEND_FONT = 10.5


def legend_samples(board_w: float) -> tuple[list[str], float]:
    """The key: a small sample of each piece and mark (`<g class="sample">`, in a 34-unit box
    around the origin) with its name, flowed into as many columns as the board's width holds;
    returns the parts and their height."""
    entries = _key_entries()
    columns = max(1, int((board_w - 32) // LEGEND_CELL))
    out = []
    for i, (drawing, label) in enumerate(entries):
        x, y = LEGEND_CELL * (i % columns) + 16, LEGEND_ROW * (i // columns) + 16
        size = min(LEGEND_FONT, (LEGEND_CELL - 30) / (len(label) * 0.6))
        out.append(
            f'<g class="key" data-label="{esc(label)}" transform="translate({num(x)},{num(y)})">'
            f'<g class="sample">{drawing}</g>'
            + text(22, 0, label, font_size=num(size), fill=INK)
            + "</g>"
        )
    rows = -(-len(entries) // columns)
    return out, rows * LEGEND_ROW


def _key_entries() -> list[tuple[str, str]]:
    sample = {"id": "key", "owner": 0, "hex": [0, 0], "tokens": {}, "rider": "none"}
    foot = {**sample, "kind": "blue_foot", "banner": "blue", "figures": 3}
    horse = {**sample, "kind": "red_mounted", "banner": "red", "figures": 2}
    north = {**sample, "owner": 1, "kind": "green_foot", "banner": "green", "figures": 4}
    s = 12.0
    entries = [
        (draw_counter(foot, s), "foot unit: a pip a figure"),
        (draw_counter(horse, s), "mounted unit (hollow pip: lost)"),
        (draw_counter(north, s), "the other side's colours"),
    ]
    for kind, banner, name in (
        ("fire_dragon", "red", "Fire Dragon (fire breath)"),
        ("ice_drake", "blue", "Ice Drake (frost breath)"),
        ("wood_wyvern", "green", "Wood Wyvern (poison breath)"),
    ):
        entries.append((draw_dragon({**sample, "kind": kind, "banner": banner}, s), name))
    entries += [
        (
            effect_chip("fire", -6, 0, 7, 2) + effect_chip("frost", 8, 0, 7, 1),
            "fire, frost tokens",
        ),
        (effect_chip("poison", 0, 0, 8, 1), "poison tokens (count)"),
        (breath_ring(s, "fire", True), "breath target, not rolled yet"),
        (
            outline(False, s, "order-ring", "#fff", 3, halo=True) + draw_counter(foot, s - 3),
            "ordered this turn",
        ),
        (_arrow_sample(), "the turn's last move"),
        (
            emblem("star", 0, 0, 10, fill="#ffd700", stroke="#7a5c00", stroke_width="0.1"),
            "glory token",
        ),
        (badge("roost", 0, 0, 8, "z", "#2c3e50", "#fff"), "roosted dragon"),
        (badge("rider", 0, 0, 8, "R", "#ffd700", "#111"), "rider (gold: past the portal)"),
        (f'<g transform="translate(-5,7)">{white_flag(12)}</g>', "resigned side"),
    ]
    return entries


def _arrow_sample() -> str:
    line = 'd="M-14,8L7,-3" stroke-linecap="round"'
    return (
        f'<path {line} stroke="{INK}" stroke-width="6" opacity=".55"/>'
        f'<path {line} stroke="#d29b00" stroke-width="3.5"/>'
        f'<path d="M15,-7.5L3,-7L8,2Z" fill="#d29b00" stroke="{INK}"/>'
    )
