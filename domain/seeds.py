"""The seats' client seeds (SEED-1): each seat may give its own entropy for the dice before
the first turn; the seeds are sealed as the first turn begins and mixed into every die from
then on (domain.dice.CommittedDice, docs/audit.md "Client seeds").

A game full at its creation starts at once, unless it was created with a seed step (SEED-2,
GameCreated.dice.seed_step): then its first turn begins as the last seat it waits for gives
its seed or declines (`is_seed_step_done`; the same append), or when the server ends the step
at its deadline (`start_game`, the server's step).

Only a game whose committed dice published `seat_seeds` takes them: the server's seed was
committed to before any seat gave one, so no seat's seed can have been chosen around it, and
the server could not try seeds until it liked the seats' dice.
"""

from __future__ import annotations

from domain import commands as cmd
from domain import events as ev
from domain.errors import RuleViolation
from domain.state import GameState

MAX_SEED_LENGTH = 128
MAX_GIVES = 8  # per seat: a seat may change its mind, not grow the game's stream for ever


def give_client_seed(state: GameState, command: cmd.GiveClientSeed, seat: int) -> list[ev.Event]:
    """A seat's seed (None: it declines), before the first turn only (SEED-1)."""
    if not state.seat_seeds:
        raise RuleViolation(
            "SEED-1", "this game takes no client seeds from its seats (its dice are not "
            "committed, or it started at its creation)", "forbidden",
        )  # fmt: skip
    if state.turn > 0 or state.is_over:
        raise RuleViolation(
            "SEED-1", "client seeds are given before the first turn; it has begun", "wrong_phase"
        )
    if not 0 <= seat < len(state.players):
        raise RuleViolation("SEED-1", f"the game has no seat {seat}", "forbidden")
    if state.seeds_given[seat] >= MAX_GIVES:
        raise RuleViolation(
            "SEED-1", f"a seat gives its client seed at most {MAX_GIVES} times", "illegal"
        )
    seed = command.seed
    if seed is not None and not 1 <= len(seed) <= MAX_SEED_LENGTH:
        raise RuleViolation(
            "SEED-1", f"a client seed is 1 to {MAX_SEED_LENGTH} characters", "illegal"
        )
    return [ev.ClientSeedGiven(seat=seat, seed=seed)]


def sealed(state: GameState) -> list[ev.Event]:
    """What the first turn begins with: the seats' seeds as they stand (SEED-1)."""
    if not state.seat_seeds:
        return []
    return [ev.ClientSeedsSealed(seeds=tuple(state.client_seeds))]


def seat_seeds(state: GameState) -> tuple[str, ...]:
    """The seats' seeds that the dice mix in, in seat order: those given, sealed at the start
    (before the start, and in games without seat seeds: none)."""
    if not state.seat_seeds or state.turn == 0:
        return ()
    return tuple(s for s in state.client_seeds if s is not None)


def in_seed_step(state: GameState) -> bool:
    """Whether the game waits in a seed step (SEED-2): created with one, not started yet."""
    return bool(state.seed_step) and state.turn == 0 and not state.is_over


def is_seed_step_done(state: GameState) -> bool:
    """Whether every seat the seed step waits for has given its seed or declined (SEED-2)."""
    return in_seed_step(state) and all(state.seeds_given[s] > 0 for s in state.seed_step)


def is_seed_step_due(state: GameState, now_ms: int) -> bool:
    """Whether the server may end the game's seed step at `now_ms` (SEED-2): its deadline
    has passed (the step ends as its last seat gives, in that seat's own append)."""
    deadline = state.seed_deadline_ms
    return in_seed_step(state) and deadline is not None and now_ms >= deadline
