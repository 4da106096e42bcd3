"""Retreats: ground (R-RET-1/2) and dragons (R-MOR-2/3), chosen by the owner (R-TRN-9)."""

from __future__ import annotations

from collections.abc import Sequence

from domain import events as ev
from domain.board import blocker, may_land, may_stand
from domain.damage import damage
from domain.errors import require
from domain.hexes import Hex, edge_distance, is_adjacent, neighbors, on_board
from domain.movement import drop_fire_on_water
from domain.state import Decision, GameState, Unit
from domain.tx import Tx


def _closer(state: GameState, unit: Unit, here: Hex) -> list[Hex]:
    """Hexes one step from `here` that bring the unit one hex closer to its home edge."""
    edge = state.player(unit.owner).home_edge
    d = edge_distance(here, edge, state.width, state.height)
    return [
        h
        for h in neighbors(here)
        if on_board(h, state.width, state.height)
        and edge_distance(h, edge, state.width, state.height) == d - 1
    ]


def is_grounded(state: GameState, unit: Unit) -> bool:
    """R-FIR-2 (revision 2): a burning unit retreats on the ground, a dragon too."""
    return state.revised and unit.tokens.fire > 0


def _flies(state: GameState, unit: Unit) -> bool:
    return unit.is_dragon and not is_grounded(state, unit)


def _may_pass(state: GameState, unit: Unit, h: Hex) -> bool:
    # Dragons may fly while retreating (R-MOR-2); ground units need empty passable hexes.
    return _flies(state, unit) or may_stand(state, unit, h)


def _may_end(state: GameState, unit: Unit, h: Hex) -> bool:
    if _flies(state, unit):
        return may_land(state, unit, h)
    return may_stand(state, unit, h)


def retreat_reach(state: GameState, unit: Unit, hexes: int, extra_hex: bool = False) -> int:
    """How many of the `hexes` owed the unit may go: a burning one at most 1, 2 with a glory
    token's extra hex (R-FIR-2 and R-CRT-4, revision 2); each hex owed beyond is a hit."""
    if is_grounded(state, unit):
        return min(hexes, 2 if extra_hex else 1)
    return hexes


def retreat_options(
    state: GameState, unit: Unit, hexes: int, extra_hex: bool = False
) -> tuple[int, dict[Hex, tuple[Hex, ...]]]:
    """How far the unit can retreat (≤ hexes) and one path per destination at that distance.

    Breadth-first over hexes, each layer one step closer to the home edge; the path kept for
    a hex is the first found, neighbours taken in R-BRD-1 order.
    """
    layer: dict[Hex, tuple[Hex, ...]] = {unit.hex: ()}
    best: tuple[int, dict[Hex, tuple[Hex, ...]]] = (0, {})
    for step in range(1, retreat_reach(state, unit, hexes, extra_hex) + 1):
        nxt: dict[Hex, tuple[Hex, ...]] = {}
        for here, path in layer.items():
            for h in _closer(state, unit, here):
                if h not in nxt and _may_pass(state, unit, h):
                    nxt[h] = (*path, h)
        if not nxt:
            break
        ends = {h: p for h, p in nxt.items() if _may_end(state, unit, h)}
        if ends:
            best = (step, ends)
        layer = nxt
    return best


def sorted_options(options: dict[Hex, tuple[Hex, ...]]) -> list[tuple[Hex, ...]]:
    """The documented order of retreat options: by destination, column first, then row."""
    return [options[h] for h in sorted(options)]


def start_retreat(
    tx: Tx, unit_id: str, hexes: int, by: int | None, battle_back: bool, attacker: str | None
) -> bool:
    """Retreat `hexes`; returns True when the owner must choose first (R-TRN-9): between
    several destinations, or whether to spend a glory token (R-CRT-4)."""
    unit = tx.state.units[unit_id]
    _, options = retreat_options(tx.state, unit, hexes)
    if (len(options) >= 2 or unit.glory > 0) and not tx.state.auto_decisions:
        tx.emit(
            ev.DecisionRequested(
                Decision(
                    kind="retreat",
                    seat=unit.owner,
                    unit=unit_id,
                    hexes=hexes,
                    battle_back=battle_back,
                    by=by,
                    other=attacker,
                )
            )
        )
        return True
    choice = sorted_options(options)[0] if options else ()
    apply_retreat(tx, unit_id, choice, hexes, by, killer=attacker)
    return False


def apply_retreat(
    tx: Tx,
    unit_id: str,
    path: tuple[Hex, ...],
    hexes: int,
    by: int | None,
    glory: bool = False,
    killer: str | None = None,
    ends_move: bool = False,
) -> None:
    short = max(0, hexes - len(path))
    tx.emit(
        ev.UnitRetreated(unit=unit_id, path=path, short=short, glory=glory, ends_move=ends_move)
    )
    drop_fire_on_water(tx, unit_id, path)
    # R-RET-2 / R-MOR-3: the hexes it could not retreat are hits, a group of their own; the
    # unit whose flags forced the retreat is the killer if they kill (R-CRT-4).
    damage(tx, unit_id, short, by, "retreat blocked", killer=killer)


def check_retreat_path(
    state: GameState, unit: Unit, path: Sequence[Hex], hexes: int, extra_hex: bool = False
) -> None:
    reach, options = retreat_options(state, unit, hexes, extra_hex)
    here = unit.hex
    for h in path:
        require(is_adjacent(here, h), "R-RET-1", f"{h} is not next to {here}")
        require(
            h in _closer(state, unit, here),
            "R-RET-1",
            f"{h} is not one hex closer to the {state.player(unit.owner).home_edge} edge"
            f" than {here}",
        )
        require(
            _may_pass(state, unit, h),
            "R-FIR-2" if is_grounded(state, unit) else "R-RET-1",
            f"unit {unit.id} cannot retreat into {h}: {blocker(state, unit, h)}",
        )
        here = h
    require(
        len(path) == reach,
        "R-FIR-2" if is_grounded(state, unit) else "R-MOR-2" if unit.is_dragon else "R-RET-2",
        f"unit {unit.id} must retreat {reach} hexes here, the path has {len(path)}",
    )
    require(
        not path or path[-1] in options,
        "R-FLY-2" if _flies(state, unit) else "R-RET-1",
        f"unit {unit.id} cannot end its retreat on {path[-1] if path else unit.hex}",
    )


def with_glory(state: GameState, unit: Unit, hexes: int, use: str) -> int:
    """The hexes owed once a glory token is spent on the retreat (R-CRT-4). `extra_hex` is
    one hex more; for a burning unit it is one hex more it may go instead (retreat_reach),
    what it owes is unchanged (revision 2: R-FIR-2)."""
    if use == "extra_hex":
        return hexes if is_grounded(state, unit) else hexes + 1
    return max(0, hexes - (3 if unit.is_dragon else 1))
