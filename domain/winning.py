"""Winning and elimination (R-WIN): what ends a game, read from the state.

Each function names the next event the rules call for, None when there is none; the decision
in progress (domain/tx.py) emits it and asks again.
"""

from __future__ import annotations

from domain import events as ev
from domain.state import GameState


def victory_event(state: GameState) -> ev.Event | None:
    """Banners (R-WIN-1), then elimination (R-WIN-2): the next event they call for."""
    for player in state.players:
        if player.banners >= state.settings.banners_to_win and not player.eliminated:
            return ev.GameEnded(winner=player.seat, reason="banners")
    for player in state.players:
        if not player.eliminated and not state.units_of(player.seat):
            return ev.PlayerEliminated(seat=player.seat)
    alive = live_seats(state)
    if len(alive) == 1:
        return ev.GameEnded(winner=alive[0], reason="last player standing")
    if not alive:
        return ev.GameEnded(winner=None, reason="no units left")
    return None


def live_seats(state: GameState) -> list[int]:
    return [p.seat for p in state.players if not p.eliminated]


def turn_limit_event(state: GameState) -> ev.GameEnded | None:
    """R-WIN-3: after `max_turns` turns the most banners wins; a tie at the top is a draw."""
    limit = state.settings.max_turns
    if limit is None or state.turn < limit:
        return None
    alive = [state.player(s) for s in live_seats(state)]
    best = max(p.banners for p in alive)
    leaders = [p.seat for p in alive if p.banners == best]
    winner = leaders[0] if len(leaders) == 1 else None
    return ev.GameEnded(winner=winner, reason="turn limit")
