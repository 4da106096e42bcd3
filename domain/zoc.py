"""Zones of control: engagements created by the active player's moves (R-ZOC-1..7)."""

from __future__ import annotations

from domain import events as ev
from domain.board import crosses_red_border, in_portal, occupants
from domain.hexes import is_adjacent, neighbors
from domain.state import GameState, Unit
from domain.tx import Tx


def pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def have_fought(state: GameState, a: str, b: str) -> bool:
    return pair(a, b) in state.turn_state.fought_pairs


def zone_reaches(state: GameState, a: Unit, b: Unit) -> bool:
    """Whether dragons `a` and `b` stand in each other's zone of control (R-ZOC-1, -3, -7)."""
    return (
        a.is_dragon
        and b.is_dragon
        and is_adjacent(a.hex, b.hex)
        and not crosses_red_border(state, a.hex, b.hex)
        and not in_portal(state, a.hex)
        and not in_portal(state, b.hex)
    )


def is_engaged(state: GameState, a: str, b: str) -> bool:
    return any({g.attacker, g.defender} == {a, b} for g in state.engagements)


def after_voluntary_move(tx: Tx, unit_id: str) -> None:
    """R-ZOC-1: the active player's dragon ends a move next to enemy dragons. R-ZOC-4
    (revision 2): no engagement with or by a roosted dragon; fighting one is a choice."""
    state = tx.state
    mover = state.units.get(unit_id)
    if mover is None or not mover.is_dragon or mover.owner != state.active:
        return
    if state.revised and mover.roosted:
        return
    near = [u for h in neighbors(mover.hex) for u in occupants(state).get(h, ())]
    for enemy in sorted(near, key=lambda u: u.id):
        if (
            enemy.owner != mover.owner
            and not (state.revised and enemy.roosted)
            and zone_reaches(state, mover, enemy)
            and not have_fought(state, mover.id, enemy.id)  # R-ZOC-2
            and not is_engaged(state, mover.id, enemy.id)
        ):
            tx.emit(ev.EngagementCreated(attacker=mover.id, defender=enemy.id))


def prune_engagements(tx: Tx) -> None:
    """An engagement whose dragons no longer face each other lapses (a push, a death)."""
    for g in tx.state.engagements:
        a, b = tx.state.units.get(g.attacker), tx.state.units.get(g.defender)
        if a is None or b is None or not zone_reaches(tx.state, a, b):
            tx.emit(
                ev.EngagementLapsed(
                    attacker=g.attacker,
                    defender=g.defender,
                    reason="the dragons no longer face each other",
                )
            )
