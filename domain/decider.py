"""`decide(state, command, dice, seat) -> events`: the one door into the rules.

Who may act (R-TRN-1, R-TRN-6, R-TRN-9) is checked here, once, for every command; each rule
module checks the rest and emits through a Tx.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from typing import Any

from domain import commands as cmd
from domain import events as ev
from domain.breath import end_movement, resolve_breath_phase
from domain.combat import handle_battle, handle_battle_back
from domain.dice import DiceSource
from domain.edition import CURRENT, EDITIONS
from domain.errors import RuleViolation
from domain.evolve import evolve, fold
from domain.flight import handle_fly, handle_pass, handle_react
from domain.fork import choose_dice
from domain.movement import handle_move, movement_phase_problem
from domain.orders import handle_order
from domain.retreat_choice import handle_choose_retreat
from domain.scenario import validate_scenario
from domain.seeds import (
    awaits_seed_step,
    close_commits,
    give_client_seed,
    is_commit_phase_done,
    is_seed_step_done,
    needs_reveals,
    opened_step,
    sealed,
)
from domain.sites import handle_trade
from domain.state import GameState
from domain.takeback import COMMANDS as TAKEBACK_COMMANDS
from domain.takeback import decide_takeback
from domain.turn import end_eliminated_turn, handle_end_turn, handle_resign, start_turn
from domain.tx import GameOver, Tx

Handler = Callable[[Tx, Any, int], None]

# Decision commands answer a pending decision of this kind (R-TRN-9).
DECISION_KINDS: dict[type[cmd.Command], str] = {
    cmd.ChooseRetreat: "retreat",
    cmd.BattleBack: "battle_back",
    cmd.React: "reaction",
    cmd.Pass: "reaction",
}
SERVER_SEAT = -1  # the seat the server's own steps act as (the breath phase, R-TRN-6)


def new_game(
    scenario: Mapping[str, Any],
    *,
    auto_decisions: bool = False,
    start: bool = True,
    edition: int = CURRENT,
    takebacks: bool = False,
) -> list[ev.Event]:
    """The events that create a game under `edition` of the rules (the current one unless
    a first-edition game is re-created, as an audit does): validated scenario, then the
    first turn. With `start` False, GameCreated alone: the game waits for its seats and
    `start_game` (R-TRN-1). `takebacks`: a seat may ask to take back its commands (TKB-1)."""
    if edition not in EDITIONS:
        raise ValueError(f"no edition {edition!r} of the rules; editions: {list(EDITIONS)}")
    validate_scenario(scenario, edition)
    created = ev.GameCreated(
        scenario=dict(scenario),
        auto_decisions=auto_decisions,
        rules_edition=edition,
        takebacks=takebacks,
    )
    if not start:
        return [created]
    return [created, *start_game(evolve(None, created))]


def is_started(state: GameState) -> bool:
    """Whether the game's first turn has begun (a game created with `start=False` has none
    until `start_game`)."""
    return state.turn > 0 or state.is_over


def start_game(state: GameState) -> list[ev.Event]:
    """The first turn's events, seat 0 first (R-TRN-1), of a game created unstarted; the
    seats' client seeds sealed first (SEED-1) when the game takes them."""
    if is_started(state):
        raise RuleViolation("R-TRN-1", "the game has started already", "wrong_phase")
    if needs_reveals(state):
        raise RuleViolation("SEED-3", "a commitment waits for its reveal: the commit phase "
                            "closes first", "wrong_phase")  # fmt: skip
    if awaits_seed_step(state):
        raise RuleViolation("SEED-2", "the game was promised a seed step: it opens first, "
                            "when the last seat is taken", "wrong_phase")  # fmt: skip
    tx = Tx(state, _NO_DICE)
    for event in sealed(state):
        tx.emit(event)
    start_turn(tx, 0)
    return tx.events


def open_seed_step(state: GameState, seats: tuple[int, ...], now_ms: int) -> list[ev.Event]:
    """The server's step as a game promised a seed step fills up (SEED-2): the step opens
    for `seats` with its deadlines from `now_ms`; the first turn begins in the same append if
    every seat it waits for gave its seed or declined while the game waited for players."""
    events = opened_step(state, seats, now_ms)
    after = fold(state, events)
    return [*events, *start_game(after)] if is_seed_step_done(after) else events


class _NoDice:
    def face(self, index: int) -> str:
        raise AssertionError("creating a game rolls no dice")


_NO_DICE = _NoDice()


def decide(state: GameState, command: cmd.Command, dice: DiceSource, seat: int) -> list[ev.Event]:
    """The events `command` from `seat` causes; raises RuleViolation if the rules forbid it."""
    return decide_and_fold(state, command, dice, seat)[0]


def decide_and_fold(
    state: GameState, command: cmd.Command, dice: DiceSource, seat: int
) -> tuple[list[ev.Event], GameState]:
    """`decide`, and the state its events lead to: the decision folds them as it emits them
    (Tx), so a caller that needs that state need not fold them again."""
    if state.is_over:
        raise RuleViolation("R-WIN-1", "the game is over", "game_over")
    if isinstance(command, cmd.GiveClientSeed):  # before the first turn (SEED-1)
        events = give_client_seed(state, command, seat)
        after = fold(state, events)
        if is_seed_step_done(after):  # the last seat the seed step waited for (SEED-2)
            first_turn = start_game(after)
            events, after = [*events, *first_turn], fold(after, first_turn)
        elif is_commit_phase_done(after):  # the last awaited, with commitments (SEED-3)
            closed = close_commits(after)
            events, after = [*events, *closed], fold(after, closed)
        return events, after
    if not is_started(state):
        raise RuleViolation(
            "R-TRN-1", "the game has not started: its first turn begins once every seat is "
            "taken (and, in a seed step, its seats gave their seeds or its deadline passed: "
            "SEED-2)", "not_started",
        )  # fmt: skip
    if isinstance(command, TAKEBACK_COMMANDS):  # TKB-2, TKB-3: asked and answered off-turn
        events = decide_takeback(state, command, seat)
        return events, fold(state, events)
    if isinstance(command, cmd.ChooseDice):  # the fork's owner, at any time (FRK-4)
        events = choose_dice(state, command, seat)
        return events, fold(state, events)
    if not isinstance(command, cmd.Resign | cmd.SetAutoPass):
        check_turn(state, command, seat)
    tx = Tx(state, dice)
    with contextlib.suppress(GameOver):
        HANDLERS[type(command)](tx, command, seat)
        end_eliminated_turn(tx)
    return tx.events, tx.state


def check_turn(state: GameState, command: cmd.Command, seat: int) -> None:
    """Whether `seat` may send this kind of command now, whatever its content."""
    pending = state.pending
    if isinstance(command, cmd.ResolveBreath):
        if seat != SERVER_SEAT:
            raise RuleViolation(
                "R-TRN-6",
                "the breath phase is resolved by the server, not by a player",
                "forbidden",
            )
        if state.phase != "breath":
            raise RuleViolation("R-TRN-6", "no breath phase is open", "wrong_phase")
        return
    if state.phase == "breath":
        raise RuleViolation(
            "R-TRN-6",
            "the breath phase is being resolved; only reads are accepted now",
            "breath_pending",
        )
    kind = DECISION_KINDS.get(type(command))
    if pending is not None:
        if kind == pending.kind and seat in _deciders(state):
            return
        if seat in _deciders(state):
            raise RuleViolation(
                "R-TRN-9",
                f"seat {seat} owes a {pending.kind} decision for unit {pending.unit} first",
                "wrong_phase",
            )
        raise RuleViolation(
            "R-TRN-9",
            f"waiting for seat {pending.seat} to decide: {pending.kind} of unit {pending.unit}",
            "wrong_phase",
        )
    if kind is not None:
        raise RuleViolation("R-TRN-9", f"no {kind} decision is pending", "wrong_phase")
    if seat != state.active:
        raise RuleViolation(
            "R-TRN-1", f"it is seat {state.active}'s turn, not seat {seat}'s", "not_your_turn"
        )


def _deciders(state: GameState) -> tuple[int, ...]:
    pending = state.pending
    if pending is None or pending.seat is None:
        return ()
    return (pending.seat,)


HANDLERS: dict[type[cmd.Command], Handler] = {
    cmd.OrderUnits: handle_order,
    cmd.MoveUnit: lambda tx, c, seat: _in_movement(tx, handle_move, c, seat),
    cmd.EndMovement: lambda tx, c, seat: _in_movement(
        tx, lambda t, _c, s: end_movement(t, s), c, seat
    ),
    cmd.FlyDragon: lambda tx, c, seat: _in_movement(tx, handle_fly, c, seat),
    cmd.React: handle_react,
    cmd.Pass: handle_pass,
    cmd.SetAutoPass: lambda tx, c, seat: tx.emit(ev.AutoPassSet(seat=seat, auto_pass=c.enabled)),
    cmd.ResolveBreath: lambda tx, c, seat: resolve_breath_phase(tx),
    cmd.Battle: handle_battle,
    cmd.ChooseRetreat: handle_choose_retreat,
    cmd.BattleBack: handle_battle_back,
    cmd.Trade: handle_trade,
    cmd.EndTurn: lambda tx, c, seat: handle_end_turn(tx, seat),
    cmd.Resign: lambda tx, c, seat: handle_resign(tx, seat),
}


def _in_movement(tx: Tx, handler: Handler, command: cmd.Command, seat: int) -> None:
    problem = movement_phase_problem(tx.state)
    if problem is not None:
        raise problem
    handler(tx, command, seat)


def resolve_breath(state: GameState, dice: DiceSource) -> list[ev.Event]:
    """The server's step that resolves an open breath phase (R-TRN-6); refused if none is open."""
    return decide(state, cmd.ResolveBreath(), dice, SERVER_SEAT)
