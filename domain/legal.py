"""`legal_actions(state, seat)`: the commands the seat may send now, each ready to send.

Built from the same checks `decide` runs, so the two cannot disagree. The listing grows with
units × reachable hexes, never with combinations (issue 21): where commands combine or only
differ in ways a client may choose, one stands for them and the rest is described.

- `order`: the empty order, and one per unit and role (plain, breath paid, roosting), each
  also with all its tokens removed. Any of these may be merged into one order, at most
  `order_options()["max_units"]` units and within the seat's lore (`order_options`).
- `move`: one path per destination; with a glory token, the destinations only it reaches.
- `fly`: one path per landing hex (5-hex ones with a glory token, revision 2); for a dragon
  whose breath is paid, also one flight per enemy it may mark, naming it alone in
  `breath_targets` (up to 3 of the units a path flies over may be named, revision 2); for a
  dragon carrying a rider, one over a portal per landing hex. Any other path of legal length
  to a listed landing hex is legal too.
- `choose_retreat`: one path per destination; `react`: each card on each hex of the path;
  `trade`: the smallest amount of each (any multiple of the rate is legal).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from domain import commands as cmd
from domain.board import occupants
from domain.combat import battle_problem
from domain.commands import GloryUse
from domain.decider import check_turn, is_started
from domain.errors import RuleViolation
from domain.flight import MAX_FLIGHT
from domain.flight_paths import FlightPlanner
from domain.hexes import neighbors
from domain.movement import iter_ground_moves
from domain.orders import check_order
from domain.retreat import retreat_options, sorted_options, with_glory
from domain.sites import check_trade
from domain.state import GameState, Unit
from domain.takeback import takeback_actions
from domain.turn import end_turn_problem


def legal_actions(state: GameState, seat: int) -> list[cmd.Command]:
    if not is_started(state) or state.is_over:  # R-TRN-1: no turn before the first
        return []
    out: list[cmd.Command] = [cmd.Resign()]
    for candidate in _iter_candidates(state, seat):
        if _allowed(state, seat, candidate):
            out.append(candidate)
    return out + takeback_actions(state, seat)  # TKB-2, TKB-3


def legal_listing(state: GameState, seat: int) -> dict[str, Any]:
    """The `actions` of `GET /games/{id}/legal-actions` as JSON, with `order` in the order
    phase: how the listed single-unit orders may be merged."""
    actions = legal_actions(state, seat)
    listing: dict[str, Any] = {"actions": [a.to_json() for a in actions]}
    options = order_options(state, seat, actions)
    if options is not None:
        listing["order"] = options
    return listing


def order_options(
    state: GameState, seat: int, actions: list[cmd.Command] | None = None
) -> dict[str, Any] | None:
    """R-TRN-4: which listed single-unit orders may be merged into one, and what each costs
    (R-BRE-1, R-BRE-9); None when the seat cannot order now."""
    listed = legal_actions(state, seat) if actions is None else actions
    orders = [a for a in listed if isinstance(a, cmd.OrderUnits)]
    if not orders:
        return None
    units = sorted({u for order in orders for u in order.units})
    return {
        "max_units": state.settings.orders_per_turn,
        "lore": state.player(seat).lore,
        "units": units,
        "breath_cost": {
            u: state.units[u].spec.breath_cost for u in units if state.units[u].is_dragon
        },
        "token_cost": state.settings.token_removal_cost,
    }


def merge_orders(orders: Iterable[cmd.OrderUnits]) -> cmd.OrderUnits:
    """One order made of the given ones (listed single-unit orders, as `order_options`
    describes): their units, breath, roosts and token removals together."""
    chosen = list(orders)
    return cmd.OrderUnits(
        units=tuple(u for o in chosen for u in o.units),
        breath=tuple(u for o in chosen for u in o.breath),
        roost=tuple(u for o in chosen for u in o.roost),
        remove_tokens={u: t for o in chosen for u, t in o.remove_tokens.items()},
    )


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
        yield from _moves(state)
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
        yield from _retreats(state, state.units[pending.unit], pending.hexes)
    elif pending.kind == "battle_back":
        yield cmd.BattleBack(unit=pending.unit, accept=True)
        yield cmd.BattleBack(unit=pending.unit, accept=False)
        if state.revised and state.units[pending.unit].glory:
            yield cmd.BattleBack(unit=pending.unit, accept=True, glory="extra_die")  # R-CRT-4
    elif pending.kind == "reaction":
        yield cmd.Pass()
        yield from _reactions(state, pending.seat)


def _retreats(state: GameState, unit: Unit, owed: int) -> Iterator[cmd.Command]:
    uses: tuple[GloryUse | None, ...] = (
        (None, "extra_hex", "ignore_flag") if unit.glory else (None,)
    )
    for use in uses:
        hexes = owed if use is None else with_glory(state, unit, owed, use)
        _, options = retreat_options(state, unit, hexes, use == "extra_hex")
        for path in sorted_options(options) or [()]:
            yield cmd.ChooseRetreat(unit=unit.id, path=path, glory=use)


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
    yield cmd.OrderUnits(units=())
    for unit in sorted(state.units_of(seat), key=lambda u: u.id):
        for order in _unit_orders(unit):
            if _order_ok(state, seat, order):
                yield order


def _unit_orders(unit: Unit) -> Iterator[cmd.OrderUnits]:
    """The unit alone: plain, breath paid or roosting (dragons), without or with removing all
    its effect tokens (R-TRN-4, R-BRE-1, R-RST-1, R-BRE-9)."""
    ids = (unit.id,)
    roles: list[tuple[tuple[str, ...], tuple[str, ...]]] = [((), ())]
    if unit.is_dragon:
        roles += [(ids, ()), ((), ids)]
    removals = [{}, {unit.id: unit.tokens}] if unit.tokens.total else [{}]
    for breath, roost in roles:
        for removal in removals:
            yield cmd.OrderUnits(units=ids, breath=breath, roost=roost, remove_tokens=removal)


def _order_ok(state: GameState, seat: int, order: cmd.OrderUnits) -> bool:
    try:
        check_order(state, seat, order)
    except RuleViolation:
        return False
    return True


def _moves(state: GameState) -> Iterator[cmd.Command]:
    ts = state.turn_state
    for uid in sorted(ts.ordered - ts.moved):
        unit = state.units.get(uid)
        if unit is None or unit.roosted or unit.tokens.frost:
            continue
        if uid not in ts.breath_paid:
            yield from _ground_moves(state, unit)
        if unit.is_dragon and not unit.tokens.fire:
            yield from _flights(state, unit)


def _ground_moves(state: GameState, unit: Unit) -> Iterator[cmd.Command]:
    near = set()
    for path in iter_ground_moves(state, unit):
        near.add(path[-1])
        yield cmd.MoveUnit(unit=unit.id, path=path)
    if unit.glory:
        for path in iter_ground_moves(state, unit, glory=True):
            if path[-1] not in near:
                yield cmd.MoveUnit(unit=unit.id, path=path, glory="extra_hex")


def _flights(state: GameState, dragon: Unit) -> Iterator[cmd.Command]:
    longest = MAX_FLIGHT + 1 if state.revised and dragon.glory else MAX_FLIGHT
    breath = dragon.id in state.turn_state.breath_paid
    for flight in FlightPlanner(state, dragon, longest).iter_flights(breath):
        yield cmd.FlyDragon(
            unit=dragon.id,
            path=flight.path,
            breath_targets=None if flight.target is None else (flight.target,),
            glory="extra_hex" if flight.glory else None,
        )


def _battles(state: GameState, seat: int) -> Iterator[cmd.Command]:
    here = occupants(state)
    for unit in sorted(state.units_of(seat), key=lambda u: u.id):
        near = [t for h in (unit.hex, *neighbors(unit.hex)) for t in here.get(h, ())]
        for target in sorted(near, key=lambda u: u.id):
            if target.owner != seat and battle_problem(state, seat, unit.id, target.id) is None:
                yield cmd.Battle(unit=unit.id, target=target.id)
                if unit.glory:
                    yield cmd.Battle(unit=unit.id, target=target.id, glory="extra_die")


def _trades(state: GameState, seat: int) -> Iterator[cmd.Command]:
    settings, blood = state.settings, state.player(seat).blood
    for unit in sorted(state.units_of(seat), key=lambda u: u.id):
        if not unit.is_dragon:
            continue
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
