"""Forks: a practice game that starts from a finished game's position (FRK-1..FRK-5).

A fork's GameCreated carries `fork`: the parent's id, the version N it starts from, the
hash of the parent's event N and of its last event, how its dice are made, and the position:
the parent's state after event N as `position` gives it, in the JSON of `state_json`.
Folding that event gives the position itself (`forked_state`), so the fork's first state is
the parent's at N, which an auditor checks by folding the parent's export to N.

Pure: the standard library and the domain only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain import commands as cmd
from domain import events as ev
from domain.catalogue import FACES
from domain.errors import RuleViolation
from domain.state import GameState, replace
from domain.state_json import state_from_json, state_json

CHOSEN, COMMITTED = "chosen", "committed"  # how a fork's dice are made (FRK-4)
MAX_CHOSEN = 36  # faces one choose_dice command may script


def position(state: GameState) -> GameState:
    """What a fork takes of a game's state: all of it but what belongs to the game itself,
    not to its position: its version, its seats' client seeds and seed step (a fork's dice
    are its own, FRK-4), and any marks of a fork."""
    empty = GameState("", 0, 0, {}, {}, state.settings, (), {}, 0)
    keep = ("seat_seeds", "client_seeds", "seeds_given", "seed_step", "seed_deadline_ms",
            "seed_step_length_ms", "seed_commitments", "commits_closed", "reveal_deadline_ms",
            "practice", "dice_choosers", "chosen_from", "chosen_faces")  # fmt: skip
    return replace(state, version=0, **{name: getattr(empty, name) for name in keep})


def fork_problem(state: GameState) -> str | None:
    """Why a fork cannot start from this state (FRK-1); None if it can."""
    if state.is_over:
        return "the game is over at this version: there is nothing left to play"
    if state.turn < 1:
        return "the game's first turn has not begun at this version"
    return None


def fork_start(
    parent: str,
    version: int,
    hashes: tuple[str, str],
    state: GameState,
    *,
    dice: str = COMMITTED,
    choosers: Sequence[int] = (),
) -> dict[str, Any]:
    """GameCreated's `fork` for a fork of game `parent` from `state`, its state at `version`;
    `hashes`: the parent's event `version`'s hash and its head hash."""
    problem = fork_problem(state)
    if problem is not None:
        raise ValueError(problem)
    if dice not in (CHOSEN, COMMITTED):
        raise ValueError(f"a fork's dice are {CHOSEN!r} or {COMMITTED!r}")
    return {
        "parent": parent,
        "version": version,
        "parent_hash": hashes[0],
        "parent_head": hashes[1],
        "practice": True,
        "hands": "known",
        "dice": dice,
        "choosers": sorted(set(choosers)) if dice == CHOSEN else [],
        "state": state_json(position(state)),
    }


def forked_state(created: ev.GameCreated) -> GameState:
    """The first state of a fork: the position its GameCreated carries, marked a practice
    game (FRK-2), with the seats that choose its dice (FRK-4)."""
    fork = created.fork or {}
    start = state_from_json(fork.get("state"))
    choosers = tuple(int(s) for s in fork.get("choosers", ())) if fork.get("dice") == CHOSEN else ()
    return replace(start, version=1, practice=True, dice_choosers=choosers)


def is_same_position(first: GameState, parent_at_n: GameState) -> bool:
    """Whether a fork's first state is the parent's at N (FRK-1), but for the fork's marks."""
    return position(first) == position(parent_at_n)


def choose_dice(state: GameState, command: cmd.ChooseDice, seat: int) -> list[ev.Event]:
    """The owner's chosen faces for the next dice (FRK-4): only in a fork of chosen dice,
    only from a seat the owner holds."""
    if seat not in state.dice_choosers:
        why = ("this seat is not the fork's owner's" if state.dice_choosers
               else "only a fork marked \"dice chosen\" takes chosen dice")  # fmt: skip
        raise RuleViolation("FRK-4", why, "forbidden")
    unknown = sorted({f for f in command.faces if f not in FACES})
    if unknown or not 1 <= len(command.faces) <= MAX_CHOSEN:
        raise RuleViolation("FRK-4", f"faces: 1 to {MAX_CHOSEN} of {', '.join(FACES)}"
                            + (f"; not {', '.join(unknown)}" if unknown else ""),
                            "illegal")  # fmt: skip
    return [ev.DiceChosen(seat=seat, roll=state.rolls, faces=tuple(command.faces))]
