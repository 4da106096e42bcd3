"""`evolve(state, event) -> state`: applies a fact, never checks a rule, never rolls."""

from __future__ import annotations

from collections.abc import Iterable

from domain import events as ev
from domain import evolve_board, evolve_game, takeback
from domain.fork import forked_state
from domain.scenario import validate_scenario
from domain.state import (
    GameState,
    Takebacks,
    replace,
)

# Every event but GameCreated, by its type: the state it leads to (never checked, never rolled).
_HANDLERS = {**evolve_game.HANDLERS, **evolve_board.HANDLERS, **takeback.HANDLERS}


def evolve(state: GameState | None, event: ev.Event) -> GameState:
    if isinstance(event, ev.GameCreated) and event.fork is not None:
        return forked_state(event)
    if isinstance(event, ev.GameCreated):
        start = validate_scenario(event.scenario, event.rules_edition)
        dice = event.dice or {}
        step = dice.get("seed_step") or {}
        on_fill = step.get("length_ms") if step.get("on_fill") else None
        return replace(start, auto_decisions=event.auto_decisions, version=1,
                       seat_seeds=bool(dice.get("seat_seeds")),
                       client_seeds=(None,) * len(start.players),
                       seeds_given=(0,) * len(start.players),
                       seed_step=tuple(int(s) for s in step.get("seats", ())),
                       seed_deadline_ms=step.get("deadline_ms"),
                       seed_step_length_ms=on_fill,
                       seed_commitments=(None,) * len(start.players),
                       reveal_deadline_ms=step.get("reveal_deadline_ms"),
                       takebacks=Takebacks() if event.takebacks else None)  # fmt: skip
    if state is None:
        raise ValueError(f"a game starts with GameCreated, not {event.type}")
    after: GameState = _HANDLERS[type(event)](state, event)
    if after is state:  # a fact that changes nothing but the version
        after = replace(state)
    # A handler's new state is made by this call and held by nothing else yet: its version is
    # set before it is given out, like a field of domain.state.replace's copy, rather than
    # copied once more with every field of the game (a second copy was a third of a fold).
    object.__setattr__(after, "version", state.version + 1)
    if state.takebacks is not None:  # TKB-2: the stretch a takeback may undo
        object.__setattr__(after, "takebacks", takeback.follow(state.takebacks, state, event))
    return after


def fold(state: GameState | None, events: Iterable[ev.Event]) -> GameState:
    """`state` with `events` applied in order (None: from before the game's first event)."""
    for event in events:
        state = evolve(state, event)
    if state is None:
        raise ValueError("no events")
    return state


def replay(events: Iterable[ev.Event]) -> GameState:
    """The state a game's events lead to, from its first."""
    return fold(None, events)
