"""Small games for the service and API tests, set up from text boards (domain.notation)."""

from __future__ import annotations

from typing import Any

from domain.notation import scenario_from_text

# Seat 0's blue foot stands next to seat 1's red foot, which has one figure left: one battle
# with a red face ends the game (R-BAT-3, R-BAT-4, R-WIN-2). Each seat holds a secret card.
DUEL_BOARD = """
bf0 rf1 .   .
 .   .   .   .
"""
SECRET_CARDS = (["hold"], ["web", "web"])


def duel(**more: Any) -> dict[str, Any]:
    players = [
        {"home_edge": "south", "lore": 3, "cards": list(SECRET_CARDS[0])},
        {"home_edge": "north", "lore": 3, "cards": list(SECRET_CARDS[1])},
    ]
    return scenario_from_text(
        DUEL_BOARD, players=players, units={"rf1": {"figures": 1}}, name="duel", **more
    )


# Seat 0's Ice Drake can fly over three of seat 1's units with its breath paid (R-BRE-2).
ICE_BOARD = """
.   .   .   .   .   .
 id0 bf1 bf1 bf1 .   .
.   bf0 .   .   .   .
 .   .   .   .   .   .
"""
ICE_FLIGHT = [[1, 1], [2, 1], [3, 1], [4, 1]]


def ice() -> dict[str, Any]:
    return scenario_from_text(ICE_BOARD, name="ice")


ORDER_BF0 = {"type": "order", "units": ["bf0"]}
END_MOVEMENT = {"type": "end_movement"}
BATTLE_RF1 = {"type": "battle", "unit": "bf0", "target": "rf1"}
WINNING_DICE = ["red", "red", "red"]
