"""Unit kinds, terrain and sites: the engine's tables (R-BRD-2, R-BRD-3, R-UNT-2, R-UNT-3)."""

from __future__ import annotations

from dataclasses import dataclass

BANNERS = ("green", "blue", "red")
FACES = ("green", "blue", "red", "flag", "bonus_strike", "lore")
EFFECTS = ("poison", "frost", "fire")
CARDS = ("hold", "web")


@dataclass(frozen=True, slots=True)
class UnitKind:
    name: str
    code: str
    banner: str
    figures: int  # 0 for dragons: they have no figures (R-UNT-3)
    move: int
    melee_dice: int
    bonus_strike: bool
    breath: str | None = None
    breath_cost: int = 0
    breath_dice: int = 0

    @property
    def is_dragon(self) -> bool:
        return self.breath is not None


UNIT_KINDS: dict[str, UnitKind] = {
    k.name: k
    for k in (
        UnitKind("green_foot", "gf", "green", 4, 1, 2, False),
        UnitKind("blue_foot", "bf", "blue", 4, 1, 3, False),
        UnitKind("red_foot", "rf", "red", 4, 1, 4, False),
        UnitKind("green_mounted", "gm", "green", 3, 3, 2, True),
        UnitKind("blue_mounted", "bm", "blue", 3, 3, 3, True),
        UnitKind("red_mounted", "rm", "red", 3, 2, 4, True),
        UnitKind("wood_wyvern", "ww", "green", 0, 2, 2, True, "poison", 1, 2),
        UnitKind("ice_drake", "id", "blue", 0, 2, 3, True, "frost", 2, 3),
        UnitKind("fire_dragon", "fd", "red", 0, 2, 4, True, "fire", 3, 4),
    )
}
KIND_BY_CODE = {k.code: k for k in UNIT_KINDS.values()}


@dataclass(frozen=True, slots=True)
class Terrain:
    name: str
    code: str
    stops_ground_move: bool = False
    impassable: bool = False
    water: bool = False
    cap_into_or_out: bool = False  # forest: 2 base dice into or out of it
    cap_out_of: bool = False  # fordable stream: 2 base dice out of it
    cap_onto_from_other: bool = False  # hill: 2 base dice onto it from a non-hill hex


TERRAIN: dict[str, Terrain] = {
    t.name: t
    for t in (
        Terrain("plain", "."),
        Terrain("forest", "F", stops_ground_move=True, cap_into_or_out=True),
        Terrain("hill", "H", cap_onto_from_other=True),
        Terrain("ford", "d", water=True),
        Terrain("fordable_stream", "s", stops_ground_move=True, water=True, cap_out_of=True),
        Terrain("river", "R", impassable=True, water=True),
    )
}
TERRAIN_BY_CODE = {t.code: t for t in TERRAIN.values()}

SITE_KINDS = {"village": "V", "cave": "C", "pickup": "P", "portal": "O"}
SITE_BY_CODE = {code: name for name, code in SITE_KINDS.items()}
TERRAIN_DICE_CAP = 2
EFFECT_DICE_CAP = 2
