"""A seat's chosen retreat (R-RET, R-TRN-9), and the battle back it may lead to (R-BAT-5).

Apart from domain/retreat.py because a battle starts retreats (combat imports retreat) and a
retreat that ends where the unit stood may offer a battle back (this imports both).
"""

from __future__ import annotations

from domain import events as ev
from domain.combat import offer_battle_back
from domain.commands import ChooseRetreat
from domain.errors import require
from domain.retreat import apply_retreat, check_retreat_path, with_glory
from domain.tx import Tx
from domain.zoc import after_voluntary_move, prune_engagements


def handle_choose_retreat(tx: Tx, cmd: ChooseRetreat, seat: int) -> None:
    pending = tx.state.pending
    assert pending is not None and pending.kind == "retreat"
    require(cmd.unit == pending.unit, "R-TRN-9", f"the retreat owed is for unit {pending.unit}")
    unit = tx.state.units[pending.unit]
    hexes = pending.hexes
    if cmd.glory is not None:
        require(unit.glory > 0, "R-CRT-4", f"unit {unit.id} holds no glory token")
        require(
            cmd.glory in ("extra_hex", "ignore_flag"),
            "R-CRT-4",
            "on a retreat a glory token gives extra_hex or ignore_flag",
        )
        hexes = with_glory(tx.state, unit, hexes, cmd.glory)
    check_retreat_path(tx.state, unit, cmd.path, hexes, cmd.glory == "extra_hex")
    if cmd.glory is not None:
        tx.emit(ev.GlorySpent(unit=unit.id, use=cmd.glory))
    apply_retreat(
        tx,
        unit.id,
        tuple(cmd.path),
        hexes,
        pending.by,
        glory=cmd.glory is not None,
        killer=pending.other,
        ends_move=pending.then_zoc,
    )
    if pending.then_zoc:
        after_voluntary_move(tx, unit.id)  # R-FLY-4: the fallen dragon's move ends here
    elif not pending.battle_back and pending.other is not None:
        offer_battle_back(tx, pending.other, unit.id, unit.hex)  # stayed put? R-BAT-5
    prune_engagements(tx)
