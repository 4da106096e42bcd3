"""A board you can read in a test: one line per row, one cell per hex.

    . .   F    .
     . bf0 ww1 .          (odd rows may be indented: R-BRD-1's half-hex shift)

A cell is a terrain or site code, then any units on it joined by `+` (on plain ground the
`.` may be left out):
`.` plain, `F` forest, `H` hill, `d` ford, `s` fordable stream, `R` river;
`V` village, `C` cave, `P` pickup, `O` portal. A unit is its kind code (`gf bf rf gm bm rm`
for foot and mounted, `ww id fd` for the dragons) and its owner's seat, with an optional
`#id`. Without one a unit is called by its code and seat (`bf0`), then `bf0-2`, `bf0-3` …
in reading order. `Vww1+fd0` is a village holding two dragons.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from domain.catalogue import KIND_BY_CODE, SITE_BY_CODE, SITE_KINDS, TERRAIN, TERRAIN_BY_CODE
from domain.hexes import Hex
from domain.state import GameState

_UNIT = re.compile(r"^(?P<code>[a-z]{2})(?P<owner>\d)(?:#(?P<id>[A-Za-z0-9_.-]+))?$")
DEFAULT_EDGES = ("south", "north", "east", "west")


def parse_board(text: str) -> dict[str, Any]:
    """The width, height, terrain, sites and units of a text board, as scenario fields."""
    rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
    width = len(rows[0])
    if any(len(r) != width for r in rows):
        raise ValueError("every row of a text board has the same number of cells")
    terrain, sites, units = [], [], []
    counts: dict[str, int] = {}
    for row, cells in enumerate(rows):
        for col, cell in enumerate(cells):
            ground, rest = cell[0], cell[1:]
            if (
                ground not in TERRAIN_BY_CODE
                and ground not in SITE_BY_CODE
                and _UNIT.match(cell.split("+")[0])
            ):
                ground, rest = ".", cell  # a unit on plain ground may omit the `.`
            if ground in TERRAIN_BY_CODE:
                if ground != ".":
                    terrain.append({"hex": [col, row], "kind": TERRAIN_BY_CODE[ground].name})
            elif ground in SITE_BY_CODE:
                sites.append({"hex": [col, row], "kind": SITE_BY_CODE[ground]})
            else:
                raise ValueError(
                    f"cell {cell!r} at [{col},{row}]: unknown terrain or site {ground!r}"
                )
            for token in rest.split("+") if rest else ():
                units.append(_unit(token, col, row, counts))
    return {"width": width, "height": len(rows), "terrain": terrain, "sites": sites, "units": units}


def _unit(token: str, col: int, row: int, counts: dict[str, int]) -> dict[str, Any]:
    m = _UNIT.match(token)
    if m is None or m["code"] not in KIND_BY_CODE:
        raise ValueError(
            f"unit {token!r} at [{col},{row}]: expected a kind code, a seat and an optional #id"
        )
    base = f"{m['code']}{m['owner']}"
    counts[base] = counts.get(base, 0) + 1
    uid = m["id"] or (base if counts[base] == 1 else f"{base}-{counts[base]}")
    return {
        "id": uid,
        "kind": KIND_BY_CODE[m["code"]].name,
        "owner": int(m["owner"]),
        "hex": [col, row],
    }


def scenario_from_text(
    text: str,
    *,
    players: list[dict[str, Any]] | None = None,
    settings: Mapping[str, Any] | None = None,
    units: Mapping[str, Mapping[str, Any]] | None = None,
    name: str = "text board",
) -> dict[str, Any]:
    """A full scenario document from a text board; `units` adds fields to units by id."""
    doc = parse_board(text)
    seats = 1 + max((u["owner"] for u in doc["units"]), default=1)
    doc["name"] = name
    doc["players"] = players or [
        {"home_edge": DEFAULT_EDGES[s], "lore": 3, "cards": []} for s in range(max(seats, 2))
    ]
    doc["settings"] = dict(settings or {})
    for unit in doc["units"]:
        unit.update((units or {}).get(unit["id"], {}))
    return doc


def board_text(state: GameState) -> str:
    """The position as text (units with their ids when these differ from the default)."""
    occupants: dict[Hex, list[str]] = {}
    counts: dict[str, int] = {}
    for unit in sorted(state.units.values(), key=lambda u: (u.hex.row, u.hex.col, u.id)):
        base = f"{unit.spec.code}{unit.owner}"
        counts[base] = counts.get(base, 0) + 1
        default = base if counts[base] == 1 else f"{base}-{counts[base]}"
        occupants.setdefault(unit.hex, []).append(
            base if unit.id == default else f"{base}#{unit.id}"
        )
    lines = []
    for row in range(state.height):
        cells = []
        for col in range(state.width):
            h = Hex(col, row)
            site = state.sites.get(h)
            ground = SITE_KINDS[site.kind] if site else TERRAIN[state.terrain.get(h, "plain")].code
            here = "+".join(occupants.get(h, []))
            cells.append(here if here and ground == "." else ground + here)
        lines.append((" " if row % 2 else "") + " ".join(f"{c:<4}" for c in cells).rstrip())
    return "\n".join(lines)
