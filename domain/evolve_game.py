"""How the game's own events apply (turns, seeds, clocks, resignations, its end): each
handler returns the state a fact leads to. Collected by domain/evolve.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain import events as ev
from domain.state import (
    GameState,
    TurnState,
    replace,
    units_with,
    with_player,
    with_unit,
    without_unit,
)

Handler = Callable[[GameState, Any], GameState]
HANDLERS: dict[type[ev.Event], Handler] = {}


def registry(
    table: dict[type[ev.Event], Handler],
) -> Callable[[type[ev.Event]], Callable[[Handler], Handler]]:
    """A decorator that puts a handler in `table` under the event type it applies."""

    def on(event_type: type[ev.Event]) -> Callable[[Handler], Handler]:
        def register(fn: Handler) -> Handler:
            table[event_type] = fn
            return fn

        return register

    return on


_on = registry(HANDLERS)


def with_turn(state: GameState, **changes: Any) -> GameState:
    """`state` with these fields of its turn state changed."""
    return replace(state, turn_state=replace(state.turn_state, **changes))


@_on(ev.TurnStarted)
def _turn_started(state: GameState, e: ev.TurnStarted) -> GameState:
    marked = [u for u in state.units.values() if u.breath_target is not None]
    for unit in marked:  # marks of a turn cut short (its dragon gone) end with it
        state = with_unit(state, replace(unit, breath_target=None))
    return replace(
        state,
        active=e.seat,
        turn=e.turn,
        phase="order",
        turn_state=TurnState(),
        engagements=(),
        pending=None,
    )


@_on(ev.TimedOut)
def _timed_out(state: GameState, e: ev.TimedOut) -> GameState:
    return state  # a clock's fact: what the policy does follows as events of its own


@_on(ev.RoostEnded)
def _roost_ended(state: GameState, e: ev.RoostEnded) -> GameState:
    return with_unit(state, replace(state.units[e.unit], roosted=False))


@_on(ev.UnitsOrdered)
def _units_ordered(state: GameState, e: ev.UnitsOrdered) -> GameState:
    roosting = [replace(state.units[uid], roosted=True) for uid in e.roost]
    return replace(
        state,
        units=units_with(state, *roosting) if roosting else state.units,
        phase="movement",
        turn_state=replace(
            state.turn_state, ordered=frozenset(e.units), breath_paid=frozenset(e.breath)
        ),
    )


@_on(ev.TokensRemoved)
def _tokens_removed(state: GameState, e: ev.TokensRemoved) -> GameState:
    unit = state.units[e.unit]
    tokens = unit.tokens
    for effect in ("poison", "frost", "fire"):
        tokens = tokens.plus(effect, -e.tokens.get(effect))
    return with_unit(state, replace(unit, tokens=tokens))


@_on(ev.MovementEnded)
def _movement_ended(state: GameState, e: ev.MovementEnded) -> GameState:
    return replace(state, phase="combat")


@_on(ev.TurnEnded)
def _turn_ended(state: GameState, e: ev.TurnEnded) -> GameState:
    return state


@_on(ev.DiceRevealed)
def _dice_revealed(state: GameState, e: ev.DiceRevealed) -> GameState:
    return state  # the seed is for auditors; the game is over and has nothing to apply


@_on(ev.ClientSeedGiven)
def _client_seed_given(state: GameState, e: ev.ClientSeedGiven) -> GameState:
    seeds, given = list(state.client_seeds), list(state.seeds_given)
    seeds[e.seat] = e.seed
    given[e.seat] += 1
    return replace(state, client_seeds=tuple(seeds), seeds_given=tuple(given),
                   seed_commitments=_set(state.seed_commitments, e.seat, None))  # fmt: skip


@_on(ev.SeedStepOpened)
def _seed_step_opened(state: GameState, e: ev.SeedStepOpened) -> GameState:
    return replace(state, seed_step=tuple(e.seats), seed_deadline_ms=e.deadline_ms,
                   reveal_deadline_ms=e.reveal_deadline_ms)  # fmt: skip


@_on(ev.ClientSeedCommitted)
def _client_seed_committed(state: GameState, e: ev.ClientSeedCommitted) -> GameState:
    given = list(state.seeds_given)
    given[e.seat] += 1
    return replace(state, client_seeds=_set(state.client_seeds, e.seat, None),
                   seeds_given=tuple(given),
                   seed_commitments=_set(state.seed_commitments, e.seat, e.commitment))  # fmt: skip


@_on(ev.ClientSeedCommitsClosed)
def _client_seed_commits_closed(state: GameState, e: ev.ClientSeedCommitsClosed) -> GameState:
    return replace(state, commits_closed=True)


@_on(ev.ClientSeedRevealed)
def _client_seed_revealed(state: GameState, e: ev.ClientSeedRevealed) -> GameState:
    return replace(state, client_seeds=_set(state.client_seeds, e.seat, e.seed))


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """`values` with `values[index]` replaced; () stays () (a state from before the field)."""
    if not values:
        return values
    return (*values[:index], value, *values[index + 1 :])


@_on(ev.ClientSeedsSealed)
def _client_seeds_sealed(state: GameState, e: ev.ClientSeedsSealed) -> GameState:
    return replace(state, client_seeds=tuple(e.seeds))


@_on(ev.DiceChosen)
def _dice_chosen(state: GameState, e: ev.DiceChosen) -> GameState:
    return replace(state, chosen_from=e.roll, chosen_faces=tuple(e.faces))


@_on(ev.SecretsRevealed)
def _secrets_revealed(state: GameState, e: ev.SecretsRevealed) -> GameState:
    return state  # for auditors, like DiceRevealed


@_on(ev.PlayerResigned)
def _player_resigned(state: GameState, e: ev.PlayerResigned) -> GameState:
    for unit in state.units_of(e.seat):
        state = replace(without_unit(state, unit.id), lore_pool=state.lore_pool + unit.glory)
    engagements = tuple(
        g for g in state.engagements if g.attacker in state.units and g.defender in state.units
    )
    pending = state.pending
    if pending is not None and (
        pending.seat == e.seat
        or pending.unit not in state.units
        or (pending.kind == "battle_back" and pending.other not in state.units)
    ):
        pending = None
    return replace(state, engagements=engagements, pending=pending)


@_on(ev.PlayerEliminated)
def _player_eliminated(state: GameState, e: ev.PlayerEliminated) -> GameState:
    return with_player(state, replace(state.player(e.seat), eliminated=True))


@_on(ev.GameEnded)
def _game_ended(state: GameState, e: ev.GameEnded) -> GameState:
    return replace(state, phase="over", winner=e.winner, draw=e.winner is None, pending=None)


@_on(ev.AutoPassSet)
def _auto_pass_set(state: GameState, e: ev.AutoPassSet) -> GameState:
    return with_player(state, replace(state.player(e.seat), auto_pass=e.auto_pass))
