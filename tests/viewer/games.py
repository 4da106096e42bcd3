"""Finished games played in-process, for the narration, picture and viewer tests.

`showcase_game()` is a short scripted game on a small board that touches what the picture
must show: terrain, every site, fire, poison and frost tokens, breath targets awaiting the
breath phase, an engagement, a glory token, a rider, a roost, a resignation. `bot_game()`
plays a shipped scenario with random legal actions (seeded), for breadth.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from domain import (
    Event,
    GameState,
    SeededDice,
    command_from_json,
    decide,
    evolve,
    legal_actions,
    new_game,
    replay,
    resolve_breath,
)
from domain import commands as cmd
from domain import events as ev
from domain.notation import scenario_from_text
from domain.scenarios import get_scenario

SHOWCASE_BOARD = """
 .   V   .   C   .   P   .
   .  ww1  bf1  gm1  .   .   .
 .   F   .   .   H   .   .
   d   R   fd0  O   .   .   .
 .   .   rf0  .   bm0  .   .
   .   .   .   id0  .   .   .
"""


class _Dice:
    """Scripted faces from roll index `start` on; seeded faces before and after them."""

    def __init__(self, start: int, faces: Sequence[str]) -> None:
        self._start, self._faces, self._fallback = start, tuple(faces), SeededDice("showcase")

    def face(self, index: int) -> str:
        offset = index - self._start
        if 0 <= offset < len(self._faces):
            return self._faces[offset]
        return self._fallback.face(index)


class _Play:
    def __init__(self, doc: dict[str, Any], auto: bool) -> None:
        self.events: list[Event] = new_game(doc, auto_decisions=auto)
        self.state: GameState = replay(self.events)

    def do(self, seat: int, type: str, faces: Sequence[str] = (), **fields: Any) -> None:
        command = command_from_json({"type": type, **fields})
        self._apply(decide(self.state, command, _Dice(self.state.rolls, faces), seat))

    def breath(self, *faces: str) -> None:
        self._apply(resolve_breath(self.state, _Dice(self.state.rolls, faces)))

    def _apply(self, new: list[Event]) -> None:
        self.events.extend(new)
        for event in new:
            self.state = evolve(self.state, event)


def showcase_doc() -> dict[str, Any]:
    players = [
        {"home_edge": "south", "lore": 8, "cards": []},
        {"home_edge": "north", "lore": 5, "cards": ["hold"]},
    ]
    doc = scenario_from_text(
        SHOWCASE_BOARD,
        players=players,
        name="showcase",
        units={"fd0": {"id": "s-fire"}, "id0": {"id": "s-ice"}, "ww1": {"id": "n-wyvern"}},
    )
    for site in doc["sites"]:
        if site["kind"] == "pickup":
            site["riders"] = 2
    return doc


def showcase_game() -> list[Event]:
    game = _Play(showcase_doc(), auto=True)
    # Turn 1, south: a breath flight over bf1 and gm1, then 2 and 1 fire tokens.
    game.do(0, "order", units=["s-fire"], breath=["s-fire"])
    game.do(0, "fly", unit="s-fire", path=[[2, 2], [2, 1], [3, 1], [4, 1]])
    game.do(0, "end_movement")
    game.breath("lore", "flag", "red", "lore", "lore", "green", "blue", "blue")
    game.do(0, "end_turn")
    # Turn 2, north (bf1 and gm1 burn at its start): poison on rf0.
    game.do(1, "order", units=["n-wyvern"], breath=["n-wyvern"])
    game.do(1, "fly", unit="n-wyvern", path=[[2, 2], [2, 3], [2, 4], [1, 4]])
    game.do(1, "end_movement")
    game.breath("lore", "red")
    game.do(1, "end_turn")
    # Turn 3, south: frost on the wyvern, an engagement fought; the fire dragon takes a rider.
    game.do(0, "order", units=["s-ice", "s-fire"], breath=["s-ice"])
    game.do(0, "fly", unit="s-fire", path=[[5, 1], [5, 0]])
    game.do(0, "fly", unit="s-ice", path=[[2, 5], [1, 5], [1, 4], [0, 4]])
    game.do(0, "end_movement")
    game.breath("lore", "blue", "flag")
    game.do(0, "battle", ["green", "flag", "bonus_strike"], unit="s-ice", target="n-wyvern")
    game.do(0, "end_turn")
    # Turn 4, north passes; turn 5, south roosts its fire dragon; then north resigns.
    game.do(1, "end_turn")
    game.do(0, "order", units=["s-fire"], roost=["s-fire"])
    game.do(1, "resign")
    assert game.state.is_over
    return game.events


DUEL_BOARD = """
 .   bf1   .   .
   .   .   .   .
 .   rf0   rf0   .
"""


def duel_doc(name: str) -> dict[str, Any]:
    """Two red foot of south's against a blue foot of north's on north's home edge."""
    players = [
        {"home_edge": "south", "lore": 3, "cards": []},
        {"home_edge": "north", "lore": 3, "cards": []},
    ]
    return scenario_from_text(DUEL_BOARD, players=players, name=name)


def blocked_retreat_game() -> list[Event]:
    """South moves both its foot, then battles bf1 with two flags: on its own home edge bf1
    cannot retreat (R-RET-1), so it stays put (a `UnitRetreated` with no path) and takes the
    two hits (R-RET-2)."""
    game = _Play(duel_doc("blocked_retreat"), auto=True)
    game.do(0, "order", units=["rf0", "rf0-2"])
    game.do(0, "move", unit="rf0-2", path=[[2, 1]])
    game.do(0, "move", unit="rf0", path=[[1, 1]])
    game.do(0, "end_movement")
    game.do(0, "battle", ["flag", "flag", "green", "green"], unit="rf0", target="bf1")
    held = [e for e in game.events if isinstance(e, ev.UnitRetreated)]
    assert [e.path for e in held] == [()]
    return game.events


def won_by_a_blow_game() -> list[Event]:
    """South's rf0 destroys north's only unit in one battle: north is eliminated and south wins
    (R-WIN-2). Then, as the server appends once a game ends (lorekeeper/games/log.py), the game's
    secrets are revealed."""
    game = _Play(duel_doc("won_by_a_blow"), auto=True)
    game.do(0, "order", units=["rf0"])
    game.do(0, "move", unit="rf0", path=[[1, 1]])
    game.do(0, "end_movement")
    game.do(0, "battle", ["blue"] * 4, unit="rf0", target="bf1")
    assert game.state.is_over and game.state.winner == 0
    secrets = ev.SecretsRevealed(seed="5eed" * 16, hands=((), ()), salts=("0" * 32, "1" * 32))
    return [*game.events, secrets]


def drawn_state(events: list[Event], version: int) -> GameState:
    """The state whose units the picture of `version` shows: the replayed one, except from a
    resignation on (with what it brought: elimination, the game's end), which shows the
    position before it (R-WIN-4 takes the seat's units off the board)."""
    tail = {"PlayerResigned", "PlayerEliminated", "GameEnded", "DiceRevealed", "SecretsRevealed",
            "TurnEnded"}  # fmt: skip
    start = version
    while start > 0 and events[start - 1].type in tail:
        start -= 1
    resigned = [v for v in range(start + 1, version + 1) if events[v - 1].type == "PlayerResigned"]
    return replay(events[: resigned[0] - 1] if resigned else events[:version])


def bot_game(scenario: str = "river_crossing", seed: int = 3, max_steps: int = 4000) -> list[Event]:
    """Random legal actions (breath flights and battles preferred) until the game ends."""
    doc = get_scenario(scenario)
    assert doc is not None
    rng, dice = random.Random(seed), SeededDice(seed)
    events = new_game(doc)
    state = replay(events)
    for _ in range(max_steps):
        if state.is_over:
            break
        if state.phase == "breath":
            new = resolve_breath(state, dice)
        else:
            seat = state.pending.seat if state.pending and state.pending.seat is not None else None
            seat = state.active if seat is None else seat
            new = decide(state, _pick(rng, legal_actions(state, seat)), dice, seat)
        events += new
        for event in new:
            state = evolve(state, event)
    if not state.is_over:
        events += decide(state, cmd.Resign(), dice, state.active)
    return events


def _pick(rng: random.Random, actions: list[cmd.Command]) -> cmd.Command:
    actions = [a for a in actions if not isinstance(a, cmd.Resign)]
    keen = [
        a
        for a in actions
        if (isinstance(a, cmd.OrderUnits) and a.breath) or isinstance(a, cmd.FlyDragon | cmd.Battle)
    ]
    return rng.choice(keen if keen and rng.random() < 0.7 else actions)
