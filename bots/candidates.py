"""The actions the search considers beside `battler`'s own move, best guess first.

The rules list every legal action (domain.legal_actions); many differ little (a flight's
path to the same hex, the same units ordered in another order). The search looks at a few
per decision: whole orders (R-TRN-4) built from the listed single-unit ones, a few moves per
ordered unit, every battle, every decision. `candidates` puts them best guess first, with
the heuristic of the `battler` bot: close in on the enemy, breathe on many, hit the weakest.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from domain import commands as cmd
from domain.hexes import Hex
from domain.legal import legal_actions, merge_orders
from domain.state import GameState, Unit

MOVES_PER_UNIT = 3
MAX_ORDERS = 6
_DROPPED = (cmd.Resign, cmd.SetAutoPass, cmd.GiveClientSeed)


def actor(state: GameState) -> int | None:
    """The seat the game waits for; None while the server resolves a breath phase, or once
    the game is over."""
    if state.is_over or state.phase == "breath":
        return None
    if state.pending is not None and state.pending.seat is not None:
        return state.pending.seat
    return state.active


def candidates(state: GameState, seat: int) -> list[cmd.Command]:
    """The actions the search tries for `seat`, best guess first (never empty while the seat
    is to act: ending the phase or the turn, or a decision, is always among them)."""
    legal = [a for a in legal_actions(state, seat) if not isinstance(a, _DROPPED)]
    if not legal:
        return [cmd.Resign()]
    if state.pending is not None:
        return legal
    if state.phase == "order":
        orders = [a for a in legal if isinstance(a, cmd.OrderUnits)]
        return _orders(state, seat, orders) or legal
    if state.phase == "movement":
        return _moves(state, seat, legal)
    return _combat(state, legal)


def enemy_gap(state: GameState, seat: int) -> dict[Hex, int]:
    """Hex -> steps to the nearest enemy unit, for the hexes asked (filled lazily)."""
    return _Gap([u.hex for u in state.units.values() if u.owner != seat])


class _Gap(dict[Hex, int]):
    """Hex -> steps to the nearest of `targets` (99 with none), computed when first asked."""

    def __init__(self, targets: Iterable[Hex]) -> None:
        super().__init__()
        self.enemies = [_cube(h) for h in targets]

    def __missing__(self, h: Hex) -> int:
        q, r = _cube(h)
        found = 99
        for eq, er in self.enemies:  # cube distance (R-BRD-1), inlined: playouts ask often
            dq, dr = q - eq, r - er
            d = max(abs(dq), abs(dr), abs(dq + dr))
            if d < found:
                found = d
        self[h] = found
        return found


def _cube(h: Hex) -> tuple[int, int]:
    return h.col - (h.row - (h.row & 1)) // 2, h.row


def _orders(state: GameState, seat: int, listed: list[cmd.OrderUnits]) -> list[cmd.Command]:
    """Whole orders: the units nearest the enemy, with and without their breath paid, and a
    few other picks among the nearest."""
    plain = {o.units[0]: o for o in listed if _is_plain(o)}
    breath = {o.units[0]: o for o in listed if o.breath and not o.roost and not o.remove_tokens}
    if not plain:
        return []
    gap = enemy_gap(state, seat)
    ranked = sorted(plain, key=lambda u: (_unit_rank(state, state.units[u], gap), u))
    most = state.settings.orders_per_turn
    lore = state.player(seat).lore
    picks: list[tuple[str, ...]] = [tuple(ranked[:most])]
    picks += [c for c in combinations(ranked[: most + 2], min(most, len(ranked)))]
    out: dict[str, cmd.Command] = {}
    for pick in picks:
        for with_breath in (True, False):
            order = _merged(state, pick, plain, breath if with_breath else {}, lore)
            out.setdefault(repr(order), order)
        if len(out) >= MAX_ORDERS:
            break
    return list(out.values())


def _is_plain(order: cmd.OrderUnits) -> bool:
    return bool(order.units) and not (order.breath or order.roost or order.remove_tokens)


def _unit_rank(state: GameState, unit: Unit, gap: dict[Hex, int]) -> tuple[int, int]:
    """Dragons with a rider's errand first, then the units nearest an enemy."""
    errand = 0 if unit.is_dragon and _site_goal(state, unit) is not None else 1
    return errand, gap[unit.hex]


def _merged(
    state: GameState,
    pick: Iterable[str],
    plain: dict[str, cmd.OrderUnits],
    breath: dict[str, cmd.OrderUnits],
    lore: int,
) -> cmd.OrderUnits:
    chosen = []
    for uid in sorted(pick):
        cost = state.units[uid].spec.breath_cost
        if uid in breath and cost <= lore:
            chosen.append(breath[uid])
            lore -= cost
        else:
            chosen.append(plain[uid])
    return merge_orders(chosen)


def _moves(state: GameState, seat: int, legal: list[cmd.Command]) -> list[cmd.Command]:
    """Per ordered unit its best few moves (one per end hex); the best overall first, and
    ending the movement first when no move brings a unit closer."""
    gap = enemy_gap(state, seat)
    goals = _Goals(state)
    per_unit: dict[str, dict[tuple[Hex, int], tuple[tuple[int, ...], cmd.Command]]] = {}
    rest: list[cmd.Command] = []
    for action in legal:
        if not isinstance(action, cmd.MoveUnit | cmd.FlyDragon):
            rest.append(action)
            continue
        key = _move_key(state, action, gap, goals)
        kept = per_unit.setdefault(action.unit, {})
        spot = (action.path[-1], key[0])
        if spot not in kept or key < kept[spot][0]:
            kept[spot] = (key, action)
    scored: list[tuple[tuple[int, ...], cmd.Command]] = []
    for kept in per_unit.values():
        best = sorted(kept.values(), key=lambda kv: kv[0])
        errand = [kv for kv in best if kv[0][0] <= -5]  # moves that serve a rider (sites)
        scored += (errand[:1] + [kv for kv in best if kv not in errand[:1]])[:MOVES_PER_UNIT]
    scored.sort(key=lambda kv: kv[0])
    moves = [a for _, a in scored]
    improving = bool(scored) and scored[0][0][1] < 0
    return moves + rest if improving else rest + moves


def _move_key(
    state: GameState,
    action: cmd.MoveUnit | cmd.FlyDragon,
    gap: dict[Hex, int],
    goals: _Goals,
) -> tuple[int, int, int]:
    """(minus breath targets or a site errand's worth, change in distance to an enemy or
    errand, path length): smaller is better."""
    unit = state.units[action.unit]
    end = action.path[-1]
    goal = goals.of(unit) if unit.is_dragon else None
    if goal is not None:
        near = goal[unit.hex]
        then = min(goal[h] for h in action.path)
        if then < near:
            return -5 - (near - then), then - near, len(action.path)
    targets = len(action.breath_targets or ()) if isinstance(action, cmd.FlyDragon) else 0
    now, then = gap[unit.hex], gap[end]
    step = then - now if now > 1 else max(0, then - now) + 1
    return -targets, step, len(action.path)


class _Goals:
    """Per rider state, the steps to the sites its errand leads to (None: no such site)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.fields: dict[str, dict[Hex, int] | None] = {}

    def of(self, dragon: Unit) -> dict[Hex, int] | None:
        if dragon.rider not in self.fields:
            goal = _site_goal(self.state, dragon)
            self.fields[dragon.rider] = None if goal is None else _Gap(goal)
        return self.fields[dragon.rider]


def _site_goal(state: GameState, dragon: Unit) -> list[Hex] | None:
    """Where a dragon's rider errand leads (R-SIT-2..4): a pickup, the portal, a village."""
    wanted = {"none": "pickup", "carried": "portal", "passed": "village"}[dragon.rider]
    found = [
        h
        for h, s in state.sites.items()
        if s.kind == wanted and (wanted != "pickup" or s.riders > 0)
    ]
    return found or None


def _combat(state: GameState, legal: list[cmd.Command]) -> list[cmd.Command]:
    """Banner trades first, then battles on the weakest targets, then the rest."""
    trades = [a for a in legal if isinstance(a, cmd.Trade) and a.currency == "banner"]
    battles = [a for a in legal if isinstance(a, cmd.Battle)]
    battles.sort(key=lambda a: (state.units[a.target].figures or 99, a.target, a.unit))
    rest = [a for a in legal if not isinstance(a, cmd.Trade | cmd.Battle)]
    return [*trades, *battles, *rest]
