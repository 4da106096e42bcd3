"""The board as an SVG picture: a pure function of a board view (`domain.view.board_view`) and
of its story (`api.board.story`: the last move, a resignation, the moment it is about).

    render_history(events)        the picture after a game's first N events (GET board.svg)
    render_board(view, story)     the same from a view

Pointy-top hexes in odd-r offset coordinates (R-BRD-1): odd rows sit half a hex east. The
picture scales through its viewBox; its `data-board-height` is where the board ends and the
status panel under it begins (the viewer crops the panel and shows the words in HTML, from
`<metadata class="lk-status">`); its `data-moment` is the version of the event it is about,
whose line the viewer shows. Terrain is painted and drawn (trees, hills, waves, stones) and
named at the foot of its hex; hex coordinates are drawn but hidden until the picture's root
has the class `show-coords` (the viewer's toggle; every hex also has a tooltip with its
coordinates). Every string from the view is escaped: unit ids come from user scenarios.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from api.board.key import legend_samples
from api.board.panel import TEXT_WIDTH, metadata, panel, status
from api.board.story import Story, read_story
from api.board.svg_kit import (
    INK,
    PAPER,
    VILLAGE_BORDER,
    R,
    attrs,
    board_size,
    esc,
    hex_center,
    num,
    owner_colours,
)
from api.board.terrain import draw_sites, draw_terrain
from api.board.units import draw_units
from domain import Event

STYLE = (
    "<style>text{font-family:'DejaVu Sans',Verdana,sans-serif;text-anchor:middle;"
    "dominant-baseline:central}.coord{font-size:9px;font-weight:bold;fill:#4a4436;"
    "paint-order:stroke;stroke:#fbf8ee;stroke-width:2.5px}.coords{display:none}"
    ".show-coords .coords{display:inline}.site-label{font-weight:bold;"
    "paint-order:stroke;stroke-width:2.2px;stroke-linejoin:round}"
    ".panel>text,.seat>text,.key>text{text-anchor:start}</style>"
)


def render_history(events: Sequence[Event]) -> str:
    """The picture of the game after `events`, a prefix of its history."""
    view, story = read_story(events)
    return render_board(view, story)


def render_board(view: Mapping[str, Any], story: Story | None = None) -> str:
    """The SVG document for `view`; the same view and story always give the same text."""
    story = story or Story()
    width, height = int(view["width"]), int(view["height"])
    board_w, board_h = board_size(width, height)
    words = status(view, story)
    legend, legend_h = legend_samples(board_w)
    panel_parts, panel_h = panel(words, board_w, board_h, legend, legend_h)
    total_h = board_h + panel_h
    head = attrs(
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {num(board_w)} {num(total_h)}",
        role="img",
        class_="lk-board",
        data_version=view.get("version", 0),
        data_width=width,
        data_height=height,
        data_board_height=num(board_h),
        data_moment=story.moment or None,
        data_scenario=view.get("scenario"),
    )
    hexes, ground_names = draw_terrain(view, width, height)
    sites, site_names = draw_sites(view)
    title = f"{words['title']}, version {view.get('version', 0)}: {words['headline']}"
    body = [
        f"<title>{esc(title)}</title>",
        metadata(words),
        STYLE,
        f'<rect width="{num(board_w)}" height="{num(total_h)}" fill="{PAPER}"/>',
        *hexes,
        *sites,
        *_engagements(view),
        *_last_move(story),
        *draw_units(view, frozenset(story.ordered), frozenset(story.resigned)),
        *_last_battle(story),
        *site_names,
        *ground_names,
        *panel_parts,
    ]
    return f"<svg {head}>\n" + "\n".join(body) + "\n</svg>\n"


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


def _last_move(story: Story) -> list[str]:
    """The path of the turn's last move, hex centre to hex centre, with an arrowhead; bold
    when the move is the event shown, lighter once other events followed it."""
    move = story.last_move
    if move is None or len(move.hexes) < 2:
        return []
    points = [hex_center(c, r) for c, r in move.hexes]
    rim, _, _ = owner_colours(move.owner)
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = max(1e-6, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tip = (x1 - ux * R * 0.55, y1 - uy * R * 0.55)  # the arrow stops at the piece's edge
    line = [*points[:-1], tip]
    d = "M" + "L".join(f"{num(x)},{num(y)}" for x, y in line)
    head = _arrowhead(tip, (ux, uy), 9)
    opacity = "1" if move.current else "0.6"
    group = attrs(
        class_="last-move",
        data_mover=move.unit,
        data_kind=move.kind,
        data_from=f"{move.hexes[0][0]},{move.hexes[0][1]}",
        data_to=f"{move.hexes[-1][0]},{move.hexes[-1][1]}",
        data_current="true" if move.current else "false",
        opacity=opacity,
    )
    start = points[0]
    dash = ' stroke-dasharray="7 4"' if move.kind == "flight" else ""
    return [
        f"<g {group}>",
        f'<circle cx="{num(start[0])}" cy="{num(start[1])}" r="{num(R * 0.3)}" fill="none" '
        f'stroke="{INK}" stroke-width="2" stroke-dasharray="3 2"/>',
        f'<path d="{d}" fill="none" stroke="{INK}" stroke-width="7" stroke-linecap="round" '
        'stroke-linejoin="round" opacity="0.55"/>',
        f'<path d="{d}" fill="none" stroke="{rim}" stroke-width="4" stroke-linecap="round" '
        f'stroke-linejoin="round"{dash}/>',
        f'<path d="{head}" fill="{rim}" stroke="{INK}" stroke-width="1.2"/>',
        "</g>",
    ]


def _last_battle(story: Story) -> list[str]:
    """The battle that is the moment: a red arrow from the attacker to its target, where they
    stood (the target may be gone: the blow that won destroyed it)."""
    battle = story.last_battle
    if battle is None or not battle.current:
        return []
    (x0, y0), (x1, y1) = (hex_center(*h) for h in battle.hexes)
    length = max(1e-6, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    start = (x0 + ux * R * 0.45, y0 + uy * R * 0.45)
    tip = (x1 - ux * R * 0.5, y1 - uy * R * 0.5)
    d = f"M{num(start[0])},{num(start[1])}L{num(tip[0])},{num(tip[1])}"
    group = attrs(class_="last-battle", data_attacker=battle.attacker, data_target=battle.target)
    return [
        f"<g {group}>",
        f'<path d="{d}" stroke="{INK}" stroke-width="6" stroke-linecap="round"/>',
        f'<path d="{d}" stroke="{VILLAGE_BORDER}" stroke-width="3.5" stroke-linecap="round"/>',
        f'<path d="{_arrowhead(tip, (ux, uy), 8)}" fill="{VILLAGE_BORDER}" stroke="{INK}"/>',
        "</g>",
    ]


def _arrowhead(tip: tuple[float, float], direction: tuple[float, float], size: float) -> str:
    (x, y), (ux, uy) = tip, direction
    back = (x - ux * size * 1.4, y - uy * size * 1.4)
    left = (back[0] - uy * size * 0.8, back[1] + ux * size * 0.8)
    right = (back[0] + uy * size * 0.8, back[1] - ux * size * 0.8)
    return (
        "M"
        + "L".join(f"{num(a)},{num(b)}" for a, b in ((x + ux * 2, y + uy * 2), left, right))
        + "Z"
    )


__all__ = ["TEXT_WIDTH", "render_board", "render_history"]
