"""The built-in bots, by name.

Bots (BOTS): `battler`, the demo's strategy (bots/battler.py): battle whenever it can, order
as many units as allowed (dragons breathing), move each toward the nearest enemy, then end
the phase. It is a pure function of a seat's board view and legal actions, so the demo (a
plain HTTP client, demo.py) and the server's bot seats (players/bot_turns.py) share it.
The server also seats the search bot's levels (SEARCH_LEVELS, the `bots` package): they
read the game state, not a view, so the bot seats play them (players/bot_turns.py).
BOT_NAMES is every bot a seat may name.
"""

from __future__ import annotations

from bots import LEVELS
from bots.battler import Action, Policy, View, choose_action, hex_distance

__all__ = [
    "BOTS",
    "BOT_NAMES",
    "DEFAULT_BOT",
    "SEARCH_LEVELS",
    "Action",
    "View",
    "choose_action",
    "hex_distance",
]

BOTS: dict[str, Policy] = {"battler": choose_action}
DEFAULT_BOT = "battler"
SEARCH_LEVELS = tuple(LEVELS)
BOT_NAMES = (*BOTS, *SEARCH_LEVELS)
