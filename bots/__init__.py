"""Bots that search: information-set Monte Carlo search over the rules (domain/).

    outcome = search(state, seat, level_budget("search-hard", 1.0), seed)

Pure: the domain and the standard library only. The bot sees only what its seat sees
(knowledge.py): it is handed the game state, and hides the other seats' cards before it
looks; it never gets the game's dice. docs/bots.md describes the levels and their strength.
"""

from bots.levels import LEVELS, level_budget
from bots.search import Budget, Outcome, search

__all__ = ["LEVELS", "Budget", "Outcome", "level_budget", "search"]
