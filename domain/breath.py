"""The deferred breath phase (R-TRN-6, R-BRE-3..8, R-FIR-4)."""

from __future__ import annotations

from domain import events as ev
from domain.tx import Tx


def end_movement(tx: Tx, seat: int) -> None:
    tx.emit(ev.MovementEnded(seat=seat))
    marked = tuple(
        t
        for t, _ in tx.state.turn_state.breath_marks
        if t in tx.state.units and tx.state.units[t].breath_target is not None
    )
    if marked:
        tx.emit(ev.BreathPhaseOpened(targets=marked))


def resolve_breath_phase(tx: Tx) -> None:
    """Each target in marking order: the dragon's breath dice; each `lore` is one token."""
    for target_id, dragon_id in tx.state.turn_state.breath_marks:
        target, dragon = tx.state.units.get(target_id), tx.state.units.get(dragon_id)
        if target is None or dragon is None or target.breath_target != dragon_id:
            continue
        spec = dragon.spec
        assert spec.breath is not None
        first, faces = tx.roll(spec.breath_dice)
        tokens = faces.count("lore")  # R-BRE-4; the lore never reaches a goblet (R-BRE-6)
        if spec.breath == "fire" and tx.state.terrain_at(target.hex).water:
            tokens = 0  # R-FIR-4: rolled and recorded, no token
        tx.emit(
            ev.BreathRolled(
                dragon=dragon_id,
                target=target_id,
                roll=first,
                faces=faces,
                effect=spec.breath,
                tokens=tokens,
            )
        )
    tx.emit(ev.BreathPhaseClosed())
