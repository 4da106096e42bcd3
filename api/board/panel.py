"""The words around the board: the status (whose turn, the phase, the winner, what the game
waits for, each seat's counts) and the key to the marks.

`status(view, story)` is the one source of those words: the standalone picture draws them in
its panel under the board, and carries them as JSON in its `<metadata class="lk-status">`,
from which the history viewer lays them out in HTML beside or above the board (legible on a
phone) and writes its header (the scenario and the seats).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from api.board.story import Story, Takeback
from api.board.svg_kit import INK, MARGIN, attrs, circle, esc, num, owner_colours, text

TEXT_WIDTH = 0.6  # a DejaVu Sans character's mean width, in font sizes (for fitting text)


def seat_names(view: Mapping[str, Any]) -> list[str]:
    """Seats by home edge, as the readable log names them; `seat N` when edges repeat."""
    edges = [str(p.get("home_edge", "?")) for p in view.get("players", [])]
    return [e if edges.count(e) == 1 else f"seat {i} ({e})" for i, e in enumerate(edges)]


def scenario_title(name: object) -> str:
    words = str(name or "game").replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def status(view: Mapping[str, Any], story: Story | None = None) -> dict[str, Any]:
    story = story or Story()
    names = seat_names(view)
    winner, active = view.get("winner"), int(view.get("active_seat", 0))
    over = winner is not None
    if winner == "draw":
        headline = f"Game over: a draw · turn {view.get('turn')}"
    elif isinstance(winner, int):
        headline = f"Game over: {names[winner]} wins · turn {view.get('turn')}"
    else:
        who = names[active] if active < len(names) else f"seat {active}"
        headline = f"Turn {view.get('turn')} · {who} to play · {view.get('phase')} phase"
    notes = [f"{names[s]} resigned" for s in story.resigned if s < len(names)]
    pending = view.get("pending")
    if pending and not over:
        notes.append(_pending_line(pending, names))
    if story.takeback is not None:
        notes.append(_takeback_line(story.takeback, names))
    if story.ordered and not over:
        notes.append("Ordered this turn: " + ", ".join(story.ordered))
    seats = [
        _seat(view, player, names[i], story, over, active)
        for i, player in enumerate(view.get("players", []))
    ]
    return {
        "scenario": view.get("scenario"),
        "title": scenario_title(view.get("scenario")),
        "version": view.get("version"),
        "headline": headline,
        "notes": notes,
        "facts": f"version {view.get('version')} · lore pool {view.get('lore_pool')}",
        "seats": seats,
    }


def _takeback_line(takeback: Takeback, names: list[str]) -> str:
    def name(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else f"seat {seat}"

    asker, by = name(takeback.seat), name(takeback.by)
    if takeback.kind == "asked":
        return f"{asker} asks to take back its commands since version {takeback.to_version}"
    if takeback.kind == "accepted":
        return f"Taken back: {by} accepted; the board is as at version {takeback.to_version}"
    return f"{by} declined {asker}'s takeback"


def _seat(
    view: Mapping[str, Any],
    player: Mapping[str, Any],
    name: str,
    story: Story,
    over: bool,
    active: int,
) -> dict[str, Any]:
    seat = int(player["seat"])
    rim, face, ink = owner_colours(seat)
    cards = int(player.get("card_count", 0))
    state = (
        "resigned" if seat in story.resigned else "eliminated" if player.get("eliminated") else None
    )
    return {
        "seat": seat,
        "name": name,
        "colour": rim,
        "tint": face,
        "ink": ink,
        "active": seat == active and not over,
        "out": state,
        "lore": player.get("lore"),
        "banners": player.get("banners"),
        "blood": player.get("blood"),
        "cards": cards,
        "facts": (
            f"lore {player.get('lore')} · banners {player.get('banners')} · "
            f"blood {player.get('blood')} · {cards} card{'' if cards == 1 else 's'}"
        ),
    }


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


def metadata(words: Mapping[str, Any]) -> str:
    return f'<metadata class="lk-status">{esc(json.dumps(words, ensure_ascii=False))}</metadata>'


def panel(
    words: Mapping[str, Any], board_w: float, top: float, legend: list[str], legend_h: float
) -> tuple[list[str], float]:
    """The status under the board, for the picture on its own; returns it and its height."""
    font = max(13.0, board_w / 40)
    line = font * 1.45
    room = board_w - 2 * MARGIN
    out = [f'<g class="panel" font-size="{num(font)}">']
    y = top + line * 0.7
    for i, content in enumerate([words["headline"], *words["notes"], words["facts"]]):
        bold = "bold" if i == 0 else None
        out.append(
            text(
                MARGIN,
                y,
                content,
                class_="status",
                font_weight=bold,
                font_size=fitted(content, font, room),
            )
        )
        y += line
    columns = 1 if board_w < 640 else 2  # a narrow board lists the seats one under another
    column_w = room / columns
    for i, seat in enumerate(words["seats"]):
        at = (MARGIN + column_w * (i % columns), y + line * 2.2 * (i // columns))
        out += _seat_lines(seat, at, font, column_w)
    y += line * 2.2 * -(-len(words["seats"]) // columns) + line * 0.1
    out += [
        f'<g class="legend" transform="translate({num(MARGIN)},{num(y)})">',
        *legend,
        "</g>",
        "</g>",
    ]
    return out, y - top + legend_h + font * 0.5


def _seat_lines(
    seat: Mapping[str, Any], at: tuple[float, float], font: float, room: float
) -> list[str]:
    x, y = at
    out = "" if seat["out"] is None else f" ({seat['out']})"
    title = ("▶ " if seat["active"] else "") + seat["name"] + out
    group = attrs(class_="seat active" if seat["active"] else "seat", data_seat=seat["seat"])
    swatch = circle(x + font * 0.45, y, font * 0.45, fill=seat["colour"], stroke=INK)
    return [
        f"<g {group}>{swatch}",
        text(
            x + font * 1.2, y, title, font_weight="bold" if seat["active"] else None,
            font_size=fitted(title, font, room - font * 1.5),
        ),
        text(
            x + font * 1.2, y + font * 1.35, seat["facts"],
            font_size=fitted(seat["facts"], font * 0.85, room - font * 1.5),
        ),
        "</g>",
    ]  # fmt: skip


def fitted(content: str, font: float, room: float) -> str:
    """The font size that fits `content` in `room` (long unit ids shrink, never overflow)."""
    return num(min(font, room / max(1, len(content) * TEXT_WIDTH)))
