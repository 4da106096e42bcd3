"""The board part of a scenario document: terrain, sites and units, checked fault by fault."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

from domain.catalogue import EFFECTS, SITE_KINDS, TERRAIN, UNIT_KINDS
from domain.hexes import Hex, on_board
from domain.state import Site, Tokens, Unit

UNIT_ID = re.compile(r"^[A-Za-z0-9_.-]{1,40}$")
COORDINATE_FLOOR = -40
RIDER_STATES = {
    False: "none",
    True: "carried",
    "none": "none",
    "carried": "carried",
    "passed": "passed",
}
SITE_KEYS = ("hex", "kind", "capacity", "riders", "red_border")


class Check:
    """Collects every fault: `check(ok, where, message)` notes one when `ok` is false."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def __call__(self, ok: bool, where: str, message: str) -> bool:
        if not ok:
            self.problems.append(f"{where}: {message}")
        return ok


def is_name(value: Any, table: Mapping[str, Any]) -> bool:
    """`value` names an entry of `table` (a JSON object or list is never a name)."""
    return isinstance(value, str) and value in table


def is_int(v: Any, low: int = 0, high: int = 10**6) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def list_of(check: Check, value: Any, where: str, most: int | None = None) -> list[Any]:
    if not check(isinstance(value, list), where, "expected a list"):
        return []
    if most is not None and not check(len(value) <= most, where, f"at most {most} entries"):
        return []
    return list(value)


def hex_at(check: Check, where: str, value: Any, width: int, height: int) -> Hex | None:
    if not (
        isinstance(value, list)
        and len(value) == 2
        and all(is_int(v, COORDINATE_FLOOR) for v in value)
    ):
        check(False, where, f"expected a hex [col, row], got {str(value)[:40]}")
        return None
    h = Hex(value[0], value[1])
    if not check(on_board(h, width, height), where, f"{h} is off the {width}x{height} board"):
        return None
    return h


def terrain(check: Check, raw: Any, width: int, height: int) -> dict[Hex, str]:
    out: dict[Hex, str] = {}
    for i, item in enumerate(list_of(check, raw, "terrain", width * height)):
        where = f"terrain[{i}]"
        if not check(isinstance(item, Mapping), where, "expected an object"):
            continue
        h = hex_at(check, f"{where}.hex", item.get("hex"), width, height)
        kind = item.get("kind")
        check(
            is_name(kind, TERRAIN),
            f"{where}.kind",
            f"unknown terrain {str(kind)[:40]!r}; known: {sorted(TERRAIN)}",
        )
        fresh = h is not None and check(h not in out, f"{where}.hex", f"{h} has terrain already")
        if fresh and h is not None and is_name(kind, TERRAIN) and kind != "plain":
            out[h] = kind
    return out


def sites(
    check: Check,
    raw: Any,
    width: int,
    height: int,
    tiles: Mapping[Hex, str],
    red_borders: bool,
) -> dict[Hex, Site]:
    """`red_borders`: whether a site may carry `red_border` (R-BRD-4, revision 2); if so,
    keys a site does not define are refused too (a misspelt border would pass unseen)."""
    out: dict[Hex, Site] = {}
    for i, item in enumerate(list_of(check, raw, "sites", width * height)):
        where = f"sites[{i}]"
        if not check(isinstance(item, Mapping), where, "expected an object"):
            continue
        site = _site(check, where, item, red_borders)
        h = hex_at(check, f"{where}.hex", item.get("hex"), width, height)
        if h is None or not check(h not in out, f"{where}.hex", f"{h} holds a site already"):
            continue
        free = check(
            h not in tiles, f"{where}.hex", f"{h} holds a terrain tile; a site hex holds none"
        )
        if free and site is not None:
            out[h] = site
    return out


def _site(check: Check, where: str, item: Mapping[str, Any], red_borders: bool) -> Site | None:
    kind, capacity, riders = item.get("kind"), item.get("capacity", 3), item.get("riders", 0)
    border = item.get("red_border", False) if red_borders else False
    ok = check(
        is_name(kind, SITE_KINDS),
        f"{where}.kind",
        f"unknown site {str(kind)[:40]!r}; known: {sorted(SITE_KINDS)}",
    )
    ok &= check(is_int(capacity, 1, 12), f"{where}.capacity", "expected 1..12")
    ok &= check(is_int(riders, 0, 99), f"{where}.riders", "expected 0..99")
    if red_borders:
        ok &= check(isinstance(border, bool), f"{where}.red_border", "expected a boolean")
        for key in item:
            ok &= check(key in SITE_KEYS, f"{where}.{key}", f"unknown; known: {list(SITE_KEYS)}")
    return Site(str(kind), capacity, riders, border) if ok else None


def units(
    check: Check,
    raw: Any,
    width: int,
    height: int,
    tiles: Mapping[Hex, str],
    places: Mapping[Hex, Site],
    seats: int,
    per_player: int,
) -> dict[str, Unit]:
    out: dict[str, Unit] = {}
    by_hex: dict[Hex, list[Unit]] = {}
    items = list_of(check, raw, "units")
    if not check(
        len(items) <= max(seats, 1) * per_player,
        "units",
        f"at most {per_player} units a player (limit units_per_player)",
    ):
        return out
    for i, item in enumerate(items):
        where = f"units[{i}]"
        if not check(isinstance(item, Mapping), where, "expected an object"):
            continue
        unit = _unit(check, where, item, width, height, seats)
        if unit is None:
            continue
        if not check(unit.id not in out, f"{where}.id", f"unit id {unit.id!r} is used twice"):
            continue
        here = by_hex.setdefault(unit.hex, [])
        if _placement_ok(check, where, unit, tiles, places, here):
            out[unit.id] = unit
            here.append(unit)
    _count_per_player(check, out, per_player)
    return out


def _count_per_player(check: Check, placed: Mapping[str, Unit], per_player: int) -> None:
    for seat, count in sorted(Counter(u.owner for u in placed.values()).items()):
        check(
            count <= per_player,
            f"players[{seat}]",
            f"has {count} units; at most {per_player} (limit units_per_player)",
        )


def _unit(
    check: Check, where: str, item: Mapping[str, Any], width: int, height: int, seats: int
) -> Unit | None:
    uid, kind, owner = item.get("id"), item.get("kind"), item.get("owner")
    ok = check(
        isinstance(uid, str) and bool(UNIT_ID.match(uid)),
        f"{where}.id",
        "expected 1-40 letters, digits, '.', '_' or '-'",
    )
    ok &= check(
        is_name(kind, UNIT_KINDS),
        f"{where}.kind",
        f"unknown unit kind {str(kind)[:40]!r}; known: {sorted(UNIT_KINDS)}",
    )
    ok &= check(
        is_int(owner, 0, max(seats - 1, 0)), f"{where}.owner", f"expected a seat 0..{seats - 1}"
    )
    h = hex_at(check, f"{where}.hex", item.get("hex"), width, height)
    if not ok or h is None:
        return None
    assert isinstance(uid, str) and isinstance(kind, str) and isinstance(owner, int)
    spec = UNIT_KINDS[kind]
    figures = item.get("figures", spec.figures)
    if spec.is_dragon:
        ok &= check("figures" not in item, f"{where}.figures", "dragons have no figures (R-UNT-3)")
    else:
        ok &= check(
            is_int(figures, 1, spec.figures), f"{where}.figures", f"expected 1..{spec.figures}"
        )
        for key in ("rider", "roosted"):
            ok &= check(key not in item, f"{where}.{key}", "only dragons carry riders or roost")
    tokens = _tokens(check, f"{where}.tokens", item.get("tokens", {}))
    glory, rider, roosted = (
        item.get("glory", 0),
        item.get("rider", False),
        item.get("roosted", False),
    )
    ok &= check(glory in (0, 1), f"{where}.glory", "expected 0 or 1 (or a boolean)")
    ok &= check(
        isinstance(rider, bool | str) and rider in RIDER_STATES,
        f"{where}.rider",
        "expected true/false or one of none, carried, passed",
    )
    ok &= check(isinstance(roosted, bool), f"{where}.roosted", "expected a boolean")
    if not ok or tokens is None:
        return None
    return Unit(
        id=uid,
        kind=kind,
        owner=owner,
        hex=h,
        figures=0 if spec.is_dragon else figures,
        tokens=tokens,
        glory=int(glory),
        rider=RIDER_STATES[rider],  # type: ignore[arg-type]
        roosted=roosted,
    )


def _tokens(check: Check, where: str, raw: Any) -> Tokens | None:
    if not check(isinstance(raw, Mapping), where, 'expected an object like {"poison": 1}'):
        return None
    ok = True
    for key, value in raw.items():
        ok &= check(key in EFFECTS, f"{where}.{key}", f"unknown effect; known: {list(EFFECTS)}")
        ok &= check(is_int(value, 0, 99), f"{where}.{key}", "expected 0..99")
    return Tokens(**raw) if ok else None


def _placement_ok(
    check: Check,
    where: str,
    unit: Unit,
    tiles: Mapping[Hex, str],
    places: Mapping[Hex, Site],
    here: list[Unit],
) -> bool:
    site = places.get(unit.hex)
    if site is not None:
        if not check(
            unit.is_dragon,
            f"{where}.hex",
            f"{unit.hex} is a {site.kind}: only dragons may enter sites (R-BRD-3)",
        ):
            return False
        return check(
            len(here) < site.capacity,
            f"{where}.hex",
            f"{unit.hex} is full ({site.capacity} dragons)",
        )
    if not check(
        not here, f"{where}.hex", f"{unit.hex} holds unit {here[0].id if here else ''} already"
    ):
        return False
    t = TERRAIN[tiles.get(unit.hex, "plain")]
    return check(not t.impassable, f"{where}.hex", f"{unit.hex} is {t.name}: impassable (R-BRD-2)")
