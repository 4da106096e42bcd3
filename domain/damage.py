"""Hits, critical hit checks and destruction (R-BAT-4, R-CRT-1..4)."""

from __future__ import annotations

from domain import events as ev
from domain.state import GameState
from domain.tx import Tx


def damage(
    tx: Tx, unit_id: str, hits: int, by: int | None, cause: str, killer: str | None = None
) -> None:
    """`hits` taken at once by a unit; `by` is the seat credited if it is destroyed."""
    unit = tx.state.units.get(unit_id)
    if unit is None or hits <= 0:
        return
    tx.emit(ev.UnitHit(unit=unit_id, hits=hits, cause=cause, by=by))
    if unit.is_dragon:
        if hits >= 2:
            critical_check(tx, unit_id, hits, by, killer)
    elif unit.figures <= hits:
        destroy(tx, unit_id, by, cause, banners=1)


def critical_check(tx: Tx, unit_id: str, hits: int, by: int | None, killer: str | None) -> None:
    """R-CRT-1/2: hits − 1 dice, all in one draw; the dragon's banner colour kills it."""
    unit = tx.state.units[unit_id]
    first, faces = tx.roll(hits - 1)
    killed = unit.spec.banner in faces
    tx.emit(ev.CriticalHitChecked(unit=unit_id, roll=first, faces=faces, hits=hits, killed=killed))
    if not killed:
        return
    tx.emit(ev.UnitDestroyed(unit=unit_id, by=by, cause="critical hit"))
    if killer is not None and earns_glory(tx.state, killer, by):
        tx.emit(ev.GloryTaken(unit=killer))  # R-CRT-4
    if by is not None:
        tx.emit(ev.BannersGained(seat=by, amount=2, reason=f"killed {unit_id}"))  # R-CRT-3
    tx.check_victory()


def earns_glory(state: GameState, killer: str, by: int | None) -> bool:
    """R-CRT-4: the unit whose own roll killed the dragon takes a glory token from the pool.

    None from an empty pool, and none when the kill is credited to another player: hits that
    were all poison hits count for the poisoner (R-PSN-1), so the roller did not kill.
    """
    unit = state.units.get(killer)
    return unit is not None and unit.owner == by and state.lore_pool > 0


def destroy(tx: Tx, unit_id: str, by: int | None, cause: str, banners: int) -> None:
    tx.emit(ev.UnitDestroyed(unit=unit_id, by=by, cause=cause))
    if by is not None:
        tx.emit(ev.BannersGained(seat=by, amount=banners, reason=f"destroyed {unit_id}"))
    tx.check_victory()
