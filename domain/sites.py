"""Sites: pickups, the portal, deliveries and trading blood (R-SIT-1..5)."""

from __future__ import annotations

from domain import events as ev
from domain.board import in_portal, in_village
from domain.commands import Trade
from domain.errors import require
from domain.hexes import Hex
from domain.state import GameState, Unit
from domain.tx import Tx


def ended_move_here(state: GameState, unit: Unit) -> bool:
    """R-SIT-1: the active player's dragon ended its own move on the hex it stands on."""
    return (
        unit.owner == state.active
        and unit.is_dragon
        and state.turn_state.moved_to.get(unit.id) == unit.hex
    )


def note_portal(tx: Tx, unit_id: str, path: tuple[Hex, ...]) -> None:
    """R-SIT-3: a rider passes the portal when its dragon's move enters (or flies over) it."""
    unit = tx.state.units.get(unit_id)
    if unit is not None and unit.rider == "carried" and any(in_portal(tx.state, h) for h in path):
        tx.emit(ev.RiderPassedPortal(unit=unit_id))


def end_of_turn_site_effects(tx: Tx) -> None:
    """Pickups and deliveries happen at end_turn, before R-LOR-3 (R-TRN-7, R-SIT clarified)."""
    for unit in sorted(tx.state.units_of(tx.state.active), key=lambda u: u.id):
        if not ended_move_here(tx.state, unit):
            continue
        site = tx.state.sites.get(unit.hex)
        if site is None:
            continue
        if site.kind == "pickup" and unit.rider == "none" and site.riders > 0:
            tx.emit(ev.RiderPickedUp(unit=unit.id, hex=unit.hex))  # R-SIT-2
        elif site.kind == "village" and unit.rider == "passed":
            tx.emit(ev.RiderDelivered(unit=unit.id, hex=unit.hex))  # R-SIT-4
            tx.emit(
                ev.BannersGained(seat=unit.owner, amount=1, reason=f"{unit.id} delivered a rider")
            )


def check_trade(state: GameState, seat: int, cmd: Trade) -> int:
    """The lore or banners this trade buys, if it is allowed now (R-SIT-5)."""
    require(
        state.phase == "combat",
        "R-SIT-5",
        f"trading happens in the combat phase; it is the {state.phase} phase",
        "wrong_phase",
    )
    unit = state.units.get(cmd.unit)
    require(
        unit is not None and unit.owner == seat and unit.is_dragon,
        "R-SIT-5",
        f"seat {seat} has no dragon {cmd.unit}",
    )
    assert unit is not None
    require(
        in_village(state, unit.hex) and ended_move_here(state, unit),
        "R-SIT-5",
        f"dragon {cmd.unit} did not end its move in a village this turn",
    )
    require(
        cmd.unit not in state.turn_state.fought_in_village,
        "R-ZOC-6",
        f"dragon {cmd.unit} fought in this village this turn and cannot trade here",
    )
    require(
        not any(cmd.unit in (g.attacker, g.defender) for g in state.engagements),
        "R-TRN-7",
        f"dragon {cmd.unit} must fight its engagements before trading",
    )
    rate = (
        state.settings.blood_per_lore if cmd.currency == "lore" else state.settings.blood_per_banner
    )
    require(rate > 0, "R-SIT-5", f"this scenario sets no rate of blood for {cmd.currency}")
    require(
        cmd.blood > 0 and cmd.blood % rate == 0,
        "R-SIT-5",
        f"{cmd.currency} costs {rate} blood points each; {cmd.blood} is not a multiple",
    )
    require(
        cmd.blood <= state.player(seat).blood,
        "R-SIT-5",
        f"seat {seat} has {state.player(seat).blood} blood points, not {cmd.blood}",
    )
    amount = cmd.blood // rate
    if cmd.currency == "lore":
        require(amount <= state.lore_pool, "R-LOR-1", f"the lore pool holds only {state.lore_pool}")
    return amount


def handle_trade(tx: Tx, cmd: Trade, seat: int) -> None:
    amount = check_trade(tx.state, seat, cmd)
    tx.emit(
        ev.BloodTraded(
            seat=seat, unit=cmd.unit, blood=cmd.blood, currency=cmd.currency, amount=amount
        )
    )
    if cmd.currency == "lore":
        tx.emit(ev.LoreGained(seat=seat, amount=amount, reason=f"{cmd.unit} traded blood"))
    else:
        tx.emit(ev.BannersGained(seat=seat, amount=amount, reason=f"{cmd.unit} traded blood"))
