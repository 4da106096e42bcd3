"""The `battler` bot's policy: a pure function of a seat's board view and its legal actions.

    choose_action(view, actions, seat, order) -> action

`view` is the board view the API gives the seat (`GET /games/{id}` with its token) and
`actions` and `order` what `GET /games/{id}/legal-actions` gives (its `actions`, and in the
order phase its `order`, how the listed single-unit orders merge); the action returned is one
of them, or a merge of its orders.

It battles whenever it can, orders as many units as allowed (dragons breathing), moves each
toward the nearest enemy, then ends the phase. Standard library only: the demo (a plain HTTP
client), the server's bot seats and the search bot's playouts (search.py) use the same code.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

Action = dict[str, Any]
View = dict[str, Any]
# (view, actions, seat, how the listed orders merge: legal-actions' `order`, or None)
Policy = Callable[[View, list[Action], int, Mapping[str, Any] | None], Action]


def hex_distance(a: Sequence[int], b: Sequence[int]) -> int:
    """Steps between two hexes in odd-r offset coordinates (R-BRD-1)."""

    def cube(h: Sequence[int]) -> tuple[int, int]:
        col, row = h
        return col - (row - (row & 1)) // 2, row

    (aq, ar), (bq, br) = cube(a), cube(b)
    return max(abs(aq - bq), abs(ar - br), abs(aq + ar - bq - br))


def choose_action(
    view: View, actions: list[Action], seat: int, order: Mapping[str, Any] | None = None
) -> Action:
    """Battle whenever possible, order as many units as allowed (dragons breathing), move
    each toward the nearest enemy, then end the phase. `order`: how legal-actions says its
    single-unit orders merge (docs/client/commands.md, "Legal actions")."""
    by_type: dict[str, list[Action]] = {}
    for action in actions:
        by_type.setdefault(action["type"], []).append(action)
    if "battle" in by_type:
        return min(by_type["battle"], key=lambda a: _battle_key(view, a))
    if "order" in by_type:
        return _order(by_type["order"], order)
    moves = by_type.get("move", []) + by_type.get("fly", [])
    best = _best_move(view, moves, seat)
    if best is not None:
        return best
    for kind in ("end_movement", "end_turn", "pass", "choose_retreat", "battle_back"):
        if kind in by_type:
            return by_type[kind][0]
    return actions[0]  # only `resign` is left: never reached in the skirmish


def _order(orders: list[Action], described: Mapping[str, Any] | None) -> Action:
    """The listed single-unit orders merged: breathing dragons first, as lore allows, then
    the other units, up to `max_units` (no roosts, no token removal)."""
    if described is None:
        return max(orders, key=lambda a: (len(a["units"]), len(a["breath"])))
    lore, picked = described["lore"], dict[str, Action]()
    for action in sorted(orders, key=lambda a: (-len(a["breath"]), a["units"])):
        if not action["units"] or action["roost"] or action["remove_tokens"]:
            continue
        unit = action["units"][0]
        cost = sum(described["breath_cost"].get(u, 0) for u in action["breath"])
        if unit not in picked and len(picked) < described["max_units"] and cost <= lore:
            picked[unit], lore = action, lore - cost
    chosen = sorted(picked.values(), key=lambda a: a["units"])
    return {
        "type": "order",
        "units": [a["units"][0] for a in chosen],
        "breath": [u for a in chosen for u in a["breath"]],
    }


def _battle_key(view: View, action: Action) -> tuple[int, str, str]:
    """Weakest target first (a kill is a banner); a dragon, hard to kill, last."""
    target = _units(view)[action["target"]]
    return (target["figures"] or 99, target["id"], action["unit"])


def _best_move(view: View, moves: list[Action], seat: int) -> Action | None:
    """The move or flight that breathes on the most enemies, else gets a unit closest to one;
    a unit already next to an enemy stays where it is."""
    units = _units(view)
    enemies = [u["hex"] for u in units.values() if u["owner"] != seat]
    if not enemies:
        return None

    def gap(h: Sequence[int]) -> int:
        return min(hex_distance(h, e) for e in enemies)

    best: tuple[tuple[int, int, int], Action] | None = None
    for action in moves:
        unit = units[action["unit"]]
        targets = _breath_targets(view, action, seat) if action["type"] == "fly" else 0
        now, then = gap(unit["hex"]), gap(action["path"][-1])
        if targets == 0 and (now <= 1 or then >= now):
            continue
        key = (-targets, then, len(action["path"]))
        if best is None or key < best[0]:
            best = (key, action)
    return None if best is None else best[1]


def _breath_targets(view: View, action: Action, seat: int) -> int:
    """Enemies a breathing dragon would fly over (R-BRE-2: not the landing hex, at most 3)."""
    if action["unit"] not in view["turn_state"]["breath_paid"]:
        return 0
    over = {tuple(h) for h in action["path"][:-1]}
    hit = [u for u in view["units"] if u["owner"] != seat and tuple(u["hex"]) in over]
    return min(len(hit), 3)


def _units(view: View) -> dict[str, dict[str, Any]]:
    return {u["id"]: u for u in view["units"]}
