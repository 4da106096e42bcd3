"""The board as an SVG picture: a pure function of a board view (`domain.view.board_view`).

Pointy-top hexes in odd-r offset coordinates (R-BRD-1): odd rows sit half a hex east. The
picture scales through its viewBox. The status panel (each seat's lore, banners, blood and
cards, whose turn, the phase, the winner) sits under the board rather than beside it, so the
picture keeps a phone's portrait shape and its text stays legible. Every string from the view
is escaped: unit ids come from user scenarios.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from api.board_units import draw_units
from api.svg_kit import (
    BREATH_MARK,
    MARGIN,
    TOKENS,
    VILLAGE_BORDER,
    R,
    attrs,
    board_size,
    circle,
    corners,
    esc,
    hex_center,
    hex_key,
    num,
    owner_colours,
    text,
)

TERRAIN_FILLS = {
    "forest": "#6b9b5e",
    "hill": "#c9ad74",
    "ford": "#a9d3ea",
    "fordable_stream": "#79b6dc",
    "river": "#3a78b8",
}
PLAIN_FILL = "#ece7cf"
SITE_FILLS = {"village": "#f3d9b1", "cave": "#8f8172", "pickup": "#f7ecc2", "portal": "#d9c8f0"}
STYLE = (
    "<style>text{font-family:'DejaVu Sans',Verdana,sans-serif;text-anchor:middle;"
    "dominant-baseline:central}.coord{font-size:8px;fill:#6f6a5a}.coord.dark{fill:#f4f1e6}"
    ".site-label{font-size:7.5px;font-weight:bold}.unit-label{font-weight:bold}"
    ".panel text{text-anchor:start}</style>"
)
TEXT_WIDTH = 0.62  # a DejaVu Sans character's mean width, in font sizes (for fitting text)
DARK = {"forest", "river", "cave"}  # fills that need light text
LABEL_DY = R * 0.64  # terrain and site names sit low in the hex, under the units


def render_board(view: Mapping[str, Any]) -> str:
    """The SVG document for `view`; the same view always gives the same text."""
    width, height = int(view["width"]), int(view["height"])
    board_w, board_h = board_size(width, height)
    panel, panel_h = _panel(view, board_w, board_h)
    total_h = board_h + panel_h
    head = attrs(
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {num(board_w)} {num(total_h)}",
        role="img",
        class_="lk-board",
        data_version=view.get("version", 0),
        data_width=width,
        data_height=height,
    )
    title = f"{view.get('scenario') or 'game'}, version {view.get('version', 0)}"
    body = [
        f"<title>{esc(title)}</title>",
        STYLE,
        f'<rect width="{num(board_w)}" height="{num(total_h)}" fill="#faf8f0"/>',
        *_hexes(view, width, height),
        *_sites(view),
        *_engagements(view),
        *draw_units(view),
        *panel,
    ]
    return f"<svg {head}>\n" + "\n".join(body) + "\n</svg>\n"


def _hexes(view: Mapping[str, Any], width: int, height: int) -> list[str]:
    terrain = {hex_key(t["hex"]): str(t["kind"]) for t in view.get("terrain", [])}
    sites = {hex_key(s["hex"]): str(s["kind"]) for s in view.get("sites", [])}
    out = []
    for row in range(height):
        for col in range(width):
            key = f"{col},{row}"
            x, y = hex_center(col, row)
            kind = sites.get(key) or terrain.get(key) or "plain"
            poly = attrs(
                class_=f"hex {kind}",
                data_hex=key,
                data_terrain=terrain.get(key, "plain"),
                data_site=sites.get(key),
                points=corners(x, y),
                fill=SITE_FILLS.get(kind) or TERRAIN_FILLS.get(kind, PLAIN_FILL),
                stroke="#b7ae90",
            )
            out.append(f"<polygon {poly}/>")
            dark = kind in DARK
            out.append(text(x, y - R * 0.7, key, class_="coord dark" if dark else "coord"))
            if key in terrain and key not in sites:
                label = terrain[key].replace("_", " ")
                ink = "#fff" if dark else "#3b3326"
                out.append(text(x, y + LABEL_DY, label, class_="site-label", fill=ink))
    return out


def _sites(view: Mapping[str, Any]) -> list[str]:
    """Drawn over every hex so that no neighbour covers a village's red border (R-BRD-4)."""
    out = []
    for site in view.get("sites", []):
        x, y = hex_center(int(site["hex"][0]), int(site["hex"][1]))
        kind, label, ink = str(site["kind"]), str(site["kind"]), "#3b3326"
        if kind == "village":
            border = attrs(
                data_hex=hex_key(site["hex"]),
                points=corners(x, y, R - 2.5),
                fill="none",
                stroke=VILLAGE_BORDER,
            )
            out.append(f'<polygon class="village-border" {border} stroke-width="4"/>')
        elif kind == "portal":
            for r, colour in ((R * 0.62, "#7d4cc2"), (R * 0.42, "#a27ddb")):
                out.append(circle(x, y, r, fill="none", stroke=colour, stroke_width=3))
        elif kind == "pickup":
            label = f"pickup ×{int(site.get('riders', 0))}"  # riders waiting (R-SIT-2)
        elif kind == "cave":
            out.append(f'<path class="cave-mouth" d="{_arch(x, y)}" fill="#4b4037"/>')
            ink = "#fff"
        out.append(text(x, y + LABEL_DY, label, class_=f"site-label {kind}-label", fill=ink))
    return out


def _arch(x: float, y: float) -> str:
    left, right, base = num(x - R * 0.45), num(x + R * 0.45), num(y + R * 0.42)
    return f"M{left},{base} A{num(R * 0.45)},{num(R * 0.5)} 0 0 1 {right},{base} Z"


def _engagements(view: Mapping[str, Any]) -> list[str]:
    where = {u["id"]: u["hex"] for u in view.get("units", [])}
    out = []
    for g in view.get("engagements", []):
        if g["attacker"] not in where or g["defender"] not in where:
            continue
        (x1, y1), (x2, y2) = (hex_center(*where[g[k]]) for k in ("attacker", "defender"))
        line = attrs(
            class_="engagement",
            data_attacker=g["attacker"],
            data_defender=g["defender"],
            x1=num(x1),
            y1=num(y1),
            x2=num(x2),
            y2=num(y2),
            stroke=VILLAGE_BORDER,
            stroke_width=3,
            stroke_dasharray="5 4",
        )
        out.append(f"<line {line}/>")
    return out


# -- the status panel ---------------------------------------------------------------------------


def seat_names(view: Mapping[str, Any]) -> list[str]:
    """Seats by home edge, as the readable log names them; `seat N` when edges repeat."""
    edges = [str(p.get("home_edge", "?")) for p in view.get("players", [])]
    return [e if edges.count(e) == 1 else f"seat {i} ({e})" for i, e in enumerate(edges)]


def _panel(view: Mapping[str, Any], board_w: float, top: float) -> tuple[list[str], float]:
    font = max(13.0, board_w / 40)
    line = font * 1.45
    names = seat_names(view)
    status = _status_lines(view, names)
    out = [f'<g class="panel" font-size="{num(font)}">']
    y = top + line * 0.7
    room = board_w - 2 * MARGIN
    for i, content in enumerate(status):
        bold = "bold" if i == 0 else None
        size = _fitted(content, font, room)
        out.append(text(MARGIN, y, content, class_="status", font_weight=bold, font_size=size))
        y += line
    columns = 1 if board_w < 640 else 2  # a narrow board lists the seats one under another
    column_w = (board_w - 2 * MARGIN) / columns
    for i, player in enumerate(view.get("players", [])):
        at = (MARGIN + column_w * (i % columns), y + line * 2.2 * (i // columns))
        out += _seat(view, player, names[i], at, font, column_w)
    rows = -(-len(names) // columns)
    y += line * 2.2 * rows + line * 0.2
    legend, bottom = _legend(MARGIN, y, font * 0.8, board_w - MARGIN)
    out += [*legend, "</g>"]
    return out, bottom + font * 0.8 - top


def _status_lines(view: Mapping[str, Any], names: list[str]) -> list[str]:
    winner = view.get("winner")
    active = int(view.get("active_seat", 0))
    if winner == "draw":
        first = f"Game over: a draw · turn {view.get('turn')}"
    elif winner is not None:
        first = f"Game over: {names[int(winner)]} wins · turn {view.get('turn')}"
    else:
        who = names[active] if active < len(names) else f"seat {active}"
        first = f"Turn {view.get('turn')} · {who} to play · {view.get('phase')} phase"
    lines = [first, f"version {view.get('version')} · lore pool {view.get('lore_pool')}"]
    pending = view.get("pending")
    if pending:
        lines.append(_pending_line(pending, names))
    return lines


def _pending_line(pending: Mapping[str, Any], names: list[str]) -> str:
    seat = pending.get("seat")
    who = "the server" if seat is None else names[int(seat)]
    what = {
        "retreat": f"retreat of {pending.get('unit')} ({pending.get('hexes')} hexes)",
        "battle_back": f"battle back of {pending.get('unit')} against {pending.get('target')}",
        "reaction": f"Hold/Web reaction to the flight of {pending.get('unit')}",
        "breath": "breath on " + ", ".join(str(t) for t in pending.get("targets", [])),
    }.get(str(pending.get("kind")), str(pending.get("kind")))
    return f"Waiting for {who}: {what}"


def _seat(
    view: Mapping[str, Any],
    player: Mapping[str, Any],
    name: str,
    at: tuple[float, float],
    font: float,
    room: float,
) -> list[str]:
    x, y = at
    seat = int(player["seat"])
    fill, _ = owner_colours(seat)
    active = seat == view.get("active_seat") and view.get("winner") is None
    title = ("▶ " if active else "") + name + (" (eliminated)" if player.get("eliminated") else "")
    cards = int(player.get("card_count", 0))
    facts = (
        f"lore {player.get('lore')} · banners {player.get('banners')} · "
        f"blood {player.get('blood')} · {cards} card{'' if cards == 1 else 's'}"
    )
    group = attrs(class_="seat active" if active else "seat", data_seat=seat)
    swatch = circle(x + font * 0.45, y, font * 0.45, fill=fill, stroke="#222")
    return [
        f"<g {group}>{swatch}",
        text(
            x + font * 1.2,
            y,
            title,
            font_weight="bold" if active else None,
            font_size=_fitted(title, font, room - font * 1.5),
        ),
        text(
            x + font * 1.2,
            y + font * 1.35,
            facts,
            font_size=_fitted(facts, font * 0.85, room - font * 1.5),
        ),
        "</g>",
    ]


def _legend(x0: float, y: float, font: float, right: float) -> tuple[list[str], float]:
    """The key to the marks, flowed into as many lines as the width needs; returns its bottom."""
    r = font * 0.45
    items: list[tuple[str, str | None]] = [(name, colour) for name, colour in TOKENS]
    items += [("breath target", BREATH_MARK), ("★ glory", None), ("z roosted", None)]
    items += [("R rider (gold: past the portal)", None), ("F3/M2: foot/mounted, figures", None)]
    items += [("FD ID WW: dragons", None), ("pickup ×n: riders waiting", None)]
    out, x = ['<g class="legend">'], x0
    for name, colour in items:
        width = (r * 3 if colour else 0) + len(name) * font * TEXT_WIDTH + font
        if x > x0 and x + width > right:
            x, y = x0, y + font * 1.5
        if colour:
            out.append(circle(x + r, y, r, fill=colour, stroke="#222", stroke_width=0.8))
        out.append(text(x + (r * 2.6 if colour else 0), y, name, font_size=num(font)))
        x += width
    out.append("</g>")
    return out, y + font


def _fitted(content: str, font: float, room: float) -> str:
    """The font size that fits `content` in `room` (long unit ids shrink, never overflow)."""
    return num(min(font, room / max(1, len(content) * TEXT_WIDTH)))
