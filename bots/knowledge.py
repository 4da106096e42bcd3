"""What a seat knows, and worlds consistent with it: the search never reads a secret.

A seat sees the board, every count, and its own lore cards; the other seats' cards are
secret (R-LOR-4), and the dice to come are unknown to everyone (R-DIE-1). `information_set`
keeps only what the seat sees: the other hands become unknown cards of the same count.
`determinize` deals those cards again at random; `GuessedDice` rolls future dice from the
bot's own random stream, never from the game's dice source.
"""

from __future__ import annotations

import random

from domain.catalogue import CARDS, FACES
from domain.state import GameState, replace

UNKNOWN = "?"  # a card the seat cannot see


def information_set(state: GameState, seat: int) -> GameState:
    """The state as `seat` knows it: the other seats' cards hidden (their count kept), the
    client seeds and seed commitments dropped (they feed the dice)."""
    players = tuple(
        p if p.seat == seat else replace(p, cards=(UNKNOWN,) * len(p.cards)) for p in state.players
    )
    return replace(
        state,
        players=players,
        client_seeds=(None,) * len(state.client_seeds),
        seed_commitments=(None,) * len(state.seed_commitments),
    )


def determinize(known: GameState, rng: random.Random) -> GameState:
    """One world consistent with `known` (an information set): each hidden card dealt at
    random from the card kinds."""
    if not any(UNKNOWN in p.cards for p in known.players):
        return known
    players = tuple(
        replace(p, cards=tuple(rng.choice(CARDS) if c == UNKNOWN else c for c in p.cards))
        for p in known.players
    )
    return replace(known, players=players)


class GuessedDice:
    """Dice for one imagined future: each die index gets a face from the bot's own random
    stream, the same face each time that index is asked (R-DIE-3)."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._faces: dict[int, str] = {}

    def face(self, index: int) -> str:
        got = self._faces.get(index)
        if got is None:
            got = self._faces[index] = FACES[self._rng.randrange(len(FACES))]
        return got
