"""`legal_actions(state, seat)`: every command the seat may send now.

Built from the same checks `decide` runs, so the two cannot disagree. Where many commands
have the same outcome, one stands for them all: one path per destination for a ground move
or retreat, one flight per landing hex and set of hexes flown over (with the default breath
targets), orders without token removal, reactions naming each hex of the path.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, product

from domain import commands as cmd
from domain.combat import battle_problem
from domain.commands import GloryUse
from domain.decider import check_turn, is_started
from domain.errors import RuleViolation
from domain.flight import iter_flights
from domain.movement import iter_ground_moves
from domain.retreat import retreat_options, sorted_options, with_glory
from domain.sites import check_trade
from domain.state import GameState
from domain.turn import end_turn_problem


def legal_actions(state: GameState, seat: int) -> list[cmd.Command]:
    if not is_started(state) or state.is_over:  # R-TRN-1: no turn before the first
        return []
    out: list[cmd.Command] = [cmd.Resign()]
    for candidate in _iter_candidates(state, seat):
        if _allowed(state, seat, candidate):
            out.append(candidate)
    return out


def _allowed(state: GameState, seat: int, command: cmd.Command) -> bool:
    try:
        check_turn(state, command, seat)
    except RuleViolation:
        return False
    return True


def _iter_candidates(state: GameState, seat: int) -> Iterator[cmd.Command]:
    pending = state.pending
    if pending is not None:
        if pending.seat == seat:
            yield from _decisions(state)
        return
    if seat != state.active or state.phase == "breath":
        return
    if state.phase == "order":
        yield from _orders(state, seat)
    elif state.phase == "movement":
        yield from _moves(state, seat)
        yield cmd.EndMovement()
    elif state.phase == "combat":
        yield from _battles(state, seat)
        yield from _trades(state, seat)
    if end_turn_problem(state) is None:
        yield cmd.EndTurn()


def _decisions(state: GameState) -> Iterator[cmd.Command]:
    pending = state.pending
    assert pending is not None
    if pending.kind == "retreat":
        unit = state.units[pending.unit]
        uses: tuple[GloryUse | None, ...] = (
            (None, "extra_hex", "ignore_flag") if unit.glory else (None,)
        )
        for use in uses:
            hexes = pending.hexes if use is None else with_glory(unit, pending.hexes, use)
            _, options = retreat_options(state, unit, hexes)
            for path in sorted_options(options) or [()]:
                yield cmd.ChooseRetreat(unit=unit.id, path=path, glory=use)
    elif pending.kind == "battle_back":
        yield cmd.BattleBack(unit=pending.unit, accept=True)
        yield cmd.BattleBack(unit=pending.unit, accept=False)
    elif pending.kind == "reaction":
        yield cmd.Pass()
        yield from _reactions(state, pending.seat)


def _reactions(state: GameState, seat: int | None) -> Iterator[cmd.Command]:
    pending = state.pending
    if seat is None or pending is None:
        return
    player = state.player(seat)
    if player.lore < state.settings.card_cost:
        return
    for card in sorted(set(player.cards)):
        for h in pending.path:
            yield cmd.React(card=card, hex=h)  # type: ignore[arg-type]


def _orders(state: GameState, seat: int) -> Iterator[cmd.Command]:
    """Every group of units, each dragon in it plain, breathing or roosting (what it can pay)."""
    own = sorted(u.id for u in state.units_of(seat))
    lore = state.player(seat).lore
    for size in range(min(state.settings.orders_per_turn, len(own)) + 1):
        for group in combinations(own, size):
            dragons = [u for u in group if state.units[u].is_dragon]
            for roles in product(("plain", "breath", "roost"), repeat=len(dragons)):
                breath = tuple(d for d, r in zip(dragons, roles, strict=True) if r == "breath")
                roost = tuple(d for d, r in zip(dragons, roles, strict=True) if r == "roost")
                grounded = any(
                    state.units[d].tokens.frost or state.units[d].tokens.fire for d in breath
                )
                cost = sum(state.units[d].spec.breath_cost for d in breath)
                if cost <= lore and not grounded:
                    yield cmd.OrderUnits(units=group, breath=breath, roost=roost)


def _moves(state: GameState, seat: int) -> Iterator[cmd.Command]:
    ts = state.turn_state
    for uid in sorted(ts.ordered - ts.moved):
        unit = state.units.get(uid)
        if unit is None or unit.roosted or unit.tokens.frost:
            continue
        if uid not in ts.breath_paid:
            for path in iter_ground_moves(state, unit):
                yield cmd.MoveUnit(unit=uid, path=path)
            if unit.glory:
                for path in iter_ground_moves(state, unit, glory=True):
                    yield cmd.MoveUnit(unit=uid, path=path, glory="extra_hex")
        if unit.is_dragon and not unit.tokens.fire:
            for path in iter_flights(state, unit):
                yield cmd.FlyDragon(unit=uid, path=path)


def _battles(state: GameState, seat: int) -> Iterator[cmd.Command]:
    for unit in sorted(state.units_of(seat), key=lambda u: u.id):
        for target in sorted(state.units.values(), key=lambda u: u.id):
            if target.owner != seat and battle_problem(state, seat, unit.id, target.id) is None:
                yield cmd.Battle(unit=unit.id, target=target.id)
                if unit.glory:
                    yield cmd.Battle(unit=unit.id, target=target.id, glory="extra_die")


def _trades(state: GameState, seat: int) -> Iterator[cmd.Command]:
    settings, blood = state.settings, state.player(seat).blood
    for unit in sorted(state.units_of(seat), key=lambda u: u.id):
        for currency, rate in (
            ("lore", settings.blood_per_lore),
            ("banner", settings.blood_per_banner),
        ):
            trade = cmd.Trade(unit=unit.id, blood=rate, currency=currency)  # type: ignore[arg-type]
            if rate <= blood and _trade_ok(state, seat, trade):
                yield trade


def _trade_ok(state: GameState, seat: int, trade: cmd.Trade) -> bool:
    try:
        check_trade(state, seat, trade)
    except RuleViolation:
        return False
    return True
