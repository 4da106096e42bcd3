"""Turn flow (R-TRN-1..8): starting, ending and passing turns; resigning (R-WIN-4)."""

from __future__ import annotations

from domain import events as ev
from domain.damage import damage
from domain.errors import RuleViolation
from domain.state import GameState
from domain.tx import Tx
from domain.winning import live_seats, turn_limit_event


def next_seat(state: GameState, after: int) -> int:
    seats = len(state.players)
    for step in range(1, seats + 1):
        seat = (after + step) % seats
        if not state.player(seat).eliminated:
            return seat
    return after


def start_turn(tx: Tx, seat: int) -> None:
    """R-TRN-3: roost rewards, then fire damage on the new active player's units."""
    tx.emit(ev.TurnStarted(seat=seat, turn=tx.state.turn + 1))
    for unit in sorted(tx.state.units_of(seat), key=lambda u: u.id):
        if unit.roosted:
            reward = _roost_reward(tx.state, unit.hex)
            gain = min(reward, tx.state.lore_pool)
            if gain:
                tx.emit(
                    ev.LoreGained(seat=seat, amount=gain, reason=f"{unit.id} roosted")
                )  # R-RST-3
            tx.emit(ev.RoostEnded(unit=unit.id))
    for unit in sorted(tx.state.units_of(seat), key=lambda u: u.id):
        if unit.tokens.fire:
            damage(tx, unit.id, 1, unit.burned_by, "fire")  # R-FIR-3
    if tx.state.player(seat).eliminated:
        pass_turn(tx, gain_lore=False)


def _roost_reward(state: GameState, h: object) -> int:
    site = state.sites.get(h)  # type: ignore[call-overload]
    if site is not None and site.kind == "cave":
        return state.settings.cave_roost_lore
    return state.settings.roost_lore


def end_turn_problem(state: GameState) -> RuleViolation | None:
    if state.phase == "breath":
        return RuleViolation("R-TRN-6", "the breath phase must be resolved first", "breath_pending")
    if state.engagements:
        g = state.engagements[0]
        return RuleViolation(
            "R-TRN-7",
            f"engagement {g.attacker} vs {g.defender} must be fought first",
            "wrong_phase",
        )
    if any(u.breath_target is not None for u in state.units.values()):
        return RuleViolation(
            "R-TRN-6",
            "breath targets are marked: send end_movement so the breath phase resolves",
            "wrong_phase",
        )
    return None


def handle_end_turn(tx: Tx, seat: int) -> None:
    problem = end_turn_problem(tx.state)
    if problem is not None:
        raise problem
    from domain.sites import end_of_turn_site_effects  # R-TRN-7 (clarified): before R-LOR-3

    end_of_turn_site_effects(tx)
    pass_turn(tx, gain_lore=True)


def pass_turn(tx: Tx, gain_lore: bool) -> None:
    """R-TRN-8: lore for the turn, the turn limit, then the next player's turn."""
    seat = tx.state.active
    gain = min(tx.state.settings.lore_per_turn, tx.state.lore_pool) if gain_lore else 0
    if gain:
        tx.emit(ev.LoreGained(seat=seat, amount=gain, reason="end of turn"))  # R-LOR-3
    tx.emit(ev.TurnEnded(seat=seat, turn=tx.state.turn))
    if (ended := turn_limit_event(tx.state)) is not None:
        tx.emit(ended)
    if live_seats(tx.state):
        start_turn(tx, next_seat(tx.state, seat))


def handle_resign(tx: Tx, seat: int) -> None:
    """R-WIN-4: a seat may resign at any time; its units leave the board."""
    was_active = tx.state.active == seat
    pending = tx.state.pending
    if pending is not None and pending.kind == "reaction" and seat in pending.waiting:
        from domain.commands import Pass
        from domain.flight import handle_pass

        handle_pass(tx, Pass(), seat)  # R-FLY-4: a seat that resigns in the window passes
    tx.emit(ev.PlayerResigned(seat=seat))
    if not tx.state.player(seat).eliminated:
        tx.emit(ev.PlayerEliminated(seat=seat))
    if was_active:
        pass_turn(tx, gain_lore=False)


def end_eliminated_turn(tx: Tx) -> None:
    """R-TRN-1 (revision 2): a player eliminated during their own turn ends it at once, with
    no end-of-turn lore, once nothing that came with the elimination is left to decide (a
    retreat the battle owes another seat is still taken)."""
    state = tx.state
    if (
        state.revised
        and state.player(state.active).eliminated
        and state.pending is None
        and state.phase not in ("breath", "over")
    ):
        pass_turn(tx, gain_lore=False)
