"""Scenario documents: validated with every fault listed, then turned into a starting state."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from domain.catalogue import CARDS, EFFECTS, SITE_KINDS, TERRAIN, UNIT_KINDS
from domain.errors import ScenarioError
from domain.hexes import EDGES, Hex, on_board
from domain.state import GameState, Player, Settings, Site, Tokens, Unit

MAX_SIDE = 40
UNIT_ID = re.compile(r"^[A-Za-z0-9_.-]{1,40}$")
RIDER_STATES = {
    False: "none",
    True: "carried",
    "none": "none",
    "carried": "carried",
    "passed": "passed",
}
SETTING_NAMES = {f.name for f in fields(Settings)}


class _Check:
    def __init__(self) -> None:
        self.problems: list[str] = []

    def __call__(self, ok: bool, where: str, message: str) -> bool:
        if not ok:
            self.problems.append(f"{where}: {message}")
        return ok


def _is_int(v: Any, low: int = 0, high: int = 10**6) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def _hex(check: _Check, where: str, value: Any, width: int, height: int) -> Hex | None:
    if not (
        isinstance(value, list) and len(value) == 2 and all(_is_int(v, -MAX_SIDE) for v in value)
    ):
        check(False, where, f"expected a hex [col, row], got {str(value)[:40]}")
        return None
    h = Hex(value[0], value[1])
    if not check(on_board(h, width, height), where, f"{h} is off the {width}x{height} board"):
        return None
    return h


def validate_scenario(doc: Any) -> GameState:
    """The starting state of `doc`, or ScenarioError listing every fault found."""
    check = _Check()
    if not isinstance(doc, Mapping):
        raise ScenarioError(["scenario: expected a JSON object"])
    width, height = doc.get("width", 13), doc.get("height", 9)
    check(isinstance(doc.get("name", ""), str), "name", "expected a string")
    if not (
        check(_is_int(width, 2, MAX_SIDE), "width", f"expected 2..{MAX_SIDE}")
        and check(_is_int(height, 2, MAX_SIDE), "height", f"expected 2..{MAX_SIDE}")
    ):
        raise ScenarioError(check.problems)
    terrain = _terrain(check, doc.get("terrain", []), width, height)
    sites = _sites(check, doc.get("sites", []), width, height, terrain)
    settings = _settings(check, doc.get("settings", {}))
    players = _players(check, doc.get("players"))
    units = _units(check, doc.get("units"), width, height, terrain, sites, len(players))
    for p in players:
        check(any(u.owner == p.seat for u in units.values()), f"players[{p.seat}]", "has no units")
    if check.problems:
        raise ScenarioError(check.problems)
    return GameState(
        scenario=str(doc.get("name", "")),
        width=width,
        height=height,
        terrain=terrain,
        sites=sites,
        settings=settings,
        players=tuple(players),
        units=units,
        lore_pool=settings.lore_pool,
    )


def _list(check: _Check, value: Any, where: str) -> list[Any]:
    if not check(isinstance(value, list), where, "expected a list"):
        return []
    return list(value)


def _terrain(check: _Check, raw: Any, width: int, height: int) -> dict[Hex, str]:
    out: dict[Hex, str] = {}
    for i, item in enumerate(_list(check, raw, "terrain")):
        where = f"terrain[{i}]"
        if not check(isinstance(item, Mapping), where, "expected an object"):
            continue
        h = _hex(check, f"{where}.hex", item.get("hex"), width, height)
        kind = item.get("kind")
        check(
            kind in TERRAIN, f"{where}.kind", f"unknown terrain {kind!r}; known: {sorted(TERRAIN)}"
        )
        fresh = h is not None and check(h not in out, f"{where}.hex", f"{h} has terrain already")
        if fresh and h is not None and kind in TERRAIN and kind != "plain":
            out[h] = kind
    return out


def _sites(
    check: _Check, raw: Any, width: int, height: int, terrain: Mapping[Hex, str]
) -> dict[Hex, Site]:
    out: dict[Hex, Site] = {}
    for i, item in enumerate(_list(check, raw, "sites")):
        where = f"sites[{i}]"
        if not check(isinstance(item, Mapping), where, "expected an object"):
            continue
        h = _hex(check, f"{where}.hex", item.get("hex"), width, height)
        kind, capacity, riders = item.get("kind"), item.get("capacity", 3), item.get("riders", 0)
        check(
            kind in SITE_KINDS,
            f"{where}.kind",
            f"unknown site {kind!r}; known: {sorted(SITE_KINDS)}",
        )
        check(_is_int(capacity, 1, 12), f"{where}.capacity", "expected 1..12")
        check(_is_int(riders, 0, 99), f"{where}.riders", "expected 0..99")
        if h is None or not check(h not in out, f"{where}.hex", f"{h} holds a site already"):
            continue
        if (
            check(
                h not in terrain, f"{where}.hex", f"{h} holds a terrain tile; a site hex holds none"
            )
            and kind in SITE_KINDS
            and _is_int(capacity, 1, 12)
            and _is_int(riders, 0, 99)
        ):
            out[h] = Site(kind, capacity, riders)
    return out


def _settings(check: _Check, raw: Any) -> Settings:
    if not check(isinstance(raw, Mapping), "settings", "expected an object"):
        return Settings()
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if not check(
            key in SETTING_NAMES, f"settings.{key}", f"unknown; known: {sorted(SETTING_NAMES)}"
        ):
            continue
        if key == "max_turns" and value is None:
            values[key] = None
        elif check(
            _is_int(value, 1 if key in ("orders_per_turn", "banners_to_win", "max_turns") else 0),
            f"settings.{key}",
            "expected a whole number of at least 0 (1 for counts)",
        ):
            values[key] = value
    return Settings(**values)


def _players(check: _Check, raw: Any) -> list[Player]:
    items = _list(check, raw, "players")
    check(2 <= len(items) <= 4, "players", "a game has 2 to 4 players")
    out = []
    for seat, item in enumerate(items[:4]):
        where = f"players[{seat}]"
        if not check(isinstance(item, Mapping), where, "expected an object"):
            continue
        edge, cards = item.get("home_edge"), item.get("cards", [])
        check(edge in EDGES, f"{where}.home_edge", f"expected one of {list(EDGES)}")
        ok_cards = check(
            isinstance(cards, list) and all(c in CARDS for c in cards),
            f"{where}.cards",
            f"expected a list of {list(CARDS)}",
        )
        numbers: dict[str, int] = {}
        for key in ("lore", "banners", "blood"):
            value = item.get(key, 0)
            check(_is_int(value), f"{where}.{key}", "expected a whole number of at least 0")
            numbers[key] = value if _is_int(value) else 0
        out.append(
            Player(
                seat=seat,
                home_edge=edge if edge in EDGES else "south",
                cards=tuple(cards) if ok_cards else (),
                lore=numbers["lore"],
                banners=numbers["banners"],
                blood=numbers["blood"],
            )
        )
    return out


def _units(
    check: _Check,
    raw: Any,
    width: int,
    height: int,
    terrain: Mapping[Hex, str],
    sites: Mapping[Hex, Site],
    seats: int,
) -> dict[str, Unit]:
    out: dict[str, Unit] = {}
    for i, item in enumerate(_list(check, raw, "units")):
        where = f"units[{i}]"
        if not check(isinstance(item, Mapping), where, "expected an object"):
            continue
        unit = _unit(check, where, item, width, height, seats)
        if unit is None:
            continue
        if not check(unit.id not in out, f"{where}.id", f"unit id {unit.id!r} is used twice"):
            continue
        if _placement_ok(check, where, unit, terrain, sites, out):
            out[unit.id] = unit
    return out


def _unit(
    check: _Check, where: str, item: Mapping[str, Any], width: int, height: int, seats: int
) -> Unit | None:
    uid, kind, owner = item.get("id"), item.get("kind"), item.get("owner")
    ok = check(
        isinstance(uid, str) and bool(UNIT_ID.match(uid)),
        f"{where}.id",
        "expected 1-40 letters, digits, '.', '_' or '-'",
    )
    ok &= check(
        kind in UNIT_KINDS,
        f"{where}.kind",
        f"unknown unit kind {kind!r}; known: {sorted(UNIT_KINDS)}",
    )
    ok &= check(
        _is_int(owner, 0, max(seats - 1, 0)), f"{where}.owner", f"expected a seat 0..{seats - 1}"
    )
    h = _hex(check, f"{where}.hex", item.get("hex"), width, height)
    if not ok or h is None:
        return None
    assert isinstance(uid, str) and isinstance(kind, str) and isinstance(owner, int)
    spec = UNIT_KINDS[kind]
    figures = item.get("figures", spec.figures)
    if spec.is_dragon:
        ok &= check("figures" not in item, f"{where}.figures", "dragons have no figures (R-UNT-3)")
    else:
        ok &= check(
            _is_int(figures, 1, spec.figures), f"{where}.figures", f"expected 1..{spec.figures}"
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


def _tokens(check: _Check, where: str, raw: Any) -> Tokens | None:
    if not check(isinstance(raw, Mapping), where, 'expected an object like {"poison": 1}'):
        return None
    ok = True
    for key, value in raw.items():
        ok &= check(key in EFFECTS, f"{where}.{key}", f"unknown effect; known: {list(EFFECTS)}")
        ok &= check(_is_int(value, 0, 99), f"{where}.{key}", "expected 0..99")
    return Tokens(**raw) if ok else None


def _placement_ok(
    check: _Check,
    where: str,
    unit: Unit,
    terrain: Mapping[Hex, str],
    sites: Mapping[Hex, Site],
    placed: Mapping[str, Unit],
) -> bool:
    here = [u for u in placed.values() if u.hex == unit.hex]
    site = sites.get(unit.hex)
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
    t = TERRAIN[terrain.get(unit.hex, "plain")]
    return check(not t.impassable, f"{where}.hex", f"{unit.hex} is {t.name}: impassable (R-BRD-2)")
