"""The order phase (R-TRN-4): which units act, breath paid (R-BRE-1), roosts (R-RST-1) and
effect tokens removed (R-BRE-9), all paid from the goblet (R-LOR-1)."""

from __future__ import annotations

from domain import events as ev
from domain.commands import OrderUnits
from domain.errors import require
from domain.state import GameState, Tokens
from domain.tx import Tx


def order_cost(state: GameState, cmd: OrderUnits) -> int:
    breath = sum(state.units[u].spec.breath_cost for u in cmd.breath if u in state.units)
    removal = sum(t.total for t in cmd.remove_tokens.values())
    return breath + removal * state.settings.token_removal_cost


def check_order(state: GameState, seat: int, cmd: OrderUnits) -> None:
    require(
        state.phase == "order",
        "R-TRN-4",
        f"units are ordered in the order phase; it is the {state.phase} phase",
        "wrong_phase",
    )
    limit = state.settings.orders_per_turn
    require(len(set(cmd.units)) == len(cmd.units), "R-TRN-4", "a unit is ordered at most once")
    require(
        len(cmd.units) <= limit,
        "R-TRN-4",
        f"at most {limit} units are ordered a turn, not {len(cmd.units)}",
    )
    for uid in cmd.units:
        unit = state.units.get(uid)
        require(
            unit is not None and unit.owner == seat, "R-TRN-4", f"seat {seat} has no unit {uid}"
        )
    for uid in cmd.breath:
        require(
            uid in cmd.units,
            "R-BRE-1",
            f"breath is paid for an ordered dragon; {uid} is not ordered",
        )
        require(
            state.units[uid].is_dragon, "R-BRE-1", f"unit {uid} is not a dragon and has no breath"
        )
        require(uid not in cmd.roost, "R-RST-1", f"dragon {uid} cannot both roost and fly")
        _check_can_fly_after_orders(state, cmd, uid)
    require(len(set(cmd.breath)) == len(cmd.breath), "R-BRE-1", "breath is paid once per dragon")
    for uid in cmd.roost:
        require(
            uid in cmd.units, "R-RST-1", f"only an ordered dragon may roost; {uid} is not ordered"
        )
        require(
            state.units[uid].is_dragon, "R-RST-1", f"unit {uid} is not a dragon and cannot roost"
        )
    for uid, tokens in cmd.remove_tokens.items():
        _check_removal(state, cmd, uid, tokens)
    cost, lore = order_cost(state, cmd), state.player(seat).lore
    require(
        cost <= lore,
        "R-BRE-9" if cmd.remove_tokens else "R-BRE-1",
        f"these orders cost {cost} lore and seat {seat} has {lore}",
    )


def _check_can_fly_after_orders(state: GameState, cmd: OrderUnits, uid: str) -> None:
    """Breath is only for a flight (R-BRE-1): refuse paying it for a dragon that cannot fly."""
    tokens = state.units[uid].tokens
    removed = cmd.remove_tokens.get(uid, Tokens())
    for effect in ("frost", "fire"):
        require(
            tokens.get(effect) <= removed.get(effect),
            "R-FLY-3",
            f"dragon {uid} carries {effect} and cannot fly, so it cannot breathe this turn",
        )


def _check_removal(state: GameState, cmd: OrderUnits, uid: str, tokens: Tokens) -> None:
    require(
        uid in cmd.units,
        "R-BRE-9",
        f"tokens are removed from an ordered unit; {uid} is not ordered",
    )
    held = state.units[uid].tokens
    for effect in ("poison", "frost", "fire"):
        require(
            0 <= tokens.get(effect) <= held.get(effect),
            "R-BRE-9",
            f"unit {uid} carries {held.get(effect)} {effect} tokens,"
            f" cannot remove {tokens.get(effect)}",
        )
    require(tokens.total > 0, "R-BRE-9", f"no tokens named to remove from {uid}")


def handle_order(tx: Tx, cmd: OrderUnits, seat: int) -> None:
    check_order(tx.state, seat, cmd)
    for uid in cmd.breath:
        cost = tx.state.units[uid].spec.breath_cost
        tx.emit(ev.LorePaid(seat=seat, amount=cost, reason=f"breath of {uid}"))
    for uid, tokens in cmd.remove_tokens.items():
        cost = tokens.total * tx.state.settings.token_removal_cost
        tx.emit(ev.LorePaid(seat=seat, amount=cost, reason=f"tokens removed from {uid}"))
        tx.emit(ev.TokensRemoved(unit=uid, tokens=tokens))
    tx.emit(
        ev.UnitsOrdered(
            seat=seat, units=tuple(cmd.units), breath=tuple(cmd.breath), roost=tuple(cmd.roost)
        )
    )
