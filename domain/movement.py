"""Ground movement (R-MOV-1..3, R-TRN-4/5, R-BRE-1, R-RST-1, R-FIR-2/4, R-CRT-4)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from domain import events as ev
from domain.board import blocker, may_stand
from domain.commands import MoveUnit
from domain.errors import RuleViolation, require
from domain.hexes import Hex, is_adjacent, neighbors
from domain.sites import note_portal
from domain.state import GameState, Unit, replace
from domain.tx import Tx
from domain.zoc import after_voluntary_move


def check_can_move(state: GameState, seat: int, unit_id: str) -> Unit:
    """The unit, if `seat` may move it now; otherwise the rule it breaks."""
    unit = state.units.get(unit_id)
    require(unit is not None, "R-MOV-1", f"there is no unit {unit_id}")
    assert unit is not None
    require(unit.owner == seat, "R-TRN-4", f"unit {unit_id} belongs to seat {unit.owner}")
    require(
        unit_id in state.turn_state.ordered, "R-TRN-4", f"unit {unit_id} was not ordered this turn"
    )
    require(
        unit_id not in state.turn_state.moved,
        "R-TRN-5",
        f"unit {unit_id} has moved already this turn",
    )
    require(not unit.roosted, "R-RST-1", f"dragon {unit_id} is roosting and cannot move")
    require(
        unit.tokens.frost == 0, "R-MOV-2", f"unit {unit_id} is frozen and cannot move (R-FRS-1)"
    )
    return unit


def move_allowance(unit: Unit, glory: bool) -> int:
    allowance = 1 if unit.tokens.fire else unit.spec.move  # R-FIR-2
    return allowance + (1 if glory else 0)  # R-CRT-4: +1 hex on a move


def step_problem(state: GameState, unit: Unit, start: Hex, path: Sequence[Hex]) -> str | None:
    previous = start
    for i, h in enumerate(path):
        if not is_adjacent(previous, h):
            return f"{h} is not next to {previous}"
        if h == start or h in path[:i]:
            return f"a ground move enters each hex once; {h} is entered again"
        why = blocker(state, unit, h)
        if why is not None:
            return f"unit {unit.id} cannot enter {h}: {why}"
        if state.terrain_at(h).stops_ground_move and i < len(path) - 1:
            return f"entering {state.terrain_at(h).name} at {h} ends the move"
        previous = h
    return None


def check_ground_path(state: GameState, unit: Unit, path: Sequence[Hex], glory: bool) -> None:
    require(len(path) >= 1, "R-MOV-1", "a path lists at least one hex to enter")
    allowance = move_allowance(unit, glory)
    require(
        len(path) <= allowance,
        "R-FIR-2" if unit.tokens.fire else "R-MOV-1",
        f"unit {unit.id} moves at most {allowance} hexes, the path has {len(path)}",
    )
    problem = step_problem(state, unit, unit.hex, path)
    require(problem is None, "R-MOV-1", problem or "")


def iter_ground_moves(
    state: GameState, unit: Unit, glory: bool = False
) -> Iterator[tuple[Hex, ...]]:
    """One path per reachable hex: the first found breadth-first, neighbours in R-BRD-1 order."""
    allowance = move_allowance(unit, glory)
    seen = {unit.hex}
    frontier: list[tuple[Hex, ...]] = [()]
    for _ in range(allowance):
        nxt: list[tuple[Hex, ...]] = []
        for path in frontier:
            here = path[-1] if path else unit.hex
            if path and state.terrain_at(here).stops_ground_move:
                continue
            for h in neighbors(here):
                if h in seen or not may_stand(state, unit, h):
                    continue
                seen.add(h)
                nxt.append((*path, h))
                yield (*path, h)
        frontier = nxt


def check_move(state: GameState, seat: int, cmd: MoveUnit) -> Unit:
    unit = check_can_move(state, seat, cmd.unit)
    require(
        cmd.unit not in state.turn_state.breath_paid,
        "R-BRE-1",
        f"dragon {cmd.unit} paid for breath: it must fly this turn",
    )
    if cmd.glory is not None:
        require(cmd.glory == "extra_hex", "R-CRT-4", "on a move a glory token gives only extra_hex")
        require(unit.glory > 0, "R-CRT-4", f"unit {cmd.unit} holds no glory token")
    check_ground_path(state, unit, cmd.path, cmd.glory is not None)
    return unit


def handle_move(tx: Tx, cmd: MoveUnit, seat: int) -> None:
    unit = check_move(tx.state, seat, cmd)
    if cmd.glory is not None:
        tx.emit(ev.GlorySpent(unit=unit.id, use=cmd.glory))
    tx.emit(ev.UnitMoved(unit=unit.id, path=tuple(cmd.path), glory=cmd.glory is not None))
    drop_fire_on_water(tx, unit.id, cmd.path)
    note_portal(tx, unit.id, tuple(cmd.path))
    after_voluntary_move(tx, unit.id)


def drop_fire_on_water(tx: Tx, unit_id: str, path: Sequence[Hex]) -> None:
    """R-FIR-4: a burning unit that enters water drops its fire tokens without paying."""
    unit = tx.state.units.get(unit_id)
    if unit is None:
        return
    if unit.tokens.fire and any(tx.state.terrain_at(h).water for h in path):
        tx.emit(ev.TokensRemoved(unit=unit_id, tokens=replace(unit.tokens, poison=0, frost=0)))


def movement_phase_problem(state: GameState) -> RuleViolation | None:
    if state.phase != "movement":
        return RuleViolation(
            "R-TRN-5",
            f"units move in the movement phase; it is the {state.phase} phase",
            "wrong_phase",
        )
    return None
