"""Editions of RULES.md. A game keeps the edition it was created under for its whole life.

`GameCreated.rules_edition` records it; a game created before editions were recorded has no
such field and is a first-edition game. Its events fold, and its commands are decided, by
the first edition's rules, so its history and its audit never change (RULES.md §17,
docs/rules-notes.md "Editions").
"""

from __future__ import annotations

FIRST = 1
SECOND = 2  # revision 2: RULES.md §17
CURRENT = SECOND
EDITIONS = (FIRST, SECOND)
