"""Winning and elimination (R-WIN)."""

from __future__ import annotations

from domain import events as ev
from domain.state import GameState
from domain.tx import Tx


def check_victory(tx: Tx) -> None:
    """Banners (R-WIN-1) and elimination (R-WIN-2), checked at once."""
    state = tx.state
    for player in state.players:
        if player.banners >= state.settings.banners_to_win and not player.eliminated:
            tx.emit(ev.GameEnded(winner=player.seat, reason="banners"))
    for player in state.players:
        if not player.eliminated and not state.units_of(player.seat):
            tx.emit(ev.PlayerEliminated(seat=player.seat))
    alive = live_seats(tx.state)
    if len(alive) == 1:
        tx.emit(ev.GameEnded(winner=alive[0], reason="last player standing"))
    if not alive:
        tx.emit(ev.GameEnded(winner=None, reason="no units left"))


def live_seats(state: GameState) -> list[int]:
    return [p.seat for p in state.players if not p.eliminated]


def check_turn_limit(tx: Tx) -> None:
    """R-WIN-3: after `max_turns` turns the most banners wins; a tie at the top is a draw."""
    state = tx.state
    limit = state.settings.max_turns
    if limit is None or state.turn < limit:
        return
    alive = [state.player(s) for s in live_seats(state)]
    best = max(p.banners for p in alive)
    leaders = [p.seat for p in alive if p.banners == best]
    winner = leaders[0] if len(leaders) == 1 else None
    tx.emit(ev.GameEnded(winner=winner, reason="turn limit"))
