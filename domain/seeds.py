"""The seats' client seeds (SEED-1): each seat may give its own entropy for the dice before
the first turn; the seeds are sealed as the first turn begins and mixed into every die from
then on (domain.dice.CommittedDice, docs/audit.md "Client seeds").

A game full at its creation starts at once, unless it was created with a seed step (SEED-2,
GameCreated.dice.seed_step): then its first turn begins as the last seat it waits for gives
its seed or declines (`is_seed_step_done`; the same append), or when the server ends the step
at its deadline (`start_game`, the server's step). A game that fills up by joins may be
promised one (`seed_step.on_fill`): the step opens as its last seat is taken (SeedStepOpened,
the server's step `open_seed_step`, its deadlines counted from then), and goes on the same way.

In a seed step a seat may also commit to its seed first and reveal it later (SEED-3): a
`commitment` (SHA-256 of UTF-8 `salt ":" seed`) while the commit phase is open; the phase
closes when every seat the step waits for has committed, given a seed or declined
(ClientSeedCommitsClosed in that seat's append), or at the step's deadline (the server's step
`close_seed_commits`); then the seats reveal (`seed` and `salt`), and the first turn begins
with the last reveal, or at the reveal deadline with every unrevealed commitment as none.

Only a game whose committed dice published `seat_seeds` takes them: the server's seed was
committed to before any seat gave one, so no seat's seed can have been chosen around it, and
the server could not try seeds until it liked the seats' dice.
"""

from __future__ import annotations

import hashlib
import re

from domain import commands as cmd
from domain import events as ev
from domain.errors import RuleViolation
from domain.state import GameState

MAX_SEED_LENGTH = 128
MAX_GIVES = 8  # per seat: a seat may change its mind, not grow the game's stream for ever
COMMITMENT = re.compile(r"[0-9a-f]{64}")
SALT = re.compile(r"[A-Za-z0-9_-]{16,64}")  # no ":": `salt ":" seed` splits one way only


def give_client_seed(state: GameState, command: cmd.GiveClientSeed, seat: int) -> list[ev.Event]:
    """A seat's seed (None: it declines), before the first turn only (SEED-1); in a seed step
    also a commitment to one, or the reveal of that commitment (SEED-3)."""
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
    if command.commitment is not None:
        return commit(state, command, seat)
    if command.salt is not None:
        return reveal(state, command, seat)
    if state.commits_closed:
        raise _closed("a seed given now could be chosen after others' reveals")
    _require_gives_left(state, seat)
    seed = command.seed
    if seed is not None and not 1 <= len(seed) <= MAX_SEED_LENGTH:
        raise RuleViolation(
            "SEED-1", f"a client seed is 1 to {MAX_SEED_LENGTH} characters", "illegal"
        )
    return [ev.ClientSeedGiven(seat=seat, seed=seed)]


def commit(state: GameState, command: cmd.GiveClientSeed, seat: int) -> list[ev.Event]:
    """A seat's commitment to a seed it shows later (SEED-3), while the commit phase is open."""
    if command.seed is not None or command.salt is not None:
        raise RuleViolation("SEED-3", "a commitment comes alone: the seed and its salt are "
                            "revealed once the commit phase is closed", "illegal")  # fmt: skip
    if awaits_seed_step(state):
        raise RuleViolation("SEED-3", "the seed step opens when the last seat is taken: "
                            "commitments are taken then (plain seeds now)",
                            "wrong_phase")  # fmt: skip
    if not in_seed_step(state):
        raise RuleViolation("SEED-3", "seeds are committed to in a seed step only (a game "
                            "created with options.seed_step)", "forbidden")  # fmt: skip
    if state.commits_closed:
        raise _closed("no more commitments")
    _require_gives_left(state, seat)
    if not isinstance(command.commitment, str) or not COMMITMENT.fullmatch(command.commitment):
        raise RuleViolation("SEED-3", "a commitment is 64 lowercase hex digits: SHA-256 of "
                            "UTF-8 `salt \":\" seed`", "illegal")  # fmt: skip
    return [ev.ClientSeedCommitted(seat=seat, commitment=command.commitment)]


def reveal(state: GameState, command: cmd.GiveClientSeed, seat: int) -> list[ev.Event]:
    """The seed and salt that open the seat's commitment (SEED-3), once the commit phase is
    closed, once."""
    committed = _commitment(state, seat)
    if committed is None:
        raise RuleViolation("SEED-3", f"seat {seat} has no commitment to reveal", "illegal")
    if not state.commits_closed:
        raise RuleViolation("SEED-3", "reveals come once the commit phase is closed (every "
                            "seat committed, gave a seed or declined, or the step's deadline "
                            "passed)", "wrong_phase")  # fmt: skip
    if state.client_seeds[seat] is not None:
        raise RuleViolation("SEED-3", f"seat {seat} revealed its seed already", "illegal")
    seed, salt = command.seed, command.salt or ""
    if seed is None or not 1 <= len(seed) <= MAX_SEED_LENGTH:
        raise RuleViolation("SEED-3", f"a reveal gives the seed, 1 to {MAX_SEED_LENGTH} "
                            "characters, with its salt", "illegal")  # fmt: skip
    if not SALT.fullmatch(salt):
        raise RuleViolation("SEED-3", "a salt is 16 to 64 of A-Z a-z 0-9 _ -", "illegal")
    if seed_commitment(salt, seed) != committed:
        raise RuleViolation("SEED-3", "this seed and salt do not open the seat's commitment",
                            "illegal")  # fmt: skip
    return [ev.ClientSeedRevealed(seat=seat, seed=seed, salt=salt)]


def seed_commitment(salt: str, seed: str) -> str | None:
    """SHA-256 of UTF-8 `salt ":" seed`, hex (SEED-3); None for text that is not Unicode."""
    try:
        data = f"{salt}:{seed}".encode()
    except UnicodeEncodeError:  # a lone surrogate: no UTF-8 form
        return None
    return hashlib.sha256(data).hexdigest()


def close_commits(state: GameState) -> list[ev.Event]:
    """The end of the commit phase (SEED-3): by the seat whose commitment, seed or decline
    was the last awaited, or by the server at the step's deadline."""
    if not needs_reveals(state):
        raise RuleViolation("SEED-3", "no commit phase with a commitment is open", "wrong_phase")
    return [ev.ClientSeedCommitsClosed()]


def _require_gives_left(state: GameState, seat: int) -> None:
    if state.seeds_given[seat] >= MAX_GIVES:
        raise RuleViolation(
            "SEED-1", f"a seat gives its client seed at most {MAX_GIVES} times", "illegal"
        )


def _closed(why: str) -> RuleViolation:
    return RuleViolation("SEED-3", f"the commit phase is closed: {why}; only reveals now",
                         "wrong_phase")  # fmt: skip


def _commitment(state: GameState, seat: int) -> str | None:
    return state.seed_commitments[seat] if state.seed_commitments else None


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


def awaits_seed_step(state: GameState) -> bool:
    """Whether the game was promised a seed step when its last seat is taken (SEED-2,
    GameCreated.dice.seed_step.on_fill) and it has not opened yet."""
    opened = bool(state.seed_step) or state.turn > 0 or state.is_over
    return state.seed_step_length_ms is not None and not opened


def opened_step(state: GameState, seats: tuple[int, ...], now_ms: int) -> list[ev.Event]:
    """The opening of a promised seed step at `now_ms`, for `seats` (SEED-2): its commit
    phase ends one step's length later, its reveals (SEED-3) one more."""
    if not awaits_seed_step(state) or state.seed_step_length_ms is None:
        raise RuleViolation("SEED-2", "no seed step waits to open in this game (none was "
                            "promised, or it opened or the game began)", "wrong_phase")  # fmt: skip
    ordered = tuple(sorted(set(seats))) == tuple(seats)
    if not seats or not ordered or any(s not in range(len(state.players)) for s in seats):
        raise RuleViolation("SEED-2", "a seed step waits for distinct seats of the game, in "
                            "order", "illegal")  # fmt: skip
    length = state.seed_step_length_ms
    return [ev.SeedStepOpened(seats=seats, deadline_ms=now_ms + length,
                              reveal_deadline_ms=now_ms + 2 * length)]  # fmt: skip


def in_seed_step(state: GameState) -> bool:
    """Whether the game waits in a seed step (SEED-2): created with one, not started yet."""
    return bool(state.seed_step) and state.turn == 0 and not state.is_over


def unrevealed(state: GameState) -> tuple[int, ...]:
    """The seats whose commitment is not revealed (SEED-3)."""
    return tuple(seat for seat, c in enumerate(state.seed_commitments)
                 if c is not None and state.client_seeds[seat] is None)  # fmt: skip


def needs_reveals(state: GameState) -> bool:
    """Whether the step's commit phase is open with a commitment in it: it closes (for the
    reveals) rather than begins the game (SEED-3)."""
    return in_seed_step(state) and not state.commits_closed and bool(unrevealed(state))


def has_every_seat_acted(state: GameState) -> bool:
    """Whether every seat the seed step waits for has given its seed, committed or declined."""
    return all(state.seeds_given[s] > 0 for s in state.seed_step)


def is_seed_step_done(state: GameState) -> bool:
    """Whether the first turn may begin now (SEED-2): every seat the seed step waits for has
    given its seed or declined, and every commitment is revealed (SEED-3)."""
    if not in_seed_step(state) or unrevealed(state):
        return False
    return state.commits_closed or has_every_seat_acted(state)


def is_commit_phase_done(state: GameState) -> bool:
    """Whether the commit phase ends now: every awaited seat acted, some committed (SEED-3)."""
    return needs_reveals(state) and has_every_seat_acted(state)


def seed_step_deadline(state: GameState) -> int | None:
    """The deadline the step waits for now: the commit phase's, else the reveals'."""
    if not in_seed_step(state):
        return None
    if state.commits_closed and state.reveal_deadline_ms is not None:
        return state.reveal_deadline_ms
    return state.seed_deadline_ms


def is_seed_step_due(state: GameState, now_ms: int) -> bool:
    """Whether the server may end the step's phase at `now_ms` (SEED-2, SEED-3): its
    deadline has passed (a phase ends as its last seat acts, in that seat's own append)."""
    deadline = seed_step_deadline(state)
    return deadline is not None and now_ms >= deadline
